package htmltrace

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func source(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return src
}

// TestLabelRow: a label reached after the last step is a row of its own,
// the failing one, with the state after the last step.
func TestLabelRow(t *testing.T) {
	r := readResult(t, "getafix.json")
	d := build(r, nil)
	require.Len(t, d.Steps, len(r.Trace)+1)
	row := d.Steps[d.Fail]
	assert.Equal(t, len(r.Trace), d.Fail)
	assert.True(t, row.Reached)
	assert.Equal(t, "SLIC_ERROR: skip", row.Text)
	assert.Equal(t, r.Violation.Line, row.Line)
	assert.Equal(t, map[string]bool{"a": true, "atomic": false, "c": false}, rebuild(d, d.Fail)[-1], "the globals after the last step")

	d = build(readResult(t, "race.json"), nil)
	assert.Equal(t, len(d.Steps)-1, d.Fail, "a failing assertion is the last step")
}

// TestGetafixLanes: lanes named by their functions, the translation's
// steps marked, the shading only where the program's atomic holds.
func TestGetafixLanes(t *testing.T) {
	d := build(readResult(t, "getafix.json"), nil)
	var tags []string
	for _, th := range d.Threads {
		tags = append(tags, th.Tag)
	}
	assert.Equal(t, []string{"init", "main", "thread1"}, tags)
	var synthetic, atomic []string
	for _, s := range d.Steps {
		if s.Synthetic {
			synthetic = append(synthetic, s.Text)
		}
		if s.Atomic {
			atomic = append(atomic, s.Text)
		}
	}
	assert.Contains(t, synthetic, "resume")
	assert.Contains(t, synthetic, "the threads run")
	assert.NotContains(t, synthetic, "start main", "a start draws its thread's arrow")
	assert.Empty(t, atomic, "c is F: main never sets atomic")
}

// TestFrames: a recursive trace's rows have their depth, the frames
// under the running one with their locals, calls with the parameters
// bound and returns with what the caller gets.
func TestFrames(t *testing.T) {
	r := readResult(t, "recurse.json")
	d := build(r, source(t, "recurse.bp"))
	name := func(vs [][2]int) map[string]int {
		m := map[string]int{}
		for _, v := range vs {
			m[d.Names[v[0]]] = v[1]
		}
		return m
	}
	deepest := 0
	for i, s := range d.Steps {
		assert.Equal(t, len(r.Trace[min(i, len(r.Trace)-1)].Calls), s.Depth, "step %d", i)
		if s.Depth > d.Steps[deepest].Depth {
			deepest = i
		}
	}
	fs := d.Steps[deepest].Frames
	require.Len(t, fs, 5)
	assert.Equal(t, frame{Func: "main", Values: fs[0].Values}, fs[0])
	assert.Equal(t, map[string]int{"main::x": 0}, name(fs[0].Values))
	assert.Equal(t, map[string]int{"f::d0": 0, "f::d1": 1, "f::r": 1}, name(fs[3].Values))
	assert.Nil(t, fs[4].Values, "the running frame's values are the step's")
	call := d.Steps[deepest-1].Call
	require.NotNil(t, call)
	assert.Equal(t, map[string]int{"f::d0": 1, "f::d1": 1}, name(call.Values), "the parameters only")
	back := d.Steps[len(r.Trace)-2].Return
	require.NotNil(t, back)
	assert.Equal(t, "main", back.Func)
	assert.Equal(t, map[string]int{"main::x": 1}, name(back.Values))
}

// The flag is Getafix's first declared global, whatever its name, and
// comments before it are not declarations.
func TestGetafixFlagIsTheFirstGlobal(t *testing.T) {
	t.Parallel()
	src := []string{"/// a decl in a comment: decl x;", "/* decl y; */", "decl", "    super_atomic, // decl z", "    atomic;", "void init() begin decl at; end"}
	if got := getafixFlag(src); got != "super_atomic" {
		t.Errorf("getafixFlag = %q, want super_atomic", got)
	}
	if got := getafixFlag(nil); got != "atomic" {
		t.Errorf("getafixFlag without a source = %q, want atomic", got)
	}
}

// TestChoices: a row keeps the value each * of its statement took, in
// source order, a schoose flagged (choices.json: check --json --html
// --engine explicit of cmd/bopgo/testdata/choices.bp).
func TestChoices(t *testing.T) {
	d := build(readResult(t, "choices.json"), source(t, "choices.bp"))
	by := map[string][][4]int{}
	for _, s := range d.Steps {
		by[s.Text] = s.Choices
	}
	assert.Equal(t, [][4]int{{7, 12, 1, 0}}, by["x := y & *"], "x := y & * sets x: its * is 1")
	assert.Equal(t, [][4]int{{9, 7, 0, 0}}, by["if (*)"], "the else branch: its * is 0")
	assert.Equal(t, [][4]int{{12, 10, 1, choiceSchoose}}, by["z := schoose[F, F]"])
	assert.Nil(t, by["x, y, z := F, T, F"])
}
