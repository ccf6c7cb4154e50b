package bopgo_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// TestHavocOverApproximates: forgetting the local data (bp.Havocked) only
// adds executions. On random programs, with the explicit engine up to
// three threads on both: a bug of the program is one of the abstraction,
// and an abstraction proved safe has a safe program.
func TestHavocOverApproximates(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var forgotten, provedSafe int
	t.Cleanup(func() {
		t.Logf("%d programs with local data; %d abstractions proved safe", forgotten, provedSafe)
		if !t.Failed() && provedSafe == 0 {
			t.Errorf("no abstraction was proved safe: the implication safe abstraction => safe program was not tested")
		}
	})
	eachSeed(t, seeds(80), func(t *testing.T, seed int64) {
		p, src := randomProgram(t, gen.Small, seed)
		q := bp.Havocked(p)
		if q == nil {
			return
		}
		require.NoError(t, judge.VerifyHavocked(p, q), "seed %d\n%s", seed, src)
		orig := explicitOracle(t, gen.Small, seed, "", 0)
		abs, err := bopgo.Check(context.Background(), q, bopgo.Options{Engine: bopgo.Explicit, MaxThreads: oracleThreads, NoSlice: true})
		require.NoError(t, err, "seed %d\n%s", seed, src)
		what := "seed %d: program %v (%s), abstraction %v (%s)\n%s"
		if orig.Verdict == verdict.Unsafe && abs.Verdict != verdict.Unknown {
			require.Equal(t, verdict.Unsafe, abs.Verdict, what, seed, orig.Verdict, orig.Reason, abs.Verdict, abs.Reason, src)
		}
		if abs.Verdict == verdict.Safe {
			require.NotEqual(t, verdict.Unsafe, orig.Verdict, what, seed, orig.Verdict, orig.Reason, abs.Verdict, abs.Reason, src)
		}
		mu.Lock()
		defer mu.Unlock()
		forgotten++
		if abs.Verdict == verdict.Safe {
			provedSafe++
		}
	})
}

// TestCounterForgetsLocalData: on lock-sharing workers whose locals only
// decide when a worker takes the lock, the counter engine proves safety
// with the local data forgotten (its certificate checked by Check, the
// abstraction included); with the bug, the abstraction's bug sends it to
// the program itself, whose bug it finds.
func TestCounterForgetsLocalData(t *testing.T) {
	t.Parallel()
	for _, bug := range []bool{false, true} {
		p, err := bp.Load("tangled.bp", []byte(benchmarks.TangledWorkers(4, 4, bug)))
		require.NoError(t, err)
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Counter})
		require.NoError(t, err)
		if bug {
			require.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
			continue
		}
		require.Equal(t, verdict.Safe, res.Verdict, res.Reason)
		require.Contains(t, res.Reason, "local data forgotten")
	}
}
