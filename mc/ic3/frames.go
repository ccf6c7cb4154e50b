package ic3

import (
	"slices"

	"github.com/go-air/gini/z"
)

// A cube is a conjunction of latch literals, sorted, without duplicates.
type cube []z.Lit

func newCube(ms []z.Lit) cube {
	c := cube(slices.Clone(ms))
	slices.Sort(c)
	return slices.Compact(c)
}

// subsumes reports whether every literal of c is in d, that is, whether
// blocking c also blocks d.
func (c cube) subsumes(d cube) bool {
	if len(c) > len(d) {
		return false
	}
	j := 0
	for _, m := range c {
		for j < len(d) && d[j] < m {
			j++
		}
		if j == len(d) || d[j] != m {
			return false
		}
		j++
	}
	return true
}

func (c cube) without(i int) cube {
	d := make(cube, 0, len(c)-1)
	d = append(d, c[:i]...)
	return append(d, c[i+1:]...)
}

// clause is the negation of c: the clause learned by blocking it.
func (c cube) clause() []z.Lit {
	cl := make([]z.Lit, len(c))
	for i, m := range c {
		cl[i] = m.Not()
	}
	return cl
}

// intersectsInit reports whether some initial state is in c. The initial
// states are a cube too (the fixed inits; uninitialised latches are free),
// so c misses them exactly when one of its literals contradicts an init.
func (p *pdr) intersectsInit(c cube) bool {
	for _, m := range c {
		if p.initLit(m.Var()) == m.Not() {
			return false
		}
	}
	return true
}

// initLit is the literal of latch v that holds initially, or z.LitNull if
// the latch is uninitialised.
func (p *pdr) initLit(v z.Var) z.Lit {
	switch p.s.Init(v.Pos()) {
	case p.s.T:
		return v.Pos()
	case p.s.F:
		return v.Neg()
	}
	return z.LitNull
}

// excludeInit returns core, or core plus one literal of full that
// contradicts an init if core alone meets the initial states. full must
// miss them.
func (p *pdr) excludeInit(core, full cube) cube {
	if !p.intersectsInit(core) {
		return core
	}
	if p.ready != z.LitNull && slices.Contains(full, p.ready) {
		// ready alone misses the initial states, for any other latch.
		return newCube(append(slices.Clone(core), p.ready))
	}
	for _, m := range full {
		if p.initLit(m.Var()) == m.Not() {
			return newCube(append(slices.Clone(core), m))
		}
	}
	return full
}

// blockedAt reports whether a cube blocked at level k or above subsumes c.
func (p *pdr) blockedAt(c cube, k int) bool {
	for i := k; i < len(p.frames); i++ {
		for _, d := range p.frames[i] {
			if d.subsumes(c) {
				return true
			}
		}
	}
	return false
}

// addBlocked blocks c in F_1..F_k: it records the cube at level k, drops
// the cubes at levels up to k that c subsumes (so that a level's delta can
// become empty) and adds the clause to the solver.
func (p *pdr) addBlocked(c cube, k int) {
	for i := 1; i <= k; i++ {
		p.frames[i] = slices.DeleteFunc(p.frames[i], c.subsumes)
	}
	p.frames[k] = append(p.frames[k], c)
	p.addAt(c, k)
	p.learned++
}

// addAt adds the clause of c to the solver(s) of F_1..F_k.
func (p *pdr) addAt(c cube, k int) {
	if !p.perFrame {
		p.one.add(c.clause(), p.acts[k])
		return
	}
	for i := 1; i <= k; i++ {
		p.solvers[i].add(c.clause(), p.acts[i])
	}
}

// newFrame opens level N+1, initially without clauses of its own.
func (p *pdr) newFrame() {
	p.frames = append(p.frames, nil)
	sv := p.one
	if p.perFrame {
		sv = newSolver(p.sh)
		p.solvers = append(p.solvers, sv)
	}
	p.acts = append(p.acts, p.newAct(sv))
	if p.ready != z.LitNull && (p.perFrame || len(p.acts) == 2) {
		// Only an initial state has ready false: ready ∨ m for each
		// init literal m holds in every reachable state.
		for _, l := range p.s.Latches {
			if m := p.initLit(l.Var()); m != z.LitNull && l != p.ready {
				sv.add([]z.Lit{p.ready, m}, z.LitNull)
			}
		}
	}
}

// newAct returns the activation literal of a new level in sv: z.LitNull
// with a solver per level, where a level's clauses need none.
func (p *pdr) newAct(sv *solver) z.Lit {
	if p.perFrame {
		return z.LitNull
	}
	return sv.newLit(0)
}

// top is N, the highest level.
func (p *pdr) top() int { return len(p.frames) - 1 }

// invariant returns the clauses of F_k.
func (p *pdr) invariant(k int) [][]z.Lit {
	var inv [][]z.Lit
	for i := k; i < len(p.frames); i++ {
		for _, c := range p.frames[i] {
			inv = append(inv, c.clause())
		}
	}
	return inv
}
