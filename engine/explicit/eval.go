package explicit

import "github.com/bopgo/bopgo/bp"

// val is a slot's content during search: 0, 1, or X (unread and free).
type val uint8

const (
	v0 val = 0
	v1 val = 1
	vX val = 2
)

func boolVal(b bool) val {
	if b {
		return v1
	}
	return v0
}

// env is what a term is evaluated against: current globals and locals of
// the running thread, the values after the step (for primed variables) and
// the non-deterministic choices of the step.
type env struct {
	g, l   []val
	ng, nl []val // after the step, when after is set
	after  bool  // primed variables read ng and nl
	ch     []bool
	// pl and pnl are a passive thread's locals before and after a
	// broadcast: what passive variables (y$, 'y$) read.
	pl, pnl []val
}

// eval evaluates t. Every variable it reads must be concrete; the engine
// concretises before evaluating.
func (e *env) eval(t *bp.Term) bool {
	switch t.Op {
	case bp.TConst:
		return t.Val
	case bp.TVar:
		g, l := e.g, e.l
		if t.Primed && e.after {
			g, l = e.ng, e.nl
		}
		if t.Passive {
			l = e.pl
			if t.Primed && e.after {
				l = e.pnl
			}
		}
		if t.Ref.Scope == bp.Global {
			return g[t.Ref.Index] == v1
		}
		return l[t.Ref.Index] == v1
	case bp.TNondet:
		return e.ch[t.Choice]
	case bp.TNot:
		return !e.eval(t.Args[0])
	case bp.TAnd:
		return e.eval(t.Args[0]) && e.eval(t.Args[1])
	case bp.TOr:
		return e.eval(t.Args[0]) || e.eval(t.Args[1])
	case bp.TXor:
		return e.eval(t.Args[0]) != e.eval(t.Args[1])
	case bp.TIff:
		return e.eval(t.Args[0]) == e.eval(t.Args[1])
	case bp.TImplies:
		return !e.eval(t.Args[0]) || e.eval(t.Args[1])
	case bp.TChoose:
		switch {
		case e.eval(t.Args[0]):
			return true
		case e.eval(t.Args[1]):
			return false
		}
		return e.ch[t.Choice]
	}
	return false
}

// choicesOf lists the choice numbers used in t, in order.
func choicesOf(t *bp.Term, out []int) []int {
	if t == nil {
		return out
	}
	if t.Op == bp.TNondet || t.Op == bp.TChoose {
		out = append(out, t.Choice)
	}
	for _, a := range t.Args {
		out = choicesOf(a, out)
	}
	return out
}

// maxEnum bounds the choices enumerated jointly for one step (a constrained
// assignment with many `*`). Past it the engine gives up with Unknown.
const maxEnum = 22

// possible returns which values t can take over its own choices: bit 0 set
// if false is possible, bit 1 if true is.
// value is t as a three-valued value: 0 or 1 when every choice gives
// that, X when choices give both.
func (e *env) value(t *bp.Term) val {
	switch e.possible(t) {
	case 1:
		return v0
	case 2:
		return v1
	}
	return vX
}

func (e *env) possible(t *bp.Term) uint8 {
	if len(e.ch) == 0 {
		// The step has no choices (e.ch has one per choice of the
		// statement), so t has none: no walk of t to list them, which
		// was a tenth of the search on statements with wide terms.
		if e.eval(t) {
			return 2
		}
		return 1
	}
	var buf [8]int // most terms have a few choices: no allocation for them
	cs := choicesOf(t, buf[:0])
	if len(cs) > maxEnum {
		return 3 // treated as free; callers check tooManyChoices first
	}
	var got uint8
	for mask := 0; mask < 1<<len(cs); mask++ {
		for j, c := range cs {
			e.ch[c] = mask&(1<<j) != 0
		}
		if e.eval(t) {
			got |= 2
		} else {
			got |= 1
		}
		if got == 3 {
			break
		}
	}
	return got
}
