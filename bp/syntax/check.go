package syntax

import (
	"sort"
	"strings"
)

// The checker resolves names and enforces the static rules of the dialect:
// declarations, labels, arities, the place of primes. It finds the
// recursive functions (those on a cycle of calls), which lowering keeps as
// procedures with calls instead of inlining them. It reports every
// violation it finds; lowering runs only on a file without errors.

// Symbol is what an identifier in an expression or target refers to.
type Symbol struct {
	Global  bool
	Passive bool // x$: the local index of a passive thread's x
	Index   int  // global index, or local index within the function frame
}

// FuncInfo is what the checker learns about one function.
type FuncInfo struct {
	Decl   *FuncDecl
	Locals []*Ident        // parameters first, then every decl in the body
	Index  map[string]int  // local name -> index into Locals
	Labels map[string]Stmt // label -> labelled statement
	Calls  []*CallStmt     // direct (inlined) calls, in source order
}

// Info is the result of checking, the input of lowering: every name
// resolved, as go/types.Info records what it computes for its caller.
type Info struct {
	File        *SourceFile
	Globals     []*Ident
	ThreadLocal []bool
	GlobalIndex map[string]int
	Funcs       map[string]*FuncInfo
	Refs        map[*Ident]Symbol
	AsyncCalls  map[*CallStmt]bool // SLAM's ASYNC_n: f() thread starts
	// Recursive: the functions on a cycle of direct calls. A call of one
	// is lowered to a Call step, every other call inlined.
	Recursive map[string]bool
}

