package promela

import (
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// expr is a printed Promela expression over 0/1 values. Constants fold,
// so that `x := T` prints as `x = 1` and a guard that cannot hold is
// recognised as false.
type expr struct {
	s       string // when not constant: an atom or a parenthesised term
	isConst bool
	val     bool
}

func constant(b bool) expr { return expr{isConst: true, val: b} }

func atom(s string) expr { return expr{s: s} }

func (e expr) String() string {
	if !e.isConst {
		return e.s
	}
	if e.val {
		return "1"
	}
	return "0"
}

func (e expr) isFalse() bool { return e.isConst && !e.val }
func (e expr) isTrue() bool  { return e.isConst && e.val }

func not(a expr) expr {
	switch {
	case a.isConst:
		return constant(!a.val)
	case strings.HasPrefix(a.s, "!"):
		// Only not writes a leading "!"; and "!!" is an operator in
		// Promela.
		return atom(a.s[1:])
	}
	return atom("!" + a.s)
}

func and(a, b expr) expr {
	switch {
	case a.isFalse() || b.isFalse():
		return constant(false)
	case a.isTrue():
		return b
	case b.isTrue():
		return a
	}
	return atom("(" + a.s + " && " + b.s + ")")
}

func or(a, b expr) expr {
	switch {
	case a.isTrue() || b.isTrue():
		return constant(true)
	case a.isFalse():
		return b
	case b.isFalse():
		return a
	}
	return atom("(" + a.s + " || " + b.s + ")")
}

func xor(a, b expr) expr {
	switch {
	case a.isConst && b.isConst:
		return constant(a.val != b.val)
	case a.isConst:
		a, b = b, a
	}
	if b.isConst {
		if b.val {
			return not(a)
		}
		return a
	}
	return atom("(" + a.s + " ^ " + b.s + ")")
}

func iff(a, b expr) expr { return not(xor(a, b)) }

// scope says how to print the variables and choices of one step.
type scope struct {
	w    *writer
	proc int
	// choice is the value of a choice number: a constant when the step's
	// guard enumerates it, else the variable that holds it.
	choice func(int) expr
	// newValue is the value a target is assigned, for primed references;
	// nil outside a constraint.
	newValue map[bp.VarRef]*bp.Term
	// In a broadcast's passive part: primedVar gives the active part's
	// new value of a target, passive a passive thread's local (y$, 'y$).
	primedVar func(bp.VarRef) (expr, bool)
	passive   func(slot int, primed bool) expr
}

func (sc *scope) term(t *bp.Term) expr {
	switch t.Op {
	case bp.TConst:
		return constant(t.Val)
	case bp.TVar:
		if t.Passive {
			if sc.passive == nil {
				return constant(false) // bp.Validate keeps y$ in passive parts
			}
			return sc.passive(t.Ref.Index, t.Primed)
		}
		if t.Primed && sc.primedVar != nil {
			if v, ok := sc.primedVar(t.Ref); ok {
				return v
			}
		}
		if v, ok := sc.newValue[t.Ref]; ok && t.Primed {
			return sc.term(v)
		}
		return atom(sc.w.varName(sc.proc, t.Ref))
	case bp.TNondet:
		return sc.choice(t.Choice)
	case bp.TNot:
		return not(sc.term(t.Args[0]))
	case bp.TAnd:
		return and(sc.term(t.Args[0]), sc.term(t.Args[1]))
	case bp.TOr:
		return or(sc.term(t.Args[0]), sc.term(t.Args[1]))
	case bp.TXor:
		return xor(sc.term(t.Args[0]), sc.term(t.Args[1]))
	case bp.TIff:
		return iff(sc.term(t.Args[0]), sc.term(t.Args[1]))
	case bp.TImplies:
		return or(not(sc.term(t.Args[0])), sc.term(t.Args[1]))
	case bp.TChoose:
		// schoose[a, b]: T if a, else F if b, else the choice.
		a, b := sc.term(t.Args[0]), sc.term(t.Args[1])
		return or(a, and(not(b), sc.choice(t.Choice)))
	}
	return constant(false)
}

// choicesIn adds the choice numbers used in t to set, following primed
// references to targets into the values they are assigned.
func choicesIn(t *bp.Term, newValue map[bp.VarRef]*bp.Term, set map[int]bool) {
	if t == nil {
		return
	}
	switch t.Op {
	case bp.TNondet, bp.TChoose:
		set[t.Choice] = true
	case bp.TVar:
		if v, ok := newValue[t.Ref]; ok && t.Primed {
			choicesIn(v, nil, set)
		}
	}
	for _, a := range t.Args {
		choicesIn(a, newValue, set)
	}
}
