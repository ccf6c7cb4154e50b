package race

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCollectNear: a limit becomes the runtime's soft memory limit, so
// that garbage does not count against the check, unless GOMEMLIMIT is
// set; no limit keeps the runtime's.
func TestCollectNear(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: it wins over the limit")
	}
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	CollectNear(0)
	assert.Equal(t, before, debug.SetMemoryLimit(-1), "no limit: the runtime's is kept")
	CollectNear(3 << 30)
	assert.Equal(t, int64(3<<30), debug.SetMemoryLimit(-1))
}

// TestOverShare: the engine stopped for memory is the one over its share
// that holds the most; the share is the budget over the engines still
// running, and an engine that makes no estimate is never over.
func TestOverShare(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		name   string
		budget uint64
		bytes  []int64
		live   []bool
		want   int
		share  uint64
	}{
		{"under the share", 400 * mib, []int64{90 * mib, 0, 0, 0}, []bool{true, true, true, true}, -1, 100 * mib},
		{"over the share", 400 * mib, []int64{110 * mib, 0, 0, 0}, []bool{true, true, true, true}, 0, 100 * mib},
		{"the others ended: a larger share", 400 * mib, []int64{110 * mib, 0, 0, 0}, []bool{true, false, true, false}, -1, 200 * mib},
		{"the largest of two over", 400 * mib, []int64{150 * mib, 0, 300 * mib, 0}, []bool{true, true, true, true}, 2, 100 * mib},
		{"an ended engine is not stopped", 400 * mib, []int64{0, 0, 300 * mib, 0}, []bool{true, true, false, true}, -1, 133 * mib},
		{"no budget", 0, []int64{300 * mib}, []bool{true}, -1, 0},
	} {
		got, share := overShare(c.budget, c.bytes, c.live)
		assert.Equal(t, c.want, got, c.name)
		assert.Equal(t, c.share/mib, share/mib, c.name)
	}
}

// TestLargestWhenFull: when the live heap passes nearlyFull percent of
// the budget, the running engine that counts the most memory is stopped,
// even under its share (the counts can be low); never the last one
// running, nor one that counts nothing.
func TestLargestWhenFull(t *testing.T) {
	const mib = 1 << 20
	all := []bool{true, true, true, true}
	for _, c := range []struct {
		name   string
		budget uint64
		heap   uint64
		bytes  []int64
		live   []bool
		want   int
	}{
		{"heap under", 1000 * mib, 790 * mib, []int64{100 * mib, 0, 200 * mib, 0}, all, -1},
		{"heap over: the largest count", 1000 * mib, 810 * mib, []int64{100 * mib, 0, 200 * mib, 0}, all, 2},
		{"an ended engine is not chosen", 1000 * mib, 900 * mib, []int64{100 * mib, 0, 200 * mib, 0}, []bool{true, true, false, true}, 0},
		{"the last one running is left to the process-wide limit", 1000 * mib, 900 * mib, []int64{100 * mib, 0, 0, 0}, []bool{true, false, false, false}, -1},
		{"none counts memory", 1000 * mib, 900 * mib, []int64{0, 0, 0, 0}, all, -1},
		{"no budget", 0, 900 * mib, []int64{100 * mib}, []bool{true, true}, -1},
	} {
		assert.Equal(t, c.want, largestWhenFull(c.budget, c.heap, c.bytes, c.live), c.name)
	}
}
