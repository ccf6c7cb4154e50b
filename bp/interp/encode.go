package interp

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
)

// lits is env over circuit literals instead of values, for the solver
// that proposes resolutions (solve.go): each slice holds, for each slot,
// a constant or a literal of the circuit. Terms are encoded by
// encode.Term, which the symbolic and circuit engines use too; what the
// solver proposes is only ever accepted after env.eval, this package's
// own evaluation, agrees (apply), so a mistake in the encoding can refuse
// a step but never accept a wrong one.
type lits struct {
	c                *logic.C
	g, l, ng, nl, pl []z.Lit
	pnl, ch          []z.Lit
}

// enc is the literal of t (encode.Term, the encoding the symbolic and
// circuit engines share).
func (e *lits) enc(t *bp.Term) z.Lit { return encode.Term(e.c, t, e) }

// Var, Passive and Choice are e's leaves (encode.Leaves).
func (e *lits) Var(r bp.VarRef, primed bool) z.Lit {
	switch {
	case r.Scope == bp.Global && primed:
		return e.ng[r.Index]
	case r.Scope == bp.Global:
		return e.g[r.Index]
	case primed:
		return e.nl[r.Index]
	}
	return e.l[r.Index]
}

func (e *lits) Passive(slot int, primed bool) z.Lit {
	if primed {
		return e.pnl[slot]
	}
	return e.pl[slot]
}

func (e *lits) Choice(i int) z.Lit { return e.ch[i] }

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
