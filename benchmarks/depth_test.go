package benchmarks

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// TestDepthVerdicts checks small instances of the depth family with the
// explicit engine: safe without the bug, unsafe with it, and the bug is
// only reached at the end of the chain (the shortest counterexample goes
// round the loop v+1 times and fails at the next check).
func TestDepthVerdicts(t *testing.T) {
	for v := 2; v <= 6; v++ {
		for _, bug := range []bool{false, true} {
			src := Depth(v, bug)
			p, err := bp.Load("depth.bp", []byte(src))
			require.NoError(t, err, src)
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
			require.NoError(t, err)
			if !bug {
				assert.Equal(t, bopgo.Safe, res.Verdict, "v=%d: %s", v, res.Reason)
				continue
			}
			require.Equal(t, bopgo.Unsafe, res.Verdict, "v=%d bug: %s", v, res.Reason)
			require.NotNil(t, res.Trace)
			// The explicit engine searches breadth-first: its trace is a
			// shortest one. Count the trips: passes through the assertion.
			trips := 0
			for _, s := range res.Trace.Exec.Steps {
				if p.Procs[s.Proc].Steps[s.PC].Kind == bp.Assert {
					trips++
				}
			}
			assert.Equal(t, interp.AssertionFails, res.Trace.Exec.Kind)
			assert.Equal(t, v+2, trips, "v=%d: the failing check is the one after v+1 trips", v)
		}
	}
}
