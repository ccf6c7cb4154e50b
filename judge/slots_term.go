package judge

import (
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// slotEnv is what a term of a step reads, as formulas: the globals and
// the running thread's locals before the step and after its active part
// (primed, inside a constraint), a passive thread's locals before and
// after a broadcast (y$ and 'y$), and the choices of the term's space
// (the step's own, or one passive thread's).
type slotEnv struct {
	c      *logic.C
	g, l   []z.Lit
	ng, nl []z.Lit
	pl     []z.Lit
	pnl    []z.Lit
	ch     []z.Lit
}

// term is t's value in e, following bp/interp's eval operator by
// operator.
func (e *slotEnv) term(t *bp.Term) z.Lit {
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
		return e.term(t.Args[0]).Not()
	case bp.TAnd:
		return c.And(e.term(t.Args[0]), e.term(t.Args[1]))
	case bp.TOr:
		return c.Or(e.term(t.Args[0]), e.term(t.Args[1]))
	case bp.TXor:
		return c.Xor(e.term(t.Args[0]), e.term(t.Args[1]))
	case bp.TIff:
		return c.Xor(e.term(t.Args[0]), e.term(t.Args[1])).Not()
	case bp.TImplies:
		return c.Implies(e.term(t.Args[0]), e.term(t.Args[1]))
	case bp.TChoose:
		// schoose[a, b]: T if a, else F if b, else the choice.
		a, b := e.term(t.Args[0]), e.term(t.Args[1])
		return c.Or(a, c.And(b.Not(), e.ch[t.Choice]))
	}
	panic(fmt.Sprintf("judge: term operator %d", t.Op))
}

// read is the value of variable t. The lowering puts primed variables in
// constraints only and passive ones in a broadcast's passive part only,
// where the environment has their values; elsewhere the slices are nil
// and reading one is a broken program, caught by the check's recover.
func (e *slotEnv) read(t *bp.Term) z.Lit {
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
