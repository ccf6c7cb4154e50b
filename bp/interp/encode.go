package interp

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// lits is env over circuit literals instead of values, for the solver
// that proposes resolutions (solve.go): each slice holds, for each slot,
// a constant or a literal of the circuit. lits.enc mirrors env.eval case
// by case; what it proposes is only ever accepted after env.eval agrees
// (apply), so a mistake here can refuse a step but never accept a wrong
// one.
type lits struct {
	c                *logic.C
	g, l, ng, nl, pl []z.Lit
	pnl, ch          []z.Lit
}

// enc is the literal of t.
func (e *lits) enc(t *bp.Term) z.Lit {
	c := e.c
	switch t.Op {
	case bp.TConst:
		if t.Val {
			return c.T
		}
		return c.F
	case bp.TVar:
		return e.read(t)
	case bp.TNondet:
		return e.ch[t.Choice]
	case bp.TNot:
		return e.enc(t.Args[0]).Not()
	case bp.TAnd:
		return c.And(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TOr:
		return c.Or(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TXor:
		return c.Xor(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TIff:
		return c.Xor(e.enc(t.Args[0]), e.enc(t.Args[1])).Not()
	case bp.TImplies:
		return c.Implies(e.enc(t.Args[0]), e.enc(t.Args[1]))
	case bp.TChoose:
		return c.Choice(e.enc(t.Args[0]), c.T, c.Choice(e.enc(t.Args[1]), c.F, e.ch[t.Choice]))
	}
	panic("interp: unknown term operator")
}

// read is the literal of variable t.
func (e *lits) read(t *bp.Term) z.Lit {
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
