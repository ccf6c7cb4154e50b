package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
)

// TestSubsumptionCache: on ijit's Boop, where most subsumption queries
// repeat an earlier one over other inputs, the symbolic engine answers
// them from its cache, and still finds the bug (its trace replays).
func TestSubsumptionCache(t *testing.T) {
	t.Parallel()
	p := loadFile(t, "benchmarks/corpus/ijit/examples/ase16.bm.set1/15_Boop/satabs.3.bp")
	opts := bopgo.Options{Engine: bopgo.Symbolic}
	res, err := bopgo.Check(context.Background(), p, opts)
	require.NoError(t, err)
	assert.Equal(t, bopgo.Unsafe, res.Verdict, res.Reason)
	assert.Greater(t, res.Counters.Int("qbf_cached"), res.Counters.Int("qbf_calls"), "most queries repeat")
	replay(t, p, opts, res)
}
