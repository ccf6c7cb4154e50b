package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestByteSize(t *testing.T) {
	for in, want := range map[string]uint64{"512MB": 512e6, "2GiB": 2 << 30, "100": 100, "1.5G": 3 << 29, "64k": 64 << 10} {
		var b ByteSize
		require.NoError(t, b.Set(in), in)
		assert.Equal(t, want, uint64(b), in)
	}
	var b ByteSize
	assert.Error(t, b.Set("lots"))
}
