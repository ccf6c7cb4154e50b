package judge

import (
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// The judge's own encoding of a term as a formula, written for the judge:
// no code of the engines' encoders (encode, encode/circuit) is used, so
// that a mistake there cannot hide in the checks. Every connective is
// built from AND and NOT alone.

// lits is an environment over literals of c instead of values: for each
// slot, a constant or a literal. g and l are the globals and the running
// thread's locals before a step, ng and nl after it (what primed
// variables read), pl and pnl a passive thread's locals before and after
// a broadcast, ch the choices of the term's space.
type lits struct {
	c                *logic.C
	g, l, ng, nl, pl []z.Lit
	pnl, ch          []z.Lit
}

// enc is the literal of t in e.
func (e *lits) enc(t *bp.Term) z.Lit {
	c := e.c
	or := func(a, b z.Lit) z.Lit { return c.And(a.Not(), b.Not()).Not() }
	same := func(a, b z.Lit) z.Lit { return or(c.And(a, b), c.And(a.Not(), b.Not())) }
	switch t.Op {
	case bp.TConst:
		if t.Val {
			return c.T
		}
		return c.F
	case bp.TVar:
		return e.leaf(t)
	case bp.TNondet:
		return e.ch[t.Choice]
	case bp.TNot:
		return e.enc(t.Args[0]).Not()
	case bp.TAnd:
		return c.And(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TOr:
		return or(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TXor:
		return same(e.enc(t.Args[0]), e.enc(t.Args[1])).Not()
	case bp.TIff:
		return same(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TImplies:
		return or(e.enc(t.Args[0]).Not(), e.enc(t.Args[1]))
	case bp.TChoose:
		// schoose[a, b]: T if a, else F if b, else the choice.
		a, b := e.enc(t.Args[0]), e.enc(t.Args[1])
		return or(a, c.And(b.Not(), e.ch[t.Choice]))
	}
	panic(fmt.Sprintf("judge: unknown term operator %d", t.Op))
}

// leaf is the literal of variable t.
func (e *lits) leaf(t *bp.Term) z.Lit {
	switch {
	case t.Passive && t.Primed:
		return e.pnl[t.Ref.Index]
	case t.Passive:
		return e.pl[t.Ref.Index]
	case t.Ref.Scope == bp.Global && t.Primed:
		return e.ng[t.Ref.Index]
	case t.Ref.Scope == bp.Global:
		return e.g[t.Ref.Index]
	case t.Primed:
		return e.nl[t.Ref.Index]
	}
	return e.l[t.Ref.Index]
}

// consts is vs as constants of c.
func consts(c *logic.C, vs []bool) []z.Lit {
	out := make([]z.Lit, len(vs))
	for i, v := range vs {
		out[i] = c.F
		if v {
			out[i] = c.T
		}
	}
	return out
}

// inputs is n fresh inputs of c.
func inputs(c *logic.C, n int) []z.Lit {
	out := make([]z.Lit, n)
	for i := range out {
		out[i] = c.Lit()
	}
	return out
}

// is is the literal of "m has value want".
func is(m z.Lit, want bool) z.Lit {
	if want {
		return m
	}
	return m.Not()
}
