package main

import (
	"encoding/json"
	"os"
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
		t.Skip("SPIN tests skipped with -short (they compile pan with gcc): run without -short")
	}
	if err := spin.Available(); err != nil {
		t.Skipf("SPIN tests skipped: %v (apt-get install spin gcc, as .ci/run does)", err)
	}
	spinQuickCompile = true
}

// spinConformance are the conformance programs TestSpinConformance runs
// by default, one of each kind: sequential, a label property, threads
// with a bug, a label with POR (SLAM's), and a safe threaded program of
// SLAM's. Each compiles pan (0.6 s of gcc); BOPGO_SPIN_ALL=1 runs all 37
// (25 s of CPU). engine/spin checks more of them engine by engine, and
// bp/promela random programs.
var spinConformance = map[string]bool{"Simple1": true, "Reachability1": true, "Threads1": true, "Threads6": true, "p-conc": true}

// TestSpinConformance: SPIN, on the Promela export, gives conformance
// programs their expected verdicts, and the explicit engine's; an
// Unsafe comes with a trace (replayed by bopgo.Check, else the exit
// status would be 3) and is not marked unchecked, a Safe is. One pan
// compilation per program (two when the thread bound is hit), run in
// parallel.
func TestSpinConformance(t *testing.T) {
	needSpin(t)
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}
	all := os.Getenv("BOPGO_SPIN_ALL") != ""
	for _, c := range cases {
		if !all && !spinConformance[c.Dir] {
			continue
		}
		t.Run(c.Dir, func(t *testing.T) {
			t.Parallel()
			args := []string{"spin", "--json", "--max-memory", "256MB", c.Path(conformanceDir)}
			explicit := []string{"check", "--engine", "explicit", "--json", c.Path(conformanceDir)}
			if c.Label != "" {
				args = append(args, "-l", c.Label)
				explicit = append(explicit, "-l", c.Label)
			}
			code, out, errOut := runCmd(args...)
			require.Equal(t, want[c.Expected], code, "%v\n%s%s", args, out, errOut)
			ecode, _, _ := runCmd(explicit...)
			assert.Equal(t, ecode, code, "the explicit engine's verdict")
			var res jsonResult
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			if code == exitUnsafe {
				assert.NotEmpty(t, res.Trace, "SPIN's trail, mapped and replayed")
				assert.False(t, res.Unchecked)
			} else {
				assert.Empty(t, res.Trace)
				// SPIN's Safe has no certificate; the root's own answer
				// (no assertion reachable) runs no pan and is checked.
				assert.Equal(t, res.Stats.get("pan_runs") > 0, res.Unchecked, res.Reason)
			}
		})
	}
}

// TestSpinOutput: the JSON, the statistics and an Unknown of bopgo spin;
// one pan compilation each, in parallel.
func TestSpinOutput(t *testing.T) {
	needSpin(t)
	t.Run("json", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runCmd("spin", "--json", "--max-memory", "256MB", "testdata/race.bp")
		require.Equal(t, exitUnsafe, code, errOut)
		var res jsonResult
		require.NoError(t, json.Unmarshal([]byte(out), &res))
		assert.Equal(t, 1, res.Version)
		assert.Equal(t, "unsafe", res.Verdict)
		assert.Equal(t, "spin", res.Engine)
		assert.Equal(t, "assertions hold", res.Property)
		assert.Positive(t, res.Stats.get("states"))
		assert.NotEmpty(t, res.Trace, "SPIN's trail as a trace, replayed")
		assert.NotNil(t, res.Violation)
		assert.False(t, res.Unchecked, "so the answer is checked")
	})
	t.Run("safe json", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runCmd("spin", "--json", "--max-memory", "256MB", "testdata/locked.bp")
		require.Equal(t, exitSafe, code, errOut)
		var res jsonResult
		require.NoError(t, json.Unmarshal([]byte(out), &res))
		assert.True(t, res.Unchecked, "SPIN's Safe: pan gives no certificate")
	})
	t.Run("stats", func(t *testing.T) {
		t.Parallel()
		code, out, _ := runCmd("spin", "--stats", "--max-memory", "256MB", "testdata/locked.bp")
		assert.Equal(t, exitSafe, code)
		assert.Contains(t, out, "engine: spin\n")
		assert.Contains(t, out, "pan runs: 1\n")
		assert.Equal(t, lineSafe, lastLine(out))
	})
	t.Run("thread bound", func(t *testing.T) {
		t.Parallel()
		// The thread bound is reached and no bug is found with one thread.
		code, out, _ := runCmd("spin", "--max-threads", "1", "--max-memory", "256MB", "testdata/race.bp")
		assert.Equal(t, exitUnknown, code)
		assert.Contains(t, out, "thread bound reached")
	})
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
