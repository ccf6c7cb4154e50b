package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
// (suppressing a thread start removes behaviours, it adds none). The
// export with --overflow-bad, whose meaning only bopgo's own encoder
// otherwise checks, must get the same verdict from both too. ABC runs
// once on all the circuits: most of its time per circuit is starting up.
func TestAIGERExportAgreesWithABC(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("ABC agreement skipped with -short: run without -short")
	}
	abc, err := exec.LookPath("berkeley-abc")
	if err != nil {
		t.Skip("berkeley-abc is not on PATH: ABC agreement not checked (apt-get install berkeley-abc, as .ci/run does)")
	}
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	dir := t.TempDir()
	var exported []conformance.Case
	var script []string
	var overflow []string // the --overflow-bad exports, after the plain ones
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
		exported = append(exported, c)
		script = append(script, "&r "+aig, "&put", "pdr")
		over := filepath.Join(dir, c.Dir+"-overflow.aig")
		overArgs := append([]string{"export", "--overflow-bad"}, args[1:]...)
		overArgs[slices.Index(overArgs, aig)] = over
		code, _, errOut = runCmd(overArgs...)
		require.Equal(t, 0, code, "%s: %s", c.Dir, errOut)
		overflow = append(overflow, over)
	}
	for _, aig := range overflow {
		script = append(script, "&r "+aig, "&put", "pdr")
	}
	out, err := exec.Command(abc, "-c", strings.Join(script, "; ")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	verdicts := regexp.MustCompile(`Property proved|was asserted in frame`).FindAllString(string(out), -1)
	require.Len(t, verdicts, len(exported)+len(overflow), "ABC gives one verdict per circuit:\n%s", out)
	for i, c := range exported {
		abcSafe := verdicts[i] == "Property proved"
		code, stdout, errOut := runCmd("circuit", filepath.Join(dir, c.Dir+".aig"))
		require.Contains(t, []int{exitSafe, exitUnsafe}, code, "%s: %s%s", c.Dir, stdout, errOut)
		assert.Equal(t, abcSafe, code == exitSafe, "%s: ABC safe %v, bopgo circuit exit %d", c.Dir, abcSafe, code)
		if c.Expected == "safe" {
			assert.True(t, abcSafe, "%s is safe but its circuit is not", c.Dir)
		}
	}
	for i, aig := range overflow {
		abcSafe := verdicts[len(exported)+i] == "Property proved"
		code, stdout, errOut := runCmd("circuit", aig)
		require.Contains(t, []int{exitSafe, exitUnsafe}, code, "%s: %s%s", aig, stdout, errOut)
		assert.Equal(t, abcSafe, code == exitSafe, "%s: ABC safe %v, bopgo circuit exit %d", aig, abcSafe, code)
	}
	assert.GreaterOrEqual(t, len(exported), 34)
}

func TestCircuitCommandErrors(t *testing.T) {
	t.Parallel()
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

// With --overflow-bad a start that finds every slot busy is a bad state:
// a safe program that starts more threads than there are slots is safe
// on the plain circuit (the start suppressed) and unsafe on this one;
// with slots enough, both circuits are safe.
func TestExportOverflowBad(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "two.bp")
	prog := "decl g; void w() begin g := T; end void main() begin start_thread w(); start_thread w(); end"
	require.NoError(t, os.WriteFile(src, []byte(prog), 0o644))
	for _, c := range []struct {
		slots    string
		overflow bool
		want     int
	}{
		{"2", false, exitSafe},
		{"2", true, exitUnsafe},
		{"3", false, exitSafe},
		{"3", true, exitSafe},
	} {
		aig := filepath.Join(t.TempDir(), "two.aig")
		args := []string{"export", "--format", "aiger", "--max-threads", c.slots, "-o", aig, src}
		if c.overflow {
			args = append(args[:1], append([]string{"--overflow-bad"}, args[1:]...)...)
		}
		code, _, errOut := runCmd(args...)
		require.Equal(t, 0, code, "%s", errOut)
		code, out, errOut := runCmd("circuit", aig)
		assert.Equal(t, c.want, code, "%s slots, overflow bad %v: %s%s", c.slots, c.overflow, out, errOut)
	}
	code, _, errOut := runCmd("export", "--format", "promela", "--overflow-bad", src)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--overflow-bad is for --format aiger only")
}
