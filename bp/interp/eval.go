package interp

import "github.com/bopgo/bopgo/bp"

// Env is what a term is evaluated against, every value concrete: the
// globals and the running thread's locals before the step, their values
// after it (what primed variables read), a passive thread's locals
// before and after a broadcast (what y$ and 'y$ read), and the choices
// of the term's space (the step's own, or one passive thread's).
type Env struct {
	Globals    []bool
	Locals     []bool
	NewGlobals []bool
	NewLocals  []bool
	Passive    []bool
	NewPassive []bool
	Choices    []bool
}

// Eval is the value of t in e.
func (e *Env) Eval(t *bp.Term) bool {
	switch t.Op {
	case bp.TConst:
		return t.Val
	case bp.TVar:
		return e.read(t)
	case bp.TNondet:
		return e.Choices[t.Choice]
	case bp.TNot:
		return !e.Eval(t.Args[0])
	case bp.TAnd:
		return e.Eval(t.Args[0]) && e.Eval(t.Args[1])
	case bp.TOr:
		return e.Eval(t.Args[0]) || e.Eval(t.Args[1])
	case bp.TXor:
		return e.Eval(t.Args[0]) != e.Eval(t.Args[1])
	case bp.TIff:
		return e.Eval(t.Args[0]) == e.Eval(t.Args[1])
	case bp.TImplies:
		return !e.Eval(t.Args[0]) || e.Eval(t.Args[1])
	case bp.TChoose:
		switch {
		case e.Eval(t.Args[0]):
			return true
		case e.Eval(t.Args[1]):
			return false
		}
		return e.Choices[t.Choice]
	}
	panic("interp: unknown term operator")
}

// read is the value of variable t.
func (e *Env) read(t *bp.Term) bool {
	switch {
	case t.Passive && t.Primed:
		return e.NewPassive[t.Ref.Index]
	case t.Passive:
		return e.Passive[t.Ref.Index]
	case t.Ref.Scope == bp.Global && t.Primed:
		return e.NewGlobals[t.Ref.Index]
	case t.Ref.Scope == bp.Global:
		return e.Globals[t.Ref.Index]
	case t.Primed:
		return e.NewLocals[t.Ref.Index]
	}
	return e.Locals[t.Ref.Index]
}

// choicesOf adds the choice numbers used in t to set.
func choicesOf(t *bp.Term, set map[int]bool) {
	if t == nil {
		return
	}
	if t.Op == bp.TNondet || t.Op == bp.TChoose {
		set[t.Choice] = true
	}
	for _, a := range t.Args {
		choicesOf(a, set)
	}
}