// isAsyncLabel tells whether name is SLAM's thread-start label ASYNC_n.
// A plain test rather than a regular expression: a package-level regexp
// is compiled when the package is initialised, at the start of every
// bopgo run, also of those (bopgo qbf) that never parse a program.
func isAsyncLabel(name string) bool {
	digits, ok := strings.CutPrefix(name, "ASYNC_")
	if !ok || digits == "" {
		return false
	}
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

type checker struct {
	Info
	errs    ErrorList
	fn      *FuncInfo // function being checked
	dialect Dialect   // DialectBoPPo or DialectGetafix (getafix_check.go)
}

func (c *checker) errorf(p Pos, format string, args ...any) {
	c.errs.Add(c.File.File.Position(p), format, args...)
}

// Check checks f in dialect d (DialectBoPPo or DialectGetafix) and
// returns what lowering needs, or the errors sorted by position.
func Check(f *SourceFile, d Dialect) (*Info, ErrorList) {
	c := &checker{dialect: d, Info: Info{
		File:        f,
		GlobalIndex: map[string]int{},
		Funcs:       map[string]*FuncInfo{},
		Refs:        map[*Ident]Symbol{},
		AsyncCalls:  map[*CallStmt]bool{},
		Recursive:   map[string]bool{},
	}}
	for _, d := range f.Globals {
		for i, id := range d.Names {
			if prev, dup := c.GlobalIndex[id.Name]; dup {
				c.errorf(id.Pos(), "variable %q already declared at %s", id.Name, c.where(c.Globals[prev].Pos()))
				continue
			}
			if init := d.Inits[i]; init != nil && !isConstOrNondet(init) {
				c.errorf(init.Pos(), "the initialiser of global %q must be 0, 1, T, F or *", id.Name)
			}
			c.GlobalIndex[id.Name] = len(c.Globals)
			c.Globals = append(c.Globals, id)
			c.ThreadLocal = append(c.ThreadLocal, d.ThreadLocal)
		}
	}
	for _, fn := range f.Funcs {
		if prev, dup := c.Funcs[fn.Name.Name]; dup {
			c.errorf(fn.Name.Pos(), "function %q already defined at %s", fn.Name.Name, c.where(prev.Decl.Name.Pos()))
			continue
		}
		c.Funcs[fn.Name.Name] = c.declareLocals(fn)
	}
	if _, ok := c.Funcs["main"]; !ok && d != DialectGetafix {
		c.errs.Add(Position{Filename: f.File.Name}, "no function main")
	}
	for _, fn := range f.Funcs {
		if fi := c.Funcs[fn.Name.Name]; fi != nil && fi.Decl == fn {
			c.fn = fi
			c.stmts(fn.Body)
		}
	}
	c.recursion()
	if d == DialectGetafix {
		c.getafixRules()
	}
	c.errs.Sort()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return &c.Info, nil
}

func (c *checker) where(p Pos) string {
	pos := c.File.File.Position(p)
	return strings.TrimPrefix(pos.String(), pos.Filename+":")
}

// declareLocals collects parameters, body declarations and labels of fn.
func (c *checker) declareLocals(fn *FuncDecl) *FuncInfo {
	fi := &FuncInfo{Decl: fn, Index: map[string]int{}, Labels: map[string]Stmt{}}
	add := func(id *Ident) {
		if prev, dup := fi.Index[id.Name]; dup {
			c.errorf(id.Pos(), "variable %q already declared in %s at %s", id.Name, fn.Name.Name, c.where(fi.Locals[prev].Pos()))
			return
		}
		fi.Index[id.Name] = len(fi.Locals)
		fi.Locals = append(fi.Locals, id)
	}
	for _, p := range fn.Params {
		add(p)
	}
	WalkStmts(fn.Body, func(s Stmt) {
		for i, l := range s.StmtLabels() {
			prev, dup := fi.Labels[l.Name]
			switch {
			case dup && prev != s && c.dialect != DialectGetafix:
				c.errorf(l.Pos(), "label %q already defined in %s at %s", l.Name, fn.Name.Name, c.where(StmtPos(prev)))
			case dup:
				// The same label written twice on one statement (SLAM does
				// this) names one place: harmless.
				_ = i
			default:
				fi.Labels[l.Name] = s
			}
		}
		if d, ok := s.(*DeclStmt); ok {
			if d.Decl.ThreadLocal {
				c.errorf(d.Decl.Pos(), "thread_local is only allowed in global declarations")
			}
			for _, id := range d.Decl.Names {
				add(id)
			}
		}
	})
	return fi
}

func isConstOrNondet(e Expr) bool {
	switch e := e.(type) {
	case *ConstExpr, *NondetExpr:
		return true
	case *ParenExpr:
		return isConstOrNondet(e.X)
	}
	return false
}

// WalkStmts calls visit on every statement, nested ones included.
func WalkStmts(list []Stmt, visit func(Stmt)) {
	for _, s := range list {
		visit(s)
		switch s := s.(type) {
		case *IfStmt:
			WalkStmts(s.Then, visit)
			WalkStmts(s.Else, visit)
		case *WhileStmt:
			WalkStmts(s.Body, visit)
		}
	}
}

// recursion finds the recursive functions: those on a cycle of direct
// calls (a strongly connected component of the call graph with a cycle,
// Tarjan's algorithm), in a deterministic order.
func (c *checker) recursion() {
	names := make([]string, 0, len(c.Funcs))
	for n := range c.Funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	index := map[string]int{}
	low := map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	next := 0
	var visit func(name string)
	visit = func(name string) {
		index[name], low[name] = next, next
		next++
		stack = append(stack, name)
		onStack[name] = true
		for _, call := range c.Funcs[name].Calls {
			callee := call.Func.Name
			if c.Funcs[callee] == nil {
				continue
			}
			if _, seen := index[callee]; !seen {
				visit(callee)
				low[name] = min(low[name], low[callee])
			} else if onStack[callee] {
				low[name] = min(low[name], index[callee])
			}
		}
		if low[name] != index[name] {
			return
		}
		var scc []string
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[top] = false
			scc = append(scc, top)
			if top == name {
				break
			}
		}
		if len(scc) > 1 || c.callsItself(name) {
			for _, f := range scc {
				c.Recursive[f] = true
			}
		}
	}
	for _, n := range names {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
}

// callsItself reports whether function name has a direct call of itself.
func (c *checker) callsItself(name string) bool {
	for _, call := range c.Funcs[name].Calls {
		if call.Func.Name == name {
			return true
		}
	}
	return false
}
