package encode

import (
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// Leaves supplies the values a term reads: its variables (primed: the
// value after the step, inside a constraint), a passive thread's local
// slots (y$ and 'y$, only in a broadcast's passive part) and its choices.
type Leaves interface {
	Var(r bp.VarRef, primed bool) z.Lit
	Passive(slot int, primed bool) z.Lit
	Choice(i int) z.Lit
}

// Term builds the literal of t in c over the leaves' values. Operands are
// built left to right, so lazily allocated leaves are numbered the same
// way every time. Both the symbolic states and the sequential circuit
// (encode/circuit) build their formulas with it, so they share one
// meaning of every operator.
func Term(c *logic.C, t *bp.Term, l Leaves) z.Lit {
	switch t.Op {
	case bp.TConst:
		if t.Val {
			return c.T
		}
		return c.F
	case bp.TVar:
		if t.Passive {
			return l.Passive(t.Ref.Index, t.Primed)
		}
		return l.Var(t.Ref, t.Primed)
	case bp.TNondet:
		return l.Choice(t.Choice)
	case bp.TNot:
		return Term(c, t.Args[0], l).Not()
	case bp.TAnd:
		return c.And(Term(c, t.Args[0], l), Term(c, t.Args[1], l))
	case bp.TOr:
		if Fault == FaultOrAsAnd {
			return c.And(Term(c, t.Args[0], l), Term(c, t.Args[1], l))
		}
		return c.Or(Term(c, t.Args[0], l), Term(c, t.Args[1], l))
	case bp.TXor:
		return c.Xor(Term(c, t.Args[0], l), Term(c, t.Args[1], l))
	case bp.TIff:
		return c.Xor(Term(c, t.Args[0], l), Term(c, t.Args[1], l)).Not()
	case bp.TImplies:
		if Fault == FaultImpliesReversed {
			return c.Implies(Term(c, t.Args[1], l), Term(c, t.Args[0], l))
		}
		return c.Implies(Term(c, t.Args[0], l), Term(c, t.Args[1], l))
	case bp.TChoose:
		a, b := Term(c, t.Args[0], l), Term(c, t.Args[1], l)
		// T if a, else F if b, else the choice.
		return c.Choice(a, c.T, c.Choice(b, c.F, l.Choice(t.Choice)))
	}
	panic(fmt.Sprintf("encode: unknown term operator %d", t.Op))
}
