package encode

import (
	"sort"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Re-parameterisation (DESIGN.md, "Depth"). A parametric state's formulas
// grow with the path that reached it: after k trips round a loop each
// value and the guard are formulas over k trips' choices, although the set
// of valuations they stand for may be small. Reparameterise computes that
// set, the projection S = {ω(ι) | γ(ι)} on the live variables, as a BDD,
// and returns a state over fresh inputs x that stands for exactly S:
//
//	a variable constant in S holds that constant;
//	every other live variable v holds its own fresh input x_v;
//	the guard is S itself, over those literals (an AIG of the BDD).
//
// The values are thus inputs, which the subsumption query treats best (an
// old state's input value is defined by the new state's value, so no
// existential is left for it), and the guard is as large as S's BDD, not
// as the path.
//
// The image is computed as a conjunction with early quantification: the
// conjuncts are the guard's top-level conjuncts and one equation v = ω_v
// per value (a value that is an input no other value took is its own
// variable instead: no equation, never quantified); the BDD's variables (the inputs and the v) are ordered by the
// FORCE heuristic over those conjuncts, so that a constraint between one
// trip's values and the next's interleaves them (in the order of the
// formulas, one trip's inputs all sit above the next's and the BDD of a
// constraint between them is exponential); the conjuncts are taken in the
// order of their centres, and an input is quantified out after the last
// conjunct that reads it.

// DefaultReparamNodes bounds the BDD nodes of one re-parameterisation;
// past it the state is left as it is.
const DefaultReparamNodes = 1 << 16

// Reparameterise returns a state with the threads of s whose live values
// and guard are over fresh inputs and stand for the same set of
// valuations of the live variables as s (see above). ok is false, and s is
// returned unchanged, when the BDD would exceed maxNodes nodes or s
// stands for no state at all.
func (e *Encoder) Reparameterise(s *State, maxNodes int) (out State, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, limit := r.(bddLimit); !limit {
				panic(r)
			}
			out, ok = *s, false
		}
	}()
	n := s.Clone()
	r := &reparam{c: e.C, slots: liveSlots(&n), index: map[z.Var]int{}, constVar: e.C.T.Var()}
	r.parts = splitAnd(r.c, s.Guard)
	r.number()
	r.b = newBDD(maxNodes)
	set := r.image(r.conjuncts())
	if set == bddFalse {
		return *s, false
	}
	n.Guard = r.rebuild(e, set)
	return n, true
}

// reparam is one re-parameterisation under way: the set's conjuncts, the
// BDD variables they read and the BDD being built. Its steps run in the
// order of Reparameterise; each reads what the ones before it filled in.
type reparam struct {
	c        *logic.C
	constVar z.Var    // the variable of c.T, never a BDD variable
	slots    []*z.Lit // the live values of the new state, globals first
	parts    []z.Lit  // the guard's top-level conjuncts

	// Filled in by number.
	index  map[z.Var]int // input -> variable
	inputs []z.Var       // variable -> input, for the first len(inputs) variables
	edges  [][]int       // per conjunct (the slots', then the parts'), its variables
	valVar []int         // per slot, its variable
	valNeg []bool        // per slot, whether the value is its variable negated
	owner  []int         // per input variable, the slot it is the value of, or -1
	nvars  int
	level  []int32 // variable -> BDD level

	// Filled in by conjuncts.
	b  *bdd
	of map[z.Var]int32 // AIG variable -> its BDD
}

// liveSlots lists the live values of n, globals first, as pointers so the
// last step can replace them in place.
func liveSlots(n *State) []*z.Lit {
	var slots []*z.Lit
	for i := range n.Globals {
		slots = append(slots, &n.Globals[i])
	}
	for t := range n.Threads {
		for i, m := range n.Threads[t].Locals {
			if m != z.LitNull {
				slots = append(slots, &n.Threads[t].Locals[i])
			}
		}
	}
	return slots
}

// cone visits each variable in the cone of root that seen does not hold
// yet, depth first, the left operand first, leaving out the constant, and
// adds it to seen; gate says whether it is an AND gate or an input.
func (r *reparam) cone(root z.Lit, seen map[z.Var]bool, visit func(v z.Var, gate bool)) {
	stack := []z.Var{root.Var()}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[v] || v == r.constVar {
			continue
		}
		seen[v] = true
		a, b := r.c.Ins(v.Pos())
		visit(v, a != z.LitNull)
		if a != z.LitNull {
			stack = append(stack, b.Var(), a.Var())
		}
	}
}

