package promela

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/spin"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

var writeReplays = flag.Bool("write-replays", false, "rewrite testdata/*.replay with pan's replays of the golden cases (needs spin and gcc)")

// replayed counts the SPIN counterexamples mapped and replayed by the
// tests of this package, for the log.
var replayed atomic.Int64

// spinCheck exports p under opts, runs SPIN on it and, when SPIN finds a
// violation, maps its trail to a trace of p (ReadTrace) and replays it
// with bp/interp: a trail that does not map, or a trace that does not
// replay, fails the test. It returns SPIN's result and the model.
func spinCheck(t *testing.T, what string, p *bp.Program, opts Options) (spin.Result, string) {
	t.Helper()
	var model bytes.Buffer
	require.NoError(t, Write(&model, p, opts), what)
	got, err := spin.Check(context.Background(), model.Bytes(), spin.Options{MaxMemory: 64 << 20, QuickCompile: true})
	require.NoError(t, err, "%s\n%s", what, model.String())
	if got.Verdict == spin.Unsafe {
		tr, err := ReadTrace(p, opts, got.Replay)
		require.NoError(t, err, "%s: SPIN's trail does not map\n%s\n%s", what, model.String(), got.Replay)
		err = judge.Replay(p, interp.Options{Label: opts.Label, Broadcast: opts.Broadcast}, tr)
		require.NoError(t, err, "%s: SPIN's trace does not replay\n%s\n%s", what, model.String(), got.Replay)
		replayed.Add(1)
	}
	return got, model.String()
}

// outOfMemory counts SPIN's runs that ended at the tests' memory budget.
var outOfMemory atomic.Int64

// requireAgree fails the test unless SPIN's verdict is the explicit
// engine's (want, why), or SPIN ran out of the tests' small memory
// budget (no verdict, counted: a process that ended keeps its pid while
// a later one lives, so programs that start threads in loops can fill
// SPIN's state space with them).
func requireAgree(t *testing.T, what string, got spin.Result, want engine.Verdict, why, src, model string) {
	t.Helper()
	if got.Verdict == spin.Unknown && got.Limit == verdict.Memory {
		outOfMemory.Add(1)
		t.Logf("%s: SPIN ran out of memory (the explicit engine says %v)", what, want)
		return
	}
	if got.Verdict.String() != want.String() {
		t.Fatalf("%s: SPIN says %v (%s), the explicit engine says %v (%s)\n%s\n%s", what, got.Verdict, got.Reason, want, why, src, model)
	}
}

// replayCases are the committed replays (testdata/NAME.replay: `pan -S`
// of pan 6.5.2 on the model Write makes of the file under the options),
// which the tests without SPIN read.
var replayCases = []struct {
	name, file string
	opts       Options
}{
	{"features", "testdata/features.bp", Options{MaxThreads: 3}},
	{"features-label", "testdata/features.bp", Options{MaxThreads: 3, Label: "ERROR", enumLimit: -1}},
	{"passive", "testdata/passive.bp", Options{MaxThreads: 3}},
}

// TestReadTrace: the committed replays map to traces that bp/interp
// replays, with SPIN's values.
func TestReadTrace(t *testing.T) {
	for _, c := range replayCases {
		p := load(t, c.file)
		path := filepath.Join("testdata", c.name+".replay")
		if *writeReplays {
			needSpin(t)
			var model bytes.Buffer
			require.NoError(t, Write(&model, p, c.opts))
			got, err := spin.Check(context.Background(), model.Bytes(), spin.Options{MaxMemory: 64 << 20, QuickCompile: true})
			require.NoError(t, err)
			require.Equal(t, spin.Unsafe, got.Verdict, c.name)
			require.NoError(t, os.WriteFile(path, got.Replay, 0o644))
		}
		out, err := os.ReadFile(path)
		require.NoError(t, err)
		tr, err := ReadTrace(p, c.opts, out)
		require.NoError(t, err, c.name)
		require.NoError(t, judge.Replay(p, interp.Options{Label: c.opts.Label, Broadcast: c.opts.Broadcast}, tr), c.name)
		if c.opts.Label != "" {
			assert.Equal(t, bp.LabelReached, tr.Kind)
		} else {
			assert.Equal(t, bp.AssertionFails, tr.Kind)
		}
	}
	// What the features trace shows: the values of the replay's lines.
	p := load(t, "testdata/features.bp")
	out, err := os.ReadFile("testdata/features.replay")
	require.NoError(t, err)
	tr, err := ReadTrace(p, replayCases[0].opts, out)
	require.NoError(t, err)
	require.Len(t, tr.Steps, 8, "seven steps and the failing assertion")
	last := tr.Steps[7]
	assert.Equal(t, []int{2, 0, 7}, []int{last.Thread, last.Proc, last.PC}, "the thread started by start_thread goto L fails")
	assert.Equal(t, []bool{true, true}, tr.Final.Globals)
	assert.Equal(t, []int{0, 1, 2}, []int{tr.Final.Threads[0].ID, tr.Final.Threads[1].ID, tr.Final.Threads[2].ID})
	assert.Equal(t, []bool{false, false, true}, tr.Steps[3].Before.Threads[0].Locals, "main's tl, y, z after its constrain")
}

