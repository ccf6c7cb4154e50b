package judge

import (
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/sat"
)

// Replay and Concretize ask, for one step, whether some choice of its
// non-deterministic values gives the values a trace shows. The answer
// scales with the step, not with 2^choices: the question is a SAT query
// over the step's choices (and each passive thread's), with the values
// the trace fixes as requirements. The query only proposes; the caller
// runs the proposed resolution through apply and compares the state it
// gives, so a wrong proposal is a refusal, never an accepted step.

// maxStayChoices bounds the passive choices of a broadcast whose passive
// threads may, under the monotone reading, not take the step: "no choice
// of this thread satisfies its constraint" is then expanded over all
// 2^choices of the thread.
const maxStayChoices = 12

// ErrTooWide says that a question about a step needs more choices
// enumerated than the judge does.
var ErrTooWide = interp.ErrTooWide

// req requires that a term of a step take a value.
type req struct {
	t    *bp.Term
	want bool
}

// query asks for the choices of the step of thread ti of s under which
// its constraints hold and the requirements do: must ones all, soft ones
// as many as possible (enumeration keeps the most; SAT, a greedy pass in
// order).
type query struct {
	sem        *semantics
	s          *bp.State
	ti         int
	st         *bp.Step
	must, soft []req
	// passive, for a broadcast: one entry per thread of s (nil for the
	// active thread).
	passive []*passiveQuery
}

// passiveQuery is what a query asks of one passive thread of a
// broadcast.
type passiveQuery struct {
	must, soft []req
	// mayStay: the thread may instead be unable to take the step, and
	// keep its values (the monotone reading).
	mayStay bool
}

func (sem *semantics) newQuery(s *bp.State, ti int) *query {
	q := &query{sem: sem, s: s, ti: ti, st: sem.Step(&s.Threads[ti])}
	if q.st.Kind == bp.Assign && q.st.Broadcast() {
		q.passive = make([]*passiveQuery, len(s.Threads))
		for pj := range s.Threads {
			if pj != ti {
				q.passive[pj] = &passiveQuery{}
			}
		}
	}
	return q
}

// enumLimit is the number of choices (the step's own, and each passive
// thread's, counted apart) up to which a query is answered by trying
// every choice instead of asking SAT: both answer the same question, but
// a SAT instance costs about 0.1 ms to make, which on the corpus made
// replay 17 times slower than enumerating the small steps. Tests set
// Semantics.enumLimit to -1 to ask SAT every time.
const enumLimit = 8

// solve returns the choices of the step and of each passive thread (nil
// for a thread that does not take the step) meeting the query, or ok
// false when there are none.
func (q *query) solve() (ch []bool, passive [][]bool, ok bool, err error) {
	st := q.st
	if q.passive == nil && st.Choices == 0 {
		// Nothing to choose: the only resolution; apply judges it.
		return nil, nil, true, nil
	}
	used := interp.UsedChoices(append(append(append(append([]*bp.Term(nil), st.Values...), st.SpawnArgs...), st.Args...), st.Constraint, st.Cond))
	var pused []int
	if q.passive != nil {
		pused = interp.UsedChoices(st.PassiveValues, st.PassiveConstraint)
	}
	if len(used) <= q.sem.enumLimit && len(pused) <= q.sem.enumLimit {
		ch, passive, ok = q.enumerate(used, pused)
		return ch, passive, ok, nil
	}
	c := logic.NewC()
	f, err := q.formulas(c)
	if err != nil {
		return nil, nil, false, err
	}
	s := sat.New(c)
	for _, m := range f.roots {
		s.Add(m)
	}
	if s.Solve() != sat.Sat {
		return nil, nil, false, nil
	}
	model := func() {
		ch = values(s, f.a.ch)
		passive = make([][]bool, len(q.passive))
		for pj := range q.passive {
			if q.passive[pj] != nil && s.Value(f.takes[pj]) {
				passive[pj] = values(s, f.pch[pj])
			}
		}
	}
	model()
	var kept []z.Lit
	for _, m := range f.soft {
		s.Assume(append(kept, m)...)
		if s.Solve() == sat.Sat {
			kept = append(kept, m)
			model()
		}
	}
	return ch, passive, true, nil
}

// queryFormulas are a query's formulas: the step's literals, what must
// hold (roots), what should where it can (soft), and, per passive thread,
// whether it takes the step and its choices.
type queryFormulas struct {
	a                  *lits
	roots, soft, takes []z.Lit
	pch                [][]z.Lit
}

