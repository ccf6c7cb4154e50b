package cli

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseInterleaved(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	j := fs.Bool("json", false, "")
	n := fs.Int("n", 0, "")
	pos, err := ParseInterleaved(fs, []string{"a.bp", "--json", "-n", "3", "b.bp", "--", "--json"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a.bp", "b.bp", "--json"}, pos)
	assert.True(t, *j)
	assert.Equal(t, 3, *n)
	_, err = ParseInterleaved(fs, []string{"--nope"})
	assert.Error(t, err)
}
