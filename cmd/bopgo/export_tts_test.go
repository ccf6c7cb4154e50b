package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/conformance"
)

// A program exported as a thread-transition system and decided by bopgo
// tts (one thread at the start, the target in the .prop file) gets the
// program's expected verdict: the export is the program, for any number
// of threads, and bfc or mist can be run on the same file.
func TestExportTTSRoundTrip(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	dir := t.TempDir()
	for _, c := range cases {
		out := filepath.Join(dir, c.Dir+".tts")
		args := []string{"export", "--format", "tts", "-o", out, c.Path(conformanceDir)}
		if c.Label != "" {
			args = append(args, "-l", c.Label)
		}
		code, _, errOut := runCmd(args...)
		if c.Dir == "Fixpoint2" {
			// 30 globals: each thread state would get 2^30 rules.
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errOut, "at most 14 globals")
			continue
		}
		require.Equal(t, 0, code, "%s: %s", c.Dir, errOut)
		code, stdout, errOut := runCmd("tts", "--init", "0|0", out)
		want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}[c.Expected]
		assert.Equal(t, want, code, "%s: %s%s", c.Dir, stdout, errOut)
	}
}

// TestExportRefusesRecursion: the exports keep a thread's state as one
// frame; a program with recursive functions is refused, as bad input.
func TestExportRefusesRecursion(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"promela", "aiger", "tts"} {
		code, _, errOut := runCmd("export", "--format", format, "testdata/satabs/Recursion1-partial.bp")
		assert.Equal(t, exitBadInput, code, format)
		assert.Contains(t, errOut, "recursive functions are not supported", format)
	}
}
