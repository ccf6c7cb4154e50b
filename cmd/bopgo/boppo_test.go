package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/golden"
	"github.com/bopgo/bopgo/internal/satabs"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// runName runs the command in-process as if invoked under name.
func runName(name string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := runAs(name, args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// satStep is one TRACE line as SatAbs reads it.
type satStep struct {
	thread int
	labels []string
	values []namedValue // every name=value but t and TAKEN, in order
	taken  int          // -1 without TAKEN
}

type namedValue struct {
	name  string
	value bool
}

// boppoOutput is the output of the compatibility mode as SatAbs reads it.
type boppoOutput struct {
	verdict string // the verdict line
	steps   []satStep
	loop    [2]int // indices of the first and last step inside LOOP [ ... LOOP ]; -1 if none
	text    string // the output
}

// parseSatAbs reads output the way SatAbs's read_result_boppo_boom does
// (a line equal to a verdict; "TRACE " lines whose space-separated
// tokens are labels without "=" and name=value pairs with 0 or 1; "LOOP ["
// and "LOOP ]"), and is stricter where SatAbs would silently misread:
// exactly one verdict, last; single spaces; t first, TAKEN last.
func parseSatAbs(out string) (boppoOutput, error) {
	res := boppoOutput{loop: [2]int{-1, -1}, text: out}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	open := false
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for n, line := range lines {
		switch {
		case line == lineSafe || line == lineUnsafe || line == lineUnknown:
			if res.verdict != "" {
				return res, fmt.Errorf("line %d: a second verdict %q", n+1, line)
			}
			if n != len(lines)-1 {
				return res, fmt.Errorf("line %d: the verdict is not the last line", n+1)
			}
			res.verdict = line
		case line == lineLoopBegin:
			if open || res.loop[0] >= 0 {
				return res, fmt.Errorf("line %d: a second LOOP [", n+1)
			}
			open = true
			res.loop[0] = len(res.steps)
		case line == lineLoopEnd:
			if !open || len(res.steps) == res.loop[0] {
				return res, fmt.Errorf("line %d: LOOP ] without LOOP [ or without steps", n+1)
			}
			open = false
			res.loop[1] = len(res.steps) - 1
		case strings.HasPrefix(line, "TRACE "):
			s, err := parseTraceLine(line[len("TRACE "):])
			if err != nil {
				return res, fmt.Errorf("line %d: %w: %q", n+1, err, line)
			}
			res.steps = append(res.steps, s)
		case strings.HasPrefix(line, "threadbound=") || strings.HasPrefix(line, "="):
			return res, fmt.Errorf("line %d: SatAbs would parse %q", n+1, line)
		}
	}
	if open {
		return res, fmt.Errorf("LOOP [ not closed")
	}
	if res.verdict == "" {
		return res, fmt.Errorf("no verdict line")
	}
	return res, nil
}

func parseTraceLine(rest string) (satStep, error) {
	s := satStep{thread: -1, taken: -1}
	toks := strings.Split(rest, " ")
	for i, tok := range toks {
		name, value, isValue := strings.Cut(tok, "=")
		switch {
		case tok == "":
			return s, fmt.Errorf("not single-spaced")
		case !isValue:
			if len(s.values) > 0 {
				return s, fmt.Errorf("label %q after a value", tok)
			}
			s.labels = append(s.labels, tok)
		case name == "t":
			// SatAbs reads the thread with safe_str2unsigned.
			n, err := strconv.ParseUint(value, 10, 31)
			if err != nil || i != 0 {
				return s, fmt.Errorf("t=%s is not a number or not the first token", value)
			}
			s.thread = int(n)
		case value != "0" && value != "1":
			return s, fmt.Errorf("%s has value %q, not 0 or 1", name, value)
		case name == "TAKEN":
			if i != len(toks)-1 {
				return s, fmt.Errorf("TAKEN is not the last token")
			}
			s.taken = int(value[0] - '0')
		default:
			s.values = append(s.values, namedValue{name, value == "1"})
		}
	}
	if s.thread < 0 {
		return s, fmt.Errorf("no t=")
	}
	return s, nil
}

// conformanceDir is the conformance suite, from this package.
const conformanceDir = "../../testdata/boppo"

// expectedLine is the verdict line for a conformance case.
func expectedLine(c conformance.Case) string {
	if c.Expected == "unsafe" {
		return lineUnsafe
	}
	return lineSafe
}

func optValue(opts []string, name string) string {
	for i, o := range opts {
		if o == name && i+1 < len(opts) {
			return opts[i+1]
		}
	}
	return ""
}

// TestBoPPoConformance runs BoPPo's regression programs with the options
// BoPPo was run with, and again as SatAbs runs it (--compact-trace --por
// --loop-detection, with every engine), and reads the outputs as SatAbs
// does: the verdicts
// must match expected.tsv, the exit status must be 0, and every
// counterexample's values must replay.
func TestBoPPoConformance(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	require.Len(t, cases, 37)
	for _, c := range cases {
		t.Run(c.Dir, func(t *testing.T) {
			t.Parallel()
			path := c.Path(conformanceDir)
			code, out, errOut := runName("boppo", append(slices.Clone(c.Options), path)...)
			require.Equal(t, 0, code, "exit status\n%s%s", out, errOut)
			parsed, err := parseSatAbs(out)
			require.NoError(t, err, out)
			assert.Equal(t, expectedLine(c), parsed.verdict)
			// The default engine is the portfolio, whose winner (and so its
			// trace) varies from run to run: the loop below checks every
			// engine's compact trace against a run of the same engine.
			if c.Expected != "unsafe" {
				return
			}
			for _, engine := range bopgo.Engines {
				if !bopgo.Decides(engine) || unchecked(engine) || engine == bopgo.Auto {
					continue // bounded by depth (circuit_test.go checks them), or the portfolio, whose winner varies from run to run
				}
				satabs := []string{"--compact-trace", "--por", "--loop-detection", "--engine", string(engine)}
				if l := optValue(c.Options, "-l"); l != "" {
					satabs = append(satabs, "-l", l)
				}
				code, out, errOut = runName("boppo", append(satabs, path)...)
				require.Equal(t, 0, code, "%s engine: exit status\n%s%s", engine, out, errOut)
				parsed, err = parseSatAbs(out)
				require.NoError(t, err, out)
				require.Equal(t, lineUnsafe, parsed.verdict, "%s engine", engine)
				checkCompactReplays(t, path, optValue(c.Options, "-l"), satabs, parsed)
			}
		})
	}
}

// checkCompactReplays checks a parsed compact trace against the
// counterexample bopgo.Check finds (output is deterministic, so it is
// the one printed), made concrete as the compatibility mode makes it
// (judge.Concretize, which replays it): the printed values must be that
// execution's, one group per started thread, and the output must pass
// the SatAbs harness (internal/satabs), which checks every step against
// the program with the printed values alone.
func checkCompactReplays(t *testing.T, path, label string, extra []string, parsed boppoOutput) {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	prog, err := bp.Load(path, src)
	require.NoError(t, err)
	opts := bopgo.Options{Label: label}
	if mt := optValue(extra, "--max-threads"); mt != "" {
		_, err := fmt.Sscan(mt, &opts.MaxThreads)
		require.NoError(t, err)
	}
	if e := optValue(extra, "--engine"); e != "" {
		opts.Engine = bopgo.Engine(e)
	}
	res, err := bopgo.Check(context.Background(), prog, opts)
	require.NoError(t, err)
	if res.Verdict != verdict.Unsafe {
		assert.Empty(t, parsed.steps, "TRACE lines without a counterexample")
		return
	}
	require.NotNil(t, res.Trace.Exec)
	ex, err := judge.Concretize(prog, interp.Options{Label: label}, res.Trace.Exec)
	require.NoError(t, err)
	require.Len(t, parsed.steps, len(ex.Steps), "one TRACE line per step")

	var last [][]namedValue // the last group printed, by thread identity
	for k := range ex.Steps {
		es, ps := &ex.Steps[k], parsed.steps[k]
		st := &prog.Procs[es.Proc].Steps[es.PC]
		where := fmt.Sprintf("step %d (%s)", k, prog.Position(st))
		require.Equal(t, es.Thread, ps.thread, "%s: t=", where)
		require.Equal(t, st.Labels, nilIfEmpty(ps.labels), "%s: labels", where)
		require.Equal(t, es.Taken, ps.taken, "%s: TAKEN", where)
		assert.False(t, es.Suppressed, where)

		vals := ps.values
		require.GreaterOrEqual(t, len(vals), len(prog.Globals), where)
		for i, name := range prog.Globals {
			require.Equal(t, name, vals[i].name, "%s: global %d", where, i)
			assert.Equal(t, es.Before.Globals[i], vals[i].value, "%s: %s", where, name)
		}
		vals = vals[len(prog.Globals):]
		for _, et := range es.Before.Threads {
			for len(last) <= et.ID {
				last = append(last, nil)
			}
		}
		for id := range last {
			et := es.Before.Thread(id)
			if et == nil {
				// An ended thread keeps its last group, unchanged.
				n := len(last[id])
				require.GreaterOrEqual(t, len(vals), n, "%s: group of ended thread %d", where, id)
				assert.Equal(t, last[id], vals[:n], "%s: group of ended thread %d", where, id)
				vals = vals[n:]
				continue
			}
			g := threadGroup(prog, et)
			require.GreaterOrEqual(t, len(vals), len(g.names), "%s: group of thread %d", where, id)
			for i, name := range g.names {
				require.Equal(t, name, vals[i].name, "%s: thread %d", where, id)
				assert.Equal(t, g.values[i], vals[i].value, "%s: thread %d: %s", where, id, name)
			}
			last[id] = vals[:len(g.names)]
			vals = vals[len(g.names):]
		}
		require.Empty(t, vals, "%s: values left over", where)
	}
	require.NoError(t, judge.Replay(prog, interp.Options{Label: label}, ex), "the printed execution does not replay")
	from, to := findLoop(ex)
	assert.Equal(t, [2]int{from, to}, parsed.loop, "LOOP brackets")

	out, err := satabs.Read(parsed.text)
	require.NoError(t, err)
	assert.Empty(t, satabs.Check(prog, out, satabs.Options{Label: label, Positional: !sameLocals(prog)}), "the SatAbs harness")
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestBoPPoTakenLines: the lines the conformance suite looks for
// (testdata/boppo/README.md on why the labels are bare).
func TestBoPPoTakenLines(t *testing.T) {
	t.Parallel()
	for dir, want := range map[string]string{
		"Taken1": "TRACE t=0 L1 g1=1 TAKEN=1",
		"Taken2": "TRACE t=0 L1 g1=1 g2=0 TAKEN=0",
	} {
		for _, engine := range bopgo.Engines {
			if unchecked(engine) {
				continue // no trace
			}
			code, out, _ := runName("boppo", "--compact-trace", "--engine", string(engine), "../../testdata/boppo/"+dir+"/main.bp")
			assert.Equal(t, 0, code)
			assert.Contains(t, strings.Split(out, "\n"), want, "%s, %s engine:\n%s", dir, engine, out)
			assert.Equal(t, lineUnsafe, lastLine(out))
		}
	}
}

// TestBoPPoEndedThread: a thread that has ended keeps its group of locals,
// so that SatAbs, which gives the k-th occurrence of a name to thread k,
// attributes every later thread's locals correctly. With --max-threads 2
// the checker can start only after the worker has ended.
func TestBoPPoEndedThread(t *testing.T) {
	t.Parallel()
	const path = "testdata/boppo_threads.bp"
	for _, engine := range bopgo.Engines {
		if engine == bopgo.Auto || unchecked(engine) {
			continue // its winner varies from run to run; the others are checked; SPIN gives no trace
		}
		args := []string{"--compact-trace", "--max-threads", "2", "--engine", string(engine)}
		code, out, errOut := runName("boppo", append(args, path)...)
		require.Equal(t, 0, code, errOut)
		parsed, err := parseSatAbs(out)
		require.NoError(t, err, out)
		require.Equal(t, lineUnsafe, parsed.verdict)
		checkCompactReplays(t, path, "", args, parsed)
		lastStep := parsed.steps[len(parsed.steps)-1]
		var names []string
		for _, v := range lastStep.values {
			names = append(names, v.name)
		}
		assert.Equal(t, []string{"g", "done", "main::m", "worker::w", "checker::c"}, names, "%s engine", engine)
		if engine == bopgo.Explicit {
			golden.Check(t, "testdata/boppo_threads.out", out)
		}
	}
}

// TestBoPPoLoopDetection: the engines find shortest counterexamples, which
// never repeat a state, so the lasso is tested on a counterexample built
// by hand: boppo_loop.bp goes around its loop once (from L1 with g=1 back
// to L1 with g=1) before it fails.
func TestBoPPoLoopDetection(t *testing.T) {
	t.Parallel()
	const path = "testdata/boppo_loop.bp"
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	prog, err := bp.Load(path, src)
	require.NoError(t, err)
	pc := func(label string) int {
		ls := prog.FindLabel(label)
		require.Len(t, ls, 1, label)
		return ls[0].PC
	}
	l1, l2, l3 := pc("L1"), pc("L2"), pc("L3")
	back := prog.Procs[0].Steps[l2].Then // the goto L1
	state := func(at int, g bool) bp.State {
		return bp.State{Globals: []bool{g}, Threads: []bp.ThreadState{{ID: 0, Proc: 0, PC: at, Locals: []bool{}}}}
	}
	step := func(at int, g bool, taken int) bp.TraceStep {
		return bp.TraceStep{Thread: 0, Proc: 0, PC: at, Before: state(at, g), Taken: taken}
	}
	ex := &bp.Trace{
		Steps: []bp.TraceStep{
			step(l1, true, -1), step(l2, true, 1), step(back, true, -1), // back to L1 with g=1
			step(l1, true, -1), step(l2, false, 0), step(l3, false, -1),
		},
		Final: state(l3, false),
		Kind:  bp.AssertionFails,
	}
	require.NoError(t, judge.Replay(prog, interp.Options{}, ex), "the hand-made counterexample is not an execution")

	from, to := findLoop(ex)
	assert.Equal(t, [2]int{0, 2}, [2]int{from, to})
	var b bytes.Buffer
	writeCompactTrace(&b, prog, ex, true)
	assert.Equal(t, `LOOP [
TRACE t=0 L1 g=1
TRACE t=0 L2 g=1 TAKEN=1
TRACE t=0 g=1
LOOP ]
TRACE t=0 L1 g=1
TRACE t=0 L2 g=0 TAKEN=0
TRACE t=0 L3 g=0
`, b.String())
	b.Reset()
	writeCompactTrace(&b, prog, ex, false)
	assert.NotContains(t, b.String(), "LOOP")

	// Without a repeated state there is no lasso.
	short := &bp.Trace{Steps: ex.Steps[3:], Final: ex.Final, Kind: ex.Kind}
	from, to = findLoop(short)
	assert.Equal(t, [2]int{-1, -1}, [2]int{from, to})

	// A label trace also counts its final state: L1 -> L2 -> goto -> L1.
	toLabel := &bp.Trace{Steps: ex.Steps[:3], Final: state(l1, true), Kind: bp.LabelReached}
	from, to = findLoop(toLabel)
	assert.Equal(t, [2]int{0, 2}, [2]int{from, to})

	// End to end, the flag is accepted and the output parses.
	args := []string{"--compact-trace", "--loop-detection", "--engine", "symbolic"}
	code, out, _ := runName("boppo", append(args, path)...)
	assert.Equal(t, 0, code)
	parsed, err := parseSatAbs(out)
	require.NoError(t, err, out)
	assert.Equal(t, lineUnsafe, parsed.verdict)
	checkCompactReplays(t, path, "", args, parsed)
}

// TestBoPPoPORTrap: the program whose bug BoPPo's --por missed.
func TestBoPPoPORTrap(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{}, {"--por"}, {"--por", "--compact-trace"}} {
		code, out, _ := runName("boppo", append(args, "testdata/boppo_portrap.bp")...)
		assert.Equal(t, 0, code, "%v", args)
		assert.Equal(t, lineUnsafe, lastLine(out), "%v", args)
	}
}

func TestBoPPoInvocation(t *testing.T) {
	t.Parallel()
	const path = "testdata/race.bp"
	// One engine: the default portfolio's winner, and so its trace, varies.
	_, viaLink, _ := runName("boppo", "--engine", "symbolic", path)
	_, viaSub, _ := runName("bopgo", "boppo", "--engine", "symbolic", path)
	assert.Equal(t, viaLink, viaSub, "boppo FILE and bopgo boppo FILE differ")
	assert.Equal(t, lineUnsafe, lastLine(viaLink))
	assert.Contains(t, viaLink, "counterexample", "without --compact-trace the text counterexample is printed")
	assert.NotContains(t, viaLink, "TRACE ")

	for _, name := range []string{"boppo", "boppo.exe", "boppo.EXE"} {
		code, out, _ := runName(name, "--compact-trace", path)
		assert.Equal(t, 0, code, name)
		assert.Contains(t, out, "TRACE t=", name)
	}
	// Any other name is bopgo.
	code, out, _ := runName("bopgo", "check", path)
	assert.Equal(t, exitUnsafe, code)
	assert.Equal(t, lineUnsafe, lastLine(out))
	code, _, errOut := runName("bopgo", "--compact-trace", path)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "unknown command")

	code, out, _ = runName("boppo", "testdata/locked.bp")
	assert.Equal(t, 0, code)
	assert.Equal(t, lineSafe+"\n", out, "a safe program prints only the verdict")

	code, out, _ = runName("boppo", "--version")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, version)
}

