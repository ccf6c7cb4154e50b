package encode

import (
	"fmt"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// MaxMonotoneChoices bounds the passive choices of a broadcast under the
// monotone reading: "no choice satisfies the passive conjuncts" is
// expanded into 2^k cofactors.
const MaxMonotoneChoices = 12

// broadcast executes an assignment with a passive part. The active part is
// an ordinary assignment; every other thread (the passive threads) gets
// its own fresh inputs for the passive choices, its passive targets set to
// the passive values over its own locals, and the passive conjuncts
// conjoined to the guard (blocking reading). Under the monotone reading a
// passive thread for which no choice satisfies its conjuncts keeps its
// values: its targets become ite(∃ι.C, value, old) and the guard gets
// (∃ι.C) → C.
func (e *Encoder) broadcast(s *State, ti int, st *bp.Step, v *env) Succ {
	c := e.C
	n := s.Clone()
	nt := &n.Threads[ti]
	th := &s.Threads[ti]
	for j, val := range st.Values {
		m := v.term(val)
		if r := st.Targets[j]; r.Scope == bp.Global {
			n.Globals[r.Index] = m
		} else {
			nt.Locals[r.Index] = m
		}
	}
	if st.Constraint != nil {
		v.ng, v.nl, v.after = n.Globals, nt.Locals, true
		n.Guard = c.And(n.Guard, v.term(st.Constraint))
	}
	for tj := range s.Threads {
		if tj == ti {
			continue
		}
		old := append([]z.Lit(nil), s.Threads[tj].Locals...)
		pv := &env{e: e, g: s.Globals, l: th.Locals, ng: n.Globals, nl: nt.Locals, pl: old, choices: make([]z.Lit, st.PassiveChoices)}
		nl := append([]z.Lit(nil), old...)
		for j, val := range st.PassiveValues {
			if st.PassiveConstraint == nil && free(val) {
				nl[st.PassiveTargets[j].Index] = e.Fresh()
			} else {
				nl[st.PassiveTargets[j].Index] = pv.term(val)
			}
		}
		if st.PassiveConstraint != nil {
			pv.after, pv.pnl = true, nl
			ok := pv.term(st.PassiveConstraint)
			if e.Reading == bp.Monotone {
				ex := e.satisfiable(st, pv)
				for _, r := range st.PassiveTargets {
					nl[r.Index] = c.Choice(ex, nl[r.Index], old[r.Index])
				}
				ok = c.Implies(ex, ok)
			}
			n.Guard = c.And(n.Guard, ok)
		}
		n.Threads[tj].Locals = nl
	}
	nt.PC = st.Next
	for tj := range n.Threads {
		e.forgetDead(&n, tj)
	}
	return Succ{State: n, Moved: ti, Created: -1, Taken: -1}
}

// satisfiable is "some choice of the passive choices satisfies the passive
// conjuncts" for the passive thread of pv, with the choices expanded.
func (e *Encoder) satisfiable(st *bp.Step, pv *env) z.Lit {
	k := st.PassiveChoices
	if k > MaxMonotoneChoices {
		panic(fmt.Sprintf("%s: a broadcast with %d passive choices under the monotone reading (at most %d are supported)",
			e.Prog.Position(st), k, MaxMonotoneChoices))
	}
	c := e.C
	ex := c.F
	for bits := 0; bits < 1<<k; bits++ {
		cv := *pv
		cv.after = false
		cv.choices = make([]z.Lit, k)
		for i := range cv.choices {
			cv.choices[i] = c.F
			if bits&(1<<i) != 0 {
				cv.choices[i] = c.T
			}
		}
		nl := append([]z.Lit(nil), pv.pl...)
		for j, val := range st.PassiveValues {
			nl[st.PassiveTargets[j].Index] = cv.term(val)
		}
		cv.after, cv.pnl = true, nl
		ex = c.Or(ex, cv.term(st.PassiveConstraint))
	}
	return ex
}
