package bopgo_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// seeds returns how many random programs a differential test runs:
// BOPGO_SEEDS overrides the default (the long mode: use thousands before a
// release); -short runs a fifth of the default.
func seeds(def int) int {
	if n, err := strconv.Atoi(os.Getenv("BOPGO_SEEDS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return max(def/5, 1)
	}
	return def
}

// eachSeed runs check on seeds 1..n, each a parallel subtest named
// seed=N (go test -run 'TestX/seed=17$' runs one again). Summaries over
// all seeds belong in a t.Cleanup of the parent, which runs after them.
func eachSeed(t *testing.T, n int, check func(t *testing.T, seed int64)) {
	t.Helper()
	for seed := int64(1); seed <= int64(n); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			check(t, seed)
		})
	}
}

// A random program and the explicit engine's results on it are computed
// once per test binary and shared by the tests that compare other engines
// with them (programs are safe for concurrent checks).
type (
	programKey struct {
		cfg  gen.Config
		seed int64
	}
	programEntry struct {
		once sync.Once
		src  string
		prog *bp.Program
		err  error
	}
	oracleKey struct {
		programKey
		label   string
		reading bp.Reading
	}
	oracleEntry struct {
		once sync.Once
		res  bopgo.Result
		err  error
	}
)

var programs, oracles sync.Map

// randomProgram returns the program of seed under cfg, and its source.
func randomProgram(t *testing.T, cfg gen.Config, seed int64) (*bp.Program, string) {
	t.Helper()
	v, _ := programs.LoadOrStore(programKey{cfg, seed}, &programEntry{})
	e := v.(*programEntry)
	e.once.Do(func() {
		e.src = gen.Program(seed, cfg)
		e.prog, e.err = bp.Load("gen.bp", []byte(e.src))
	})
	if e.err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, e.err, e.src)
	}
	return e.prog, e.src
}

// oracleThreads is the thread bound of the differential tests: the
// programs of gen.Small and gen.SmallBroadcast rarely need more threads
// for a bug, and the explicit engine covers 3 in milliseconds.
const oracleThreads = 3

// explicitOracle returns the explicit engine's result on the program of
// seed under cfg, with the thread bound oracleThreads.
func explicitOracle(t *testing.T, cfg gen.Config, seed int64, label string, reading bp.Reading) bopgo.Result {
	t.Helper()
	p, _ := randomProgram(t, cfg, seed)
	v, _ := oracles.LoadOrStore(oracleKey{programKey{cfg, seed}, label, reading}, &oracleEntry{})
	e := v.(*oracleEntry)
	e.once.Do(func() {
		opts := bopgo.Options{Engine: bopgo.Explicit, MaxThreads: oracleThreads, Label: label, Broadcast: reading, NoSlice: true}
		e.res, e.err = bopgo.Check(context.Background(), p, opts)
	})
	if e.err != nil {
		t.Fatalf("seed %d (label %q, %v): explicit: %v", seed, label, reading, e.err)
	}
	return e.res
}

// labels returns the properties the differential tests check on p: its
// assertions, and reaching t0_L1 where the program has that label.
func labels(p *bp.Program) []string {
	if len(p.FindLabel("t0_L1")) == 0 {
		return []string{""}
	}
	return []string{"", "t0_L1"}
}

// mustReplay fails t unless an unsafe result's counterexample replays in
// the interpreter. Check has replayed it already; this guards the guard.
func mustReplay(t *testing.T, p *bp.Program, opts bopgo.Options, res bopgo.Result, what string) {
	t.Helper()
	if res.Verdict != verdict.Unsafe {
		return
	}
	if res.Trace == nil {
		t.Fatalf("%s: unsafe without a counterexample", what)
	}
	if err := judge.Replay(p, interp.Options{Label: opts.Label, Broadcast: opts.Broadcast}, res.Trace.Exec); err != nil {
		t.Fatalf("%s: the counterexample does not replay: %v", what, err)
	}
}

// symbolicVariants are the settings of the symbolic engine that must all
// agree with the explicit engine: partial-order reduction on and off, and
// re-parameterisation off. The state limit stops the few programs where
// it is slow (deterministic, unlike a timeout); those are skipped, and
// must stay few.
var symbolicVariants = []struct {
	name string
	opts bopgo.Options
}{
	{"symbolic", bopgo.Options{Engine: bopgo.Symbolic, MaxStates: 600}},
	{"symbolic, no POR", bopgo.Options{Engine: bopgo.Symbolic, MaxStates: 600, Symbolic: bopgo.SymbolicOptions{NoPOR: true}}},
	{"symbolic, plain states", bopgo.Options{Engine: bopgo.Symbolic, MaxStates: 600, Symbolic: bopgo.SymbolicOptions{PlainStates: true}}},
}

