package syntax

import (
	"fmt"
	"strings"
)

// Statement and expression rules of the checker.

func (c *checker) stmts(list []Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s Stmt) {
	switch s := s.(type) {
	case *AssignStmt:
		c.assignTargets(s.Targets)
		if len(s.Values) != len(s.Targets) {
			c.errorf(StmtPos(s), "assignment has %s but %s", count(len(s.Targets), "target"), count(len(s.Values), "value"))
		}
		for i, v := range s.Values {
			// A $ target's value is evaluated by the passive thread: it
			// may read that thread's locals.
			mode := plain
			if i < len(s.Targets) && c.Refs[s.Targets[i]].Passive {
				mode = passiveOK
			}
			c.expr(v, mode)
		}
		if s.Constrain != nil {
			c.expr(s.Constrain, primesOK|passiveOK)
		}
	case *CallStmt:
		c.call(s, isAsync(s))
	case *ReturnStmt:
		want := c.fn.Decl.Returns
		if len(s.Values) != 0 && len(s.Values) != want {
			if want == 0 {
				c.errorf(s.Return, "function %s is void but returns %s", c.fn.Decl.Name.Name, count(len(s.Values), "value"))
			} else {
				c.errorf(s.Return, "function %s returns %s, not %d", c.fn.Decl.Name.Name, count(want, "value"), len(s.Values))
			}
		}
		for _, v := range s.Values {
			c.expr(v, plain)
		}
	case *GotoStmt:
		c.gotoTargets(s)
	case *IfStmt:
		c.expr(s.Cond, plain)
		c.stmts(s.Then)
		c.stmts(s.Else)
	case *WhileStmt:
		c.expr(s.Cond, plain)
		c.stmts(s.Body)
	case *CondStmt:
		if s.Tok == CONSTRAIN && c.dialect != DialectGetafix {
			c.errorf(s.TokPos, "constrain as a statement is Getafix's (an assume there); here constrain follows an assignment: x := e constrain c")
		}
		c.expr(s.Cond, plain)
	case *DeadStmt:
		for _, id := range s.Names {
			c.resolve(id, plain)
		}
	case *DeclStmt:
		for _, init := range s.Decl.Inits {
			if init != nil {
				c.expr(init, plain)
			}
		}
		for _, id := range s.Decl.Names {
			c.resolve(id, plain)
		}
	case *StartThreadStmt:
		if s.Call != nil {
			c.call(s.Call, true)
		} else {
			c.gotoTargets(s.Goto)
			if len(s.Goto.Targets) != 1 {
				c.errorf(s.Goto.Goto, "start_thread goto takes exactly one label, not %d", len(s.Goto.Targets))
			}
		}
	case *SyncStmt:
		c.errorf(s.Sync, "sync is not supported: it has no agreed meaning for Boolean programs")
	case *SimpleStmt, *BadStmt:
	}
}

// isAsync reports whether a call is SLAM's thread start `ASYNC_n: f()`.
func isAsync(s *CallStmt) bool {
	for _, l := range s.Labels.List {
		if isAsyncLabel(l.Name) {
			return true
		}
	}
	return false
}

func (c *checker) gotoTargets(g *GotoStmt) {
	for _, t := range g.Targets {
		if _, ok := c.fn.Labels[t.Name]; !ok {
			c.errorf(t.Pos(), "label %q not defined in %s", t.Name, c.fn.Decl.Name.Name)
		}
	}
}

// targets checks an assignment's or call's target list: declared variables,
// none twice.
func (c *checker) targets(ts []*Ident) {
	seen := map[string]bool{}
	for _, t := range ts {
		if t == nil {
			continue
		}
		if seen[t.Name] {
			c.errorf(t.Pos(), "variable %q assigned twice in one statement", t.Name)
		}
		seen[t.Name] = true
		c.resolve(t, plain)
	}
}

// assignTargets checks an assignment's targets: declared variables or
// passive copies of locals (x$), none twice.
func (c *checker) assignTargets(ts []*Ident) {
	seen := map[string]bool{}
	for _, t := range ts {
		if seen[t.Name] {
			c.errorf(t.Pos(), "variable %q assigned twice in one statement", t.Name)
		}
		seen[t.Name] = true
		c.resolve(t, passiveOK)
	}
}

