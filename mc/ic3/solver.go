package ic3

import (
	"slices"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/sat/cone"
)

// pollEvery is how often a long query polls ctx.Err() (package race: an
// engine hands its core on only inside ctx.Err()). The solver asks its
// Stop every few dozen conflicts, and the clock is read at most this
// often.
const pollEvery = 2 * time.Millisecond

// solve runs the solver under assumptions ms (its own literals) and, if
// temp is not nil, the clause temp (its own literals) for this query
// only: 1 sat, -1 unsat, 0 when the context ended or the SAT calls ran
// out. The query decides only its domain (solver.domain). A query is one
// SAT call, so the budget in calls (opts.MaxSATCalls) gives the same
// answer on every machine.
func (p *pdr) solve(sv *solver, temp []z.Lit, ms ...z.Lit) int {
	if p.ctx.Err() != nil || p.maxCalls > 0 && p.satCalls >= p.maxCalls ||
		p.rival != nil && int64(p.satCalls) >= p.rival.Load() {
		p.halted = true
		return 0
	}
	p.satCalls++
	start := time.Now()
	next := start.Add(pollEvery)
	stop := func() bool {
		now := time.Now()
		if now.Before(next) {
			return false
		}
		next = now.Add(pollEvery)
		// A query that outlasts the rival's answer cannot win (race):
		// any answer after it would take more calls.
		return p.ctx.Err() != nil || p.rival != nil && int64(p.satCalls) > p.rival.Load()
	}
	q := &cone.Query{Assume: ms, Temp: temp, Stop: stop}
	q.Domain = sv.domain(ms, temp)
	r := sv.g.Solve(q)
	p.satTime += time.Since(start)
	if r == 0 {
		p.halted = true
	}
	return r
}

// at returns the solver and the assumptions that make "F_k ∧ T".
func (p *pdr) at(k int) (*solver, []z.Lit) {
	if p.perFrame {
		return p.solvers[k], nil
	}
	if k == 0 {
		return p.one, []z.Lit{p.acts[0]}
	}
	return p.one, slices.Clone(p.acts[k:])
}

// temp maps the clause cl (circuit literals) into sv for one query.
// Constant literals are simplified: cl true gives nil (no clause), cl
// empty an empty clause (ok false).
func (p *pdr) temp(sv *solver, cl []z.Lit) (ms []z.Lit, ok bool) {
	for _, m := range cl {
		switch m {
		case p.s.T:
			return nil, true
		case p.s.F:
			continue
		}
		ms = append(ms, sv.lit(m))
	}
	return ms, len(ms) > 0
}

// nextLits returns the next-state literals that make c hold after a step.
func (p *pdr) nextLits(c cube) []z.Lit {
	ms := make([]z.Lit, len(c))
	for i, m := range c {
		nx := p.s.Next(m.Var().Pos())
		if !m.IsPos() {
			nx = nx.Not()
		}
		ms[i] = nx
	}
	return ms
}

// state reads the latch values of the last model as a cube with every
// latch, and the input values.
func (p *pdr) state(sv *solver) (cube, []bool) {
	st := make(cube, len(p.s.Latches))
	for i, l := range p.s.Latches {
		if sv.value(l) {
			st[i] = l
		} else {
			st[i] = l.Not()
		}
	}
	in := make([]bool, len(p.sys.Inputs))
	for i, m := range p.sys.Inputs {
		in[i] = sv.value(m)
	}
	return newCube(st), in
}

// badState asks for a bad state in F_k: (found, its full cube, 0 if halted).
func (p *pdr) badState(k int) (int, cube) {
	sv, ms := p.at(k)
	r := p.solve(sv, nil, append(ms, sv.lit(p.sys.Bad))...)
	if r != 1 {
		return r, nil
	}
	st, _ := p.state(sv)
	return 1, st
}

