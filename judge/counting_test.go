package judge

import (
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/counter"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// countingShapes are the random programs of the tests: threads started
// in loops (so only the counter engine decides them), with and without
// broadcasts, and a fixed number of threads.
var countingShapes = func() []struct {
	name string
	cfg  gen.Config
} {
	plain := gen.Small
	plain.Stmts = 6
	plain.SpawnLoop = true
	bcast := gen.SmallBroadcast
	bcast.SpawnLoop = true
	bcast.Helpers = 0
	return []struct {
		name string
		cfg  gen.Config
	}{{"loops", plain}, {"broadcasts", bcast}, {"fixed", gen.Small}}
}()

func countingLoad(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err, src)
	return p
}

// countingRun is the counter engine on prog.
func countingRun(t *testing.T, prog *bp.Program, label string, reading bp.Reading) engine.Result {
	t.Helper()
	p := &engine.Problem{Prog: prog, Label: label, Targets: prog.Targets(label), Broadcast: reading, MaxStates: 50000}
	r, err := counter.Run(t.Context(), p, 0, true)
	require.NoError(t, err)
	return r
}

// countingLabels are the properties checked on p: its assertions, and
// reaching t0_L1 where it has that label.
func countingLabels(p *bp.Program) []string {
	if len(p.FindLabel("t0_L1")) == 0 {
		return []string{""}
	}
	return []string{"", "t0_L1"}
}

// TestCountingProofsPass: on random programs, every proof of Safe the
// counter engine gives passes the judge, those of the program with its
// local data forgotten included; every counterexample replays under the
// reading asked (the engine's own test of a path under the blocking
// reading, NeedsMonotone, is exact).
func TestCountingProofsPass(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var proofs, abstractions, bugs int
	t.Cleanup(func() {
		t.Logf("%d proofs passed the judge (%d of them of the abstraction), %d counterexamples replayed", proofs, abstractions, bugs)
		if !t.Failed() && (proofs == 0 || abstractions == 0) {
			t.Errorf("too few proofs were judged: %d, %d of the abstraction", proofs, abstractions)
		}
	})
	for _, shape := range countingShapes {
		t.Run(shape.name, func(t *testing.T) {
			for seed := int64(1); seed <= int64(gen.Count(20, 6)); seed++ {
				t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
					t.Parallel()
					src := gen.Program(seed, shape.cfg)
					prog := countingLoad(t, src)
					readings := []bp.Reading{bp.Blocking}
					if prog.HasBroadcasts() {
						readings = append(readings, bp.Monotone)
					}
					for _, label := range countingLabels(prog) {
						for _, reading := range readings {
							what := fmt.Sprintf("seed %d, label %q, %v reading\n%s", seed, label, reading, src)
							r := countingRun(t, prog, label, reading)
							switch r.Verdict {
							case engine.Safe:
								pr, ok := r.Evidence.(*engine.CounterProof)
								require.True(t, ok, what)
								require.NoError(t, CheckCounterProof(t.Context(), prog, label, reading, pr), what)
								mu.Lock()
								proofs++
								if pr.Abstraction != nil {
									abstractions++
								}
								mu.Unlock()
							case engine.Unsafe:
								ex, ok := r.Evidence.(*engine.Execution)
								require.True(t, ok, what)
								require.Equal(t, prog.HasBroadcasts(), ex.MonotoneOnly, what)
								require.NoError(t, Replay(prog, interp.Options{Label: label, Broadcast: reading}, ex.Trace), what)
								mu.Lock()
								bugs++
								mu.Unlock()
							}
						}
					}
				})
			}
		})
	}
}

// TestCountingRefusesTheLabelUnderTheLock: the translation once gave a
// thread at the label a rule to the target only where it could move, so
// a thread started inside another's atomic section, at the label while
// the creator holds the lock for ever, was missed: the counter engine
// called this program safe. That system, rebuilt here by dropping the
// rules the fix added, has a true certificate, and the judge refuses it.
func TestCountingRefusesTheLabelUnderTheLock(t *testing.T) {
	t.Parallel()
	prog := countingLoad(t, "void main() begin atomic_begin; start_thread goto E; assume(F); E: skip; end")
	tp, err := threads.Build(t.Context(), prog, "E")
	require.NoError(t, err)
	sys := *tp.Sys
	sys.Rules = slices.DeleteFunc(slices.Clone(sys.Rules), func(r tts.Rule) bool {
		from, at := tp.SharedMeaning(r.From.Shared), tp.LocalMeaning(r.From.Local)
		return r.To.Shared == tp.Target.Shared && from.Lock && at.Kind == threads.KindThread && !at.Thread.Atomic
	})
	require.Less(t, len(sys.Rules), len(tp.Sys.Rules))
	res, err := cover.Check(t.Context(), &sys, cover.Options{Init: tp.Init, Target: tp.Target})
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict, "the old translation's system cannot cover the target")
	pr := countingProof(tp, res.Cert.Checkable())
	pr.System = &sys
	err = CheckCounterProof(t.Context(), prog, "E", bp.Blocking, pr)
	require.ErrorContains(t, err, "at the label E, with no rule to the target")
	require.Equal(t, engine.Unsafe, countingRun(t, prog, "E", bp.Blocking).Verdict)
}

// countingProof is the evidence of tp's system with certificate cert,
// as the counter engine makes it.
func countingProof(tp *threads.Program, cert *tts.Certificate) *engine.CounterProof {
	kinds := map[threads.Kind]engine.CounterKind{threads.KindStart: engine.CounterStart, threads.KindError: engine.CounterError,
		threads.KindEnded: engine.CounterEnded, threads.KindThread: engine.CounterThread, threads.KindStarting: engine.CounterStarting, threads.KindGlobals: engine.CounterGlobals}
	pr := &engine.CounterProof{System: tp.Sys, Init: tp.Init, Target: tp.Target, Certificate: cert}
	for s := range tp.Sys.Shared {
		m := tp.SharedMeaning(s)
		pr.Shared = append(pr.Shared, engine.CounterShared{Kind: kinds[m.Kind], Globals: m.Globals, Lock: m.Lock, Phase: m.Phase})
	}
	for l := range tp.Sys.Locals {
		m := tp.LocalMeaning(l)
		pr.Locals = append(pr.Locals, engine.CounterLocal{Kind: kinds[m.Kind], Thread: m.Thread, After: m.After})
	}
	return pr
}

// TestCountingCorpusProofsPass: two programs of the corpus (bp-reduce,
// broadcasts) whose proofs the judge refused when the translation left
// the last thread states it found without passes (the loop ended on a
// thread mid-start, skipping the round that gives them): every thread
// state must be given what each broadcast does to it.
func TestCountingCorpusProofsPass(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"2014-03-03-00-34-58/reduced.21.bp", "2014-04-06-22-43-01/reduced.183.bp"} {
		src, err := os.ReadFile("../benchmarks/corpus/bp-reduce/" + f)
		require.NoError(t, err)
		prog := countingLoad(t, string(src))
		r := countingRun(t, prog, "", bp.Blocking)
		require.Equal(t, engine.Safe, r.Verdict, "%s: %s", f, r.Reason)
		require.NoError(t, CheckCounterProof(t.Context(), prog, "", bp.Blocking, r.Evidence.(*engine.CounterProof)), f)
	}
}
