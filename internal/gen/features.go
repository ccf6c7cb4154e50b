package gen

import (
	"fmt"
	"strings"
)

// The statement and declaration dimensions of Config: initialisers and
// decl statements (Inits), thread-locals (ThreadLocal), the statements
// the base generator does not write (MoreStmts), labels for -l
// (Label). Like spawn.go's, each draws from the seed's stream only when
// its switch is on.

// declList is names as a declaration's list: with Inits, some names get
// an initialiser, a constant or *, or (with a scope to read, for locals)
// an expression over it.
func (g *generator) declList(names, scope []string) string {
	if !g.cfg.Inits {
		return strings.Join(names, ", ")
	}
	out := make([]string, len(names))
	for i, n := range names {
		switch k := g.r.Intn(4); {
		case k == 0:
			out[i] = n
		case k == 1:
			out[i] = n + " := *"
		case k == 3 && len(scope) > 0:
			out[i] = n + " := " + g.expr(1)
		default:
			out[i] = n + " := " + constant(g.r.Intn(4))
		}
	}
	return strings.Join(out, ", ")
}

func constant(k int) string { return []string{"T", "F", "0", "1"}[k] }

// threadLocals declares one or two thread-local globals and returns
// their names.
func (g *generator) threadLocals() []string {
	names := []string{"tl0"}
	if g.r.Intn(2) == 0 {
		names = append(names, "tl1")
	}
	fmt.Fprintf(&g.b, "decl thread_local %s;\n", g.declList(names, nil))
	return names
}

// moreStmts reports whether stmt writes, one time in four, one of
// moreStmt's statements.
func (g *generator) moreStmts() bool {
	return g.cfg.MoreStmts || g.cfg.Inits || g.cfg.EndThread
}

// moreStmt writes one of the statements of the dimensions that are on.
// Below depth 0 the statements it nests are plain assignments, so that
// nesting ends.
func (g *generator) moreStmt(depth int, helper bool) {
	inner := func() {
		if depth <= 0 {
			g.assign()
			return
		}
		g.stmt(depth-1, helper)
	}
	var kinds []func()
	if g.cfg.MoreStmts {
		kinds = g.controlKinds(inner)
	}
	if g.cfg.Inits {
		kinds = append(kinds, func() { // decl in the middle: a new local, visible in the whole function
			l := fmt.Sprintf("%s_d%d", g.fn, g.decls)
			g.decls++
			if g.r.Intn(2) == 0 {
				g.printf("decl %s;", l)
			} else {
				g.printf("decl %s := %s;", l, g.expr(1))
			}
			g.vars = append(g.vars, l)
		})
	}
	if g.cfg.EndThread && g.thread {
		kinds = append(kinds, g.endThread)
	}
	if len(kinds) == 0 {
		g.assign()
		return
	}
	kinds[g.r.Intn(len(kinds))]()
}

// controlKinds are the statements of the MoreStmts dimension, with
// inner writing what they nest: enforce, abortif, non-deterministic
// gotos, if/elsif/else, a return in the middle, several labels on one
// statement, a longer atomic section and (unless NoLoops) a loop.
func (g *generator) controlKinds(inner func()) []func() {
	kinds := []func(){
		func() { g.printf("enforce %s;", g.expr(1)) },
		func() { g.printf("abortif %s;", g.expr(1)) },
		func() { // goto L1, L2 forward: a non-deterministic if
			a, b, c := g.label(), g.label(), g.label()
			g.printf("goto %s, %s;", a, b)
			g.printf("%s: skip;", a)
			inner()
			g.printf("goto %s;", c)
			g.printf("%s: skip;", b)
			inner()
			g.printf("%s: skip;", c)
		},
		func() { // if/elsif/else
			g.printf("if %s then", g.expr(2))
			g.nested(inner)
			for range 1 + g.r.Intn(2) {
				g.printf("elsif %s then", g.expr(1))
				g.nested(inner)
			}
			if g.r.Intn(2) == 0 {
				g.printf("else")
				g.nested(inner)
			}
			g.printf("fi")
		},
		func() { // return in the middle
			g.printf("if %s then return%s; fi", g.expr(1), g.values(g.returns))
		},
		func() { // several labels on one statement
			a, b := g.label(), g.label()
			g.printf("%s: %s: %s := %s;", a, b, g.pick(), g.expr(1))
		},
		func() { // a longer atomic section, with a branch in it
			if g.cfg.NoAtomic {
				g.assign()
				return
			}
			g.printf("atomic_begin;")
			g.assign()
			g.printf("if %s then", g.expr(1))
			g.nested(g.assign)
			g.printf("else")
			g.nested(func() { g.printf("assume(%s);", g.expr(1)) })
			g.printf("fi")
			g.printf("atomic_end;")
		},
	}
	if !g.cfg.NoLoops {
		kinds = append(kinds, func() { // goto L1, L2 backward: a loop
			a, b := g.label(), g.label()
			g.printf("%s: skip;", a)
			inner()
			g.printf("goto %s, %s;", a, b)
			g.printf("%s: skip;", b)
		})
	}
	return kinds
}

// nested writes body one level deeper.
func (g *generator) nested(body func()) {
	saved := g.indent
	g.indent += "  "
	body()
	g.indent = saved
}

// values is " v1, v2, ..." for n results, "" for none.
func (g *generator) values(n int) string {
	if n == 0 {
		return ""
	}
	vs := make([]string, n)
	for i := range vs {
		vs[i] = g.expr(2)
	}
	return " " + strings.Join(vs, ", ")
}

// target writes a statement labelled Target: a skip, a branch to one, an
// assignment, or an assume (reached even where it blocks).
func (g *generator) target() {
	switch g.r.Intn(4) {
	case 0:
		g.printf("%s: skip;", Target)
	case 1:
		g.printf("if %s then %s: skip; fi", g.expr(2), Target)
	case 2:
		g.printf("%s: %s := %s;", Target, g.pick(), g.expr(1))
	default:
		g.printf("%s: assume(%s);", Target, g.expr(1))
	}
}