// support numbers the inputs in the cone of root, in depth-first order,
// and returns the variables it reads.
func (r *reparam) support(root z.Lit) []int {
	var out []int
	r.cone(root, map[z.Var]bool{}, func(v z.Var, gate bool) {
		if gate {
			return
		}
		x, ok := r.index[v]
		if !ok {
			x = len(r.index)
			r.index[v] = x
			r.inputs = append(r.inputs, v)
		}
		out = append(out, x)
	})
	return out
}

// number gives the BDD variables: the inputs of the conjuncts' cones, in
// depth-first order, and one per value, then orders them by FORCE.
func (r *reparam) number() {
	for _, p := range r.slots {
		r.edges = append(r.edges, r.support(*p))
	}
	for _, g := range r.parts {
		r.edges = append(r.edges, r.support(g))
	}
	// A value that is an input no other value took (the common case: a
	// fresh input from a non-deterministic or constrained assignment) is
	// its own variable, with no equation, and the input is never
	// quantified; every other value gets a variable and the equation
	// v = ω_v.
	r.valVar = make([]int, len(r.slots))
	r.valNeg = make([]bool, len(r.slots))
	r.owner = make([]int, len(r.inputs))
	for x := range r.owner {
		r.owner[x] = -1
	}
	r.nvars = len(r.inputs)
	for i, p := range r.slots {
		m := *p
		if a, _ := r.c.Ins(m); a == z.LitNull && m.Var() != r.constVar {
			if x := r.index[m.Var()]; r.owner[x] < 0 {
				r.owner[x], r.valVar[i], r.valNeg[i] = i, x, !m.IsPos()
				r.edges[i] = nil
				continue
			}
		}
		r.valVar[i] = r.nvars
		r.nvars++
		r.edges[i] = append(r.edges[i], r.valVar[i])
	}
	r.level = forceOrder(r.nvars, r.edges)
}

// lit is the BDD of an AIG literal whose variable conjuncts has built.
func (r *reparam) lit(m z.Lit) int32 {
	f := r.of[m.Var()]
	if !m.IsPos() {
		f = r.b.not(f)
	}
	return f
}

// conjuncts builds the BDD of each conjunct: the equation v = ω_v of each
// value that has one (true for the others), then the guard's parts.
func (r *reparam) conjuncts() []int32 {
	b := r.b
	r.of = map[z.Var]int32{r.constVar: bddTrue}
	for x, v := range r.inputs {
		r.of[v] = b.variable(r.level[x])
	}
	// The BDDs of the gates below the conjuncts, in increasing variable
	// order: logic.C numbers a gate after its operands, so this is a
	// topological order.
	var gates []z.Var
	seen := map[z.Var]bool{}
	roots := append([]z.Lit(nil), r.parts...)
	for _, p := range r.slots {
		roots = append(roots, *p)
	}
	for _, root := range roots {
		r.cone(root, seen, func(v z.Var, gate bool) {
			if gate {
				gates = append(gates, v)
			}
		})
	}
	sort.Slice(gates, func(i, j int) bool { return gates[i] < gates[j] })
	for _, g := range gates {
		x, y := r.c.Ins(g.Pos())
		r.of[g] = b.and(r.lit(x), r.lit(y))
	}
	conj := make([]int32, len(r.edges))
	for i, p := range r.slots {
		conj[i] = bddTrue
		if r.edges[i] != nil {
			conj[i] = b.not(b.xor(b.variable(r.level[r.valVar[i]]), r.lit(*p)))
		}
	}
	for k, g := range r.parts {
		conj[len(r.slots)+k] = r.lit(g)
	}
	return conj
}

// image conjoins the conjuncts in the order of their centres in the
// variable order, quantifying each input after the last conjunct that
// reads it, and returns the set (bddFalse if it is empty).
func (r *reparam) image(conj []int32) int32 {
	sched := make([]int, len(r.edges))
	centre := make([]float64, len(r.edges))
	for k, e := range r.edges {
		sched[k] = k
		for _, x := range e {
			centre[k] += float64(r.level[x])
		}
		if len(e) > 0 {
			centre[k] /= float64(len(e))
		}
	}
	sort.SliceStable(sched, func(i, j int) bool { return centre[sched[i]] < centre[sched[j]] })
	last := make([]int, r.nvars)
	for at, k := range sched {
		for _, x := range r.edges[k] {
			last[x] = at
		}
	}
	set := bddTrue
	quant := make([]bool, r.nvars)
	for at, k := range sched {
		set = r.b.and(set, conj[k])
		any := false
		for x := range r.inputs {
			q := last[x] == at && r.owner[x] < 0
			quant[r.level[x]] = q
			any = any || q
		}
		if any {
			set = r.b.exists(set, quant)
		}
		if set == bddFalse {
			break
		}
	}
	return set
}

