package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/verdict"
)

// Verdict lines: the contract with scripts, exactly as BoPPo prints them.
const (
	lineSafe    = "VERIFICATION SUCCESSFUL"
	lineUnsafe  = "VERIFICATION FAILED"
	lineUnknown = "VERIFICATION UNKNOWN"
)

// jsonVersion is the version of the JSON schema in docs/json.md. Bump it on
// any incompatible change.
const jsonVersion = 1

// printer renders results as text or as one JSON object.
type printer struct {
	w    io.Writer
	json bool
	// reading is the reading of broadcasts the check ran under: the
	// JSON's blocked threads depend on it.
	reading bp.Reading
}

func newPrinter(w io.Writer, asJSON bool) *printer { return &printer{w: w, json: asJSON} }

func verdictLine(v verdict.Verdict) string {
	switch v {
	case verdict.Safe:
		return lineSafe
	case verdict.Unsafe:
		return lineUnsafe
	}
	return lineUnknown
}

// inputError reports a file that could not be loaded.
func (p *printer) inputError(file string, msgs []string) {
	if p == nil || !p.json {
		return // the diagnostics on stderr are the whole answer
	}
	p.encode(jsonResult{Version: jsonVersion, File: file, Verdict: "error", Reason: "bad input", Errors: msgs})
}

func (p *printer) result(file string, prog *bp.Program, res bopgo.Result, stats bool) {
	if p.json {
		head := jsonHead(file, prog, res)
		if tr := res.Trace; tr != nil {
			head.Violation = jsonViolation(tr.Violation)
			p.encodeStream(head, len(tr.Steps), jsonTrace{tr, prog, p.reading}.each)
			return
		}
		p.encodeResult(head)
		return
	}
	w := p.w
	fmt.Fprintf(w, "file: %s\n", file)
	if d := dialectName(prog); d != "" {
		fmt.Fprintf(w, "dialect: %s\n", d)
	}
	fmt.Fprintf(w, "property: %s\nengine: %s\n", res.Property, res.Engine)
	if res.Trace != nil {
		fmt.Fprintln(w)
		writeTrace(w, res.Trace)
		if sh := res.Shortened; sh != nil {
			fmt.Fprintf(w, "shortened: the engine's trace had %d steps and %d context switches (--raw-trace prints it)\n", sh.Steps, sh.Switches)
		}
	}
	if res.Reason != "" && res.Verdict != verdict.Unsafe {
		fmt.Fprintf(w, "\nreason: %s\n", res.Reason)
		if res.Limit == verdict.Threads {
			fmt.Fprintln(w, "(raise --max-threads to search more threads)")
		}
	}
	if stats {
		fmt.Fprintln(w)
		writeCounters(w, res.Counters)
		if c := res.Sliced; c != nil {
			fmt.Fprintf(w, "sliced: %d globals, %d locals and %d assignment targets cut\n", c.Globals, c.Locals, c.Targets)
		}
		writeRace(w, res.Race)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, verdictLine(res.Verdict))
}

// writeAnswer ends the short outputs, BoPPo's and those of tts and
// circuit, whichever entry point answered: the reason of an UNKNOWN, the
// statistics (stats, nil when not asked for), and last the verdict line.
func writeAnswer(w io.Writer, res bopgo.Result, stats func(io.Writer, bopgo.Result)) {
	if res.Verdict == verdict.Unknown {
		fmt.Fprintf(w, "reason: %s\n", res.Reason)
	}
	if stats != nil {
		stats(w, res)
	}
	fmt.Fprintln(w, verdictLine(res.Verdict))
}

// dialectName names the dialect of a program read in another than
// BoPPo's, the default that outputs leave unsaid.
func dialectName(prog *bp.Program) string {
	if prog == nil || prog.Dialect != syntax.DialectGetafix {
		return ""
	}
	return prog.Dialect.String()
}

// writeCounters prints counters one a line, in their order, whatever the
// engine: "sat calls: 4", a duration "sat time: 0.012s" (its name's
// "seconds" read as "time").
func writeCounters(w io.Writer, cs bopgo.Counters) {
	for _, c := range cs {
		name := strings.ReplaceAll(c.Name, "_", " ")
		switch c.Kind {
		case engine.Seconds:
			name = strings.TrimSuffix(strings.TrimSuffix(name, "seconds"), " ")
			fmt.Fprintf(w, "%s: %.3fs\n", strings.TrimSpace(name+" time"), c.Value)
		case engine.Megabytes:
			fmt.Fprintf(w, "%s: %.1f MB\n", name, c.Value)
		default:
			fmt.Fprintf(w, "%s: %d\n", name, int64(c.Value))
		}
	}
}

