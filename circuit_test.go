package bopgo_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/verdict"
)

// heavyForCircuits are conformance programs whose counterexamples or
// proofs need deep unrollings or many slots (SLAM's, and Threads5 with 8
// threads): seconds to minutes each, so only with BOPGO_CIRCUIT_ALL=1.
var heavyForCircuits = map[string]bool{
	"Threads5": true, "n-conc": true, "n-conc2": true, "n-peterson": true, "p-conc": true, "p-peterson": true,
}

// TestCircuitConformance: on the BoPPo suite, BMC finds every bug (and
// its trace replays) and never reports one in a safe program; k-induction
// agrees with every verdict it gives.
func TestCircuitConformance(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read("testdata/boppo")
	require.NoError(t, err)
	require.Len(t, cases, 37)
	all := os.Getenv("BOPGO_CIRCUIT_ALL") != ""
	proved, safe := 0, 0
	for _, c := range cases {
		if heavyForCircuits[c.Dir] && !all {
			t.Logf("%s skipped (heavy; BOPGO_CIRCUIT_ALL=1 runs it)", c.Dir)
			continue
		}
		p := loadFile(t, c.Path("testdata/boppo"))
		opts := bopgo.Options{Label: c.Label, Engine: bopgo.BMC, MaxDepth: 30}
		res, err := bopgo.Check(context.Background(), p, opts)
		require.NoError(t, err, c.Dir)
		if c.Expected == "unsafe" {
			assert.Equal(t, verdict.Unsafe, res.Verdict, "bmc %s: %s", c.Dir, res.Reason)
			replay(t, p, opts, res)
		} else {
			assert.NotEqual(t, verdict.Unsafe, res.Verdict, "bmc %s", c.Dir)
		}
		opts.Engine, opts.MaxDepth = bopgo.KInduction, 12
		res, err = bopgo.Check(context.Background(), p, opts)
		require.NoError(t, err, c.Dir)
		if res.Verdict != verdict.Unknown {
			assert.Equal(t, c.Expected, res.Verdict.String(), "kind %s: %s", c.Dir, res.Reason)
			replay(t, p, opts, res)
		}
		if c.Expected == "safe" {
			safe++
			if res.Verdict == verdict.Safe {
				proved++
			}
		}
	}
	t.Logf("k-induction proves %d of %d safe programs within depth 12", proved, safe)
}

