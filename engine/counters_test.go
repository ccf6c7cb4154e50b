package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Add sums amounts and durations, keeps the last level, and keeps the
// order of the first list, new names after it.
func TestCountersAdd(t *testing.T) {
	a := Counters{}.Count("states", 3).Level("depth", 4).Duration("sat_seconds", time.Second)
	b := Counters{}.Count("extra", 1).Level("depth", 2).Count("states", 5).Duration("sat_seconds", time.Second/2)
	sum := a.Add(b)
	assert.Equal(t, []string{"states", "depth", "sat_seconds", "extra"}, names(sum))
	assert.Equal(t, 8, sum.Int("states"))
	assert.Equal(t, 2, sum.Int("depth"))
	assert.Equal(t, 1500*time.Millisecond, sum.Time("sat_seconds"))
	assert.Equal(t, 3, a.Int("states"), "Add does not modify its receiver")
	assert.Zero(t, sum.Zero().Get("states"))
	assert.False(t, sum.Has("nothing"))
}

func names(cs Counters) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}
