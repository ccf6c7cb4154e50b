package bp

import "github.com/bopgo/bopgo/bp/syntax"

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
	switch x := e.(type) {
	case *syntax.Ident:
		return l.info.Refs[x].Passive
	case *syntax.PrimedExpr:
		return l.info.Refs[x.X].Passive
	case *syntax.UnaryExpr:
		return l.mentionsPassive(x.X)
	case *syntax.ParenExpr:
		return l.mentionsPassive(x.X)
	case *syntax.BinaryExpr:
		return l.mentionsPassive(x.X) || l.mentionsPassive(x.Y)
	case *syntax.SchooseExpr:
		for _, a := range x.Args {
			if l.mentionsPassive(a) {
				return true
			}
		}
	}
	return false
}
