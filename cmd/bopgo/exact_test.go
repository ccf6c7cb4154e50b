package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// localsAt returns the locals line of the first step of a text trace
// that executes the statement labelled label.
func localsAt(t *testing.T, out, label string) string {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, "["+label+"]") || strings.Contains(l, " "+label+"]") {
			for _, m := range lines[i+1:] {
				if strings.HasPrefix(m, "step ") {
					break
				}
				if strings.HasPrefix(m, "    locals:") {
					return strings.TrimSpace(m)
				}
			}
		}
	}
	t.Fatalf("no step at %s in\n%s", label, out)
	return ""
}

// check --exact-trace prints the values of one execution: after PC6's
// b2, b3 := *, * constrain ('b2 != 'b3), the worker's b3 (dead, since
// PC7 overwrites it) is the value PC6 assigned, not an arbitrary one.
// Not parallel: it compares the traces of two races, which other tests
// running beside them could let different engines win.
func TestCheckExactTrace(t *testing.T) {
	const path = "testdata/satabs_inlined.bp"
	// One engine for both runs: in the race the winner, and so the
	// counterexample's length, may differ from run to run.
	code, out, errOut := runName("bopgo", "check", "--engine", "explicit", "--exact-trace", path)
	require.Equal(t, exitUnsafe, code, errOut)
	assert.Empty(t, errOut)
	assert.Equal(t, "locals:  main::b2=0 main::b3=1", localsAt(t, out, "PC7"))
	assert.Equal(t, lineUnsafe, lastLine(out))

	// The same counterexample otherwise: only values differ.
	_, plain, _ := runName("bopgo", "check", "--engine", "explicit", path)
	assert.Equal(t, strings.Count(plain, "\nstep "), strings.Count(out, "\nstep "))
}
