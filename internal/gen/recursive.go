package gen

import (
	"fmt"
	"strings"
)

// RecursiveConfig shapes the programs of Recursive.
type RecursiveConfig struct {
	Globals int // shared variables
	Funcs   int // functions besides main, any of which may call any
	Stmts   int // statements per function body (top level)
	// Threads, when positive, makes main start that many threads, each
	// running a function that may recurse.
	Threads int
	// Spawns gives the threads parameters, which their starts give
	// arguments; lets every function start threads (so the recursive ones
	// start any number); and makes main start a recursive function as a
	// thread for half the seeds.
	Spawns bool
}

// SmallRecursive and ThreadedRecursive are the configurations of the
// differential tests: one thread, and a few threads.
var (
	SmallRecursive    = RecursiveConfig{Globals: 3, Funcs: 3, Stmts: 4}
	ThreadedRecursive = RecursiveConfig{Globals: 2, Funcs: 2, Stmts: 2, Threads: 1}
	// SpawningRecursive is ThreadedRecursive with Spawns.
	SpawningRecursive = RecursiveConfig{Globals: 2, Funcs: 2, Stmts: 2, Threads: 1, Spawns: true}
)

// Recursive returns a random program with recursive functions: direct and
// mutual recursion (every function may call every function, itself
// included, mostly under a non-deterministic condition so that the
// recursion can stop), parameters, `bool<N>` results used by the caller,
// globals changed on the way down and up, and assertions. One seed in
// three also plants a counter that only a call depth of three or more
// makes overflow, so that some bugs need deep recursion; and the
// functions that recurse unconditionally, guarded by an assume that
// blocks, make safe programs whose reachable stacks are unbounded.
func Recursive(seed int64, cfg RecursiveConfig) string {
	r := newRand(seed)
	g := &recGen{generator: generator{r: r, cfg: Config{Depth: 2}}, rc: cfg}
	return g.program()
}

type recGen struct {
	generator
	rc          RecursiveConfig
	funcs       []recFunc
	threadFuncs []recFunc // the thread functions
	counter     bool      // the planted depth counter c0, c1
}

type recFunc struct {
	name    string
	params  int
	returns int
}

func (g *recGen) program() string {
	fmt.Fprintf(&g.b, "// generated (recursive)\n")
	var globals []string
	for i := 0; i < g.rc.Globals; i++ {
		globals = append(globals, fmt.Sprintf("g%d", i))
	}
	g.counter = g.r.Intn(3) == 0
	if g.counter {
		globals = append(globals, "c0", "c1")
	}
	fmt.Fprintf(&g.b, "decl %s;\n", strings.Join(globals, ", "))
	for i := 0; i < g.rc.Funcs; i++ {
		g.funcs = append(g.funcs, recFunc{name: fmt.Sprintf("f%d", i), params: g.r.Intn(3), returns: g.r.Intn(3)})
	}
	for t := 0; t < g.rc.Threads; t++ {
		tf := recFunc{name: fmt.Sprintf("t%d", t)}
		if g.rc.Spawns {
			tf.params = 1 + g.r.Intn(2)
		}
		g.threadFuncs = append(g.threadFuncs, tf)
	}
	for _, f := range g.funcs {
		g.function(f, globals)
	}
	for _, t := range g.threadFuncs {
		g.function(t, globals)
	}
	g.mainBody(globals)
	return g.b.String()
}

