package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/sat"
)

// CheckSlotInvariant checks inv against prog (the program the engine
// checked) with the property of label (empty: assertions) and the
// reading of broadcasts: in the judge's own model of prog run with
// inv.Slots thread slots (slots.go), the invariant holds in every initial
// state, a step from a well-formed state where it holds leads to a state
// where it holds, and it excludes the bad states (and Overflow, with
// inv.OverflowBad; without it, the program must have no more threads
// than slots). It returns nil when the proof holds, an error saying what
// fails otherwise, or ctx's error when ctx ends first.
//
// The invariant and well-formedness (wellFormed) together are what is
// proved inductive, so the judge accepts invariants that rely on the
// canonical values of the engines' encoding.
func CheckSlotInvariant(ctx context.Context, prog *bp.Program, label string, reading bp.Reading, inv *engine.SlotInvariant) (err error) {
	defer recoverJudge(&err)
	if inv == nil {
		return errors.New("slot invariant: none given")
	}
	m, err := newSlotModel(prog, label, reading, inv.Slots)
	if err != nil {
		return fmt.Errorf("slot invariant: %w", err)
	}
	if err := m.coversThreads(inv.OverflowBad); err != nil {
		return fmt.Errorf("slot invariant: %w", err)
	}
	c := logic.NewC()
	now := m.freshFrame(c)
	st := m.step(c, now)
	then := m.frame(c, st.next)
	cl0, cl1, err := m.invariantClauses(c, now, then, inv)
	if err != nil {
		return err
	}
	s := &slotSolver{ctx: ctx, sv: sat.New(c)}
	if err := m.initiation(c, s, now, cl0, inv); err != nil {
		return err
	}
	// Safety and consecution are about any well-formed state where the
	// invariant holds (slots.go: the model reaches well-formed states
	// only).
	wf := m.wellFormed(c, now)
	holds := s.sv.NewActivation()
	for _, cl := range cl0 {
		s.sv.AddUnder(holds, cl...)
	}
	// Safety.
	if bad, err := s.sat(holds, wf, m.violation(c, now)); err != nil || bad {
		if err != nil {
			return err
		}
		return errors.New("slot invariant: it does not exclude the states that violate the property")
	}
	if inv.OverflowBad {
		if bad, err := s.sat(holds, wf, now.vars[m.lay.overflowFlag()]); err != nil || bad {
			if err != nil {
				return err
			}
			return errors.New("slot invariant: it does not exclude Overflow")
		}
	}
	// Consecution, a clause at a time, as IC3 asks: each call assumes
	// the clause false after the step, which propagation takes far, where
	// one call for the disjunction of all clauses leaves the solver to
	// pick among them (localworkers-n6-k4, 373 clauses: 2.8 s in one
	// call, 0.09 s a clause at a time).
	for i, cl := range cl1 {
		lits := []z.Lit{holds, wf}
		for _, a := range cl {
			lits = append(lits, a.Not())
		}
		bad, err := s.sat(lits...)
		if err != nil {
			return err
		}
		if bad {
			return fmt.Errorf("slot invariant: clause %d %s does not hold after %s", i, m.clauseString(inv.Clauses[i]), m.takenString(s, st))
		}
	}
	return nil
}

// invariantClauses are inv's clauses over the state before the step
// (now) and after it (then).
func (m *slotModel) invariantClauses(c *logic.C, now, then *slotFrame, inv *engine.SlotInvariant) (cl0, cl1 [][]z.Lit, err error) {
	cl0, cl1 = make([][]z.Lit, len(inv.Clauses)), make([][]z.Lit, len(inv.Clauses))
	for i, cl := range inv.Clauses {
		for _, l := range cl {
			a0, err := m.atom(c, now, l.Atom)
			if err != nil {
				return nil, nil, fmt.Errorf("slot invariant, clause %d: %w", i, err)
			}
			a1, _ := m.atom(c, then, l.Atom)
			if l.Neg {
				a0, a1 = a0.Not(), a1.Not()
			}
			cl0[i], cl1[i] = append(cl0[i], a0), append(cl1[i], a1)
		}
	}
	return cl0, cl1, nil
}

// initiation checks that the clauses cl0 of inv, over now, hold in every
// initial state, and names the first clause that does not.
func (m *slotModel) initiation(c *logic.C, s *slotSolver, now *slotFrame, cl0 [][]z.Lit, inv *engine.SlotInvariant) error {
	clauses := make([]z.Lit, len(cl0))
	for i, cl := range cl0 {
		clauses[i] = c.Ors(cl...)
	}
	bad, err := s.sat(append(m.initial(now), c.Ands(clauses...).Not())...)
	if err != nil || !bad {
		return err
	}
	for i, cl := range clauses {
		if !s.sv.Value(cl) {
			return fmt.Errorf("slot invariant: clause %d %s does not hold in an initial state", i, m.clauseString(inv.Clauses[i]))
		}
	}
	return errors.New("slot invariant: it does not hold in an initial state")
}
