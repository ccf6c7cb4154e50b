package gen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

// TestBroadcastProgramsLoad: the broadcast profiles give valid programs,
// most of them with a broadcast.
func TestBroadcastProgramsLoad(t *testing.T) {
	t.Parallel()
	with := 0
	for seed := int64(1); seed <= 300; seed++ {
		for _, cfg := range []Config{SmallBroadcast, TinyBroadcast} {
			src := Program(seed, cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "seed %d:\n%s", seed, src)
			require.NoError(t, p.Validate(), "seed %d", seed)
			require.Len(t, p.Procs, 1, "seed %d: one thread template", seed)
			if p.HasBroadcasts() {
				with++
			}
		}
	}
	require.Greater(t, with, 400, "too few programs with broadcasts")
}
