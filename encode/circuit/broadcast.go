package circuit

import (
	"fmt"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
)

// A broadcast (x$) writes the locals of every passive slot: active and not
// the one the scheduler chose. Each slot reads its own block of the pool
// for the passive choices, after the step's own choices. Its passive
// conjuncts join the step's enabling condition (blocking reading), or,
// under the monotone reading, a slot for which no choice satisfies them
// keeps its values.

// broadcast adds the passive part of step st (at: the running thread is at
// it) and returns the condition it puts on the step. values and cur give
// the active part's new and current values.
func (b *builder) broadcast(st *bp.Step, at z.Lit, e *env) z.Lit {
	s := b.s
	en := s.T
	if b.bWrite == nil {
		b.bWrite = make([][][]z.Lit, len(b.c.slots))
		b.bValue = make([][][]z.Lit, len(b.c.slots))
		for i := range b.c.slots {
			b.bWrite[i] = make([][]z.Lit, b.width.locals)
			b.bValue[i] = make([][]z.Lit, b.width.locals)
		}
	}
	for i := range b.c.slots {
		sl := &b.c.slots[i]
		passive := s.And(sl.active, b.sel[i].Not())
		k := st.PassiveChoices
		pool := b.pool[st.Choices+i*k : st.Choices+(i+1)*k]
		vals, ok := b.passivePart(st, e, sl, pool)
		if st.PassiveConstraint != nil && b.c.Reading == bp.Monotone {
			ex := s.F
			for bits := 0; bits < 1<<k; bits++ {
				consts := make([]z.Lit, k)
				for j := range consts {
					consts[j] = s.F
					if bits&(1<<j) != 0 {
						consts[j] = s.T
					}
				}
				_, okj := b.passivePart(st, e, sl, consts)
				ex = s.Or(ex, okj)
			}
			for j, r := range st.PassiveTargets {
				vals[j] = s.Choice(ex, vals[j], sl.locals[r.Index])
			}
			ok = s.Implies(ex, ok)
		}
		en = s.And(en, s.Implies(passive, ok))
		for j, r := range st.PassiveTargets {
			w := s.And(at, passive)
			b.bWrite[i][r.Index] = append(b.bWrite[i][r.Index], w)
			b.bValue[i][r.Index] = append(b.bValue[i][r.Index], s.Ands(w, vals[j], b.liveAt(i, r.Index)))
		}
	}
	return en
}

// passivePart returns slot sl's new values of the passive targets and its
// passive conjuncts, with choices for the passive choices.
func (b *builder) passivePart(st *bp.Step, e *env, sl *slot, choices []z.Lit) ([]z.Lit, z.Lit) {
	pe := &passiveEnv{env: e, locals: sl.locals, choice: choices, after: map[int]z.Lit{}}
	vals := make([]z.Lit, len(st.PassiveValues))
	for j, v := range st.PassiveValues {
		vals[j] = encode.Term(&b.s.C, v, pe)
	}
	ok := b.s.T
	if st.PassiveConstraint != nil {
		for j, r := range st.PassiveTargets {
			pe.after[r.Index] = vals[j]
		}
		pe.primed = true
		ok = encode.Term(&b.s.C, st.PassiveConstraint, pe)
	}
	return vals, ok
}

// liveAt is "local j is live at slot i's pc": a broadcast writes false to
// a dead local, keeping dead values canonical.
func (b *builder) liveAt(i, j int) z.Lit {
	if b.liveCache == nil {
		b.liveCache = map[[2]int]z.Lit{}
	}
	if m, ok := b.liveCache[[2]int{i, j}]; ok {
		return m
	}
	s := b.s
	sl := &b.c.slots[i]
	var ms []z.Lit
	for p, proc := range b.prog.Procs {
		for pc := range proc.Steps {
			if b.live[p][pc].Has(j) {
				ms = append(ms, s.And(b.equals(sl.proc, p), b.equals(sl.pc, pc)))
			}
		}
	}
	m := s.Ors(ms...)
	b.liveCache[[2]int{i, j}] = m
	return m
}

// passiveEnv evaluates a broadcast's passive part for one slot: plain
// variables are the running thread's (through env), passive ones the
// slot's.
type passiveEnv struct {
	*env
	locals []z.Lit
	after  map[int]z.Lit // the passive targets' new values
	primed bool          // inside the passive conjuncts
	choice []z.Lit
}

func (e *passiveEnv) Passive(i int, primed bool) z.Lit {
	if primed && e.primed {
		if v, ok := e.after[i]; ok {
			return v
		}
	}
	return e.locals[i]
}

func (e *passiveEnv) Choice(i int) z.Lit { return e.choice[i] }

// checkMonotone rejects what the monotone encoding cannot expand.
func checkMonotone(prog *bp.Program) error {
	for _, p := range prog.Procs {
		for pc := range p.Steps {
			st := &p.Steps[pc]
			if st.PassiveConstraint != nil && st.PassiveChoices > encode.MaxMonotoneChoices {
				return fmt.Errorf("%s: a broadcast with %d passive choices under the monotone reading (at most %d are supported)",
					prog.Position(st), st.PassiveChoices, encode.MaxMonotoneChoices)
			}
		}
	}
	return nil
}
