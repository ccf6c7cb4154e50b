package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/internal/golden"
	"github.com/bopgo/bopgo/internal/satabs"
)

// The compact trace read as SatAbs reads it (internal/satabs) must be an
// execution of the program: these tests run the harness on every unsafe
// program of the conformance suite and the corpus, and on random
// programs.

// harness runs boppo --compact-trace on the program at path and checks
// the output with internal/satabs. It returns nil for a safe program.
func harness(prog *bp.Program, src, label string, args []string, positional bool) (verdict string, problems []satabs.Problem, err error) {
	dir, err := os.MkdirTemp("", "harness")
	if err != nil {
		return "", nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "p.bp")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return "", nil, err
	}
	a := append([]string{"--compact-trace"}, args...)
	if label != "" {
		a = append(a, "-l", label)
	}
	_, out, errOut := runName("boppo", append(a, path)...)
	parsed, err := satabs.Read(out)
	if err != nil {
		return "", nil, fmt.Errorf("%w\n%s%s", err, out, errOut)
	}
	if parsed.Verdict != satabs.Failed {
		return parsed.Verdict, nil, nil
	}
	problems = satabs.Check(prog, parsed, satabs.Options{Label: label, Positional: positional})
	if strings.Contains(errOut, "warning") {
		problems = append(problems, satabs.Problem{Msg: strings.TrimSpace(errOut)})
	}
	return parsed.Verdict, problems, nil
}

// tally counts traces and the traces the harness rejects.
type tally struct {
	name           string
	traces, failed int
	first          []string
	kinds          map[string]int // traces by the kind of their problems
}

func (ta *tally) add(what string, problems []satabs.Problem) {
	ta.traces++
	if len(problems) == 0 {
		return
	}
	ta.failed++
	if ta.kinds == nil {
		ta.kinds = map[string]int{}
	}
	seen := map[string]bool{}
	for _, p := range problems {
		k := problemKind(p.Msg)
		if !seen[k] {
			seen[k] = true
			ta.kinds[k]++
		}
	}
	if len(ta.first) < 10 {
		ta.first = append(ta.first, fmt.Sprintf("%s: %s (%d problems)", what, problems[0], len(problems)))
	}
}

// problemKind sorts a problem into how SatAbs would stumble on it.
func problemKind(msg string) string {
	switch {
	case strings.Contains(msg, "group"), strings.Contains(msg, "missing"), strings.Contains(msg, "SatAbs reads"),
		strings.Contains(msg, "expected thread"), strings.Contains(msg, "expected shared"), strings.Contains(msg, "values left"):
		return "locals misread"
	case strings.Contains(msg, "steps before leave it"):
		return "unassigned value changed"
	case strings.Contains(msg, "no execution of the step"), strings.Contains(msg, "constraint"):
		return "assignment or constrain"
	case strings.Contains(msg, "assum"), strings.Contains(msg, "TAKEN"), strings.Contains(msg, "assertion"):
		return "assume, branch or assertion"
	case strings.Contains(msg, "not labelled"), strings.Contains(msg, "no such thread"), strings.Contains(msg, "has ended"):
		return "wrong thread number"
	}
	return "other"
}

func (ta *tally) report(t *testing.T) {
	var kinds []string
	for k, n := range ta.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(kinds)
	t.Logf("harness %s: %d of %d traces fail (%s)", ta.name, ta.failed, ta.traces, strings.Join(kinds, ", "))
	if ta.traces == 0 {
		t.Errorf("harness %s: no trace was checked", ta.name)
	}
	if ta.failed > 0 {
		t.Errorf("harness %s: %d of %d traces fail:\n%s", ta.name, ta.failed, ta.traces, strings.Join(ta.first, "\n"))
	}
}

// sameLocals reports whether every function declares the same locals,
// as SatAbs's programs do: only then can SatAbs's k-th-occurrence rule
// tell threads apart. Other programs are read by position.
func sameLocals(prog *bp.Program) bool {
	var want []string
	first := true
	for _, p := range prog.Procs {
		for _, f := range p.Frames {
			var names []string
			for _, slot := range f.Slots {
				names = append(names, p.Locals[slot].Name)
			}
			slices.Sort(names)
			if !first && !slices.Equal(names, want) {
				return false
			}
			want, first = names, false
		}
	}
	return true
}

func loadProgram(t *testing.T, path string) (*bp.Program, string) {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	prog, err := bp.Load(path, src)
	require.NoError(t, err)
	return prog, string(src)
}