// formulas encodes q in c.
func (q *query) formulas(c *logic.C) (queryFormulas, error) {
	st := q.st
	t := &q.s.Threads[q.ti]
	a := &lits{c: c, g: consts(c, q.s.Globals), l: consts(c, t.Locals), ch: inputs(c, st.Choices)}
	var roots []z.Lit
	if st.Kind == bp.Assign {
		a.ng, a.nl = append([]z.Lit(nil), a.g...), append([]z.Lit(nil), a.l...)
		for j, ref := range st.Targets {
			m := a.enc(st.Values[j])
			if ref.Scope == bp.Global {
				a.ng[ref.Index] = m
			} else {
				a.nl[ref.Index] = m
			}
		}
		if st.Constraint != nil {
			roots = append(roots, a.enc(st.Constraint))
		}
	}
	for _, r := range q.must {
		roots = append(roots, is(a.enc(r.t), r.want))
	}
	var soft []z.Lit
	for _, r := range q.soft {
		soft = append(soft, is(a.enc(r.t), r.want))
	}
	takes := make([]z.Lit, len(q.passive))
	pch := make([][]z.Lit, len(q.passive))
	for pj, pq := range q.passive {
		if pq == nil {
			continue
		}
		p := &lits{c: c, g: a.g, l: a.l, ng: a.ng, nl: a.nl, pl: consts(c, q.s.Threads[pj].Locals), ch: inputs(c, st.PassiveChoices)}
		pch[pj] = p.ch
		take, stay, err := passiveLits(st, p, pq)
		if err != nil {
			return queryFormulas{}, err
		}
		takes[pj] = take
		if pq.mayStay {
			take = c.Or(take, stay)
		}
		roots = append(roots, take)
		for _, r := range pq.soft {
			soft = append(soft, c.And(takes[pj], is(p.enc(r.t), r.want)))
		}
	}
	return queryFormulas{a: a, roots: roots, soft: soft, takes: takes, pch: pch}, nil
}

// passiveLits encodes what a passive thread must do: take, the literal of
// "it takes the step meeting its requirements"; stay, for mayStay, of
// "no choice of it satisfies its constraint".
func passiveLits(st *bp.Step, p *lits, pq *passiveQuery) (take, stay z.Lit, err error) {
	c := p.c
	p.pnl = append([]z.Lit(nil), p.pl...)
	for k, ref := range st.PassiveTargets {
		p.pnl[ref.Index] = p.enc(st.PassiveValues[k])
	}
	conj := []z.Lit{c.T}
	if st.PassiveConstraint != nil {
		conj = append(conj, p.enc(st.PassiveConstraint))
	}
	for _, r := range pq.must {
		conj = append(conj, is(p.enc(r.t), r.want))
	}
	take = c.Ands(conj...)
	if !pq.mayStay {
		return take, c.F, nil
	}
	if st.PassiveConstraint == nil {
		return take, c.F, nil // every thread can take the step
	}
	used := interp.UsedChoices(st.PassiveValues, st.PassiveConstraint)
	if len(used) > maxStayChoices {
		return 0, 0, fmt.Errorf("a passive thread has %d choices: %w", len(used), ErrTooWide)
	}
	// "No choice satisfies the constraint", expanded over the choices.
	var none []z.Lit
	for mask := 0; mask < 1<<len(used); mask++ {
		q := *p
		q.ch = make([]z.Lit, len(p.ch))
		for i := range q.ch {
			q.ch[i] = c.F
		}
		for j, i := range used {
			if mask&(1<<j) != 0 {
				q.ch[i] = c.T
			}
		}
		q.pnl = append([]z.Lit(nil), q.pl...)
		for k, ref := range st.PassiveTargets {
			q.pnl[ref.Index] = q.enc(st.PassiveValues[k])
		}
		none = append(none, q.enc(st.PassiveConstraint).Not())
	}
	return take, c.Ands(none...), nil
}

// values reads ms off the solver's model.
func values(s *sat.Solver, ms []z.Lit) []bool {
	out := make([]bool, len(ms))
	for i, m := range ms {
		out[i] = s.Value(m)
	}
	return out
}

