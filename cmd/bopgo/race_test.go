package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRaceReport: the default's JSON lists each raced engine with its
// share, time on a core and outcome, the answering engine as the one
// that won; --stats prints the same as text.
func TestRaceReport(t *testing.T) {
	file := conformanceDir + "/Taken1/main.bp"
	code, out, errOut := runCmd("check", "--json", file)
	require.Equal(t, exitUnsafe, code, errOut)
	var res jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.NotEmpty(t, res.Race)
	won := 0
	for _, e := range res.Race {
		assert.GreaterOrEqual(t, e.CoreSeconds, 0.0, e.Engine)
		assert.Positive(t, e.Share, e.Engine)
		if e.Outcome == "won" {
			won++
			assert.Equal(t, res.Engine, e.Engine)
		}
	}
	assert.Equal(t, 1, won, out)

	code, out, _ = runCmd("check", "--stats", file)
	require.Equal(t, exitUnsafe, code)
	_, race, ok := strings.Cut(out, "race (share, time on a core, outcome):\n")
	require.True(t, ok, out)
	assert.Contains(t, race, "s, won\n")

	// An engine run alone is no race.
	code, out, _ = runCmd("check", "--json", "--engine", "explicit", file)
	require.Equal(t, exitUnsafe, code)
	var alone jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &alone))
	assert.Empty(t, alone.Race)
}