func TestHarnessConformance(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	ta := &tally{name: "conformance"}
	for _, c := range cases {
		if c.Expected != "unsafe" {
			continue
		}
		prog, src := loadProgram(t, c.Path(conformanceDir))
		verdict, problems, err := harness(prog, src, c.Label, nil, !sameLocals(prog))
		require.NoError(t, err, c.Dir)
		require.Equal(t, satabs.Failed, verdict, c.Dir)
		ta.add(c.Dir, problems)
	}
	ta.report(t)
}

// TestHarnessCorpus runs the programs of the corpus that load and are
// not known to be safe, and checks every trace found within 10 s
// (BOPGO_CORPUS=1; a few minutes).
func TestHarnessCorpus(t *testing.T) {
	t.Parallel()
	if os.Getenv("BOPGO_CORPUS") == "" {
		t.Skip("set BOPGO_CORPUS=1 to run the corpus")
	}
	const dir = "../../benchmarks/corpus"
	entries, err := benchmarks.ReadManifest(dir)
	require.NoError(t, err)
	ta := &tally{name: "corpus"}
	for _, e := range entries {
		if e.Expected == "safe" {
			continue // unsafe and unknown ones: every trace bopgo finds
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Path))
		require.NoError(t, err)
		prog, err := bp.Load(e.Path, src)
		if err != nil {
			continue // not loadable yet (e.g. broadcasts)
		}
		if err := satabs.Readable(prog); err != nil {
			t.Logf("%s: not read: %v", e.Path, err)
			continue
		}
		verdict, problems, err := harness(prog, string(src), e.Label, []string{"--timeout", "10s"}, !sameLocals(prog))
		require.NoError(t, err, e.Path)
		if verdict != satabs.Failed {
			continue
		}
		ta.add(e.Path, problems)
	}
	ta.report(t)
}

// seeds is the number of random programs of each shape: BOPGO_SEEDS (the
// long mode), or 20 (6 with -short).
func seeds(t *testing.T) int64 {
	if s := os.Getenv("BOPGO_SEEDS"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		require.NoError(t, err, "BOPGO_SEEDS")
		return n
	}
	if testing.Short() {
		return 6
	}
	return 20
}

// TestHarnessRandom checks the traces of random unsafe programs
// (BOPGO_SEEDS of them, with the default engine or BOPGO_ENGINE): in
// SatAbs's shape (the same locals in every function), read as SatAbs
// reads them, and in the generator's usual shape (each function's own
// locals), read by position, since SatAbs's rule cannot tell apart
// threads whose locals have different names. One parallel subtest per
// seed, named seed=N.
func TestHarnessRandom(t *testing.T) {
	t.Parallel()
	n := seeds(t)
	satabsShape := gen.Small
	satabsShape.SatAbs = true
	for _, c := range []struct {
		name       string
		cfg        gen.Config
		positional bool
	}{{"random-satabs", satabsShape, false}, {"random-positional", gen.Small, true}, {"random-broadcast", gen.SmallBroadcast, false}} {
		t.Run(c.name, func(t *testing.T) {
			ta := &tally{name: c.name}
			var mu sync.Mutex
			t.Cleanup(func() { ta.report(t) })
			for seed := int64(0); seed < n; seed++ {
				t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
					t.Parallel()
					src := gen.Program(seed, c.cfg)
					prog, err := bp.Load("gen.bp", []byte(src))
					require.NoError(t, err, "seed %d", seed)
					args := []string{"--timeout", "20s"}
					if e := os.Getenv("BOPGO_ENGINE"); e != "" {
						args = append(args, "--engine", e)
					}
					verdict, problems, err := harness(prog, src, "", args, c.positional || !sameLocals(prog))
					require.NoError(t, err, "seed %d", seed)
					if verdict == satabs.Failed {
						mu.Lock()
						ta.add(fmt.Sprintf("seed %d", seed), problems)
						mu.Unlock()
					}
				})
			}
		})
	}
}

