package bopgo_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

var readings = []bp.Reading{bp.Blocking, bp.Monotone}

// TestBroadcastSymbolicAgreesWithExplicit is TestSymbolicAgreesWithExplicit
// on SatAbs-shaped random programs with broadcasts (gen.SmallBroadcast),
// under both readings, with and without partial-order reduction; every
// symbolic counterexample must replay under the reading it was found with.
func TestBroadcastSymbolicAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	var skipped, compared atomic.Int64
	var mu sync.Mutex
	verdicts := map[verdict.Verdict]int{}
	t.Cleanup(func() {
		t.Logf("%d checks compared, %d skipped at the state limit; explicit verdicts %v", compared.Load(), skipped.Load(), verdicts)
		if skipped.Load()*10 > compared.Load() {
			t.Errorf("too many programs skipped: %d of %d", skipped.Load(), compared.Load()+skipped.Load())
		}
	})
	eachSeed(t, seeds(80), func(t *testing.T, seed int64) {
		p, src := randomProgram(t, gen.SmallBroadcast, seed)
		for _, reading := range readings {
			want := explicitOracle(t, gen.SmallBroadcast, seed, "", reading)
			mu.Lock()
			verdicts[want.Verdict]++
			mu.Unlock()
			for _, v := range symbolicVariants[:2] { // re-parameterisation does not depend on broadcasts
				opts := v.opts
				opts.MaxThreads, opts.Broadcast = oracleThreads, reading
				got, err := bopgo.Check(context.Background(), p, opts)
				if err != nil {
					t.Fatalf("seed %d (%v, %s): %v", seed, reading, v.name, err)
				}
				if got.Verdict == verdict.Unknown && got.Limit == verdict.States {
					skipped.Add(1)
					continue
				}
				compared.Add(1)
				if got.Verdict != want.Verdict {
					t.Fatalf("seed %d (%v, %s): symbolic says %v (%s), explicit says %v (%s)\n%s",
						seed, reading, v.name, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
				}
				mustReplay(t, p, opts, got, fmt.Sprintf("seed %d (%v, %s)", seed, reading, v.name))
			}
		}
	})
}

// TestBroadcastCircuitAgreesWithExplicit: IC3 on the circuit gives the
// explicit engine's verdict on random programs with broadcasts, under both
// readings, and its counterexamples replay.
func TestBroadcastCircuitAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	eachSeed(t, seeds(20), func(t *testing.T, seed int64) {
		p, src := randomProgram(t, gen.SmallBroadcast, seed)
		for _, reading := range readings {
			want := explicitOracle(t, gen.SmallBroadcast, seed, "", reading)
			opts := bopgo.Options{MaxThreads: oracleThreads, Engine: bopgo.IC3, Broadcast: reading}
			got, err := bopgo.Check(context.Background(), p, opts)
			if err != nil {
				t.Fatalf("seed %d (%v): ic3: %v", seed, reading, err)
			}
			if got.Verdict != want.Verdict {
				t.Fatalf("seed %d (%v): ic3 says %v (%s), explicit says %v (%s)\n%s", seed, reading, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
			}
			mustReplay(t, p, opts, got, fmt.Sprintf("seed %d (%v): ic3", seed, reading))
		}
	})
}