// TestCircuitAgreesWithExplicit: on random programs BMC, IC3 and
// k-induction agree with the explicit engine. BMC's bound is the length of
// the explicit engine's counterexample, so it must find one exactly when
// there is one; IC3 must give the same verdict; k-induction must never
// contradict it.
func TestCircuitAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	n := seeds(25)
	const maxBMCDepth = 16
	var proved, deep atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d programs, k-induction proved %d; %d checks skipped, with counterexamples longer than %d", n, proved.Load(), deep.Load(), maxBMCDepth)
	})
	eachSeed(t, n, func(t *testing.T, seed int64) {
		p, src := randomProgram(t, gen.Small, seed)
		for _, label := range labels(p) {
			want := explicitOracle(t, gen.Small, seed, label, bp.Blocking)
			opts := bopgo.Options{MaxThreads: oracleThreads, Label: label, Engine: bopgo.BMC, MaxDepth: 8}
			if want.Verdict == verdict.Unsafe {
				opts.MaxDepth = len(want.Trace.Exec.Steps)
			}
			// A few programs have counterexamples of 20-30 steps, where
			// BMC takes seconds; they only run with BOPGO_CIRCUIT_ALL=1.
			if opts.MaxDepth > maxBMCDepth && os.Getenv("BOPGO_CIRCUIT_ALL") == "" {
				deep.Add(1)
				continue
			}
			got := checkCircuit(t, p, opts, seed, src)
			if (got.Verdict == verdict.Unsafe) != (want.Verdict == verdict.Unsafe) {
				t.Fatalf("seed %d (label %q): bmc says %v (%s), explicit %v (%s)\n%s", seed, label, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
			}
			opts.Engine, opts.MaxDepth = bopgo.IC3, 0
			got = checkCircuit(t, p, opts, seed, src)
			if got.Verdict != want.Verdict {
				t.Fatalf("seed %d (label %q): ic3 says %v (%s), explicit %v (%s)\n%s", seed, label, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
			}
			opts.Engine, opts.MaxDepth = bopgo.KInduction, 6
			got = checkCircuit(t, p, opts, seed, src)
			if got.Verdict != verdict.Unknown && got.Verdict != want.Verdict {
				t.Fatalf("seed %d (label %q): kind says %v (%s), explicit %v (%s)\n%s", seed, label, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
			}
			if got.Verdict == verdict.Safe {
				proved.Add(1)
			}
		}
	})
}

func checkCircuit(t *testing.T, p *bp.Program, opts bopgo.Options, seed int64, src string) bopgo.Result {
	t.Helper()
	res, err := bopgo.Check(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("seed %d: %s: %v", seed, opts.Engine, err)
	}
	mustReplay(t, p, opts, res, fmt.Sprintf("seed %d (label %q): %s", seed, opts.Label, opts.Engine))
	return res
}

// TestCircuitThreadBound: unbounded thread creation is Unknown without a
// bug, whatever the engine proves about the bounded circuit, and Unsafe
// with one.
func TestCircuitThreadBound(t *testing.T) {
	t.Parallel()
	safe := loadSource(t, `decl g;
void t() begin g := T; end
void main() begin L: start_thread t(); assert(g | !g); goto L; end`)
	buggy := loadSource(t, `decl g;
void t() begin decl l; l, g := g, F; assert(l); end
void main() begin g := T; L: start_thread t(); goto L; end`)
	for _, engine := range []bopgo.Engine{bopgo.BMC, bopgo.KInduction, bopgo.IC3} {
		res, err := bopgo.Check(context.Background(), safe, bopgo.Options{Engine: engine, MaxThreads: 3, MaxDepth: 10})
		require.NoError(t, err)
		assert.Equal(t, verdict.Unknown, res.Verdict, "%s", engine)
		assert.Contains(t, res.Reason, "thread bound", "%s", engine)
		opts := bopgo.Options{Engine: engine, MaxThreads: 3, MaxDepth: 10}
		res, err = bopgo.Check(context.Background(), buggy, opts)
		require.NoError(t, err)
		assert.Equal(t, verdict.Unsafe, res.Verdict, "%s: %s", engine, res.Reason)
		replay(t, buggy, opts, res)
	}
}

func loadSource(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// TestIC3InvariantsOfPrograms checks every IC3 proof on the circuits of
// the BoPPo suite with an independent SAT check of the invariant, and
// every IC3 counterexample by simulation.
func TestIC3InvariantsOfPrograms(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read("testdata/boppo")
	require.NoError(t, err)
	proofs := 0
	for _, c := range cases {
		if heavyForCircuits[c.Dir] {
			continue
		}
		p := loadFile(t, c.Path("testdata/boppo"))
		for slots := 1; slots <= 3; slots++ {
			circ, err := circuit.Build(p, c.Label, slots)
			require.NoError(t, err, c.Dir)
			sys := circ.System(true)
			r := ic3.Check(context.Background(), sys, mc.Options{})
			switch r.Verdict {
			case verdict.Safe:
				require.NoError(t, judge.CircuitInvariant(sys, r.Invariant), "%s with %d slots", c.Dir, slots)
				proofs++
			case verdict.Unsafe:
				bad, err := mc.Simulate(sys, r.Trace)
				require.NoError(t, err, c.Dir)
				require.True(t, bad, "%s with %d slots: the trace does not reach a bad state", c.Dir, slots)
			default:
				t.Fatalf("%s with %d slots: %s", c.Dir, slots, r.Reason)
			}
		}
	}
	assert.Greater(t, proofs, 20)
	t.Logf("%d invariants checked", proofs)
}

// CheckCircuit runs the table's circuit engines on a circuit, with the
// root's limits, and checks their answers; it refuses an engine that
// does not check circuits.
func TestCheckCircuit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string
		want verdict.Verdict
	}{
		{"decl g; void main() begin g := F; L: g := g & *; assert(!g); goto L; end", verdict.Safe},
		{"decl g; void main() begin g := F; g := !g; assert(!g); end", verdict.Unsafe},
	} {
		p, err := bp.Load("t.bp", []byte(c.src))
		require.NoError(t, err)
		ct, err := circuit.BuildReading(p, "", 1, bp.Blocking)
		require.NoError(t, err)
		sys := ct.System(false)
		for _, e := range bopgo.CircuitEngines() {
			res, err := bopgo.CheckCircuit(context.Background(), sys, bopgo.CircuitOptions{Engine: e, MaxDepth: 10})
			require.NoError(t, err, "%s", e)
			if bopgo.Decides(e) || c.want == verdict.Unsafe {
				assert.Equal(t, c.want, res.Verdict, "%s: %s", e, res.Reason)
			}
			require.NotNil(t, res.Circuit, "%s", e)
			assert.Equal(t, e, res.Engine)
			assert.Equal(t, res.Circuit.Depth, res.Counters.Int("depth"), "%s", e)
			assert.Equal(t, res.Circuit.Stats.SATCalls, res.Counters.Int("sat_calls"), "%s", e)
			answer := res.Counters.Int("answer_sat_calls")
			assert.Equal(t, res.Circuit.Stats.SATCalls-res.Circuit.Stats.RivalSATCalls, answer, "%s", e)
			if e != bopgo.IC3 || runtime.GOMAXPROCS(0) == 1 {
				// One search: its calls are all the calls.
				assert.Equal(t, res.Circuit.Stats.SATCalls, answer, "%s", e)
			}
		}
		res, err := bopgo.CheckCircuit(context.Background(), sys, bopgo.CircuitOptions{Engine: bopgo.BMC, MaxDepth: 1})
		require.NoError(t, err)
		if c.want == verdict.Safe {
			assert.Equal(t, verdict.Depth, res.Limit)
		}
	}
	assert.Equal(t, []bopgo.Engine{bopgo.IC3, bopgo.BMC, bopgo.Sim, bopgo.KInduction}, bopgo.CircuitEngines())
	_, err := bopgo.CheckCircuit(context.Background(), nil, bopgo.CircuitOptions{Engine: bopgo.Explicit})
	assert.ErrorIs(t, err, bopgo.ErrUnknownEngine)
}
