package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A label that no statement carries is a typo: check reports it as bad
// input (a refinement loop must not read it as a proof); boppo keeps
// BoPPo's answer.
func TestMissingLabel(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCmd("check", "testdata/label.bp", "-l", "NOWHERE")
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Equal(t, "testdata/label.bp: no statement is labelled NOWHERE\n", errOut)

	code, out, _ = runCmd("check", "--json", "testdata/label.bp", "-l", "NOWHERE")
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, out, `"verdict": "error"`)
	assert.Contains(t, out, "no statement is labelled NOWHERE")

	code, out, _ = runName("boppo", "-l", "NOWHERE", "testdata/label.bp")
	assert.Equal(t, 0, code)
	assert.Equal(t, lineSafe, lastLine(out))
}

// Help that the user asks for goes to stdout; a mistake is one line and a
// hint on stderr, not the whole flag list.
func TestHelpAndMistakes(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"check", "qbf", "boppo", "circuit", "export", "spin"} {
		code, out, errOut := runCmd(cmd, "-h")
		assert.Equal(t, 0, code, cmd)
		assert.Empty(t, errOut, cmd)
		assert.Contains(t, out, "usage:", cmd)
	}
	code, out, errOut := runCmd("check", "--max-threads", "many", "testdata/race.bp")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	assert.Len(t, lines, 2, errOut)
	assert.Contains(t, lines[0], `bopgo check: invalid value "many" for flag -max-threads`)
	assert.Equal(t, "run 'bopgo check -h' for usage", lines[1])

	code, _, errOut = runCmd("check", "--engine", "magic", "testdata/race.bp")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `unknown engine "magic"`)
}

// --engine's help is the engine table.
func TestEngineHelpReadsTheTable(t *testing.T) {
	t.Parallel()
	_, out, _ := runCmd("check", "-h")
	for _, e := range []string{"symbolic", "explicit", "ic3", "bmc", "kind", "auto"} {
		assert.Contains(t, out, e+" (", e)
	}
}

// --progress prints progress lines on stderr while a check runs (the
// test's stderr is not a terminal, so without the flag there are none);
// --progress-every sets how often. With the default bound of 8 threads
// the search of forever.bp ends in under a second, so the bound is
// raised; the second's limit leaves room for lines on a loaded machine.
func TestProgressLines(t *testing.T) {
	t.Parallel()
	_, _, errOut := runCmd("check", "testdata/race.bp")
	assert.NotContains(t, errOut, "states (")
	code, out, errOut := runCmd("check", "--progress-every", "100ms", "--engine", "explicit", "--max-threads", "30", "--timeout", "1s", "testdata/forever.bp")
	assert.Contains(t, []int{exitUnknown, exitSafe}, code, out)
	assert.Contains(t, errOut, "bopgo: explicit, ")
	assert.Regexp(t, `(?m)^bopgo: explicit, \d+ threads, [1-9]\d* states \(`, errOut, "states are counted as the search stores them")
	assert.GreaterOrEqual(t, strings.Count(errOut, " states ("), 2, "a line every 100 ms")
}

// --broadcast selects the reading: a passive thread that cannot take the
// step blocks it, or stays unchanged.
func TestBroadcastFlag(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "b.bp")
	require.NoError(t, os.WriteFile(path, []byte(`decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x := T; g := T constrain x$; assert(!g); end_thread;
W: assume(F); end_thread; end`), 0o644))
	code, _, errOut := runCmd("check", "--engine", "explicit", path)
	assert.Equal(t, exitSafe, code, errOut)
	code, _, errOut = runCmd("check", "--engine", "explicit", "--broadcast", "monotone", path)
	assert.Equal(t, exitUnsafe, code, errOut)
	code, _, errOut = runCmd("check", "--broadcast", "sometimes", path)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--broadcast must be blocking or monotone")
}
