package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/sat"
)

// What the checks of IC3's invariant and of k-induction's proof share:
// the atoms of the evidence read over a state of the model, the thread
// bound the plain property relies on, the model's proof of its own
// well-formedness, and the solver calls.

// atom is the value of a in state f; an atom that names no fact of the
// program (a slot past the last, a global or local it does not have) is
// an error. A bit of the proc or pc past the model's width is false, as
// it is in the number.
func (m *slotModel) atom(c *logic.C, f *slotFrame, a engine.SlotAtom) (z.Lit, error) {
	lay := &m.lay
	slot := func() error {
		if a.Slot < 0 || a.Slot >= m.slots {
			return fmt.Errorf("atom %s: slot %d of %d", m.atomString(a), a.Slot, m.slots)
		}
		return nil
	}
	bit := func(width int, v func(int, int) int) (z.Lit, error) {
		if err := slot(); err != nil {
			return z.LitNull, err
		}
		switch {
		case a.Index < 0:
			return z.LitNull, fmt.Errorf("atom %s: negative bit", m.atomString(a))
		case a.Index >= width:
			return c.F, nil
		}
		return f.vars[v(a.Slot, a.Index)], nil
	}
	switch a.Kind {
	case engine.AtomGlobal:
		if a.Index < 0 || a.Index >= lay.globals {
			return z.LitNull, fmt.Errorf("atom %s: the program has %d globals", m.atomString(a), lay.globals)
		}
		return f.vars[lay.global(a.Index)], nil
	case engine.AtomActive:
		if err := slot(); err != nil {
			return z.LitNull, err
		}
		return f.vars[lay.active(a.Slot)], nil
	case engine.AtomProcBit:
		return bit(lay.procBits, lay.procBit)
	case engine.AtomPCBit:
		return bit(lay.pcBits, lay.pcBit)
	case engine.AtomAtomic:
		if err := slot(); err != nil {
			return z.LitNull, err
		}
		return f.vars[lay.atomic(a.Slot)], nil
	case engine.AtomLocal:
		if err := slot(); err != nil {
			return z.LitNull, err
		}
		if a.Index < 0 || a.Index >= lay.locals {
			return z.LitNull, fmt.Errorf("atom %s: no proc has more than %d locals", m.atomString(a), lay.locals)
		}
		return f.vars[lay.local(a.Slot, a.Index)], nil
	case engine.AtomErr:
		return f.vars[lay.errFlag()], nil
	case engine.AtomOverflow:
		return f.vars[lay.overflowFlag()], nil
	}
	return z.LitNull, fmt.Errorf("atom of unknown kind %d", a.Kind)
}

// atomString names a in the program's terms, for messages.
func (m *slotModel) atomString(a engine.SlotAtom) string {
	t := fmt.Sprintf("t%d", a.Slot)
	switch a.Kind {
	case engine.AtomGlobal:
		if a.Index >= 0 && a.Index < len(m.prog.Globals) {
			return m.prog.Globals[a.Index]
		}
		return fmt.Sprintf("global%d", a.Index)
	case engine.AtomActive:
		return t + " running"
	case engine.AtomProcBit:
		return fmt.Sprintf("%s.proc[%d]", t, a.Index)
	case engine.AtomPCBit:
		return fmt.Sprintf("%s.pc[%d]", t, a.Index)
	case engine.AtomAtomic:
		return t + " atomic"
	case engine.AtomLocal:
		return fmt.Sprintf("%s.local%d", t, a.Index)
	case engine.AtomErr:
		return "Err"
	case engine.AtomOverflow:
		return "Overflow"
	}
	return fmt.Sprintf("atom%d", a.Kind)
}

// clauseString writes a clause of atoms, for messages.
func (m *slotModel) clauseString(cl []engine.SlotLit) string {
	if len(cl) == 0 {
		return "(false)"
	}
	s := ""
	for i, l := range cl {
		if i > 0 {
			s += " ∨ "
		}
		if l.Neg {
			s += "¬"
		}
		s += m.atomString(l.Atom)
	}
	return "(" + s + ")"
}

// coversThreads refuses a proof that does not exclude Overflow unless no
// execution of the program has more threads than there are slots: only
// then is every execution one of the model's.
func (m *slotModel) coversThreads(overflowBad bool) error {
	if overflowBad {
		return nil
	}
	n, bounded := m.prog.MaxThreads()
	switch {
	case !bounded:
		return fmt.Errorf("the proof does not exclude Overflow, and the program can start any number of threads")
	case n > m.slots:
		return fmt.Errorf("the proof does not exclude Overflow, and the program can have %d threads, more than its %d slots", n, m.slots)
	}
	return nil
}

// bad is the property's bad states, Overflow included with overflowBad.
func (m *slotModel) bad(c *logic.C, f *slotFrame, overflowBad bool) z.Lit {
	b := m.violation(c, f)
	if overflowBad {
		b = c.Or(b, f.vars[m.lay.overflowFlag()])
	}
	return b
}

// slotSolver runs the checks' solver calls under a context.
type slotSolver struct {
	ctx context.Context
	sv  *sat.Solver
}

// sat reports whether lits can hold together with the solver's clauses;
// the error is the context's when it ended first.
func (s *slotSolver) sat(lits ...z.Lit) (bool, error) {
	if err := s.ctx.Err(); err != nil {
		return false, err
	}
	s.sv.Assume(lits...)
	switch s.sv.SolveContext(s.ctx) {
	case sat.Sat:
		return true, nil
	case sat.Unsat:
		return false, nil
	}
	if err := s.ctx.Err(); err != nil {
		return false, err
	}
	return false, errors.New("the solver stopped without an answer")
}

// takenString says which step the last satisfying assignment took.
func (m *slotModel) takenString(s *slotSolver, st *slotStep) string {
	for _, tk := range st.taken {
		fails := s.sv.Value(tk.fails)
		if !fails && !s.sv.Value(tk.exec) {
			continue
		}
		proc := m.prog.Procs[tk.proc]
		step := &proc.Steps[tk.pc]
		what := "the step"
		if fails {
			what = "the failing assertion"
		}
		return fmt.Sprintf("%s of slot %d at %s (%s, pc %d of %s)", what, tk.slot, m.prog.Position(step), step.Kind, tk.pc, proc.Name)
	}
	return "a stutter"
}

// recoverJudge turns a panic of the encoding (a program that breaks the
// lowering's invariants) into the check's error: a proof the judge cannot
// read is refused, never accepted.
func recoverJudge(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("judge: %v", r)
	}
}
