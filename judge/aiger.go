package judge

import (
	"errors"
	"fmt"

	"github.com/go-air/gini"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
)

// The checks of answers about a circuit given as the question (an AIGER
// file's: bopgo.CheckCircuit), against that circuit. For a program, the
// circuit is the engine's own encoding, and its answers are judged
// against the program instead (slots.go).

// CircuitTrace checks that tr is a run of sys from an initial state (each
// latch with a fixed init starts at it) that ends in a state where Bad
// holds. It evaluates the and-gates itself, in the order of their
// variables (an and-gate's inputs are made before it).
func CircuitTrace(sys *mc.System, tr *mc.Trace) error {
	s := sys.S
	if tr == nil {
		return errors.New("no counterexample")
	}
	if len(tr.Init) != len(s.Latches) {
		return fmt.Errorf("the trace has %d initial values for %d latches", len(tr.Init), len(s.Latches))
	}
	val := make([]bool, s.Len())
	lit := func(m z.Lit) bool { return val[m.Var()] == m.IsPos() }
	for i, l := range s.Latches {
		if init := s.Init(l); (init == s.T && !tr.Init[i]) || (init == s.F && tr.Init[i]) {
			return fmt.Errorf("latch %d starts %t against its fixed init", i, tr.Init[i])
		}
		val[l.Var()] = tr.Init[i]
	}
	gates := func() {
		for v := z.Var(1); int(v) < s.Len(); v++ {
			switch m := v.Pos(); s.Type(m) {
			case logic.SConst:
				val[v] = m == s.T
			case logic.SAnd:
				a, b := s.Ins(m)
				val[v] = lit(a) && lit(b)
			}
		}
	}
	for step, in := range tr.Inputs {
		if len(in) != len(sys.Inputs) {
			return fmt.Errorf("step %d has %d inputs, the circuit %d", step, len(in), len(sys.Inputs))
		}
		for i, m := range sys.Inputs {
			val[m.Var()] = in[i]
		}
		gates()
		next := make([]bool, len(s.Latches))
		for i, l := range s.Latches {
			next[i] = lit(s.Next(l))
		}
		for i, l := range s.Latches {
			val[l.Var()] = next[i]
		}
	}
	gates()
	if !lit(sys.Bad) {
		return errors.New("the counterexample does not reach a bad state")
	}
	return nil
}

// CircuitInvariant verifies with three independent SAT calls that inv (CNF
// over latches) holds initially, is closed under a step, and excludes Bad.
func CircuitInvariant(sys *mc.System, inv [][]z.Lit) error {
	s := sys.S
	for _, cl := range inv {
		for _, m := range cl {
			if s.Type(m) != logic.SLatch {
				return fmt.Errorf("invariant literal %v is not a latch", m)
			}
		}
	}
	if !holdsInitially(s, inv) {
		return fmt.Errorf("invariant does not hold in an initial state")
	}
	// Consecution and safety are about arbitrary states: fresh variables
	// for the latches of the pre-state.
	p := &preState{s: s, c: logic.NewC(), pre: map[z.Var]z.Lit{}, memo: map[z.Lit]z.Lit{}}
	now, then := p.cnf(inv, false), p.cnf(inv, true)
	if satisfiable(p.c, now, then.Not()) {
		return fmt.Errorf("invariant is not closed under a step")
	}
	if satisfiable(p.c, now, p.lit(sys.Bad)) {
		return fmt.Errorf("invariant does not exclude the bad states")
	}
	return nil
}

// holdsInitially reports whether the initial states satisfy inv: frame 0
// of an unrolling, whose latches are the inits.
func holdsInitially(s *logic.S, inv [][]z.Lit) bool {
	u := logic.NewRoll(s)
	ms := make([]z.Lit, len(inv))
	for i, cl := range inv {
		cs := make([]z.Lit, len(cl))
		for j, m := range cl {
			cs[j] = u.At(m, 0)
		}
		ms[i] = u.C.Ors(cs...)
	}
	return !satisfiable(u.C, u.C.Ands(ms...).Not())
}

// preState is one step of s from an arbitrary state, in its own circuit c:
// a fresh variable for each latch of the pre-state and each input.
type preState struct {
	s    *logic.S
	c    *logic.C
	pre  map[z.Var]z.Lit // latch of s -> its pre-state variable in c
	memo map[z.Lit]z.Lit // positive literal of s -> its value in c
}

// lit evaluates m over the pre-state latches and this step's inputs.
func (p *preState) lit(m z.Lit) z.Lit {
	v := m.Var()
	pos := v.Pos()
	var r z.Lit
	if got, ok := p.memo[pos]; ok {
		r = got
	} else {
		switch p.s.Type(pos) {
		case logic.SConst:
			r = p.c.T
		case logic.SLatch:
			if p.pre[v] == z.LitNull {
				p.pre[v] = p.c.Lit()
			}
			r = p.pre[v]
		case logic.SInput:
			r = p.c.Lit()
		default:
			a, b := p.s.Ins(pos)
			r = p.c.And(p.lit(a), p.lit(b))
		}
		p.memo[pos] = r
	}
	if !m.IsPos() {
		r = r.Not()
	}
	return r
}

// cnf is inv over the pre-state, or over the post-state if next.
func (p *preState) cnf(inv [][]z.Lit, next bool) z.Lit {
	ms := make([]z.Lit, len(inv))
	for i, cl := range inv {
		cs := make([]z.Lit, len(cl))
		for j, m := range cl {
			if next {
				nx := p.lit(p.s.Next(m.Var().Pos()))
				if !m.IsPos() {
					nx = nx.Not()
				}
				cs[j] = nx
			} else {
				cs[j] = p.lit(m)
			}
		}
		ms[i] = p.c.Ors(cs...)
	}
	return p.c.Ands(ms...)
}

// satisfiable reports whether the conjunction of ms is satisfiable in c.
func satisfiable(c *logic.C, ms ...z.Lit) bool {
	g := gini.New()
	c.ToCnfFrom(g, ms...)
	for _, m := range ms {
		g.Add(m)
		g.Add(0)
	}
	return g.Solve() == 1
}

// CircuitKInductive verifies, with its own unrollings, all-different
// constraints added eagerly and a fresh solver per question (nothing of
// mc/kind), that no bad state is reachable in fewer than k steps and that
// every path of k+1 pairwise different states that is good in its first k
// is good in its last: the certificate of a k-induction proof.
func CircuitKInductive(sys *mc.System, k int) error {
	if k < 1 {
		return fmt.Errorf("k must be at least 1, not %d", k)
	}
	base := logic.NewRoll(sys.S)
	for d := 0; d < k; d++ {
		if satisfiable(base.C, base.At(sys.Bad, d)) {
			return fmt.Errorf("a bad state is reachable in %d steps", d)
		}
	}
	free := sys.S.Copy()
	for _, l := range free.Latches {
		free.SetInit(l, z.LitNull)
	}
	u := logic.NewRoll(free)
	var ms []z.Lit
	for d := 0; d < k; d++ {
		ms = append(ms, u.At(sys.Bad, d).Not())
	}
	ms = append(ms, u.At(sys.Bad, k))
	for i := 0; i <= k; i++ {
		for j := i + 1; j <= k; j++ {
			var diff []z.Lit
			for _, l := range free.Latches {
				diff = append(diff, u.C.Xor(u.At(l, i), u.At(l, j)))
			}
			ms = append(ms, u.C.Ors(diff...))
		}
	}
	if satisfiable(u.C, ms...) {
		return fmt.Errorf("the property is not %d-inductive", k)
	}
	return nil
}
