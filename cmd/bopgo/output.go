package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/jsonresult"
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
		p.encodeResult(toJSON(file, prog, p.reading, res))
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
	if len(vs) != len(p.vs) || len(vs) == 0 || &vs[0] != &p.vs[0] {
		p.vs, p.text = vs, values(vs)
	}
	return p.text
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

// The JSON form; docs/json.md is its schema.
type jsonResult struct {
	Version   int                   `json:"version"`
	File      string                `json:"file"`
	Verdict   string                `json:"verdict"`
	Reason    string                `json:"reason,omitempty"`
	Limit     string                `json:"limit,omitempty"`
	Property  string                `json:"property,omitempty"`
	Dialect   string                `json:"dialect,omitempty"`
	Engine    string                `json:"engine,omitempty"`
	Unchecked bool                  `json:"unchecked,omitempty"`
	Errors    []string              `json:"errors,omitempty"`
	Trace     []jsonresult.Step     `json:"trace,omitempty"`
	Violation *jsonresult.Violation `json:"violation,omitempty"`
	// Evidence was added to schema version 1.
	Evidence *jsonresult.Evidence `json:"evidence,omitempty"`
	// Certificate was added to schema version 1.
	Certificate *jsonresult.Certificate `json:"certificate,omitempty"`
	Stats       jsonStats               `json:"stats,omitempty"`
	// Race was added to schema version 1.
	Race []jsonRaceEntry `json:"race,omitempty"`
	// Sliced was added to schema version 1.
	Sliced *jsonSliced `json:"sliced,omitempty"`
	// Shortened was added to schema version 1.
	Shortened *jsonShape `json:"shortened,omitempty"`
}

// jsonShape is a trace's length and context switches (bopgo.TraceShape).
type jsonShape struct {
	Steps    int `json:"steps"`
	Switches int `json:"switches"`
}

// jsonSliced is what slicing cut (bopgo.SliceCounts).
type jsonSliced struct {
	Globals int `json:"globals"`
	Locals  int `json:"locals"`
	Targets int `json:"targets"`
}

// jsonRaceEntry is one engine of the default's race (bopgo.RaceEntry).
type jsonRaceEntry struct {
	Engine      string  `json:"engine"`
	Unbounded   bool    `json:"unbounded,omitempty"`
	Share       int     `json:"share"`
	CoreSeconds float64 `json:"core_seconds"`
	Outcome     string  `json:"outcome"`
	Limit       string  `json:"limit,omitempty"`
	Reason      string  `json:"reason,omitempty"`
	Stack       string  `json:"stack,omitempty"`
}

// jsonStats are a result's counters as the JSON object "stats": first
// the keys of schema version 1, always present in this order (scripts
// read them; 0 when the engine does not count it, "depth" only when not
// 0), then every other counter of the result, in its order.
type jsonStats bopgo.Counters

// jsonStatsV1 are the keys every "stats" object has (docs/json.md).
var jsonStatsV1 = []string{"states", "subsumed", "sat_calls", "sat_seconds", "qbf_calls", "qbf_seconds", "qbf_cached",
	"reduced_expansions", "full_expansions", "proviso_expansions", "split_states", "thread_bound", "depth", "seconds", "check_seconds"}

