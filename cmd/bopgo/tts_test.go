package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const ttsRegression = "../../tts/cover/testdata/bfc-regression"

// TestTTS: bfc's verdict lines and bopgo's exit statuses, the .prop file
// next to the .tts as the default target, --init, and bad input.
func TestTTS(t *testing.T) {
	t.Parallel()
	file := ttsRegression + "/spawn_vf_01/main.tts" // target 2|1,2 from main.prop
	code, out, errOut := runCmd("tts", "--trace", file)
	require.Equal(t, exitUnsafe, code, errOut)
	assert.Contains(t, out, "threads: 2\n")
	assert.Contains(t, out, "start 0|0\n") // one thread moves, then spawns
	assert.Regexp(t, "VERIFICATION FAILED\n$", out)

	code, out, _ = runCmd("tts", "--target", "2|1,1", file)
	assert.Equal(t, exitSafe, code, out)
	assert.Regexp(t, "VERIFICATION SUCCESSFUL\n$", out)

	// Shared state 0 is left once, so there is one spawn at most.
	code, out, _ = runCmd("tts", "--init", "0|0", "--target", "2|2,2", "--algorithm", "plain", file)
	assert.Equal(t, exitSafe, code, out)
	code, out, _ = runCmd("tts", "--init", "0|0", file)
	assert.Equal(t, exitUnsafe, code, out)

	code, out, _ = runCmd("tts", "--timeout", "1ns", "--forward-budget", "-1", ttsRegression+"/mesh2x2_vs/main.tts")
	assert.Equal(t, exitUnknown, code, out)
	assert.Regexp(t, "VERIFICATION UNKNOWN\n$", out)

	code, out, _ = runCmd("tts", "--max-elements", "10", "--forward-budget", "-1", ttsRegression+"/mesh2x2_vs/main.tts")
	assert.Equal(t, exitUnknown, code, out)
	assert.Contains(t, out, "limit of 10 elements")

	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tts")
	require.NoError(t, os.WriteFile(bad, []byte("2 2\n0 0 => 1 1\n"), 0o644))
	code, _, errOut = runCmd("tts", "--target", "1|1", bad)
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "bad.tts:2:5:")
	code, _, errOut = runCmd("tts", file+".missing")
	assert.Equal(t, exitBadInput, code, errOut)
	noProp := filepath.Join(dir, "np.tts")
	require.NoError(t, os.WriteFile(noProp, []byte("2 2\n0 0 -> 1 1\n"), 0o644))
	code, _, errOut = runCmd("tts", noProp)
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "np.prop")
	code, _, _ = runCmd("tts", "--init", "x", file)
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCmd("tts")
	assert.Equal(t, exitUsage, code)
}
