package symbolic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// TestReparameterisedDepth: on both shapes of the depth family (whose
// states grow with the path) the engine with and without
// re-parameterisation agrees with the explicit engine, and the
// counterexamples of the bug variant, which go through re-parameterised
// states, replay.
func TestReparameterisedDepth(t *testing.T) {
	t.Parallel()
	for k, src := range []func(int, bool) string{benchmarks.Depth, benchmarks.DepthSequential} {
		checkDepthShape(t, k, src)
	}
}

func checkDepthShape(t *testing.T, shape int, src func(int, bool) string) {
	for v := 2; v <= 7; v++ {
		for _, bug := range []bool{false, true} {
			p, err := bp.Load("depth.bp", []byte(src(v, bug)))
			require.NoError(t, err)
			want := explicitAnswer(t, p)
			for _, opts := range []Options{{}, {PlainStates: true}, {IncrementalSAT: true}, {NoPOR: true}} {
				got := check(t, p, opts)
				require.Equal(t, want.Verdict, got.Verdict, "shape %d v=%d bug=%v %+v: %s", shape, v, bug, opts, got.Reason)
				if opts.PlainStates {
					assert.Zero(t, got.Counters.Int("reparameterised_states"))
				} else if v >= 4 {
					assert.Positive(t, got.Counters.Int("reparameterised_states"), "shape %d v=%d bug=%v: the states grow with the path", shape, v, bug)
				}
				if got.Verdict == engine.Unsafe {
					assert.Equal(t, len(want.Counterexample().Steps), len(got.Counterexample().Steps), "shape %d v=%d %+v: both searches are breadth-first", shape, v, opts)
				}
			}
		}
	}
}
