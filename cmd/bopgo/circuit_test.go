package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCircuitEngines: --engine bmc|kind run from the command line, with
// the engine's name and depth in the JSON and --max-depth bounding BMC.
func TestCircuitEngines(t *testing.T) {
	t.Parallel()
	unsafeFile := conformanceDir + "/Taken1/main.bp"
	safeFile := conformanceDir + "/Arguments1/main.bp"
	for _, engine := range []string{"bmc", "kind"} {
		code, out, errOut := runCmd("check", "--json", "--engine", engine, unsafeFile)
		require.Equal(t, exitUnsafe, code, errOut)
		var res jsonResult
		require.NoError(t, json.Unmarshal([]byte(out), &res))
		assert.Equal(t, engine, res.Engine)
		assert.NotEmpty(t, res.Trace)
		assert.Positive(t, res.Stats.get("sat_calls"))
	}
	code, out, _ := runCmd("check", "--json", "--engine", "kind", safeFile)
	require.Equal(t, exitSafe, code, out)
	var res jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Contains(t, res.Reason, "inductive")
	code, out, _ = runCmd("check", "--json", "--engine", "bmc", "--max-depth", "5", safeFile)
	require.Equal(t, exitUnknown, code, out)
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, 5.0, res.Stats.get("depth"))
	code, _, _ = runCmd("check", "--engine", "bmc", "--max-depth", "-1", safeFile)
	assert.Equal(t, exitUsage, code)
}