func TestBoPPoFlags(t *testing.T) {
	t.Parallel()
	const path = "testdata/race.bp"
	// BoPPo's harmless flags, in both spellings, and bopgo's own.
	for _, args := range [][]string{
		{"--por", "--small-history", "--no-qbf-cache", "--tvs", "--ct", "--no-por"},
		{"-por", "-compact-trace", "-loop-detection", "-small-history"},
		{"--verbosity", "3", "-v", "9", "--statistics"},
		{"--engine", "explicit", "--max-threads", "4", "--timeout", "1m"},
		{path, "--por"}, // flags after the file
	} {
		a := args
		if !slices.Contains(a, path) {
			a = append(slices.Clone(a), path)
		}
		code, out, errOut := runName("boppo", a...)
		assert.Equal(t, 0, code, "%v: %s", args, errOut)
		assert.Equal(t, lineUnsafe, lastLine(out), "%v", args)
		assert.Empty(t, errOut, "%v", args)
	}
	_, out, _ := runName("boppo", "--statistics", path)
	assert.Contains(t, out, "\nstates: ")

	// Usage errors: status 1 and a reason on stderr, nothing on stdout.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--no-such-flag", path}, "flag provided but not defined: -no-such-flag"},
		{[]string{"-x", path}, "flag provided but not defined: -x"},
		{[]string{"--promela", path}, "--promela is not supported"},
		{[]string{"-f", path}, "option -f is not supported"},
		{[]string{"--show-parse", path}, "--show-parse is not supported"},
		{[]string{}, "want exactly one FILE, got 0"},
		{[]string{path, path}, "want exactly one FILE, got 2"},
		{[]string{"-l"}, "flag needs an argument: -l"},
		{[]string{"--engine", "magic", path}, `unknown engine "magic"`},
		{[]string{"--max-threads", "-1", path}, "--max-threads and --timeout must not be negative"},
	} {
		code, out, errOut := runName("boppo", c.args...)
		assert.Equal(t, exitUsage, code, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
	}
	code, out, errOut := runName("boppo", "-h")
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut, "help asked for goes to stdout")
	assert.Contains(t, out, "-compact-trace")
	assert.NotContains(t, out, "\n  -promela\n", "rejected options are not listed as flags")
}