// function writes f: its locals, a body that may call any function, and
// a return of its results.
func (g *recGen) function(f recFunc, globals []string) {
	var params []string
	for i := 0; i < f.params; i++ {
		params = append(params, fmt.Sprintf("%s_p%d", f.name, i))
	}
	kind := "void"
	switch f.returns {
	case 1:
		kind = "bool"
	case 2:
		kind = "bool<2>"
	}
	fmt.Fprintf(&g.b, "%s %s(%s) begin\n", kind, f.name, strings.Join(params, ", "))
	g.indent = "  "
	locals := []string{f.name + "_l0", f.name + "_l1"}
	g.printf("decl %s;", strings.Join(locals, ", "))
	g.vars = append(append(append([]string(nil), globals...), params...), locals...)
	if g.counter && f.name == "f0" {
		// The planted counter: every call of f0 that goes deeper counts;
		// only the third level reaches c0 & c1.
		g.printf("if * then c0, c1 := !c0, c1 ^ c0; %s; c0, c1 := c0 ^ c1, c1; fi", g.callText(f, locals[0]))
	}
	n := 1 + g.r.Intn(g.rc.Stmts)
	for i := 0; i < n; i++ {
		g.recStmt(f, locals, 2)
	}
	if f.returns > 0 {
		vals := make([]string, f.returns)
		for i := range vals {
			vals[i] = g.expr(2)
		}
		g.printf("return %s;", strings.Join(vals, ", "))
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
}

// recStmt writes one statement of function f.
func (g *recGen) recStmt(f recFunc, locals []string, depth int) {
	if g.rc.Spawns && len(g.threadFuncs) > 0 && g.r.Intn(8) == 0 {
		g.printf("if * then start_thread %s; fi", g.startText(g.threadFuncs[g.r.Intn(len(g.threadFuncs))]))
		return
	}
	switch k := g.r.Intn(10); {
	case k < 3:
		g.printf("%s := %s;", g.pick(), g.expr(2))
	case k < 6:
		// A call, usually under a non-deterministic condition.
		call := g.callText(g.funcs[g.r.Intn(len(g.funcs))], locals[g.r.Intn(len(locals))])
		switch {
		case g.r.Intn(4) == 0:
			g.printf("%s;", call)
		case g.r.Intn(3) == 0:
			// Unbounded recursion that cannot come back: the path
			// through the call blocks, so stacks grow without bound
			// while the program may be safe.
			g.printf("if * then %s; assume(F); fi", call)
		default:
			g.printf("if * then %s; fi", call)
		}
	case k < 8 && depth > 0:
		g.printf("if %s then", g.expr(2))
		g.indent += "  "
		g.recStmt(f, locals, depth-1)
		g.indent = g.indent[2:]
		g.printf("else")
		g.indent += "  "
		g.recStmt(f, locals, depth-1)
		g.indent = g.indent[2:]
		g.printf("fi")
	case k < 9:
		g.printf("assert(%s);", g.expr(2))
	default:
		g.printf("assume(%s);", g.expr(1))
	}
}

// callText is a call of f, its results (if any) assigned to target and
// the globals.
func (g *recGen) callText(f recFunc, target string) string {
	args := make([]string, f.params)
	for i := range args {
		args[i] = g.expr(1)
	}
	call := fmt.Sprintf("%s(%s)", f.name, strings.Join(args, ", "))
	switch f.returns {
	case 1:
		return fmt.Sprintf("%s := %s", target, call)
	case 2:
		return fmt.Sprintf("%s, _ := %s", target, call)
	}
	return call
}

// startText is a start of f as a thread, without start_thread: f and its
// arguments.
func (g *recGen) startText(f recFunc) string {
	args := make([]string, f.params)
	for i := range args {
		args[i] = g.expr(1)
	}
	return fmt.Sprintf("%s(%s)", f.name, strings.Join(args, ", "))
}

// mainBody writes main: the counter reset, calls, thread starts, and an
// assertion at the end.
func (g *recGen) mainBody(globals []string) {
	fmt.Fprintf(&g.b, "void main() begin\n")
	g.indent = "  "
	locals := []string{"m0", "m1"}
	g.printf("decl %s;", strings.Join(locals, ", "))
	g.vars = append(append([]string(nil), globals...), locals...)
	if g.counter {
		g.printf("c0, c1 := F, F;")
	}
	for _, t := range g.threadFuncs {
		g.printf("start_thread %s;", g.startText(t))
	}
	if g.rc.Spawns && g.r.Intn(2) == 0 {
		g.printf("start_thread %s;", g.startText(g.funcs[g.r.Intn(len(g.funcs))]))
	}
	for range 1 + g.r.Intn(2) {
		g.printf("%s;", g.callText(g.funcs[g.r.Intn(len(g.funcs))], locals[g.r.Intn(2)]))
	}
	switch {
	case g.counter:
		g.printf("assert(!(c0 & c1));")
	case g.r.Intn(2) == 0:
		g.printf("assert(%s);", g.expr(2))
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
}