// TestSymbolicAgreesWithExplicit runs the explicit engine and the
// symbolic one (symbolicVariants) on random concurrent programs (globals,
// locals, threads, gotos and loops, assume, constrain, atomic sections,
// asserts) and requires the same verdict; every counterexample of the
// symbolic engine must replay in the interpreter. Some of the programs
// must exercise what the variants differ in: states split by POR, and
// states re-parameterised.
func TestSymbolicAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	var skipped, compared, split, reparameterised atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d checks compared (%d with states split by POR, %d with states re-parameterised), %d skipped at the state limit",
			compared.Load(), split.Load(), reparameterised.Load(), skipped.Load())
		if skipped.Load()*10 > compared.Load() {
			t.Errorf("too many programs skipped: %d of %d", skipped.Load(), compared.Load()+skipped.Load())
		}
		if !t.Failed() && (split.Load() == 0 || reparameterised.Load() == 0) {
			t.Errorf("no program had states split by POR (%d) or re-parameterised (%d): the variants were not exercised", split.Load(), reparameterised.Load())
		}
	})
	eachSeed(t, seeds(100), func(t *testing.T, seed int64) {
		p, src := randomProgram(t, gen.Small, seed)
		for _, label := range labels(p) {
			want := explicitOracle(t, gen.Small, seed, label, bp.Blocking)
			for _, v := range symbolicVariants {
				opts := v.opts
				opts.MaxThreads, opts.Label = oracleThreads, label
				got, err := bopgo.Check(context.Background(), p, opts)
				if err != nil {
					t.Fatalf("seed %d (label %q, %s): %v", seed, label, v.name, err)
				}
				if got.Verdict == verdict.Unknown && got.Limit == verdict.States {
					skipped.Add(1)
					continue
				}
				compared.Add(1)
				if got.Counters.Int("split_states") > 0 {
					split.Add(1)
				}
				if got.Counters.Int("reparameterised_states") > 0 {
					reparameterised.Add(1)
				}
				if opts.Symbolic.PlainStates && got.Counters.Int("reparameterised_states") > 0 {
					t.Errorf("seed %d (label %q): %d states re-parameterised with PlainStates", seed, label, got.Counters.Int("reparameterised_states"))
				}
				if got.Verdict != want.Verdict {
					t.Fatalf("seed %d (label %q, %s): symbolic says %v (%s), explicit says %v (%s)\n%s",
						seed, label, v.name, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
				}
				mustReplay(t, p, opts, got, fmt.Sprintf("seed %d (label %q, %s)", seed, label, v.name))
			}
		}
	})
}

// TestAutoAgreesWithExplicit: the portfolio (auto) gives the explicit
// engine's verdict on random programs, with and without broadcasts,
// whichever engine wins the race, and no raced engine fails its check.
func TestAutoAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	winners := map[bopgo.Engine]int{}
	t.Cleanup(func() { t.Logf("answers by winner: %v", winners) })
	for _, c := range []struct {
		name     string
		cfg      gen.Config
		readings []bp.Reading
	}{
		{"plain", gen.Small, []bp.Reading{bp.Blocking}},
		{"broadcasts", gen.SmallBroadcast, []bp.Reading{bp.Blocking, bp.Monotone}},
	} {
		t.Run(c.name, func(t *testing.T) {
			eachSeed(t, seeds(30), func(t *testing.T, seed int64) {
				p, src := randomProgram(t, c.cfg, seed)
				for _, label := range labels(p) {
					for _, reading := range c.readings {
						want := explicitOracle(t, c.cfg, seed, label, reading)
						opts := bopgo.Options{Engine: bopgo.Auto, MaxThreads: oracleThreads, Label: label, Broadcast: reading}
						got, err := bopgo.Check(context.Background(), p, opts)
						what := fmt.Sprintf("seed %d (%s, label %q, %v)", seed, c.name, label, reading)
						if err != nil {
							t.Fatalf("%s: auto: %v", what, err)
						}
						for _, f := range got.Failures {
							t.Errorf("%s: a raced engine failed: %v", what, f)
						}
						if got.Verdict != want.Verdict {
							t.Fatalf("%s: auto (won by %s) says %v (%s), explicit says %v (%s)\n%s",
								what, got.Engine, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
						}
						mustReplay(t, p, opts, got, what+", won by "+string(got.Engine))
						mu.Lock()
						winners[got.Engine]++
						mu.Unlock()
					}
				}
			})
		})
	}
}
