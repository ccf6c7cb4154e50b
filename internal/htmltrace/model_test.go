package htmltrace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readResult(t *testing.T, name string) *Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	r, err := Decode(data)
	require.NoError(t, err)
	return r
}

// rebuild applies the deltas of steps 0..i as the page's script does
// (stateAt in page.js).
func rebuild(d *data, i int) map[int]map[string]bool {
	st := map[int]map[string]bool{}
	for j := 0; j <= i; j++ {
		for _, e := range d.Steps[j].Delta {
			if st[e[0]] == nil {
				st[e[0]] = map[string]bool{}
			}
			if e[2] == removed {
				delete(st[e[0]], d.Names[e[1]])
			} else {
				st[e[0]][d.Names[e[1]]] = e[2] == 1
			}
		}
	}
	return st
}

// TestDeltasRebuildTheValues: the state the page rebuilds before each
// step has the step's own values (the globals and the running thread's
// locals), and, with an exact trace, the values a step changes are those
// the next step of each thread sees.
func TestDeltasRebuildTheValues(t *testing.T) {
	for _, name := range []string{"race.json", "bcast.json"} {
		r := readResult(t, name)
		d := build(r, nil)
		require.Len(t, d.Steps, len(r.Trace))
		for i, s := range r.Trace {
			st := rebuild(d, i)
			assert.Equal(t, orNil(s.Values.Globals), orNil(st[-1]), "%s step %d globals", name, i)
			assert.Equal(t, orNil(s.Values.Locals), orNil(st[s.Thread]), "%s step %d locals of thread %d", name, i, s.Thread)
			if i+1 < len(r.Trace) {
				after := rebuild(d, i+1)
				for _, c := range d.Steps[i].Changed {
					if c[0] == -1 || c[0] == r.Trace[i+1].Thread {
						assert.Equal(t, c[2] == 1, after[c[0]][d.Names[c[1]]], "%s step %d: %s", name, i, d.Names[c[1]])
					}
				}
			}
		}
	}
}

func TestLanes(t *testing.T) {
	d := build(readResult(t, "race.json"), nil)
	require.Len(t, d.Threads, 3)
	assert.Equal(t, thread{ID: 0, Name: "main", Tag: "T0", Creator: -1, Start: -1, End: -1, Steps: 5}, d.Threads[0])
	assert.Equal(t, "worker1", d.Threads[1].Name)
	assert.Equal(t, 0, d.Threads[1].Creator)
	assert.Equal(t, "start_thread worker1()", d.Steps[d.Threads[1].Start].Text)
	assert.Equal(t, "worker2", d.Threads[2].Name)

	d = build(readResult(t, "bcast.json"), nil)
	require.Len(t, d.Threads, 2)
	assert.Equal(t, "W", d.Threads[1].Name, "start_thread goto W names its lane by the label")
	var broadcast *step
	for i := range d.Steps {
		if d.Steps[i].Text == "x, x$ := x, T" {
			broadcast = &d.Steps[i]
		}
	}
	require.NotNil(t, broadcast)
	assert.Equal(t, [][3]int{{1, indexOf(d.Names, "main::x"), 1}}, broadcast.Changed, "the broadcast sets the other thread's x")
}

func orNil(m map[string]bool) map[string]bool {
	if len(m) == 0 {
		return nil
	}
	return m
}

func indexOf(names []string, n string) int {
	for i, m := range names {
		if m == n {
			return i
		}
	}
	return -1
}

func TestStartedName(t *testing.T) {
	for stmt, want := range map[string]string{
		"start_thread worker1()":     "worker1",
		"start_thread goto W":        "W",
		"start_thread $main()":       "$main",
		"start_thread c$$f(a, b)":    "c$$f",
		"thread_worker()":            "thread_worker",
		"  start_thread goto PC12  ": "PC12",
	} {
		assert.Equal(t, want, startedName(stmt), stmt)
	}
}

// TestWrittenValues: a row keeps every value its step wrote, the
// unchanged ones flagged: the race's stale reads tmp := c change
// nothing and still show tmp's value; a declaration's value is a *'s.
func TestWrittenValues(t *testing.T) {
	d := build(readResult(t, "race.json"), nil)
	reads := 0
	for _, s := range d.Steps {
		switch s.Text {
		case "tmp := c":
			reads++
			assert.Empty(t, s.Changed, "the read changes nothing")
			name := "worker1::tmp"
			if s.T == 2 {
				name = "worker2::tmp"
			}
			assert.Equal(t, [][4]int{{s.T, indexOf(d.Names, name), 0, writeUnchanged}}, s.Written)
		case "decl tmp;":
			require.Len(t, s.Written, 1)
			assert.NotZero(t, s.Written[0][3]&writeChosen, "a declaration's first value is a choice")
		case "c := !tmp":
			if s.Changed != nil {
				assert.Equal(t, [][4]int{{-1, indexOf(d.Names, "c"), s.Changed[0][2], 0}}, s.Written, "a changed write is listed too")
			}
		}
	}
	assert.Equal(t, 2, reads)
	assert.Equal(t, [][4]int{{-1, indexOf(d.Names, "c"), 0, writeUnchanged}, {-1, indexOf(d.Names, "done1"), 0, writeUnchanged},
		{-1, indexOf(d.Names, "done2"), 0, writeUnchanged}}, d.Steps[0].Written, "the first assignment writes the initial values")
}