// TestReadTraceRefuses: a replay that has been tampered with either does
// not read as a trace or gives a trace that bp/interp refuses; either
// way SPIN's answer would not leave (the root refuses it).
func TestReadTraceRefuses(t *testing.T) {
	p := load(t, "testdata/features.bp")
	opts := replayCases[0].opts
	src, err := os.ReadFile("testdata/features.replay")
	require.NoError(t, err)
	orig := string(src)
	cases := []struct {
		name     string
		edit     func(string) string
		readable bool // ReadTrace reads it; bp/interp must refuse it
	}{
		{"no violation", func(s string) string { return strings.Replace(s, "assertion violated", "trail ends", 1) }, false},
		{"no markers", func(s string) string { return strings.ReplaceAll(s, "@bp", "@xx") }, false},
		{"a step left out", func(s string) string { return strings.Replace(s, "@bp step 1 0 1 2 -1 l=000 g1=1\n", "", 1) }, false},
		{"another pid", func(s string) string { return strings.Replace(s, "@bp step 2 1 0 1", "@bp step 1 1 0 1", 1) }, false},
		{"a value too many", func(s string) string {
			return strings.Replace(s, "@bp step 2 1 0 1 -1 l=000", "@bp step 2 1 0 1 -1 l=0000", 1)
		}, false},
		{"no such global", func(s string) string { return strings.Replace(s, "g1=1", "g2=1", 1) }, false},
		{"a start left out", func(s string) string { return strings.Replace(s, "@bp start 2 1 0 l=000\n", "", 1) }, false},
		{"a global changed", func(s string) string {
			// h$1 := T
			return strings.Replace(s, "@bp step 1 0 1 2 -1 l=000 g1=1", "@bp step 1 0 1 2 -1 l=000 g1=0", 1)
		}, true},
		{"a global written that the step does not write", func(s string) string {
			// decl x in the worker writes no global
			return strings.Replace(s, "@bp step 2 1 0 1 -1 l=000", "@bp step 2 1 0 1 -1 l=000 g0=0", 1)
		}, true},
		{"a live local changed", func(s string) string {
			// main's y, z := *, * constrain 'y | 'z: neither may be 0
			return strings.Replace(s, "@bp step 1 0 2 3 -1 l=001", "@bp step 1 0 2 3 -1 l=000", 1)
		}, true},
		{"the holder changed", func(s string) string {
			return strings.Replace(s, "@bp step 2 1 1 2 -1 l=001", "@bp step 2 1 1 2 -1 l=001 h=3", 1)
		}, true},
	}
	for _, c := range cases {
		bad := c.edit(orig)
		require.NotEqual(t, orig, bad, "%s: the edit must change the replay", c.name)
		tr, err := ReadTrace(p, opts, []byte(bad))
		if !c.readable {
			assert.Error(t, err, c.name)
			continue
		}
		require.NoError(t, err, c.name)
		assert.Error(t, judge.Replay(p, interp.Options{}, tr), "%s: bp/interp must refuse the trace", c.name)
	}
	// The label's replay is not one of the assertions.
	lab, err := os.ReadFile("testdata/features-label.replay")
	require.NoError(t, err)
	_, err = ReadTrace(p, opts, lab)
	assert.Error(t, err, "a label replay read for the assertions")
	// The other outcome of the worker's `if *`, to the same pc.
	lopts := replayCases[1].opts
	bad := strings.Replace(string(lab), "@bp step 2 1 5 6 1", "@bp step 2 1 5 6 0", 1)
	require.NotEqual(t, string(lab), bad)
	tr, err := ReadTrace(p, lopts, []byte(bad))
	require.NoError(t, err)
	assert.Error(t, judge.Replay(p, interp.Options{Label: lopts.Label}, tr), "the wrong branch outcome")

	// A broadcast's passive write.
	pp := load(t, "testdata/passive.bp")
	popts := replayCases[2].opts
	pas, err := os.ReadFile("testdata/passive.replay")
	require.NoError(t, err)
	_, err = ReadTrace(pp, popts, []byte(strings.Replace(string(pas), "@bp passive 2 b=1", "@bp passive 1 b=1", 1)))
	assert.Error(t, err, "the active thread written as a passive one")
	tr, err = ReadTrace(pp, popts, []byte(strings.Replace(string(pas), "@bp passive 2 b=1", "@bp passive 2 b=0", 1)))
	require.NoError(t, err)
	assert.Error(t, judge.Replay(pp, interp.Options{}, tr), "the passive thread's x not written: its assertion holds")
}
