package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestReparameterisedDepth: on the depth family (whose states grow with
// the path) the symbolic engine with and without re-parameterisation
// agrees with the explicit engine, and the counterexamples of the bug
// variant, which go through re-parameterised states, replay.
func TestReparameterisedDepth(t *testing.T) {
	for v := 2; v <= 7; v++ {
		for _, bug := range []bool{false, true} {
			p, err := bp.Load("depth.bp", []byte(benchmarks.Depth(v, bug)))
			require.NoError(t, err)
			want, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
			require.NoError(t, err)
			for _, plain := range []bool{false, true} {
				got, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic, PlainStates: plain})
				require.NoError(t, err)
				require.Equal(t, want.Verdict, got.Verdict, "v=%d bug=%v plain=%v: %s", v, bug, plain, got.Reason)
				if got.Verdict == bopgo.Unsafe {
					assert.NoError(t, interp.Replay(p, interp.Options{}, got.Trace.Exec), "v=%d plain=%v", v, plain)
					assert.Equal(t, len(want.Trace.Exec.Steps), len(got.Trace.Exec.Steps), "v=%d plain=%v: both searches are breadth-first", v, plain)
				}
			}
		}
	}
}

// TestPlainStatesAgree runs random programs with and without
// re-parameterisation: the verdicts agree and every counterexample
// replays.
func TestPlainStatesAgree(t *testing.T) {
	n := seeds(100)
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.Small)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		var verdicts [2]bopgo.Verdict
		for k, plain := range []bool{false, true} {
			opts := bopgo.Options{Engine: bopgo.Symbolic, MaxThreads: 3, MaxStates: 600, PlainStates: plain}
			got, err := bopgo.Check(context.Background(), p, opts)
			require.NoError(t, err, "seed %d plain=%v", seed, plain)
			verdicts[k] = got.Verdict
			if got.Verdict == bopgo.Unsafe {
				require.NoError(t, interp.Replay(p, interp.Options{}, got.Trace.Exec), "seed %d plain=%v\n%s", seed, plain, src)
			}
		}
		if verdicts[0] != bopgo.Unknown && verdicts[1] != bopgo.Unknown {
			require.Equal(t, verdicts[1], verdicts[0], "seed %d: re-parameterised vs plain\n%s", seed, src)
		}
	}
}
