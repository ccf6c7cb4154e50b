package symbolic

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/engine"
)

// TestSubsumptionCache: on ijit's Boop, where most subsumption queries
// repeat an earlier one over other inputs, the engine answers them from
// its cache, and still finds the bug (its trace replays).
func TestSubsumptionCache(t *testing.T) {
	t.Parallel()
	p := loadFile(t, "../../benchmarks/corpus/ijit/examples/ase16.bm.set1/15_Boop/satabs.3.bp")
	res := check(t, p, Options{})
	assert.Equal(t, engine.Unsafe, res.Verdict, res.Reason)
	assert.Greater(t, res.Counters.Int("qbf_cached"), res.Counters.Int("qbf_calls"), "most queries repeat")
}
