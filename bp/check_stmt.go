package bp

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
		c.targets(s.Targets)
		if len(s.Values) != len(s.Targets) {
			c.errorf(StmtPos(s), "assignment has %s but %s", count(len(s.Targets), "target"), count(len(s.Values), "value"))
		}
		for _, v := range s.Values {
			c.expr(v, false)
		}
		if s.Constrain != nil {
			c.expr(s.Constrain, true)
		}
	case *CallStmt:
		c.call(s, isAsync(s))
	case *ReturnStmt:
		want := c.fn.decl.Returns
		if len(s.Values) != 0 && len(s.Values) != want {
			if want == 0 {
				c.errorf(s.Return, "function %s is void but returns %s", c.fn.decl.Name.Name, count(len(s.Values), "value"))
			} else {
				c.errorf(s.Return, "function %s returns %s, not %d", c.fn.decl.Name.Name, count(want, "value"), len(s.Values))
			}
		}
		for _, v := range s.Values {
			c.expr(v, false)
		}
	case *GotoStmt:
		c.gotoTargets(s)
	case *IfStmt:
		c.expr(s.Cond, false)
		c.stmts(s.Then)
		c.stmts(s.Else)
	case *WhileStmt:
		c.expr(s.Cond, false)
		c.stmts(s.Body)
	case *CondStmt:
		c.expr(s.Cond, false)
	case *DeadStmt:
		for _, id := range s.Names {
			c.resolve(id)
		}
	case *DeclStmt:
		for _, init := range s.Decl.Inits {
			if init != nil {
				c.expr(init, false)
			}
		}
		for _, id := range s.Decl.Names {
			c.resolve(id)
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
		if asyncLabel.MatchString(l.Name) {
			return true
		}
	}
	return false
}

func (c *checker) gotoTargets(g *GotoStmt) {
	for _, t := range g.Targets {
		if _, ok := c.fn.labels[t.Name]; !ok {
			c.errorf(t.Pos(), "label %q not defined in %s", t.Name, c.fn.decl.Name.Name)
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
		c.resolve(t)
	}
}

func (c *checker) call(s *CallStmt, thread bool) {
	for _, a := range s.Args {
		c.expr(a, false)
	}
	c.targets(s.Targets)
	callee := c.funcs[s.Func.Name]
	if callee == nil {
		c.errorf(s.Func.Pos(), "undefined function %q", s.Func.Name)
		return
	}
	if len(s.Args) != len(callee.decl.Params) {
		c.errorf(s.Func.Pos(), "function %s takes %s, not %d", s.Func.Name, count(len(callee.decl.Params), "argument"), len(s.Args))
	}
	switch {
	case thread && s.HasTargets:
		c.errorf(s.Func.Pos(), "a thread start cannot receive return values")
	case s.HasTargets && len(s.Targets) != callee.decl.Returns:
		c.errorf(s.Func.Pos(), "function %s returns %s, but the call receives %d", s.Func.Name, count(callee.decl.Returns, "value"), len(s.Targets))
	}
	if thread {
		c.asyncCalls[s] = true
	} else {
		c.fn.calls = append(c.fn.calls, s)
	}
}

// resolve binds a variable name to a local of the current function or to a
// global.
func (c *checker) resolve(id *Ident) {
	if i, ok := c.fn.index[id.Name]; ok {
		c.refs[id] = symbol{index: i}
		return
	}
	if i, ok := c.globalIndex[id.Name]; ok {
		c.refs[id] = symbol{global: true, index: i}
		return
	}
	if base := strings.TrimSuffix(id.Name, "$"); base != id.Name && c.declared(base) {
		c.errorf(id.Pos(), "%q is SatAbs's passive-thread copy of %q (symmetry-aware broadcast); it is not supported yet", id.Name, base)
		return
	}
	if _, isFunc := c.funcs[id.Name]; isFunc {
		c.errorf(id.Pos(), "%q is a function, not a variable", id.Name)
		return
	}
	c.errorf(id.Pos(), "undeclared variable %q", id.Name)
}

func (c *checker) declared(name string) bool {
	_, local := c.fn.index[name]
	_, global := c.globalIndex[name]
	return local || global
}

// expr checks an expression; primes are allowed only in constrain clauses.
func (c *checker) expr(e Expr, primesOK bool) {
	switch e := e.(type) {
	case *Ident:
		c.resolve(e)
	case *PrimedExpr:
		if !primesOK {
			c.errorf(e.Prime, "primed variable '%s outside a constrain clause", e.X.Name)
		}
		c.resolve(e.X)
	case *UnaryExpr:
		c.expr(e.X, primesOK)
	case *BinaryExpr:
		c.expr(e.X, primesOK)
		c.expr(e.Y, primesOK)
	case *ParenExpr:
		c.expr(e.X, primesOK)
	case *SchooseExpr:
		if len(e.Args) != 2 {
			c.errorf(e.Schoose, "schoose takes 2 arguments, not %d", len(e.Args))
		}
		for _, a := range e.Args {
			c.expr(a, primesOK)
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
