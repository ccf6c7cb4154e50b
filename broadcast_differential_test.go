package bopgo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestBroadcastSymbolicAgreesWithExplicit is TestSymbolicAgreesWithExplicit
// on SatAbs-shaped random programs with broadcasts (gen.SmallBroadcast),
// under both readings; every symbolic counterexample must replay under
// the reading it was found with.
func TestBroadcastSymbolicAgreesWithExplicit(t *testing.T) {
	n := seeds(150)
	skipped, compared := 0, 0
	verdicts := map[bopgo.Verdict]int{}
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.SmallBroadcast)
		p, err := bp.Load("gen.bp", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			opts := bopgo.Options{MaxThreads: 3, Engine: bopgo.Explicit, Broadcast: reading}
			want, err := bopgo.Check(context.Background(), p, opts)
			if err != nil {
				t.Fatalf("seed %d: explicit: %v", seed, err)
			}
			verdicts[want.Verdict]++
			for _, noPOR := range []bool{false, true} {
				opts.Engine, opts.MaxStates, opts.Symbolic.NoPOR = bopgo.Symbolic, 600, noPOR
				got, err := bopgo.Check(context.Background(), p, opts)
				if err != nil {
					t.Fatalf("seed %d: symbolic: %v", seed, err)
				}
				if got.Verdict == bopgo.Unknown && strings.HasPrefix(got.Reason, "state limit") {
					skipped++
					continue
				}
				compared++
				if got.Verdict != want.Verdict {
					t.Fatalf("seed %d (%v, no POR %v): symbolic says %v (%s), explicit says %v (%s)\n%s",
						seed, reading, noPOR, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
				}
				if got.Verdict == bopgo.Unsafe {
					if err := interp.Replay(p, interp.Options{Broadcast: reading}, got.Trace.Exec); err != nil {
						t.Fatalf("seed %d (%v, no POR %v): symbolic counterexample does not replay: %v\n%s", seed, reading, noPOR, err, src)
					}
				}
			}
		}
	}
	t.Logf("%d checks compared, %d skipped at the state limit; explicit verdicts %v", compared, skipped, verdicts)
	if skipped*10 > compared {
		t.Errorf("too many programs skipped: %d of %d", skipped, compared+skipped)
	}
}

// TestBroadcastCircuitAgreesWithExplicit: IC3 on the circuit gives the
// explicit engine's verdict on random programs with broadcasts, under both
// readings, and its counterexamples replay.
func TestBroadcastCircuitAgreesWithExplicit(t *testing.T) {
	n := seeds(25)
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.SmallBroadcast)
		p, err := bp.Load("gen.bp", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			opts := bopgo.Options{MaxThreads: 3, Engine: bopgo.Explicit, Broadcast: reading}
			want, err := bopgo.Check(context.Background(), p, opts)
			if err != nil {
				t.Fatalf("seed %d: explicit: %v", seed, err)
			}
			opts.Engine = bopgo.IC3
			got, err := bopgo.Check(context.Background(), p, opts)
			if err != nil {
				t.Fatalf("seed %d: ic3: %v", seed, err)
			}
			if got.Verdict != want.Verdict {
				t.Fatalf("seed %d (%v): ic3 says %v (%s), explicit says %v (%s)\n%s", seed, reading, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
			}
			if got.Verdict == bopgo.Unsafe {
				if err := interp.Replay(p, interp.Options{Broadcast: reading}, got.Trace.Exec); err != nil {
					t.Fatalf("seed %d (%v): ic3 counterexample does not replay: %v\n%s", seed, reading, err, src)
				}
			}
		}
	}
}
