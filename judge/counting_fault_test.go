package judge

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestCountingCatchesFaultyTranslation breaks the translation on purpose
// (threads.Fault: a branch's else outcome, or a failing assertion, gets
// no rule) and runs the counter engine on random programs with a bug
// (the unbroken engine's counterexample replays): where the broken
// translation makes such a program Safe, with a certificate that holds
// for its system, the judge refuses the proof. Not parallel: the fault
// is a package variable of encode/threads, and the parallel tests run
// only once this one is done.
func TestCountingCatchesFaultyTranslation(t *testing.T) {
	for _, f := range []struct {
		name  string
		fault threads.FaultKind
	}{{"no else", threads.FaultNoElse}, {"no failure", threads.FaultNoFailure}} {
		fault := f.fault
		t.Run(f.name, func(t *testing.T) {
			caught := 0
			for seed := int64(1); seed <= int64(gen.Count(100, 10)) && caught < 3; seed++ {
				src := gen.Program(seed, countingShapes[0].cfg)
				prog := countingLoad(t, src)
				r := countingRun(t, prog, "", bp.Blocking)
				if r.Verdict != engine.Unsafe {
					continue
				}
				require.NoError(t, Replay(prog, interp.Options{}, r.Counterexample()), "seed %d", seed)
				threads.Fault = fault
				broken := countingRun(t, prog, "", bp.Blocking)
				threads.Fault = threads.NoFault
				if broken.Verdict != engine.Safe {
					continue
				}
				pr := broken.Evidence.(*engine.CounterProof)
				err := CheckCounterProof(t.Context(), prog, "", bp.Blocking, pr)
				require.Error(t, err, "seed %d: the broken translation's proof of a program with a bug\n%s", seed, src)
				require.NotContains(t, err.Error(), "the certificate", "seed %d: the certificate holds for the broken system; the simulation must refuse it", seed)
				t.Logf("seed %d: %v", seed, err)
				caught++
			}
			require.Positive(t, caught, "the fault made no program with a bug Safe")
		})
	}
}
