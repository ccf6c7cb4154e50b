package bp

import (
	"slices"

	"github.com/bopgo/bopgo/bp/syntax"
)

// Reading is what a broadcast does to a passive thread that has no choice
// satisfying its conjuncts (DESIGN.md, "Broadcast assignments").
type Reading uint8

// Readings of broadcasts.
const (
	// Blocking: that outcome of the active part is not a step; if no
	// outcome works, the statement blocks (Boom's reading).
	Blocking Reading = iota
	// Monotone: that thread stays unchanged (bfc's reading). Every
	// blocking step is a monotone step.
	Monotone
)

func (r Reading) String() string {
	if r == Monotone {
		return "monotone"
	}
	return "blocking"
}

// ParseReading parses "blocking" or "monotone" (empty means blocking).
func ParseReading(s string) (Reading, bool) {
	switch s {
	case "", "blocking":
		return Blocking, true
	case "monotone":
		return Monotone, true
	}
	return Blocking, false
}

// HasBroadcasts reports whether some step of p is a broadcast.
func (p *Program) HasBroadcasts() bool {
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			if proc.Steps[i].Broadcast() {
				return true
			}
		}
	}
	return false
}

// conjuncts appends the conjuncts of e at its top level (through
// parentheses) to out.
func conjuncts(e syntax.Expr, out []syntax.Expr) []syntax.Expr {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return conjuncts(x.X, out)
	case *syntax.BinaryExpr:
		if x.Op == syntax.AND {
			return conjuncts(x.Y, conjuncts(x.X, out))
		}
	}
	return append(out, e)
}

// mentionsPassive reports whether e reads a passive variable (x$ or 'x$).
func (l *lowerer) mentionsPassive(e syntax.Expr) bool {
	return readsAny(e, func(id *syntax.Ident) bool { return l.info.Refs[id].Passive })
}

// readsAny reports whether e reads a variable (x or 'x) whose identifier
// satisfies pred.
func readsAny(e syntax.Expr, pred func(*syntax.Ident) bool) bool {
	switch x := e.(type) {
	case *syntax.Ident:
		return pred(x)
	case *syntax.PrimedExpr:
		return pred(x.X)
	case *syntax.UnaryExpr:
		return readsAny(x.X, pred)
	case *syntax.ParenExpr:
		return readsAny(x.X, pred)
	case *syntax.BinaryExpr:
		return readsAny(x.X, pred) || readsAny(x.Y, pred)
	case *syntax.SchooseExpr:
		return slices.ContainsFunc(x.Args, func(a syntax.Expr) bool { return readsAny(a, pred) })
	}
	return false
}