func (c *checker) call(s *CallStmt, thread bool) {
	for _, a := range s.Args {
		c.expr(a, plain)
	}
	c.targets(s.Targets)
	callee := c.Funcs[s.Func.Name]
	if callee == nil {
		c.errorf(s.Func.Pos(), "undefined function %q", s.Func.Name)
		return
	}
	if len(s.Args) != len(callee.Decl.Params) {
		c.errorf(s.Func.Pos(), "function %s takes %s, not %d", s.Func.Name, count(len(callee.Decl.Params), "argument"), len(s.Args))
	}
	switch {
	case thread && s.HasTargets:
		c.errorf(s.Func.Pos(), "a thread start cannot receive return values")
	case s.HasTargets && len(s.Targets) != callee.Decl.Returns:
		c.errorf(s.Func.Pos(), "function %s returns %s, but the call receives %d", s.Func.Name, count(callee.Decl.Returns, "value"), len(s.Targets))
	}
	if thread {
		c.AsyncCalls[s] = true
	} else {
		c.fn.Calls = append(c.fn.Calls, s)
	}
}

// exprMode says what an expression may contain.
type exprMode uint8

const (
	plain     exprMode = 0
	primesOK  exprMode = 1 << iota // 'x: inside constrain
	passiveOK                      // x$: $ targets, their values, constrain
)

// resolve binds a variable name to a local of the current function or to a
// global, or, for x$ where mode allows it, to the local x of a passive
// thread. A name that is declared as written (a variable called b$) is
// that variable.
func (c *checker) resolve(id *Ident, mode exprMode) {
	if i, ok := c.fn.Index[id.Name]; ok {
		c.Refs[id] = Symbol{Index: i}
		return
	}
	if i, ok := c.GlobalIndex[id.Name]; ok {
		c.Refs[id] = Symbol{Global: true, Index: i}
		return
	}
	if base, ok := passiveBase(id.Name); ok && c.declared(base) {
		i, local := c.fn.Index[base]
		switch {
		case !local && c.ThreadLocal[c.GlobalIndex[base]]:
			c.errorf(id.Pos(), "%q: only locals have passive copies, and %q is thread_local", id.Name, base)
		case !local:
			c.errorf(id.Pos(), "%q: only locals have passive copies, and %q is a global", id.Name, base)
		case mode&passiveOK == 0:
			c.errorf(id.Pos(), "passive variable %q outside a broadcast: x$ may appear only as an assignment target, in the value of a $ target and in constrain", id.Name)
		default:
			c.Refs[id] = Symbol{Index: i, Passive: true}
		}
		return
	}
	if _, isFunc := c.Funcs[id.Name]; isFunc {
		c.errorf(id.Pos(), "%q is a function, not a variable", id.Name)
		return
	}
	c.errorf(id.Pos(), "undeclared variable %q", id.Name)
}

func (c *checker) declared(name string) bool {
	_, local := c.fn.Index[name]
	_, global := c.GlobalIndex[name]
	return local || global
}

// passiveBase returns x for a name x$ ending in a single $.
func passiveBase(name string) (string, bool) {
	base, ok := strings.CutSuffix(name, "$")
	return base, ok && base != "" && !strings.HasSuffix(base, "$")
}

// expr checks an expression; primes are allowed only in constrain clauses,
// passive variables only where mode says.
func (c *checker) expr(e Expr, mode exprMode) {
	switch e := e.(type) {
	case *Ident:
		c.resolve(e, mode)
	case *PrimedExpr:
		if mode&primesOK == 0 {
			c.errorf(e.Prime, "primed variable '%s outside a constrain clause", e.X.Name)
		}
		c.resolve(e.X, mode)
	case *UnaryExpr:
		c.expr(e.X, mode)
	case *BinaryExpr:
		c.expr(e.X, mode)
		c.expr(e.Y, mode)
	case *ParenExpr:
		c.expr(e.X, mode)
	case *SchooseExpr:
		if len(e.Args) != 2 {
			c.errorf(e.Schoose, "schoose takes 2 arguments, not %d", len(e.Args))
		}
		// schoose is a condition: no passive variables.
		for _, a := range e.Args {
			c.expr(a, mode&^passiveOK)
		}
	case *ConstExpr, *NondetExpr, *BadExpr:
	}
}

// count spells "1 value", "2 values".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
