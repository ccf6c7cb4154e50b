package bp

import (
	"sort"
	"strings"
)

// The checker resolves names and enforces the static rules of the dialect:
// declarations, labels, arities, the place of primes. It finds the
// recursive functions (those on a cycle of calls), which lowering keeps as
// procedures with calls instead of inlining them. It reports every
// violation it finds; lowering runs only on a file without errors.

// symbol is what an identifier in an expression or target refers to.
type symbol struct {
	global  bool
	passive bool // x$: the local index of a passive thread's x
	index   int  // global index, or local index within the function frame
}

// funcInfo is what the checker learns about one function.
type funcInfo struct {
	decl   *FuncDecl
	locals []*Ident        // parameters first, then every decl in the body
	index  map[string]int  // local name -> index into locals
	labels map[string]Stmt // label -> labelled statement
	calls  []*CallStmt     // direct (inlined) calls, in source order
}

// info is the result of checking: the input of lowering.
type info struct {
	file        *SourceFile
	globals     []*Ident
	threadLocal []bool
	globalIndex map[string]int
	funcs       map[string]*funcInfo
	refs        map[*Ident]symbol
	asyncCalls  map[*CallStmt]bool // SLAM's ASYNC_n: f() thread starts
	// recursive: the functions on a cycle of direct calls. A call of one
	// is lowered to a Call step, every other call inlined.
	recursive map[string]bool
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
	info
	errs    ErrorList
	fn      *funcInfo // function being checked
	dialect Dialect   // DialectBoPPo or DialectGetafix (getafix.go)
}

func (c *checker) errorf(p Pos, format string, args ...any) {
	c.errs.Add(c.file.File.Position(p), format, args...)
}

// checkDialect checks f in dialect d.
func checkDialect(f *SourceFile, d Dialect) (*info, ErrorList) {
	c := &checker{dialect: d, info: info{
		file:        f,
		globalIndex: map[string]int{},
		funcs:       map[string]*funcInfo{},
		refs:        map[*Ident]symbol{},
		asyncCalls:  map[*CallStmt]bool{},
		recursive:   map[string]bool{},
	}}
	for _, d := range f.Globals {
		for i, id := range d.Names {
			if prev, dup := c.globalIndex[id.Name]; dup {
				c.errorf(id.Pos(), "variable %q already declared at %s", id.Name, c.where(c.globals[prev].Pos()))
				continue
			}
			if init := d.Inits[i]; init != nil && !isConstOrNondet(init) {
				c.errorf(init.Pos(), "the initialiser of global %q must be 0, 1, T, F or *", id.Name)
			}
			c.globalIndex[id.Name] = len(c.globals)
			c.globals = append(c.globals, id)
			c.threadLocal = append(c.threadLocal, d.ThreadLocal)
		}
	}
	for _, fn := range f.Funcs {
		if prev, dup := c.funcs[fn.Name.Name]; dup {
			c.errorf(fn.Name.Pos(), "function %q already defined at %s", fn.Name.Name, c.where(prev.decl.Name.Pos()))
			continue
		}
		c.funcs[fn.Name.Name] = c.declareLocals(fn)
	}
	if _, ok := c.funcs["main"]; !ok && d != DialectGetafix {
		c.errs.Add(Position{Filename: f.File.Name}, "no function main")
	}
	for _, fn := range f.Funcs {
		if fi := c.funcs[fn.Name.Name]; fi != nil && fi.decl == fn {
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
	return &c.info, nil
}

func (c *checker) where(p Pos) string {
	pos := c.file.File.Position(p)
	return strings.TrimPrefix(pos.String(), pos.Filename+":")
}

// declareLocals collects parameters, body declarations and labels of fn.
func (c *checker) declareLocals(fn *FuncDecl) *funcInfo {
	fi := &funcInfo{decl: fn, index: map[string]int{}, labels: map[string]Stmt{}}
	add := func(id *Ident) {
		if prev, dup := fi.index[id.Name]; dup {
			c.errorf(id.Pos(), "variable %q already declared in %s at %s", id.Name, fn.Name.Name, c.where(fi.locals[prev].Pos()))
			return
		}
		fi.index[id.Name] = len(fi.locals)
		fi.locals = append(fi.locals, id)
	}
	for _, p := range fn.Params {
		add(p)
	}
	walkStmts(fn.Body, func(s Stmt) {
		for i, l := range s.StmtLabels() {
			prev, dup := fi.labels[l.Name]
			switch {
			case dup && prev != s && c.dialect != DialectGetafix:
				c.errorf(l.Pos(), "label %q already defined in %s at %s", l.Name, fn.Name.Name, c.where(StmtPos(prev)))
			case dup:
				// The same label written twice on one statement (SLAM does
				// this) names one place: harmless.
				_ = i
			default:
				fi.labels[l.Name] = s
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

// walkStmts calls visit on every statement, nested ones included.
func walkStmts(list []Stmt, visit func(Stmt)) {
	for _, s := range list {
		visit(s)
		switch s := s.(type) {
		case *IfStmt:
			walkStmts(s.Then, visit)
			walkStmts(s.Else, visit)
		case *WhileStmt:
			walkStmts(s.Body, visit)
		}
	}
}

// recursion finds the recursive functions: those on a cycle of direct
// calls (a strongly connected component of the call graph with a cycle,
// Tarjan's algorithm), in a deterministic order.
func (c *checker) recursion() {
	names := make([]string, 0, len(c.funcs))
	for n := range c.funcs {
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
		for _, call := range c.funcs[name].calls {
			callee := call.Func.Name
			if c.funcs[callee] == nil {
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
				c.recursive[f] = true
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
	for _, call := range c.funcs[name].calls {
		if call.Func.Name == name {
			return true
		}
	}
	return false
}
