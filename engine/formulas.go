package engine

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// SummaryFormulas are the symbolic engine's evidence that a program of one
// thread with recursive functions is safe: procedure summaries and
// invariants as formulas of one circuit, in terms any checker can read
// (judge.CheckSummaryFormulas re-checks them with SAT and its own
// encoding of the steps, sharing no code with the engine's search).
//
// Each proc p has its own inputs of C: Entry, the frame at p's entry
// (globals, then p's locals); Values, the current frame (globals, then
// locals); and, for a Callable proc, Exit (globals, thread-locals,
// results). Invariants[pc] relates entry and current frame: it holds of
// (entry, frame) whenever the thread, running p entered with entry, can
// be at pc with that frame. Summary (Callable procs) relates entry and
// exit: it holds whenever p entered with entry can return that exit. For
// main, entry is the initial frame. The formulas are closed under one
// step: main's entry is in its invariant, each step maps an invariant
// into its successor's (a Call both into the callee's entry invariant
// and, through the callee's Summary, into the invariant after the call),
// each Return maps its invariant into the Summary, and no invariant meets
// a failing assertion or the label.
type SummaryFormulas struct {
	C     *logic.C
	Procs []ProcFormulas // one per Program.Procs
}

// ProcFormulas are one proc's inputs, invariants and summary.
type ProcFormulas struct {
	Entry, Values, Exit []z.Lit // inputs of C (Exit nil unless Callable)
	Invariants          []z.Lit // one per step
	Summary             z.Lit   // over Entry and Exit; C.F unless Callable
}

// Size is the number of procs and of invariants that are not false.
func (f *SummaryFormulas) Size() (procs, invariants int) {
	for _, p := range f.Procs {
		for _, m := range p.Invariants {
			if m != f.C.F {
				invariants++
			}
		}
	}
	return len(f.Procs), invariants
}

func (*SummaryFormulas) evidence() {}
