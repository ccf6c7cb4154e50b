package threads

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChunked(t *testing.T) {
	var c chunked[int]
	assert.Empty(t, c.flat())
	n := 2*chunkLen + 5
	for i := range n {
		c.add(i * 3)
	}
	require.Equal(t, n, c.len())
	for _, i := range []int{0, chunkLen - 1, chunkLen, 2 * chunkLen, n - 1} {
		assert.Equal(t, i*3, *c.at(i), "element %d", i)
	}
	*c.at(chunkLen) = -1 // at gives the element itself
	flat := c.flat()
	require.Len(t, flat, n)
	for i, x := range flat {
		want := i * 3
		if i == chunkLen {
			want = -1
		}
		require.Equal(t, want, x, "element %d", i)
	}
}
