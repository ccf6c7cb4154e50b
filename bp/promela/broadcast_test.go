package promela

import (
	"bytes"
	"context"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/internal/spin"
)

// spinVerdict exports p under opts and runs SPIN on it.
func spinVerdict(t *testing.T, p *bp.Program, opts Options) (string, string) {
	t.Helper()
	var model bytes.Buffer
	require.NoError(t, Write(&model, p, opts))
	got, err := spin.Check(context.Background(), model.Bytes(), spin.Options{MaxMemory: 64 << 20, QuickCompile: true})
	require.NoError(t, err, model.String())
	return got.Verdict.String(), model.String()
}

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
				got, model := spinVerdict(t, p, Options{MaxThreads: 3, Broadcast: reading})
				assert.Equal(t, want, got, "%s (%v)\n%s", c.Name, reading, model)
			})
		}
	}
}

// TestSpinBroadcastAgreesWithInterp: random programs with broadcasts, SPIN
// against bp/interp, under both readings.
func TestSpinBroadcastAgreesWithInterp(t *testing.T) {
	needSpin(t)
	eachSpinSeed(t, func(t *testing.T, seed int64) {
		src := gen.Program(seed, gen.SmallBroadcast)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			want, why := explicitVerdict(p, explicit.Options{Broadcast: reading}, 3)
			got, model := spinVerdict(t, p, Options{MaxThreads: 3, Broadcast: reading})
			if got != want.String() {
				t.Fatalf("seed %d (%v): SPIN says %v, the explicit engine says %v (%s)\n%s\n%s", seed, reading, got, want, why, src, model)
			}
		}
	})
}
