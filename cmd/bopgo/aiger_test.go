package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/conformance"
)

// heavyCircuits are the conformance programs whose circuits take IC3
// seconds (SLAM's Peterson variants) or need 8 threads.
var heavyCircuits = map[string]bool{"Threads5": true, "n-peterson": true, "p-peterson": true}

// TestAIGERExportAgreesWithABC exports every conformance program as a
// circuit with 3 thread slots and decides it with ABC's pdr and with
// bopgo circuit (IC3): both must agree, and a safe program must be safe
// (suppressing a thread start removes behaviours, it adds none).
func TestAIGERExportAgreesWithABC(t *testing.T) {
	if testing.Short() {
		t.Skip("ABC agreement skipped with -short")
	}
	abc, err := exec.LookPath("berkeley-abc")
	if err != nil {
		t.Skip("berkeley-abc is not on PATH: ABC agreement not checked (apt-get install berkeley-abc)")
	}
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	dir := t.TempDir()
	n := 0
	for _, c := range cases {
		if heavyCircuits[c.Dir] {
			continue
		}
		aig := filepath.Join(dir, c.Dir+".aig")
		args := []string{"export", "--format", "aiger", "--max-threads", "3", "-o", aig, c.Path(conformanceDir)}
		if c.Label != "" {
			args = append(args, "-l", c.Label)
		}
		code, _, errOut := runCmd(args...)
		require.Equal(t, 0, code, "%s: %s", c.Dir, errOut)

		out, err := exec.Command(abc, "-c", "&r "+aig+"; &put; pdr").CombinedOutput()
		require.NoError(t, err, "%s: %s", c.Dir, out)
		var abcSafe bool
		switch {
		case strings.Contains(string(out), "Property proved"):
			abcSafe = true
		case strings.Contains(string(out), "was asserted in frame"):
		default:
			t.Fatalf("%s: ABC gave no verdict:\n%s", c.Dir, out)
		}
		code, stdout, errOut := runCmd("circuit", aig)
		require.Contains(t, []int{exitSafe, exitUnsafe}, code, "%s: %s%s", c.Dir, stdout, errOut)
		assert.Equal(t, abcSafe, code == exitSafe, "%s: ABC safe %v, bopgo circuit exit %d", c.Dir, abcSafe, code)
		if c.Expected == "safe" {
			assert.True(t, abcSafe, "%s is safe but its circuit is not", c.Dir)
		}
		n++
	}
	assert.GreaterOrEqual(t, n, 34)
}

func TestCircuitCommandErrors(t *testing.T) {
	code, _, errOut := runCmd("circuit", "--engine", "magic", "x.aig")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--engine must be")
	code, _, errOut = runCmd("circuit", filepath.Join(t.TempDir(), "missing.aig"))
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "missing.aig")
	code, _, errOut = runCmd("circuit", "../../testdata/boppo/Simple1/main.bp")
	assert.Equal(t, exitBadInput, code, "a Boolean program is not an AIGER file")
	assert.NotEmpty(t, errOut)
}
