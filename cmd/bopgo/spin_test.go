package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/spin"
)

func needSpin(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("SPIN tests skipped with -short (they compile pan with gcc)")
	}
	if err := spin.Available(); err != nil {
		t.Skipf("SPIN tests skipped: %v", err)
	}
	spinQuickCompile = true
}

// TestSpinConformance: SPIN, on the Promela export, gives every
// conformance program its expected verdict. One pan compilation per
// program (two when the thread bound is hit), run in parallel.
func TestSpinConformance(t *testing.T) {
	needSpin(t)
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}
	for _, c := range cases {
		t.Run(c.Dir, func(t *testing.T) {
			t.Parallel()
			args := []string{"spin", "--max-memory", "256MB", c.Path(conformanceDir)}
			if c.Label != "" {
				args = append(args, "-l", c.Label)
			}
			code, out, errOut := runCmd(args...)
			assert.Equal(t, want[c.Expected], code, "%v\n%s%s", args, out, errOut)
		})
	}
}

func TestSpinOutput(t *testing.T) {
	needSpin(t)
	code, out, errOut := runCmd("spin", "--json", "--max-memory", "256MB", "testdata/race.bp")
	require.Equal(t, exitUnsafe, code, errOut)
	var res jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, 1, res.Version)
	assert.Equal(t, "unsafe", res.Verdict)
	assert.Equal(t, "spin", res.Engine)
	assert.Equal(t, "assertions hold", res.Property)
	assert.Positive(t, res.Stats.get("states"))
	assert.Empty(t, res.Trace, "SPIN's answers have no trace")
	assert.True(t, res.Unchecked, "so they are not checked, and say so")

	code, out, _ = runCmd("spin", "--stats", "--max-memory", "256MB", "testdata/locked.bp")
	assert.Equal(t, exitSafe, code)
	assert.Contains(t, out, "engine: spin\n")
	assert.Contains(t, out, "pan runs: 1\n")
	assert.Equal(t, lineSafe, lastLine(out))

	// The thread bound is reached and no bug is found with one thread.
	code, out, _ = runCmd("spin", "--max-threads", "1", "--max-memory", "256MB", "testdata/race.bp")
	assert.Equal(t, exitUnknown, code)
	assert.Contains(t, out, "thread bound reached")
}

func TestSpinAndExportUsage(t *testing.T) {
	code, _, errOut := runCmd("spin", "--max-threads", "300", "testdata/race.bp")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--max-threads")

	code, out, errOut := runCmd("spin", "testdata/bad.bp")
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "testdata/bad.bp:3:8:")

	code, out, _ = runCmd("export", "--format", "aiger", "testdata/race.bp")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "aig "), "binary AIGER header")
	code, _, errOut = runCmd("export", "--format", "aiger", "--max-threads", "0", "testdata/race.bp")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--max-threads")
	code, _, _ = runCmd("export", "testdata/race.bp")
	assert.Equal(t, exitUsage, code, "--format is required")
	code, _, _ = runCmd("export", "--format", "promela", "testdata/bad.bp")
	assert.Equal(t, exitBadInput, code)

	code, out, _ = runCmd("export", "--format", "promela", "-l", "ERROR", "testdata/label.bp")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "assert(false)")
	assert.Contains(t, out, "Property: label ERROR is unreachable.")
}
