package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// --rounds K deepens, with the explicit engine and IC3: each bound
// without a bug is said with --progress as it ends, the first bug ends
// the check, and the last bound's answer is the check's.
func TestRoundsDeepening(t *testing.T) {
	t.Parallel()
	const two = "../../testdata/rounds/two.bp"
	for engine, within := range map[string]string{"explicit": "round bound reached: no bug within 1 round", "ic3": "no bug within 1 round"} {
		code, out, errOut := runCmd("check", "--engine", engine, "--progress", "--rounds", "3", two)
		assert.Equal(t, exitUnsafe, code, engine)
		assert.Equal(t, lineUnsafe, lastLine(out), engine)
		assert.Contains(t, errOut, "bopgo: no bug within 1 round (", engine)
		assert.NotContains(t, errOut, "within 2 rounds", "%s: the bug is within 2", engine)

		code, out, errOut = runCmd("check", "--engine", engine, "--rounds", "1", two)
		assert.Equal(t, exitUnknown, code, engine)
		assert.Contains(t, out, within, engine)
		assert.NotContains(t, errOut, "no bug within", "%s: no progress asked", engine)
	}
}

// --rounds is refused with --contexts, with an engine that ignores it,
// and negative.
func TestRoundsMistakes(t *testing.T) {
	t.Parallel()
	const two = "../../testdata/rounds/two.bp"
	for _, args := range [][]string{
		{"--rounds", "2", "--contexts", "2"},
		{"--rounds", "2", "--engine", "symbolic"},
		{"--contexts", "2", "--engine", "counter"},
		{"--rounds", "-1"},
		{"--contexts", "-1"},
	} {
		code, out, errOut := runCmd(append(append([]string{"check"}, args...), two)...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.NotEmpty(t, errOut, "%v", args)
	}
	_, _, errOut := runCmd("check", "--rounds", "2", "--engine", "symbolic", two)
	assert.Contains(t, errOut, "not of symbolic")
}

// --contexts on the circuit: IC3 says "no bug" in its words; BMC,
// which never proves, runs at K at once and finds the bug.
func TestContextsCircuitEngines(t *testing.T) {
	t.Parallel()
	const two = "../../testdata/rounds/two.bp"
	code, out, _ := runCmd("check", "--engine", "ic3", "--contexts", "1", two)
	assert.Equal(t, exitUnknown, code)
	assert.Contains(t, out, "no bug with up to 1 context switches")

	code, _, errOut := runCmd("check", "--engine", "bmc", "--progress", "--contexts", "3", two)
	assert.Equal(t, exitUnsafe, code)
	assert.NotContains(t, errOut, "no bug with", "BMC does not deepen")
}

// The timeout is the whole deepening's, not each bound's.
func TestRoundsTimeout(t *testing.T) {
	t.Parallel()
	wide := "../../benchmarks/families/wideparity/wideparity-v16-safe.bp"
	start := time.Now()
	limit := shortTimeout()
	code, out, _ := runCmd("check", "--engine", "explicit", "--timeout", limit, "--rounds", "50", wide)
	assert.Equal(t, exitUnknown, code)
	assert.Contains(t, out, "timeout after "+limit)
	assert.Less(t, time.Since(start), 10*time.Second, "the limit was not honoured")
}