// TestSatAbsForms: programs in the two forms today's SatAbs writes, run
// as SatAbs runs boppo, with golden compact traces. Both must pass the
// harness read exactly as SatAbs reads them, with every engine.
func TestSatAbsForms(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"satabs_dollar_main", "satabs_inlined"} {
		path := "testdata/" + name + ".bp"
		prog, src := loadProgram(t, path)
		require.True(t, sameLocals(prog), "%s: SatAbs's programs declare the same locals everywhere", name)
		for _, engine := range bopgo.Engines {
			if !bopgo.Decides(engine) || unchecked(engine) || engine == bopgo.Auto {
				continue
			}
			verdict, problems, err := harness(prog, src, "", []string{"--por", "--loop-detection", "--engine", string(engine)}, false)
			require.NoError(t, err)
			require.Equal(t, satabs.Failed, verdict, "%s, %s engine", name, engine)
			assert.Empty(t, problems, "%s, %s engine", name, engine)
		}
		code, out, errOut := runName("boppo", "--compact-trace", "--por", "--engine", "symbolic", path)
		require.Equal(t, 0, code, errOut)
		assert.Empty(t, errOut)
		golden.Check(t, "testdata/"+name+".out", out)
	}
}

// TestSatAbsWideSteps: the programs SatAbs wrote for its Quicksort1 test,
// whose steps have 24 to 32 constrained choices, get a counterexample
// from every engine that decides them, as SatAbs runs bopgo; the compact
// trace is one execution (the harness re-simulates every line, wide steps
// with SAT), and the trace bopgo 822d122 printed, which broke a
// constrain, is rejected by the harness.
func TestSatAbsWideSteps(t *testing.T) {
	t.Parallel()
	engines := []string{"symbolic", "auto"}
	if testing.Short() {
		engines = engines[:1] // auto races symbolic with others on both cores
	}
	if os.Getenv("BOPGO_LONG") != "" {
		engines = append(engines, "ic3") // 2 to 8 s each; TestWideFamily replays IC3's traces through wide steps
	}
	for _, name := range []string{"Quicksort1-unknown", "Quicksort1-inconsistent"} {
		path := "testdata/satabs/" + name + ".bp"
		prog, src := loadProgram(t, path)
		for _, engine := range engines {
			t.Run(name+"/"+engine, func(t *testing.T) {
				t.Parallel()
				verdict, problems, err := harness(prog, src, "", []string{"--por", "--engine", engine}, false)
				require.NoError(t, err)
				require.Equal(t, satabs.Failed, verdict)
				assert.Empty(t, problems)
			})
		}
	}
	prog, _ := loadProgram(t, "testdata/satabs/Quicksort1-inconsistent.bp")
	out, err := os.ReadFile("testdata/satabs/Quicksort1-inconsistent.broken-trace.out")
	require.NoError(t, err)
	parsed, err := satabs.Read(string(out))
	require.NoError(t, err)
	problems := satabs.Check(prog, parsed, satabs.Options{})
	require.NotEmpty(t, problems, "the harness must see the broken constrain")
	assert.Contains(t, problems[0].String(), "no execution of the step")
}

// TestSatAbsRecursion: the program SatAbs writes for its Recursion1 test
// without full inlining keeps the recursive function f; boppo mode
// proves it safe (procedure summaries), and with its assertion negated
// prints a counterexample through the recursion that the harness reads
// as an execution.
func TestSatAbsRecursion(t *testing.T) {
	t.Parallel()
	const path = "testdata/satabs/Recursion1-partial.bp"
	code, out, errOut := runName("boppo", "--compact-trace", "--por", path)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, lineSafe, lastLine(out))
	_, src := loadProgram(t, path)
	buggy := strings.Replace(src, "PC4: assert(b0_1_eq_g);", "PC4: assert(!b0_1_eq_g);", 1)
	require.NotEqual(t, src, buggy)
	prog, err := bp.Load("Recursion1-buggy.bp", []byte(buggy))
	require.NoError(t, err)
	verdict, problems, err := harness(prog, buggy, "", []string{"--por"}, false)
	require.NoError(t, err)
	require.Equal(t, satabs.Failed, verdict)
	assert.Empty(t, problems)
}

// TestHarnessRecursive runs the harness on the counterexamples of random
// programs with recursive functions (gen.Recursive): the compact trace
// through calls and returns is an execution as SatAbs reads it.
func TestHarnessRecursive(t *testing.T) {
	t.Parallel()
	n := int64(30)
	if testing.Short() {
		n = 8
	}
	ta := &tally{name: "recursive"}
	for seed := int64(1); seed <= n; seed++ {
		src := gen.Recursive(seed, gen.SmallRecursive)
		prog, err := bp.Load("rec.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		verdict, problems, err := harness(prog, src, "", nil, true)
		require.NoError(t, err, "seed %d", seed)
		if verdict == satabs.Failed {
			ta.add(fmt.Sprintf("seed %d", seed), problems)
		}
	}
	ta.report(t)
	require.Positive(t, ta.traces)
}
