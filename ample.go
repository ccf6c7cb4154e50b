package bopgo

import (
	"context"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/sat"
)

// Partial-order reduction in the symbolic search. In a state, a thread is
// ample when its next step
//   - is invisible and independent of everything the other threads can
//     still do, their future threads included (por.Info.Ample: the sound
//     condition that BoPPo's reduction lacked), and
//   - is enabled in every concrete state the symbolic state stands for: a
//     step that cannot block, or an assume whose condition the solver
//     proves valid under the guard.
// Then only that thread's step is explored. Cycle proviso, in the form for
// breadth-first search: the reduced expansion suffices only if no
// successor is covered by an already expanded state; otherwise the other
// threads are expanded too. A cycle of the reduced graph must close with
// an edge back to an expanded state, so every cycle has a fully expanded
// state and no step is postponed forever. (Successors covered by states
// still in the queue are the diamonds of different interleavings, not
// cycles; rejecting those too was measured to undo most of the reduction.)

// ampleThread returns the index of an ample thread of node head, or -1.
func (e *symEngine) ampleThread(ctx context.Context, head int) int {
	s := &e.nodes[head].st
	if e.por == nil || len(s.Threads) < 2 || s.AtomicHolder() >= 0 {
		return -1
	}
	others := make([][2]int, 0, len(s.Threads)-1)
	for ti := range s.Threads {
		t := &s.Threads[ti]
		others = others[:0]
		for oi := range s.Threads {
			if oi != ti {
				others = append(others, [2]int{s.Threads[oi].Proc, s.Threads[oi].PC})
			}
		}
		if !e.por.Ample(t.Proc, t.PC, others) {
			continue
		}
		if e.por.Step[t.Proc][t.PC].Blocking && !e.alwaysEnabled(ctx, head, ti) {
			continue
		}
		return ti
	}
	return -1
}

// alwaysEnabled reports whether the blocking step of thread ti is enabled
// in every state of node head: for an assume, the guard implies the
// condition. Constrained assignments are not tried (their enabledness
// quantifies over the choices).
func (e *symEngine) alwaysEnabled(ctx context.Context, head, ti int) bool {
	s := &e.nodes[head].st
	t := &s.Threads[ti]
	st := &e.prog.Procs[t.Proc].Steps[t.PC]
	if st.Kind != bp.Assume {
		return false
	}
	cond := e.enc.Cond(s, ti, st.Cond, st.Choices)
	violated := e.enc.C.And(s.Guard, cond.Not())
	if violated == e.enc.C.F {
		return true
	}
	return e.solve(ctx, violated) == sat.Unsat
}
