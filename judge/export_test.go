package judge

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// Test hooks for the external tests (package interp_test), which get
// their traces from the engines.

// ReplayWithSAT and ConcretizeWithSAT are Replay and Concretize with
// every step's choices solved by SAT, never enumerated (enumLimit).
func ReplayWithSAT(prog *bp.Program, opts Options, tr *bp.Trace) error {
	sem := newSemantics(prog, opts)
	sem.enumLimit = -1
	return sem.replay(tr)
}

func ConcretizeWithSAT(prog *bp.Program, opts Options, tr *bp.Trace) (*bp.Trace, error) {
	sem := newSemantics(prog, opts)
	sem.enumLimit = -1
	return sem.concretize(tr)
}

// ReplayByEnumeration is Replay by another road: every step is checked by
// enumerating its outcomes (Successors) instead of solving for its
// choices. The two must agree on every trace.
func ReplayByEnumeration(prog *bp.Program, opts Options, tr *bp.Trace) error {
	sem := newSemantics(prog, opts)
	if len(tr.Steps) == 0 {
		return Replay(prog, opts, tr)
	}
	if err := checkInitial(prog, &tr.Steps[0].Before); err != nil {
		return err
	}
	maxID := 0
	for i := range tr.Steps {
		step := &tr.Steps[i]
		before := &step.Before
		if err := checkShape(prog, before); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		ti, err := sem.mover(before, step)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		bound := 0
		if step.Suppressed {
			bound = len(before.Threads)
		}
		succs, fails, err := sem.Successors(before, ti, bound)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		if i == len(tr.Steps)-1 && tr.Kind == bp.AssertionFails {
			if !fails || sem.label != "" {
				return fmt.Errorf("step %d: the assertion cannot fail here", i)
			}
			return nil
		}
		next := &tr.Final
		if i < len(tr.Steps)-1 {
			next = &tr.Steps[i+1].Before
		}
		if err := checkShape(prog, next); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		created := startedThread(before, next)
		found := false
		for _, sc := range succs {
			u := sc.Next
			if created != nil {
				for k := range u.Threads {
					if before.Thread(u.Threads[k].ID) == nil {
						u.Threads[k].ID = created.ID
					}
				}
			}
			taken := sc.Taken
			if (step.Taken < 0 || taken < 0 || taken == step.Taken) && sem.matches(&u, next, before, step.Thread, maxID, sem.Step(&before.Threads[ti]).Broadcast()) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("step %d: no execution of the step leads to the next state", i)
		}
		for _, t := range next.Threads {
			maxID = max(maxID, t.ID)
		}
	}
	if tr.Kind == bp.LabelReached && sem.AtTarget(&tr.Final) {
		return nil
	}
	return fmt.Errorf("the trace does not end in a violation")
}

// Exact checks what Replay leaves open: every step of tr leads to exactly
// the next state, dead locals included, but for the locals a started
// thread begins with non-deterministically and that are dead there.
func Exact(prog *bp.Program, opts Options, tr *bp.Trace) error {
	sem := newSemantics(prog, opts)
	for i := range tr.Steps {
		step := &tr.Steps[i]
		if i == len(tr.Steps)-1 && tr.Kind == bp.AssertionFails {
			break
		}
		before := &step.Before
		next := &tr.Final
		if i+1 < len(tr.Steps) {
			next = &tr.Steps[i+1].Before
		}
		ti, err := sem.mover(before, step)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		succs, _, err := sem.Successors(before, ti, 0)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		found := false
		for _, sc := range succs {
			if sc.Taken == step.Taken && sem.sameExceptFresh(&sc.Next, next, before) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("step %d (%s) does not lead exactly to the next state", i,
				prog.Position(&prog.Procs[step.Proc].Steps[step.PC]))
		}
	}
	return nil
}

// sameExceptFresh compares u and next slot by slot; a thread that is new
// since before may differ where it is dead.
func (sem *semantics) sameExceptFresh(u, next, before *bp.State) bool {
	if len(u.Threads) != len(next.Threads) {
		return false
	}
	for i, v := range u.Globals {
		if v != next.Globals[i] {
			return false
		}
	}
	for k := range u.Threads {
		ut, nt := &u.Threads[k], &next.Threads[k]
		isNew := before.Thread(nt.ID) == nil
		if (ut.ID != nt.ID && !isNew) || ut.Proc != nt.Proc || ut.PC != nt.PC || ut.Atomic != nt.Atomic {
			return false
		}
		for i, v := range ut.Locals {
			if v != nt.Locals[i] && !(isNew && !sem.LiveAt(ut.Proc, ut.PC, i)) {
				return false
			}
		}
	}
	return true
}
