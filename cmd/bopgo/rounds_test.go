package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// --rounds K deepens: each bound without a bug is said with --progress
// as it ends, the first bug ends the check, and the last bound's answer
// is the check's.
func TestRoundsDeepening(t *testing.T) {
	t.Parallel()
	const two = "../../testdata/rounds/two.bp"
	code, out, errOut := runCmd("check", "--engine", "explicit", "--progress", "--rounds", "3", two)
	assert.Equal(t, exitUnsafe, code)
	assert.Equal(t, lineUnsafe, lastLine(out))
	assert.Contains(t, errOut, "bopgo: no bug within 1 round\n")
	assert.NotContains(t, errOut, "within 2 rounds", "the bug is within 2")

	code, out, errOut = runCmd("check", "--engine", "explicit", "--rounds", "1", two)
	assert.Equal(t, exitUnknown, code)
	assert.Contains(t, out, "round bound reached: no bug within 1 round")
	assert.NotContains(t, errOut, "no bug within", "no progress asked")
}

// --rounds is refused with --contexts, with an engine that ignores it,
// and negative.
func TestRoundsMistakes(t *testing.T) {
	t.Parallel()
	const two = "../../testdata/rounds/two.bp"
	for _, args := range [][]string{
		{"--rounds", "2", "--contexts", "2"},
		{"--rounds", "2", "--engine", "symbolic"},
		{"--rounds", "-1"},
	} {
		code, out, errOut := runCmd(append(append([]string{"check"}, args...), two)...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.NotEmpty(t, errOut, "%v", args)
	}
	_, _, errOut := runCmd("check", "--rounds", "2", "--engine", "ic3", two)
	assert.Contains(t, errOut, "not of ic3")
}

// The timeout is the whole deepening's, not each bound's.
func TestRoundsTimeout(t *testing.T) {
	t.Parallel()
	wide := "../../benchmarks/families/wideparity/wideparity-v16-safe.bp"
	start := time.Now()
	code, out, _ := runCmd("check", "--engine", "explicit", "--timeout", "300ms", "--rounds", "50", wide)
	assert.Equal(t, exitUnknown, code)
	assert.Contains(t, out, "timeout after 300ms")
	assert.Less(t, time.Since(start), 10*time.Second, "the limit was not honoured")
}
