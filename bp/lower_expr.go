package bp

import "github.com/bopgo/bopgo/bp/syntax"

// Expressions: a resolved expression becomes a Term over slots of the
// current frame.

func (l *lowerer) nondet(choices *int) *Term {
	t := &Term{Op: TNondet, Choice: *choices}
	*choices++
	return t
}

// ref maps a resolved identifier to its slot in the current frame.
func (l *lowerer) ref(ctx *frameCtx, id *syntax.Ident) VarRef {
	sym, ok := l.info.Refs[id]
	if !ok {
		l.errs.Add(l.prog.File.Position(id.Pos()), "internal error: unresolved name %q", id.Name)
		return VarRef{}
	}
	if !sym.Global {
		return VarRef{Local, ctx.slots[sym.Index]}
	}
	if s := l.tlSlot[sym.Index]; s >= 0 {
		return VarRef{Local, s}
	}
	return VarRef{Global, l.gSlot[sym.Index]}
}

var binaryOps = map[syntax.Kind]TermOp{syntax.AND: TAnd, syntax.OR: TOr, syntax.XOR: TXor, syntax.NEQ: TXor, syntax.EQ: TIff, syntax.IMPLIES: TImplies}

func (l *lowerer) term(ctx *frameCtx, e syntax.Expr, choices *int) *Term {
	switch e := e.(type) {
	case *syntax.ConstExpr:
		return &Term{Op: TConst, Val: e.Value}
	case *syntax.Ident:
		return &Term{Op: TVar, Ref: l.ref(ctx, e), Passive: l.info.Refs[e].Passive}
	case *syntax.PrimedExpr:
		return &Term{Op: TVar, Ref: l.ref(ctx, e.X), Primed: true, Passive: l.info.Refs[e.X].Passive}
	case *syntax.NondetExpr:
		t := l.nondet(choices)
		t.Pos = e.Star
		return t
	case *syntax.UnaryExpr:
		return &Term{Op: TNot, Args: []*Term{l.term(ctx, e.X, choices)}}
	case *syntax.ParenExpr:
		return l.term(ctx, e.X, choices)
	case *syntax.BinaryExpr:
		return &Term{Op: binaryOps[e.Op], Args: []*Term{l.term(ctx, e.X, choices), l.term(ctx, e.Y, choices)}}
	case *syntax.SchooseExpr:
		t := &Term{Op: TChoose, Args: []*Term{l.term(ctx, e.Args[0], choices), l.term(ctx, e.Args[1], choices)}, Pos: e.Schoose}
		t.Choice = *choices
		*choices++
		return t
	}
	l.errs.Add(l.prog.File.Position(e.Pos()), "internal error: unexpected expression %T", e)
	return &Term{Op: TConst}
}

// and conjoins two optional terms (nil means T).
func and(a, b *Term) *Term {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &Term{Op: TAnd, Args: []*Term{a, b}}
}

// cloneTerm copies t, priming every variable if prime is set, and gives its
// non-deterministic choices fresh numbers from *choices, without a
// position: the copy is not written where it runs (an enforce invariant
// conjoined to each assignment of its frame).
func cloneTerm(t *Term, prime bool, choices *int) *Term {
	if t == nil {
		return nil
	}
	c := *t
	if c.Op == TVar && prime {
		c.Primed = true
	}
	if c.Op == TNondet || c.Op == TChoose {
		c.Choice, c.Pos = *choices, syntax.NoPos
		*choices++
	}
	c.Args = make([]*Term, len(t.Args))
	for i, a := range t.Args {
		c.Args[i] = cloneTerm(a, prime, choices)
	}
	return &c
}
