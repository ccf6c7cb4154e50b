package benchmarks

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// TestDepthVerdicts checks small instances of both shapes of the depth
// family with the explicit engine: safe without the bug, unsafe with it,
// and the bug is only reached at the end of the chain.
func TestDepthVerdicts(t *testing.T) {
	t.Parallel()
	for v := 2; v <= 6; v++ {
		for _, bug := range []bool{false, true} {
			// The constrained update raises the last flag in trip v and
			// lowers f0 in trip v+1: the check after that fails.
			checkDepth(t, "Depth", Depth(v, bug), v, bug, v+2)
			// The sequential one lowers f0 in the trip the last flag
			// rises (f0's update comes last and reads it).
			checkDepth(t, "DepthSequential", DepthSequential(v, bug), v, bug, v+1)
		}
	}
}

// checkDepth checks one instance; checks is the number of assertion
// checks on the shortest counterexample, the failing one included.
func checkDepth(t *testing.T, shape, src string, v int, bug bool, checks int) {
	t.Helper()
	p, err := bp.Load("depth.bp", []byte(src))
	require.NoError(t, err, src)
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
	require.NoError(t, err)
	if !bug {
		assert.Equal(t, verdict.Safe, res.Verdict, "%s v=%d: %s", shape, v, res.Reason)
		return
	}
	require.Equal(t, verdict.Unsafe, res.Verdict, "%s v=%d bug: %s", shape, v, res.Reason)
	require.NotNil(t, res.Trace)
	// The explicit engine searches breadth-first: its trace is a shortest
	// one. Count the trips: passes through the assertion.
	trips := 0
	for _, s := range res.Trace.Exec.Steps {
		if p.Procs[s.Proc].Steps[s.PC].Kind == bp.Assert {
			trips++
		}
	}
	assert.Equal(t, bp.AssertionFails, res.Trace.Exec.Kind)
	assert.Equal(t, checks, trips, "%s v=%d: the failing check is number %d", shape, v, checks)
}
