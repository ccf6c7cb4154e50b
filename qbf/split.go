package qbf

import (
	"context"
	"slices"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Splitting. When the matrix is a conjunction whose conjuncts fall into
// groups that share no variable, ∀X ∃Y. ∧_i φi(Xi, Yi) is the
// conjunction of the ∀Xi ∃Yi. φi, and each is solved alone. CEGAR gains
// much: its candidates range over all of X at once, so n independent
// parts that each need two rounds would take 2^n rounds together. A
// query of the model checker is an implication, one part; CNF from
// elsewhere often has several.

// components returns the groups of top-level conjuncts of l's matrix
// that share no variable, each as a conjunction, or nil if there is only
// one.
func (l *local) components() []z.Lit {
	c := l.c
	parent := make([]z.Var, c.Len())
	for i := range parent {
		parent[i] = z.Var(i)
	}
	find := func(v z.Var) z.Var {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	union := func(a, b z.Var) {
		if a, b = find(a), find(b); a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	// Join every gate in a conjunct's cone with its inputs. The gates of
	// the top conjunction itself join nothing, unless a cone uses them.
	leaves := conjuncts(c, l.matrix)
	seen := make([]bool, c.Len())
	var stack []z.Var
	for _, m := range leaves {
		stack = append(stack[:0], m.Var())
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[v] {
				continue
			}
			seen[v] = true
			x, y := c.Ins(v.Pos())
			if x == z.LitNull {
				continue
			}
			union(v, x.Var())
			union(v, y.Var())
			stack = append(stack, x.Var(), y.Var())
		}
	}
	var roots []z.Var
	groups := map[z.Var][]z.Lit{}
	for _, m := range leaves {
		r := find(m.Var())
		if groups[r] == nil {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], m)
	}
	if len(roots) < 2 {
		return nil
	}
	slices.Sort(roots) // not map order: the order decides the witness
	out := make([]z.Lit, len(roots))
	for i, r := range roots {
		out[i] = balancedAnd(c, groups[r])
	}
	return out
}

// conjuncts returns the leaves of m's top conjunction, each once.
func conjuncts(c *logic.C, m z.Lit) []z.Lit {
	seen := map[z.Lit]bool{}
	var out []z.Lit
	stack := []z.Lit{m}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m] {
			continue
		}
		seen[m] = true
		if m.IsPos() {
			if a, b := c.Ins(m); a != z.LitNull {
				stack = append(stack, b, a)
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// solveSplit solves each component of l as a problem of its own, the
// smallest first, and stops at the first false one.
func solveSplit(ctx context.Context, p Problem, l *local, parts []z.Lit) Result {
	type part struct {
		p       Problem
		forallI []int // indices into p.Forall
		size    int
	}
	c := l.c
	// Each part's inputs are the inputs in its cone.
	ps := make([]part, len(parts))
	for i, m := range parts {
		in := coneInputs(c, m)
		ps[i].p = Problem{Circuit: c, Matrix: m}
		for j, x := range l.forall {
			if in[x.Var()] {
				ps[i].p.Forall = append(ps[i].p.Forall, x)
				ps[i].forallI = append(ps[i].forallI, j)
			}
		}
		for _, y := range l.exists {
			if in[y.Var()] {
				ps[i].p.Exists = append(ps[i].p.Exists, y)
			}
		}
		ps[i].size = len(in)
	}
	slices.SortStableFunc(ps, func(a, b part) int { return a.size - b.size })

	var res Result
	res.Truth = True
	for _, pt := range ps {
		r := solveOne(ctx, pt.p)
		res.Stats.Iterations += r.Stats.Iterations
		res.Stats.Refinements += r.Stats.Refinements
		res.Stats.Candidate = res.Stats.Candidate.Plus(r.Stats.Candidate)
		res.Stats.Check = res.Stats.Check.Plus(r.Stats.Check)
		switch r.Truth {
		case Unknown:
			res.Truth, res.Reason = Unknown, r.Reason
			return res
		case False:
			res.Truth = False
			res.Witness = make([]bool, len(p.Forall))
			for k, j := range pt.forallI {
				res.Witness[j] = r.Witness[k] != !p.Forall[j].IsPos()
			}
			return res
		}
	}
	return res
}

// coneInputs marks the inputs in m's cone.
func coneInputs(c *logic.C, m z.Lit) map[z.Var]bool {
	in := map[z.Var]bool{}
	seen := map[z.Var]bool{m.Var(): true}
	stack := []z.Var{m.Var()}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		a, b := c.Ins(v.Pos())
		if a == z.LitNull {
			if v != 1 {
				in[v] = true
			}
			continue
		}
		for _, x := range [2]z.Var{a.Var(), b.Var()} {
			if !seen[x] {
				seen[x] = true
				stack = append(stack, x)
			}
		}
	}
	return in
}
