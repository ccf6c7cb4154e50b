package cover

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/verdict"
)

// TestAccelerationProvesUnboundedSpawns: main spawns workers in a loop
// and each worker takes a lock that is never released while it is held
// by another. The Karp–Miller search alone proves it (its nodes are the
// certificate), with no backward element.
func TestAccelerationProvesUnboundedSpawns(t *testing.T) {
	t.Parallel()
	// shared 0 free, 1 held; local 0 main, 1 waiting worker, 2 critical.
	sys := mustSystem(t, "2 3\n0 0 +> 0 1\n1 0 +> 1 1\n0 1 -> 1 2\n1 2 -> 0 1\n")
	opts := Options{Init: state(t, "0|0"), Target: state(t, "1|2,2"), ForwardBudget: -1}
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict, res.Reason)
	assert.True(t, res.Stats.AcceleratedComplete)
	assert.Zero(t, res.Stats.Elements, "the backward search should not run")
	certCheckHook(t, sys, opts, res)
}

// TestBroadcastImageOverapproximates: the broadcast sends the one
// passive thread to local 2 or local 3, never both, but its image box
// holds both, so the Karp–Miller search covers the target falsely. The
// backward search then proves safety, pruned by the intersection of both
// invariants, and that intersection is the certificate's.
func TestBroadcastImageOverapproximates(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "1 4\n0 0 -> 0 0 1 ~> 2 1 ~> 3\n")
	opts := Options{Init: state(t, "0|0,1"), Target: state(t, "0|2,3"), ForwardBudget: -1}
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict, res.Reason)
	assert.True(t, res.Stats.AcceleratedComplete)
	assert.Positive(t, res.Stats.Elements, "the backward search decides")
	certCheckHook(t, sys, opts, res)
	for _, alg := range []Algorithm{Pruned, Plain} {
		opts.Algorithm = alg
		other, err := Check(t.Context(), sys, opts)
		require.NoError(t, err)
		assert.Equal(t, verdict.Safe, other.Verdict, alg.String())
	}
}

// TestMeet: the intersection of two boxes bounds each local by the
// smaller bound, "any number" above every number.
func TestMeet(t *testing.T) {
	t.Parallel()
	a := Box{Shared: 3, Bounds: []Bound{{1, -1}, {2, 1}, {5, 2}}}
	b := Box{Shared: 3, Bounds: []Bound{{1, 4}, {2, -1}, {7, 1}}, Others: -1}
	assert.Equal(t, Box{Shared: 3, Bounds: []Bound{{1, 4}, {2, 1}, {5, 2}}}, meet(a, b))
	assert.Equal(t, meet(a, b), meet(b, a))
}

// TestBackwardMeetsForward: with a forward budget too small to reach the
// bug, the backward search ends where a configuration the forward search
// did reach covers its element, and the two halves make one path.
func TestBackwardMeetsForward(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "2 3\n0 0 +> 0 1\n0 0 -> 1 2\n")
	opts := Options{Init: state(t, "0|0"), Target: state(t, "1|1,1,1"), ForwardBudget: 4, Algorithm: Pruned}
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict)
	assert.True(t, res.Stats.MetForward)
	assert.Equal(t, 4, res.Path.Threads)
	checkEvidence(t, sys, opts, res)
	certCheckHook(t, sys, opts, res)
}

// TestConcretizeAcceleratedPath: a spawn loop, and a bug that needs five
// workers in local 2 at once. The Karp–Miller path (the spawn repeated,
// the workers' step repeated) becomes a concrete run: multipliers are
// raised until the workers made suffice, and the path replays.
func TestConcretizeAcceleratedPath(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "2 3\n0 0 +> 0 1\n0 1 -> 0 2\n0 0 -> 1 0\n")
	opts := Options{Init: state(t, "0|0"), Target: state(t, "1|2,2,2,2,2"), ForwardBudget: -1}
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict)
	assert.True(t, res.Stats.Concretized)
	assert.GreaterOrEqual(t, res.Path.Threads, 6)
	checkEvidence(t, sys, opts, res)
	certCheckHook(t, sys, opts, res)
}