func (st jsonStats) MarshalJSON() ([]byte, error) {
	cs := bopgo.Counters(st)
	var b bytes.Buffer
	b.WriteByte('{')
	field := func(name string, v float64) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		n, _ := json.Marshal(v)
		b.Write(k)
		b.WriteByte(':')
		b.Write(n)
	}
	for _, name := range jsonStatsV1 {
		if name != "depth" || cs.Get(name) != 0 {
			field(name, cs.Get(name))
		}
	}
	for _, c := range cs {
		if !slices.Contains(jsonStatsV1, c.Name) {
			field(c.Name, c.Value)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object back in its order (for tests and tools
// that read bopgo's output with this package's types).
func (st *jsonStats) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	var cs bopgo.Counters
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		var v float64
		if err := dec.Decode(&v); err != nil {
			return err
		}
		cs = append(cs, engine.Counter{Name: t.(string), Value: v})
	}
	*st = jsonStats(cs)
	return nil
}

// get is the value of counter name (0 if absent).
func (st jsonStats) get(name string) float64 { return bopgo.Counters(st).Get(name) }

func toJSON(file string, prog *bp.Program, reading bp.Reading, res bopgo.Result) jsonResult {
	out := jsonResult{
		Version:   jsonVersion,
		File:      file,
		Dialect:   dialectName(prog),
		Verdict:   res.Verdict.String(),
		Reason:    res.Reason,
		Limit:     res.Limit.String(),
		Property:  res.Property,
		Engine:    string(res.Engine),
		Unchecked: res.Unchecked,
		Stats:     jsonStats(res.Counters),
	}
	for _, e := range res.Race {
		out.Race = append(out.Race, jsonRaceEntry{Engine: string(e.Engine), Unbounded: e.Unbounded, Share: e.Share, CoreSeconds: e.Held.Seconds(),
			Outcome: string(e.Outcome), Limit: e.Limit.String(), Reason: e.Reason, Stack: e.Stack})
	}
	if c := res.Sliced; c != nil {
		out.Sliced = &jsonSliced{Globals: c.Globals, Locals: c.Locals, Targets: c.Targets}
	}
	if sh := res.Shortened; sh != nil {
		out.Shortened = &jsonShape{Steps: sh.Steps, Switches: sh.Switches}
	}
	if e := res.Evidence; e.Kind != "" {
		out.Evidence = &jsonresult.Evidence{Kind: e.Kind, Checked: e.Checked, Words: e.Words}
	}
	if c := res.Certificate; c != nil {
		out.Certificate = &jsonresult.Certificate{Kind: c.Kind, Size: c.Size, Unit: c.Unit, Lines: c.Lines, Omitted: c.Omitted}
	}
	if tr := res.Trace; tr != nil {
		out.Trace = make([]jsonresult.Step, 0, len(tr.Steps))
		var effects []bopgo.Effect
		if prog != nil {
			effects = tr.Effects(prog, reading)
		}
		var globals, locals valueMaps
		for i, s := range tr.Steps {
			js := jsonresult.Step{
				Thread: s.Thread, File: s.Position.Filename, Line: s.Position.Line, Column: s.Position.Column,
				Labels: s.Labels, Statement: s.Statement, Note: s.Note,
				Calls:  jsonCalls(s.Calls),
				Values: jsonresult.Values{Globals: globals.of(s.Globals), Locals: locals.of(s.Locals)},
			}
			if js.Labels == nil {
				js.Labels = []string{}
			}
			if s.Taken >= 0 {
				t := s.Taken == 1
				js.Taken = &t
			}
			if i < len(effects) {
				addEffect(&js, effects[i])
			}
			for _, c := range s.Choices {
				js.Choices = append(js.Choices, jsonresult.Choice{Line: c.Position.Line, Column: c.Position.Column, Value: c.Value, Schoose: c.Schoose, Assigned: c.Assigned})
			}
			out.Trace = append(out.Trace, js)
		}
		v := tr.Violation
		out.Violation = &jsonresult.Violation{Kind: v.Kind, Label: v.Label, Thread: v.Thread, File: v.Position.Filename,
			Line: v.Position.Line, Column: v.Position.Column, Statement: v.Statement}
	}
	return out
}

// valueMaps makes a step's values a JSON object, the same map for the
// steps that share their values' slice (bopgo.Step.Globals): read only,
// and encodeResult encodes such a run of steps' values once.
type valueMaps struct {
	vs []bopgo.Value
	m  map[string]bool
}

func (c *valueMaps) of(vs []bopgo.Value) map[string]bool {
	if c.m != nil && len(vs) == len(c.vs) && (len(vs) == 0 || &vs[0] == &c.vs[0]) {
		return c.m
	}
	c.vs, c.m = vs, make(map[string]bool, len(vs))
	for _, v := range vs {
		c.m[v.Name] = v.Value
	}
	return c.m
}

// addEffect writes what the step did into its JSON form.
func addEffect(js *jsonresult.Step, e bopgo.Effect) {
	js.Started = max(e.Started, 0)
	js.Ended, js.Atomic, js.Blocked = e.Ended, e.Atomic, e.Blocked
	for _, w := range e.Written {
		jw := jsonresult.Write{Name: w.Name, Value: w.Value.Value, Unchanged: w.Unchanged, Chosen: w.Chosen}
		if w.Thread >= 0 {
			jw.Thread = &w.Thread
		}
		js.Written = append(js.Written, jw)
	}
	if len(e.Globals)+len(e.Locals)+len(e.Others) == 0 {
		return
	}
	c := &jsonresult.Changed{Globals: valueMap(e.Globals), Locals: valueMap(e.Locals)}
	for _, o := range e.Others {
		c.Threads = append(c.Threads, jsonresult.ThreadValues{Thread: o.Thread, Locals: valueMap(o.Values)})
	}
	js.Changed = c
}

// valueMap is vs as a JSON object (nil when empty: omitted).
func valueMap(vs []bopgo.Value) map[string]bool {
	if len(vs) == 0 {
		return nil
	}
	m := make(map[string]bool, len(vs))
	for _, v := range vs {
		m[v.Name] = v.Value
	}
	return m
}

// encodeResult writes r as encode does, byte for byte, but the trace one
// step at a time: encoding/json builds the whole value in memory and
// then indents a copy of it, which took 10 of the 17 s of a check whose
// trace has 278,514 steps (265 MB of JSON; deepcount d=14).
func (p *printer) encodeResult(r jsonResult) {
	steps := r.Trace
	if len(steps) == 0 {
		p.encode(r)
		return
	}
	// The result with one placeholder step, whose encoding is then
	// replaced by the steps': a string holding NULs, escaped in JSON,
	// cannot occur elsewhere.
	placeholder := jsonresult.Step{Statement: "\x00trace\x00"}
	r.Trace = []jsonresult.Step{placeholder}
	whole, err1 := json.MarshalIndent(r, "", "  ")
	ph, err2 := json.MarshalIndent(&placeholder, stepIndent, "  ")
	at := bytes.Index(whole, ph)
	if err1 != nil || err2 != nil || at < 0 {
		r.Trace = steps
		p.encode(r)
		return
	}
	w := bufio.NewWriter(p.w)
	w.Write(whole[:at])
	var values stepValues
	for i := range steps {
		if i > 0 {
			w.WriteString(",\n" + stepIndent)
		}
		values.write(w, &steps[i])
	}
	w.Write(whole[at+len(ph):])
	w.WriteByte('\n')
	_ = w.Flush() // a write error to stdout has nowhere better to go
}

// stepIndent is the indentation of a trace's steps in the result.
const stepIndent = "    "

// stepValues writes steps as encoding/json does, but encodes the values
// of a run of steps that share their maps (valueMaps) once: sorting and
// indenting a map of every global for each step took most of the time of
// a check whose trace has 344,000 steps (deepcount d=14).
type stepValues struct {
	globals, locals uintptr // the maps encoded last
	text            []byte  // their encoding, as nested in a step
}

// noValues is the encoding of a step's values without maps, which write
// replaces: no other field of a step encodes to these lines (the other
// maps are omitted when empty, and a string's newlines are escaped).
var noValues, _ = json.MarshalIndent(jsonresult.Values{}, stepIndent+"  ", "  ")

func (sv *stepValues) write(w *bufio.Writer, s *jsonresult.Step) {
	vals := s.Values
	g, l := reflect.ValueOf(vals.Globals).Pointer(), reflect.ValueOf(vals.Locals).Pointer()
	if sv.text == nil || g != sv.globals || l != sv.locals {
		text, err := json.MarshalIndent(vals, stepIndent+"  ", "  ")
		if err != nil {
			panic(err) // maps of names to Booleans always encode
		}
		sv.globals, sv.locals, sv.text = g, l, text
	}
	s.Values = jsonresult.Values{}
	step, err := json.MarshalIndent(s, stepIndent, "  ")
	s.Values = vals
	if err != nil {
		panic(err) // a step holds no value that does not encode
	}
	at := bytes.Index(step, noValues)
	if at < 0 {
		panic("a step's encoding has no values")
	}
	w.Write(step[:at])
	w.Write(sv.text)
	w.Write(step[at+len(noValues):])
}

func (p *printer) encode(v any) {
	enc := json.NewEncoder(p.w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // a write error to stdout has nowhere better to go
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

func jsonCalls(cs []bopgo.Call) []jsonresult.Call {
	var out []jsonresult.Call
	for _, c := range cs {
		out = append(out, jsonresult.Call{Function: c.Function, File: c.Position.Filename, Line: c.Position.Line, Column: c.Position.Column})
	}
	return out
}
