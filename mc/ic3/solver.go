package ic3

import (
	"slices"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// slice bounds one uninterrupted solver run: gini's Solve cannot be
// interrupted, so a long query is run in slices and ctx.Err() is polled
// in between (the solver keeps what it learned across slices). A slice
// is shorter than the race's quantum (package race: an engine hands its
// core on only inside ctx.Err()); 100 ms slices kept a core for five
// quanta.
const slice = 10 * time.Millisecond

// solve runs the solver under assumptions ms (its own literals): 1 sat,
// -1 unsat, 0 when the context ended or the SAT calls ran out. A query
// is one SAT call however many slices it takes, so the budget in calls
// (opts.MaxSATCalls) gives the same answer on every machine. gini's Try
// keeps its deadline for later plain Solve calls, so every call goes
// through Try.
func (p *pdr) solve(sv *solver, ms ...z.Lit) int {
	if p.ctx.Err() != nil || p.maxCalls > 0 && p.satCalls >= p.maxCalls ||
		p.rival != nil && int64(p.satCalls) >= p.rival.Load() {
		p.halted = true
		return 0
	}
	p.satCalls++
	for {
		d := slice
		if dl, ok := p.ctx.Deadline(); ok && time.Until(dl) < d {
			d = max(time.Until(dl), time.Millisecond)
		}
		sv.g.Assume(ms...)
		start := time.Now()
		r := sv.g.Try(d)
		p.satTime += time.Since(start)
		if r != 0 {
			return r
		}
		// A query that outlasts the rival's answer cannot win (race):
		// any answer after it would take more calls.
		if p.ctx.Err() != nil || p.rival != nil && int64(p.satCalls) > p.rival.Load() {
			p.halted = true
			return 0
		}
	}
}

// at returns the solver and the assumptions that make "F_k ∧ T".
func (p *pdr) at(k int) (*solver, []z.Lit) {
	if p.perFrame {
		return p.solvers[k], []z.Lit{p.acts[k]}
	}
	if k == 0 {
		return p.one, []z.Lit{p.acts[0]}
	}
	return p.one, slices.Clone(p.acts[k:])
}

// withTemp runs f with the clause cl (circuit literals) active and
// removes the clause after. Constant literals are simplified first: cl
// true is not added (f runs without it), cl empty makes withTemp report
// false without running f.
func (p *pdr) withTemp(sv *solver, cl []z.Lit, f func(act z.Lit) int) int {
	var ms []z.Lit
	for _, m := range cl {
		switch m {
		case p.s.T:
			return f(z.LitNull)
		case p.s.F:
			continue
		}
		ms = append(ms, sv.lit(m))
	}
	if len(ms) == 0 {
		return -1
	}
	for _, m := range ms {
		sv.g.Add(m)
	}
	act := sv.g.Activate()
	r := f(act)
	sv.g.Deactivate(act)
	return r
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
	r := p.solve(sv, append(ms, sv.lit(p.sys.Bad))...)
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
	r = p.withTemp(sv, c.clause(), func(act z.Lit) int {
		if act != z.LitNull {
			ms = append(ms, act)
		}
		r := p.solve(sv, append(ms, nx...)...)
		switch r {
		case 1:
			pred, inputs = p.state(sv)
		case -1:
			core = p.coreOf(sv, c, nx)
		}
		return r
	})
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
	return p.solve(sv, ms...)
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
	var lifted cube
	sv := p.lifter
	p.withTemp(sv, miss, func(act z.Lit) int {
		var ms []z.Lit
		if act != z.LitNull {
			ms = append(ms, act)
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
		var assumed []z.Lit // circuit literals, by the solver's ms
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
		r := p.solve(sv, ms...)
		if r != -1 {
			// Only a halted solver gets here: keep the full state.
			lifted = st
			return r
		}
		failed := map[z.Lit]bool{}
		for _, m := range sv.g.Why(nil) {
			failed[m] = true
		}
		for i, m := range assumed {
			if failed[ms[len(ms)-len(assumed)+i]] && p.s.Type(m) == logic.SLatch {
				lifted = append(lifted, m)
			}
		}
		return r
	})
	return lifted
}
