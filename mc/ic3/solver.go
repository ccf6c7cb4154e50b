package ic3

import (
	"slices"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// slice bounds one uninterrupted solver run: gini's Solve cannot be
// interrupted, so a long query is run in slices and ctx is checked in
// between (the solver keeps what it learned across slices).
const slice = 100 * time.Millisecond

// solve runs the solver under assumptions ms: 1 sat, -1 unsat, 0 when the
// context ended. gini's Try keeps its deadline for later plain Solve calls,
// so every call goes through Try.
func (p *pdr) solve(g *gini.Gini, ms ...z.Lit) int {
	for {
		if p.ctx.Err() != nil {
			p.halted = true
			return 0
		}
		d := slice
		if dl, ok := p.ctx.Deadline(); ok && time.Until(dl) < d {
			d = max(time.Until(dl), time.Millisecond)
		}
		g.Assume(ms...)
		p.satCalls++
		if r := g.Try(d); r != 0 {
			return r
		}
	}
}

// addClause adds the clause cl, or cl ∨ ¬act if act is not z.LitNull.
func addClause(g *gini.Gini, cl []z.Lit, act z.Lit) {
	for _, m := range cl {
		g.Add(m)
	}
	if act != z.LitNull {
		g.Add(act.Not())
	}
	g.Add(0)
}

// newSolver returns a solver that holds the transition relation and Bad.
func (p *pdr) newSolver() *gini.Gini {
	g := gini.New()
	s := p.s
	roots := []z.Lit{p.sys.Bad}
	for _, l := range s.Latches {
		roots = append(roots, s.Next(l))
	}
	s.CnfSince(g, nil, roots...)
	// Make the solver know every circuit variable before it allocates
	// activation literals of its own; the clause is true.
	g.Add(s.T)
	g.Add(z.Var(s.Len() - 1).Pos())
	g.Add(0)
	return g
}

// at returns the solver and the assumptions that make "F_k ∧ T".
func (p *pdr) at(k int) (*gini.Gini, []z.Lit) {
	if p.perFrame {
		return p.solvers[k], []z.Lit{p.acts[k]}
	}
	if k == 0 {
		return p.g, []z.Lit{p.acts[0]}
	}
	return p.g, slices.Clone(p.acts[k:])
}

// withTemp runs f with the clause cl active and removes the clause after.
// Constant literals are simplified first: cl true is not added (f runs
// without it), cl empty makes withTemp report false without running f.
func (p *pdr) withTemp(g *gini.Gini, cl []z.Lit, f func(act z.Lit) int) int {
	var ms []z.Lit
	for _, m := range cl {
		switch m {
		case p.s.T:
			return f(p.s.T)
		case p.s.F:
			continue
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return -1
	}
	for _, m := range ms {
		g.Add(m)
	}
	act := g.Activate()
	r := f(act)
	g.Deactivate(act)
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
func (p *pdr) state(g *gini.Gini) (cube, []bool) {
	st := make(cube, len(p.s.Latches))
	for i, l := range p.s.Latches {
		if g.Value(l) {
			st[i] = l
		} else {
			st[i] = l.Not()
		}
	}
	in := make([]bool, len(p.sys.Inputs))
	for i, m := range p.sys.Inputs {
		in[i] = g.Value(m)
	}
	return newCube(st), in
}

// badState asks for a bad state in F_k: (found, its full cube, 0 if halted).
func (p *pdr) badState(k int) (int, cube) {
	g, ms := p.at(k)
	r := p.solve(g, append(ms, p.sys.Bad)...)
	if r != 1 {
		return r, nil
	}
	st, _ := p.state(g)
	return 1, st
}

// relInd asks whether F_k ∧ ¬c ∧ T ∧ c' is satisfiable, that is whether c
// has a predecessor in F_k outside c. When it has (1), it returns the
// predecessor's full cube and inputs; when not (-1), the subcube of c whose
// next-state literals the solver needed.
func (p *pdr) relInd(c cube, k int) (r int, pred cube, inputs []bool, core cube) {
	nx := p.nextLits(c)
	g, ms := p.at(k)
	r = p.withTemp(g, c.clause(), func(act z.Lit) int {
		ms = append(ms, act)
		r := p.solve(g, append(ms, nx...)...)
		switch r {
		case 1:
			pred, inputs = p.state(g)
		case -1:
			core = p.coreOf(g, c, nx)
		}
		return r
	})
	return r, pred, inputs, core
}

// coreOf maps the failed assumptions of the last query back to the
// literals of c whose next-state literals nx they contain.
func (p *pdr) coreOf(g *gini.Gini, c cube, nx []z.Lit) cube {
	failed := map[z.Lit]bool{}
	for _, m := range g.Why(nil) {
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
	g, ms := p.at(k)
	return p.solve(g, append(ms, p.nextLits(c)...)...)
}

// lift shrinks the full state st to the literals that, with the given
// inputs, still force target (a clause of literals that must all be
// false, i.e. the negated target cube or ¬Bad): "st ∧ inputs ∧ target is
// violated" is unsatisfiable, and its failed assumptions are kept.
func (p *pdr) lift(st cube, inputs []bool, miss []z.Lit) cube {
	var lifted cube
	g := p.lifter
	p.withTemp(g, miss, func(act z.Lit) int {
		ms := []z.Lit{act}
		for i, m := range p.sys.Inputs {
			if inputs == nil {
				break // the target depends on latches only
			}
			if !inputs[i] {
				m = m.Not()
			}
			ms = append(ms, m)
		}
		ms = append(ms, st...)
		r := p.solve(g, ms...)
		if r != -1 {
			// Only a halted solver gets here: keep the full state.
			lifted = st
			return r
		}
		failed := map[z.Lit]bool{}
		for _, m := range g.Why(nil) {
			failed[m] = true
		}
		for _, m := range st {
			if failed[m] {
				lifted = append(lifted, m)
			}
		}
		return r
	})
	if lifted == nil {
		// No latch was needed, or miss is constantly false: every state
		// reaches the target.
		lifted = cube{}
	}
	return lifted
}