// relInd asks whether F_k ∧ ¬c ∧ T ∧ c' is satisfiable, that is whether c
// has a predecessor in F_k outside c. When it has (1), it returns the
// predecessor's full cube and inputs; when not (-1), the subcube of c whose
// next-state literals the solver needed.
func (p *pdr) relInd(c cube, k int) (r int, pred cube, inputs []bool, core cube) {
	sv, ms := p.at(k)
	nx := p.nextLits(c)
	for i, m := range nx {
		nx[i] = sv.lit(m)
	}
	temp, ok := p.temp(sv, c.clause())
	if !ok {
		return -1, nil, nil, nil
	}
	r = p.solve(sv, temp, append(ms, nx...)...)
	switch r {
	case 1:
		pred, inputs = p.state(sv)
	case -1:
		core = p.coreOf(sv, c, nx)
	}
	return r, pred, inputs, core
}

// coreOf maps the failed assumptions of the last query back to the
// literals of c whose next-state literals nx (solver literals) they
// contain.
func (p *pdr) coreOf(sv *solver, c cube, nx []z.Lit) cube {
	failed := map[z.Lit]bool{}
	for _, m := range sv.g.Why(nil) {
		failed[m] = true
	}
	var core cube
	for i, m := range c {
		if failed[nx[i]] {
			core = append(core, m)
		}
	}
	return core
}

// propagates reports whether F_k ∧ T ∧ c' is unsatisfiable (-1), that is
// whether the clause ¬c holds in F_{k+1} too.
func (p *pdr) propagates(c cube, k int) int {
	sv, ms := p.at(k)
	for _, m := range p.nextLits(c) {
		ms = append(ms, sv.lit(m))
	}
	return p.solve(sv, nil, ms...)
}

// lift shrinks the full state st to a cube every state of which, with
// the given inputs, still forces target (miss: a clause of literals that
// must all be false, i.e. the negated target cube or ¬Bad): by a SAT
// call (liftSAT), or by ternary simulation in that configuration (xlift).
func (p *pdr) lift(st cube, inputs []bool, miss []z.Lit) cube {
	var lifted cube
	if p.cfg.ternary {
		targets := make([]z.Lit, len(miss))
		for i, m := range miss {
			targets[i] = m.Not()
		}
		lifted = p.xlift(st, inputs, targets)
	} else {
		lifted = p.liftSAT(st, inputs, miss)
	}
	if lifted == nil {
		// No latch was needed, or miss is constantly false: every state
		// reaches the target.
		lifted = cube{}
	}
	if p.ready != z.LitNull && slices.Contains(st, p.ready) && !p.intersectsInit(lifted) {
		// ready reaches nothing, so lifting always drops it; kept, it
		// lets a cube miss the initial states on its own (readyCopy).
		// A cube that meets them is a counterexample as it is.
		lifted = append(lifted, p.ready)
	}
	return newCube(lifted)
}

// liftSAT keeps the literals of st the query "st ∧ inputs ∧ target is
// violated" (unsatisfiable) needs: its failed assumptions. Only the
// latches and inputs in the target's cone are assumed: the others cannot
// matter.
func (p *pdr) liftSAT(st cube, inputs []bool, miss []z.Lit) cube {
	sv := p.lifter
	temp, ok := p.temp(sv, miss)
	if !ok {
		return nil
	}
	value := map[z.Lit]bool{}
	for _, m := range st {
		value[m.Var().Pos()] = m.IsPos()
	}
	for i, m := range p.sys.Inputs {
		if inputs == nil {
			break // the target depends on latches only
		}
		value[m] = inputs[i]
	}
	var assumed, ms []z.Lit // circuit literals, and the solver's
	for _, m := range p.sh.support(nil, miss) {
		v, ok := value[m]
		if !ok {
			continue
		}
		if !v {
			m = m.Not()
		}
		assumed = append(assumed, m)
		ms = append(ms, sv.lit(m))
	}
	if r := p.solve(sv, temp, ms...); r != -1 {
		// Only a halted solver gets here: keep the full state.
		return st
	}
	failed := map[z.Lit]bool{}
	for _, m := range sv.g.Why(nil) {
		failed[m] = true
	}
	var lifted cube
	for i, m := range assumed {
		if failed[ms[i]] && p.s.Type(m) == logic.SLatch {
			lifted = append(lifted, m)
		}
	}
	return lifted
}
