package judge

import (
	"context"
	"errors"
	"testing"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/gen"
)

// The judge's own search (exhaust) agrees with the explicit engine on
// random programs, with threads, atomic sections, thread starts in loops
// and broadcasts under both readings: where the engine proves a program
// safe at a bound it never exceeds, the judge's search finds no violation;
// where the engine finds a bug, the judge's search finds one too. Both
// run without a budget that matters.
func TestExhaustAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	n := int64(60)
	if testing.Short() {
		n = 15
	}
	const bound = 3
	loops := gen.Small
	loops.SpawnLoop = true
	safe, unsafe := 0, 0
	for _, c := range []struct {
		cfg      gen.Config
		readings []bp.Reading
	}{{gen.Small, []bp.Reading{bp.Blocking}}, {loops, []bp.Reading{bp.Blocking}}, {gen.SmallBroadcast, []bp.Reading{bp.Blocking, bp.Monotone}}} {
		for seed := int64(1); seed <= n; seed++ {
			src := gen.Program(seed, c.cfg)
			p, err := bp.Load("t.bp", []byte(src))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for _, reading := range c.readings {
				r, _ := explicit.Search(context.Background(), p, explicit.Options{Broadcast: reading}, bound)
				if r.Verdict == engine.Unknown || r.BoundHit {
					continue
				}
				_, err := exhaust(context.Background(), p, Options{Broadcast: reading}, bound, 1<<20)
				switch {
				case errors.Is(err, errOverBudget):
					continue
				case r.Verdict == engine.Safe && err != nil:
					t.Fatalf("seed %d (%v): the engine says safe, the judge's search: %v\n%s", seed, reading, err, src)
				case r.Verdict == engine.Unsafe && err == nil:
					t.Fatalf("seed %d (%v): the engine finds a bug, the judge's search none\n%s", seed, reading, src)
				case r.Verdict == engine.Safe:
					safe++
				default:
					unsafe++
				}
			}
		}
	}
	t.Logf("%d safe and %d unsafe answers compared", safe, unsafe)
	if safe < 10 || unsafe < 10 {
		t.Errorf("too little compared: %d safe, %d unsafe", safe, unsafe)
	}
}