// rebuild gives each value its new literal, in place (a constant where
// the set fixes it, else a fresh input), and returns the guard as an AIG
// of the set's BDD over them. The BDD variable of value i is the value,
// negated if valNeg[i].
func (r *reparam) rebuild(e *Encoder, set int32) z.Lit {
	c, b := r.c, r.b
	byLevel := map[int32]z.Lit{}
	for i, p := range r.slots {
		l := r.level[r.valVar[i]]
		var m z.Lit // the variable's literal
		switch {
		case b.restrict(set, l, false) == bddFalse:
			m = c.T
		case b.restrict(set, l, true) == bddFalse:
			m = c.F
		default:
			// A fresh input for the value itself, so values stay
			// positive inputs.
			m = e.Fresh()
			if r.valNeg[i] {
				m = m.Not()
			}
		}
		byLevel[l] = m
		*p = m
		if r.valNeg[i] {
			*p = m.Not()
		}
	}
	aig := map[int32]z.Lit{bddFalse: c.F, bddTrue: c.T}
	var build func(f int32) z.Lit
	build = func(f int32) z.Lit {
		if m, ok := aig[f]; ok {
			return m
		}
		nd := b.nodes[f]
		m := c.Choice(byLevel[nd.level], build(nd.hi), build(nd.lo))
		aig[f] = m
		return m
	}
	return build(set)
}

// ConeSize counts the gates in the cone of the guard and the live values
// of s, stopping once the count reaches limit (a limit of 0 or less
// counts them all).
func (e *Encoder) ConeSize(s *State, limit int) int {
	c := e.C
	if len(e.mark) < c.Len() {
		e.mark = append(e.mark, make([]uint32, c.Len()-len(e.mark)+c.Len()/2)...)
	}
	e.stamp++
	if e.stamp == 0 { // wrapped: clear the marks
		for i := range e.mark {
			e.mark[i] = 0
		}
		e.stamp = 1
	}
	count := 0
	var stack []z.Var
	push := func(m z.Lit) {
		if m != z.LitNull {
			stack = append(stack, m.Var())
		}
	}
	push(s.Guard)
	for _, m := range s.Globals {
		push(m)
	}
	for _, t := range s.Threads {
		for _, m := range t.Locals {
			push(m)
		}
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e.mark[v] == e.stamp {
			continue
		}
		e.mark[v] = e.stamp
		a, b := c.Ins(v.Pos())
		if a == z.LitNull || v == c.T.Var() {
			continue
		}
		count++
		if limit > 0 && count >= limit {
			return count
		}
		stack = append(stack, a.Var(), b.Var())
	}
	return count
}

// splitAnd returns the conjuncts of m's top-level conjunction, without
// repetitions, in depth-first order.
func splitAnd(c *logic.C, m z.Lit) []z.Lit {
	var out []z.Lit
	seen := map[z.Lit]bool{}
	stack := []z.Lit{m}
	for len(stack) > 0 {
		g := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[g] || g == c.T {
			continue
		}
		seen[g] = true
		if a, b := c.Ins(g); g.IsPos() && a != z.LitNull {
			stack = append(stack, b, a)
			continue
		}
		out = append(out, g)
	}
	return out
}

// forceOrder orders n variables for a BDD by the FORCE heuristic (Aloul,
// Markov and Sakallah, 2003): starting from their numbering, each round
// moves every variable to the mean centre of the hyperedges it is on, so
// variables read together end up close. It returns each variable's level.
func forceOrder(n int, edges [][]int) []int32 {
	pos := make([]float64, n)
	for x := range pos {
		pos[x] = float64(x)
	}
	order := make([]int, n)
	sum := make([]float64, n)
	cnt := make([]int, n)
	for round := 0; round < 20; round++ {
		for x := range sum {
			sum[x], cnt[x] = 0, 0
		}
		for _, e := range edges {
			if len(e) < 2 {
				continue
			}
			cog := 0.0
			for _, x := range e {
				cog += pos[x]
			}
			cog /= float64(len(e))
			for _, x := range e {
				sum[x] += cog
				cnt[x]++
			}
		}
		next := make([]float64, n)
		for x := range next {
			next[x] = pos[x]
			if cnt[x] > 0 {
				next[x] = sum[x] / float64(cnt[x])
			}
			order[x] = x
		}
		sort.SliceStable(order, func(i, j int) bool {
			a, b := order[i], order[j]
			if next[a] != next[b] {
				return next[a] < next[b]
			}
			return pos[a] < pos[b]
		})
		for rank, x := range order {
			pos[x] = float64(rank)
		}
	}
	level := make([]int32, n)
	for x := range level {
		level[x] = int32(pos[x])
	}
	return level
}