func TestBoPPoBadInputAndUnknown(t *testing.T) {
	t.Parallel()
	code, out, errOut := runName("boppo", "--compact-trace", "testdata/bad.bp")
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out, "no verdict for a bad file: SatAbs must not read one")
	assert.Equal(t, "testdata/bad.bp:3:8: undeclared variable \"flag\"\ntestdata/bad.bp:4:8: label \"nowhere\" not defined in main\n", errOut)

	code, out, errOut = runName("boppo", "testdata/no-such-file.bp")
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "no-such-file.bp")

	// A limit gives VERIFICATION UNKNOWN, status 5, and the reason.
	code, out, _ = runName("boppo", "--compact-trace", "--max-threads", "1", "testdata/race.bp")
	assert.Equal(t, exitUnknown, code)
	assert.Equal(t, lineUnknown, lastLine(out))
	assert.Contains(t, out, "reason: thread bound reached")
	parsed, err := parseSatAbs(out)
	require.NoError(t, err)
	assert.Empty(t, parsed.steps)

	code, out, _ = runName("boppo", "--timeout", "200ms", "--max-threads", "12", "testdata/forever.bp")
	assert.Equal(t, exitUnknown, code)
	assert.Equal(t, lineUnknown, lastLine(out))
	assert.Contains(t, out, "reason: timeout after 200ms")
}