// writeRace prints the default's race, one engine a line: its share, its
// time on a core and how it ended.
func writeRace(w io.Writer, race []bopgo.RaceEntry) {
	if len(race) == 0 {
		return
	}
	fmt.Fprintln(w, "race (share, time on a core, outcome):")
	for _, e := range race {
		fmt.Fprintf(w, "  %s: share %d, %.3fs, %s", e.Engine, e.Share, e.Held.Seconds(), e.Outcome)
		if e.Reason != "" {
			fmt.Fprintf(w, ": %s", e.Reason)
		}
		fmt.Fprintln(w)
		if e.Stack != "" {
			fmt.Fprintf(w, "    %s\n", strings.ReplaceAll(strings.TrimSpace(e.Stack), "\n", "\n    "))
		}
	}
}

// writeTrace prints a counterexample, one block per step, through a
// buffer: a trace can have millions of steps (deepcount d=18: 5.5
// million), and a write to an unbuffered stdout for each line took
// longer than the check.
func writeTrace(out io.Writer, tr *bopgo.Trace) {
	w := bufio.NewWriterSize(out, 1<<16)
	defer w.Flush()
	fmt.Fprintf(w, "counterexample (%d steps):\n", len(tr.Steps))
	var globals, locals printed
	for i, s := range tr.Steps {
		labels := ""
		if len(s.Labels) > 0 {
			labels = " [" + strings.Join(s.Labels, " ") + "]"
		}
		fmt.Fprintf(w, "step %d: thread %d at %s%s: %s\n", i+1, s.Thread, s.Position, labels, s.Statement)
		if len(s.Globals) > 0 {
			w.WriteString("    globals: ")
			w.WriteString(globals.of(s.Globals))
			w.WriteByte('\n')
		}
		if len(s.Locals) > 0 {
			w.WriteString("    locals:  ")
			w.WriteString(locals.of(s.Locals))
			w.WriteByte('\n')
		}
		switch s.Taken {
		case 1:
			fmt.Fprintln(w, "    condition true")
		case 0:
			fmt.Fprintln(w, "    condition false")
		}
		if len(s.Choices) > 0 {
			fmt.Fprintf(w, "    choices: %s\n", choices(s.Choices))
		}
		if len(s.Calls) > 0 {
			fmt.Fprintf(w, "    calls:   %s\n", callChain(s.Calls))
		}
		if s.Note != "" {
			fmt.Fprintf(w, "    %s\n", s.Note)
		}
	}
	v := tr.Violation
	switch v.Kind {
	case "assertion":
		fmt.Fprintf(w, "violation: thread %d fails the assertion at %s: %s\n", v.Thread, v.Position, v.Statement)
	case "label":
		fmt.Fprintf(w, "violation: thread %d reaches label %s at %s: %s\n", v.Thread, v.Label, v.Position, v.Statement)
	}
}

// choices says the value each * of a step took, where it is written:
// "*=1 at 4:12, schoose=0 at 5:9".
func choices(cs []bopgo.Choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		what := "*"
		if c.Schoose {
			what = "schoose"
		}
		parts[i] = fmt.Sprintf("%s=%d at %d:%d", what, bit(c.Value), c.Position.Line, c.Position.Column)
	}
	return strings.Join(parts, ", ")
}

// printed remembers the values it printed last: consecutive steps share
// their values' slice where nothing changed (bopgo.Step.Globals), and
// most steps of a long trace change nothing.
type printed struct {
	vs   []bopgo.Value
	text string
}

// of is vs printed (values), reused when vs is the slice printed last.
func (p *printed) of(vs []bopgo.Value) string {
	if !sameSlice(vs, p.vs) {
		p.vs, p.text = vs, values(vs)
	}
	return p.text
}

// sameSlice reports whether a and b are one non-empty slice, the same
// array: a step that shares its values with the step before
// (bopgo.Step.Globals).
func sameSlice(a, b []bopgo.Value) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// values is "name=0 name=1 ...", built without fmt: it runs for each
// step of a trace.
func values(vs []bopgo.Value) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(v.Name)
		if v.Value {
			b.WriteString("=1")
		} else {
			b.WriteString("=0")
		}
	}
	return b.String()
}

// bit is v as the text output prints a value, 0 or 1.
func bit(v bool) int {
	if v {
		return 1
	}
	return 0
}

// callChain words the calls of recursive functions a step is in,
// outermost first: "f (at t.bp:12:3) > g (at t.bp:7:5)".
func callChain(cs []bopgo.Call) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s (at %s)", c.Function, c.Position)
	}
	return strings.Join(parts, " > ")
}
