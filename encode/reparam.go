package encode

import (
	"sort"

	"github.com/go-air/gini/z"
)

// Re-parameterisation (DESIGN.md, "Depth"). A parametric state's formulas
// grow with the path that reached it: after k trips round a loop each
// value and the guard are formulas over k trips' choices, although the set
// of valuations they stand for may be small. Reparameterise computes that
// set, the projection S = {ω(ι) | γ(ι)} on the live variables, as a BDD
// (building the BDDs of the values and the guard over the inputs and
// quantifying the inputs out as soon as no later value reads them), and
// returns a state over fresh inputs x that stands for exactly S:
//
//	a variable constant in S holds that constant;
//	every other live variable v holds its own fresh input x_v;
//	the guard is S itself, over those literals (an AIG of the BDD).
//
// The values are thus inputs, which the subsumption query treats best (an
// old state's input value is defined by the new state's value, so no
// existential is left for it), and the guard is as large as S's BDD, not
// as the path. The order of the BDD's variables follows the formulas:
// each value's inputs in depth-first order, then the value itself, so a
// value sits next to what defines it.

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
	c := e.C
	n := s.Clone()
	var slots []*z.Lit // the live values of n, globals first
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

	// Levels: each value's new inputs in depth-first order, then the
	// value's own variable; the inputs only the guard reads come last.
	level := map[z.Var]int32{}
	var gates, inputs []z.Var
	next := int32(0)
	constVar := c.T.Var()
	visit := func(root z.Lit) {
		stack := []z.Var{root.Var()}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if _, seen := level[v]; seen || v == constVar {
				continue
			}
			a, b := c.Ins(v.Pos())
			if a == z.LitNull {
				level[v] = next
				next++
				inputs = append(inputs, v)
				continue
			}
			level[v] = -1 // a gate: visited, no level
			gates = append(gates, v)
			stack = append(stack, b.Var(), a.Var())
		}
	}
	valLevel := make([]int32, len(slots))
	for i, p := range slots {
		visit(*p)
		valLevel[i] = next
		next++
	}
	visit(s.Guard)

	b := newBDD(maxNodes)
	of := map[z.Var]int32{constVar: bddTrue}
	lit := func(m z.Lit) int32 {
		f := of[m.Var()]
		if !m.IsPos() {
			f = b.not(f)
		}
		return f
	}
	for _, v := range inputs {
		of[v] = b.variable(level[v])
	}
	// Gates in increasing variable order: logic.C numbers a gate after
	// its operands, so this is a topological order.
	sort.Slice(gates, func(i, j int) bool { return gates[i] < gates[j] })
	for _, g := range gates {
		x, y := c.Ins(g.Pos())
		of[g] = b.and(lit(x), lit(y))
	}

	// S: the guard, then each value's equation, quantifying every input
	// after the last equation that reads it.
	last := make([]int, next) // level -> index of the last reader, -1: the guard only
	for l := range last {
		last[l] = -1
	}
	vals := make([]int32, len(slots))
	supp := make([]bool, next)
	for i, p := range slots {
		vals[i] = lit(*p)
		for l := range supp {
			supp[l] = false
		}
		b.support(vals[i], supp)
		for l, in := range supp {
			if in {
				last[l] = i
			}
		}
	}
	isValue := make([]bool, next)
	for _, l := range valLevel {
		isValue[l] = true
	}
	quantAt := func(i int) []bool {
		q := make([]bool, next)
		for l := range q {
			q[l] = !isValue[l] && last[l] == i
		}
		return q
	}
	set := b.exists(lit(s.Guard), quantAt(-1))
	for i := range slots {
		eq := b.not(b.xor(b.variable(valLevel[i]), vals[i]))
		set = b.exists(b.and(set, eq), quantAt(i))
	}
	if set == bddFalse {
		return *s, false
	}

	// The new literals, then the guard as an AIG over them.
	byLevel := map[int32]z.Lit{}
	for i, p := range slots {
		l := valLevel[i]
		switch {
		case b.restrict(set, l, false) == bddFalse:
			*p = c.T
		case b.restrict(set, l, true) == bddFalse:
			*p = c.F
		default:
			*p = e.Fresh()
		}
		byLevel[l] = *p
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
	n.Guard = build(set)
	return n, true
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