// passiveCanTake reports whether some choice of a passive thread (its
// environment pe) satisfies the passive constraint of broadcast st.
func (sem *semantics) passiveCanTake(st *bp.Step, pe *interp.Env) bool {
	if st.PassiveConstraint == nil {
		return true
	}
	used := interp.UsedChoices(st.PassiveValues, st.PassiveConstraint)
	out := make([]bool, len(pe.Passive))
	if len(used) <= maxStayChoices {
		ch := make([]bool, st.PassiveChoices)
		for mask := 0; mask < 1<<len(used); mask++ {
			for j, i := range used {
				ch[i] = mask&(1<<j) != 0
			}
			copy(out, pe.Passive)
			if interp.PassivePart(st, pe, ch, out) {
				return true
			}
		}
		return false
	}
	// Too many to enumerate: ask SAT.
	c := logic.NewC()
	p := &lits{c: c, g: consts(c, pe.Globals), l: consts(c, pe.Locals), ng: consts(c, pe.NewGlobals), nl: consts(c, pe.NewLocals),
		pl: consts(c, pe.Passive), ch: inputs(c, st.PassiveChoices)}
	take, _, _ := passiveLits(st, p, &passiveQuery{})
	s := sat.New(c)
	s.Add(take)
	// Unsatisfiable is trusted; a model is trusted too, whatever the
	// evaluation says, so that a mistake here can only refuse a step
	// (the thread could take it) and never accept one.
	return s.Solve() == sat.Sat
}

// enumerate answers q by trying every assignment of the choices in used
// (the step's) and, for each passive thread, of those in pused: among
// the choices that meet every must requirement it returns one that meets
// the most soft ones.
func (q *query) enumerate(used, pused []int) (ch []bool, passive [][]bool, ok bool) {
	st := q.st
	t := &q.s.Threads[q.ti]
	best := -1
	for mask := 0; mask < 1<<len(used); mask++ {
		c := make([]bool, st.Choices)
		for j, i := range used {
			c[i] = mask&(1<<j) != 0
		}
		e := &interp.Env{Globals: q.s.Globals, Locals: t.Locals, Choices: c}
		n := *q.s
		if st.Kind == bp.Assign {
			var holds bool
			if n, holds = interp.ActivePart(q.s, q.ti, st, c); !holds {
				continue
			}
			e.NewGlobals, e.NewLocals = n.Globals, n.Threads[q.ti].Locals
		}
		if !meets(e, q.must) {
			continue
		}
		score := count(e, q.soft)
		ps := make([][]bool, len(q.passive))
		fits := true
		for pj, pq := range q.passive {
			if pq == nil {
				continue
			}
			pe := q.sem.PassiveEnv(q.s, &n, q.ti, pj)
			chp, pscore := bestPassive(st, pe, pq, pused)
			switch {
			case chp != nil:
				ps[pj], score = chp, score+pscore
			case !pq.mayStay || q.sem.passiveCanTake(st, pe):
				fits = false
			}
			if !fits {
				break
			}
		}
		if fits && score > best {
			ch, passive, ok, best = c, ps, true, score
		}
	}
	return ch, passive, ok
}

// bestPassive is, among the choices of a passive thread (environment pe)
// under which it takes the step meeting pq's must requirements, one that
// meets the most soft ones, with their number; nil if there is none.
func bestPassive(st *bp.Step, pe *interp.Env, pq *passiveQuery, pused []int) ([]bool, int) {
	var best []bool
	bestScore := -1
	out := make([]bool, len(pe.Passive))
	for mask := 0; mask < 1<<len(pused); mask++ {
		ch := make([]bool, st.PassiveChoices)
		for j, i := range pused {
			ch[i] = mask&(1<<j) != 0
		}
		copy(out, pe.Passive)
		if !interp.PassivePart(st, pe, ch, out) {
			continue
		}
		e := *pe
		e.Choices, e.NewPassive = ch, out
		if !meets(&e, pq.must) {
			continue
		}
		if sc := count(&e, pq.soft); sc > bestScore {
			best, bestScore = ch, sc
		}
	}
	return best, bestScore
}

// meets reports whether every requirement holds in e.
func meets(e *interp.Env, reqs []req) bool {
	for _, r := range reqs {
		if e.Eval(r.t) != r.want {
			return false
		}
	}
	return true
}

// count is the number of requirements that hold in e.
func count(e *interp.Env, reqs []req) int {
	n := 0
	for _, r := range reqs {
		if e.Eval(r.t) == r.want {
			n++
		}
	}
	return n
}
