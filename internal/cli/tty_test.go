package cli

import (
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNullIsNoTerminal: /dev/null is a character device, but no
// terminal, and neither is a file.
func TestNullIsNoTerminal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("terminals are told apart from other devices on Linux only")
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, IsTerminal(null))
	f, err := os.CreateTemp(t.TempDir(), "out")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, IsTerminal(f))
}
