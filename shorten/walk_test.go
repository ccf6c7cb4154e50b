package shorten

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// The tests' traces: executions run by the reference semantics, on a
// schedule given (scheduled) or chosen at random (walk), so that they
// have the detours an engine's search rarely shows.

func load(t testing.TB, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// initial is prog's initial state with every value false.
func initial(prog *bp.Program) bp.State {
	main := prog.Procs[0]
	return bp.State{Globals: make([]bool, len(prog.Globals)),
		Threads: []bp.ThreadState{{ID: 0, Proc: 0, PC: main.Entry, Locals: make([]bool, len(main.Locals))}}}
}

// walker runs steps of prog and records them as a trace.
type walker struct {
	sem   *interp.Semantics
	cur   bp.State
	tr    bp.Trace
	bound int
	maxID int // the largest thread identity so far
}

func newWalker(prog *bp.Program, opts interp.Options) *walker {
	return &walker{sem: interp.New(prog, opts), cur: initial(prog), bound: 4}
}

// step runs thread id's step with its first outcome, or ends the trace
// in the failing assertion when that step can fail; ok is false when
// the thread cannot move.
func (w *walker) step(id int, pick func(n int) int) (ended, ok bool) {
	ti := -1
	for k := range w.cur.Threads {
		if w.cur.Threads[k].ID == id {
			ti = k
		}
	}
	if ti < 0 {
		return false, false
	}
	t := &w.cur.Threads[ti]
	step := bp.TraceStep{Thread: id, Proc: t.Proc, PC: t.PC, Before: w.cur.Clone(), Taken: -1}
	succs, failed, err := w.sem.Successors(&w.cur, ti, w.bound)
	if err != nil {
		return false, false
	}
	if failed && w.sem.Label() == "" {
		w.tr.Steps = append(w.tr.Steps, step)
		w.tr.Final, w.tr.Kind = w.cur.Clone(), bp.AssertionFails
		return true, true
	}
	if len(succs) == 0 {
		return false, false
	}
	sc := succs[pick(len(succs))]
	step.Taken, step.Suppressed = sc.Taken, sc.Suppressed
	w.tr.Steps = append(w.tr.Steps, step)
	w.cur = sc.Next
	for k := range w.cur.Threads {
		// Successors numbers a new thread after the live ones; an
		// execution never gives an ended thread's identity again.
		if nt := &w.cur.Threads[k]; step.Before.Thread(nt.ID) == nil {
			nt.ID = w.maxID + 1
		}
		w.maxID = max(w.maxID, w.cur.Threads[k].ID)
	}
	if w.sem.AtTarget(&w.cur) {
		w.tr.Final, w.tr.Kind = w.cur.Clone(), bp.LabelReached
		return true, true
	}
	return false, true
}

// scheduled runs the threads of schedule in turn, each step's first
// outcome, and requires the last to end in the violation.
func scheduled(t *testing.T, prog *bp.Program, label string, schedule ...int) *bp.Trace {
	t.Helper()
	w := newWalker(prog, interp.Options{Label: label})
	for k, id := range schedule {
		ended, ok := w.step(id, func(int) int { return 0 })
		require.True(t, ok, "step %d: thread %d cannot move", k, id)
		require.Equal(t, k == len(schedule)-1, ended, "step %d: the violation", k)
	}
	return &w.tr
}

// walk runs random steps of random threads until the violation, at most
// limit steps; nil if it does not get there.
func walk(prog *bp.Program, label string, seed int64, limit int) *bp.Trace {
	r := rand.New(rand.NewSource(seed))
	w := newWalker(prog, interp.Options{Label: label})
	for range limit {
		ids := make([]int, len(w.cur.Threads))
		for k := range w.cur.Threads {
			ids[k] = w.cur.Threads[k].ID
		}
		r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		moved := false
		for _, id := range ids {
			ended, ok := w.step(id, r.Intn)
			if ended {
				return &w.tr
			}
			if ok {
				moved = true
				break
			}
		}
		if !moved {
			return nil
		}
	}
	return nil
}
