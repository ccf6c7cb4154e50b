package promela

import (
	"flag"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
)

var spinAll = flag.Bool("spin-all", false, "run every broadcast conformance program in SPIN (about 3 minutes)")

// TestSpinBroadcastConformance: SPIN on the export gives the verdict of
// the broadcast conformance programs under both readings: the two checks
// of DESIGN.md and those whose readings differ, or all with -spin-all
// (each run compiles pan: seconds).
func TestSpinBroadcastConformance(t *testing.T) {
	needSpin(t)
	for i, c := range conformance.Broadcasts {
		if !*spinAll && i >= 2 && c.Blocking == c.Monotone {
			continue
		}
		p, err := bp.Load("b.bp", []byte(c.Src))
		require.NoError(t, err)
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			want := c.Blocking
			if reading == bp.Monotone {
				want = c.Monotone
			}
			t.Run(c.Name+"/"+reading.String(), func(t *testing.T) {
				t.Parallel()
				got, model := spinCheck(t, c.Name, p, Options{MaxThreads: 3, Broadcast: reading})
				assert.Equal(t, want, got.Verdict.String(), "%s (%v): %s\n%s", c.Name, reading, got.Reason, model)
			})
		}
	}
}

// TestSpinBroadcastAgreesWithInterp: random programs with broadcasts, SPIN
// against the explicit engine, under both readings, every violation's
// trace replayed (spinCheck); SmallBroadcast's programs, and
// TinyBroadcast's with their threads started in loops (at bound 2, as in
// TestSpinAgreesWithInterp).
func TestSpinBroadcastAgreesWithInterp(t *testing.T) {
	needSpin(t)
	loops := gen.TinyBroadcast
	loops.SpawnLoop = true
	eachSpinSeed(t, func(t *testing.T, seed int64) {
		for _, c := range []struct {
			cfg   gen.Config
			bound int
		}{{gen.SmallBroadcast, 3}, {loops, 2}} {
			src := gen.Program(seed, c.cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "seed %d", seed)
			for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
				want, why := explicitVerdict(p, explicit.Options{Broadcast: reading}, c.bound)
				what := fmt.Sprintf("seed %d (%v, spawn loop %v)", seed, reading, c.cfg.SpawnLoop)
				got, model := spinCheck(t, what, p, Options{MaxThreads: c.bound, Broadcast: reading})
				requireAgree(t, what, got, want, why, src, model)
			}
		}
	})
}
