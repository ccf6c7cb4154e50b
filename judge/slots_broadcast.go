package judge

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// broadcast adds a broadcast's passive part to eff: every slot but t
// that runs a thread (a passive thread) assigns the passive targets with
// choices of its own, reading its own locals as y$ and the active
// part's values as primed plain variables; its passive conjuncts must
// hold. Under the blocking reading a passive thread without a satisfying
// choice blocks the step; under the monotone one it keeps its values.
// Broadcasts occur only in programs of one proc, so every passive thread
// has the running thread's local slots. A passive thread's pc does not
// move, so a target dead there stays false.
func (m *slotModel) broadcast(c *logic.C, f *slotFrame, in *slotInputs, e *lits, st *bp.Step, t int, eff *slotEffect) {
	for u := range m.slots {
		if u == t {
			continue
		}
		passive := f.vars[m.lay.active(u)]
		vals, ok := m.passivePart(c, e, st, m.localsOf(f, u), in.passive[u])
		takes := passive
		if m.reading == bp.Monotone && st.PassiveConstraint != nil {
			// It takes the step if some choice of its own satisfies its
			// conjuncts; the inputs must then be one.
			some := c.F
			for bits := 0; bits < 1<<st.PassiveChoices; bits++ {
				consts := make([]z.Lit, st.PassiveChoices)
				for k := range consts {
					consts[k] = constLit(c, bits&(1<<k) != 0)
				}
				_, okk := m.passivePart(c, e, st, m.localsOf(f, u), consts)
				some = c.Or(some, okk)
			}
			takes = c.And(passive, some)
		}
		eff.enabled = c.And(eff.enabled, c.Implies(takes, ok))
		for k, r := range st.PassiveTargets {
			val := c.And(vals[k], m.liveWhere(c, f, u, r.Index))
			eff.changes = append(eff.changes, slotChange{v: m.lay.local(u, r.Index), when: takes, val: val})
		}
	}
}

// passivePart is a passive thread's new values of the passive targets
// and its conjuncts, for its locals pl and its choices ch.
func (m *slotModel) passivePart(c *logic.C, e *lits, st *bp.Step, pl, ch []z.Lit) ([]z.Lit, z.Lit) {
	pe := *e
	pe.pl, pe.ch = pl, ch
	vals := make([]z.Lit, len(st.PassiveValues))
	for k, v := range st.PassiveValues {
		vals[k] = pe.enc(v)
	}
	if st.PassiveConstraint == nil {
		return vals, c.T
	}
	pe.pnl = append([]z.Lit(nil), pl...)
	for k, r := range st.PassiveTargets {
		pe.pnl[r.Index] = vals[k]
	}
	return vals, pe.enc(st.PassiveConstraint)
}
