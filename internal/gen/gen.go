package gen

import (
	"fmt"
	"math/rand"
	"strings"
)

// Config shapes the generated programs.
type Config struct {
	Globals  int // shared variables
	Locals   int // locals per function
	Threads  int // thread functions besides main
	Stmts    int // statements per function body (top level)
	Depth    int // nesting of if/while
	Helpers  int // non-recursive helper functions called inline
	NoAtomic bool
	// Broadcast makes SatAbs-shaped programs: one thread template (main
	// starts copies of itself with start_thread goto; Threads is
	// ignored) and broadcast assignments (x$) among the assignments.
	Broadcast bool
	// SatAbs shapes the programs as SatAbs writes them: every function
	// declares the same locals (l0, l1, ...) and helpers take no
	// parameter, so that a trace's locals read alike in every thread.
	SatAbs bool
	// RareAsserts writes an assignment instead of nine assertions in ten,
	// so that larger programs are often safe and their whole state space
	// must be searched.
	RareAsserts bool
	// SpawnLoop starts main's threads in loops (while * do ... od), so
	// that the number of threads is unbounded (with Broadcast too).
	SpawnLoop bool
	// NoLoops writes no while loop and no backward goto, so that every
	// execution ends (with Threads > 0; Broadcast's start_thread goto
	// starts threads of main's own proc).
	NoLoops bool

	// The dimensions below (features.go, spawn.go, helpers.go) are off by
	// default, so that the configurations above give the programs of
	// their seeds as before. Full turns every one on.

	// SpawnArgs gives every thread function zero to two parameters and
	// its starts arguments: globals, locals, constants (T, F, 0, 1), *
	// and expressions.
	SpawnArgs bool
	// SpawnPlaces starts each thread in one of several places: straight,
	// as SLAM's ASYNC_n: f(), in a while loop, in a backward goto loop
	// (deterministic or not), under an if, inside an atomic section.
	SpawnPlaces bool
	// NestedSpawns lets threads start threads: each thread is started by
	// main or by an earlier thread, and a thread may start one more of
	// any kind (itself included, so the threads may be unbounded); with
	// Results, main and the threads may also start a helper, which runs
	// as a thread as well as inlined where it is called.
	NestedSpawns bool
	// SpawnGoto starts copies of main and of the thread functions with
	// start_thread goto L (the copy gets its creator's locals); the code
	// at L follows an end_thread. Broadcast does this in any case.
	SpawnGoto bool
	// EndThread writes end_thread in the middle of main and of threads.
	EndThread bool
	// ThreadLocal declares thread-local globals (decl thread_local).
	ThreadLocal bool
	// Inits writes IJIT/UCOB initialisers (decl g := 0, h := *;) on
	// globals and locals, and decl statements in the middle of bodies.
	Inits bool
	// MoreStmts writes the rest of the statements: enforce, abortif,
	// goto L1, L2 (forward and backward), if/elsif/else, return in the
	// middle, several labels on one statement, longer atomic sections.
	MoreStmts bool
	// Results gives helpers zero to two parameters and zero to three
	// results (void, bool, bool<N>), calls that receive them
	// (x, _, y := h(...)), helpers calling earlier helpers, and thread
	// functions of type bool.
	Results bool
	// Label places statements labelled Target in main and the threads,
	// for the question -l Target (Options.Label).
	Label bool
}

// Target is the label that Config.Label places.
const Target = "TARGET"

// Small is the configuration of the differential tests: programs whose
// state spaces an exhaustive explicit search covers in milliseconds.
var Small = Config{Globals: 3, Locals: 2, Threads: 2, Stmts: 5, Depth: 2, Helpers: 1}

// SmallBroadcast and TinyBroadcast are Small and Tiny with broadcasts.
var (
	SmallBroadcast = Config{Globals: 3, Locals: 2, Stmts: 5, Depth: 2, Helpers: 1, Broadcast: true}
	TinyBroadcast  = Config{Globals: 2, Locals: 2, Stmts: 4, Depth: 2, Broadcast: true}
)

// Tiny is for comparisons with searches that enumerate every concrete
// state: fewer variables, so 2^vars stays small.
var Tiny = Config{Globals: 2, Locals: 1, Threads: 2, Stmts: 4, Depth: 2, Helpers: 1}

// Full is Small with every dimension of the language on (thread
// arguments, starts in loops and from threads, start_thread goto,
// end_thread, thread-locals, initialisers, the rest of the statements,
// helpers' results, labels for -l): the configuration of the features'
// differential tests and the no-panic benchmark. TinyFull is the same
// with shorter, shallower bodies than Tiny's, for FuzzEngines' seeds:
// with every dimension on, Tiny's bodies make programs on which IC3 and
// k-induction often reach the fuzz timeout.
var (
	Full     = Small.withEverything()
	TinyFull = Config{Globals: 2, Locals: 1, Threads: 2, Stmts: 3, Depth: 1, Helpers: 2}.withEverything()
)

// FullBroadcast is SmallBroadcast with every dimension that a program of
// one thread template can have: no thread functions (so no arguments,
// nested starts or SpawnGoto, which Broadcast does anyway).
var FullBroadcast = func() Config {
	c := SmallBroadcast.withEverything()
	c.SpawnArgs, c.NestedSpawns, c.SpawnGoto = false, false, false
	return c
}()

// withEverything is c with every dimension on, and two helpers at least
// (the second calls the first).
func (c Config) withEverything() Config {
	c.Helpers = max(c.Helpers, 2)
	c.SpawnArgs, c.SpawnPlaces, c.NestedSpawns, c.SpawnGoto, c.EndThread = true, true, true, true, true
	c.ThreadLocal, c.Inits, c.MoreStmts, c.Results, c.Label = true, true, true, true, true
	return c
}

type generator struct {
	r      *rand.Rand
	cfg    Config
	b      strings.Builder
	vars   []string // in scope in the current function
	labels int
	indent string
	fn     string
	// With Config.Broadcast: the current function's locals (which have
	// passive copies x$), and whether expressions may read them.
	locals    []string
	passiveOK bool
	// The dimensions' state (features.go, spawn.go, helpers.go): the
	// thread functions and helpers planned or written so far, and what
	// the current function is.
	threads []threadFunc
	helpers []helperFunc
	shared  []string // the globals and thread-locals
	decls   int      // decl statements written in the current function
	returns int      // results of the current function
	thread  bool     // the current function is main or a thread's (not a helper)
}

// Program returns the source of the program of seed under cfg.
func Program(seed int64, cfg Config) string {
	g := &generator{r: newRand(seed), cfg: cfg}
	return g.program()
}

func (g *generator) printf(format string, args ...any) {
	g.b.WriteString(g.indent)
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *generator) program() string {
	fmt.Fprintf(&g.b, "// generated\n")
	var globals []string
	for i := 0; i < g.cfg.Globals; i++ {
		globals = append(globals, fmt.Sprintf("g%d", i))
	}
	if len(globals) > 0 {
		fmt.Fprintf(&g.b, "decl %s;\n", g.declList(globals, nil))
	}
	if g.cfg.ThreadLocal {
		globals = append(globals, g.threadLocals()...)
	}
	g.shared = globals
	for h := 0; h < g.cfg.Helpers; h++ {
		if g.cfg.Results {
			g.helper(h, globals)
			continue
		}
		g.function(fmt.Sprintf("h%d", h), globals, true, nil)
	}
	if g.cfg.Broadcast {
		g.function("main", globals, false, nil)
		return g.b.String()
	}
	g.planThreads()
	for t := range g.threads {
		g.function(g.threads[t].name, globals, false, &g.threads[t])
	}
	g.function("main", globals, false, nil)
	return g.b.String()
}

// function writes one function: a helper (a parameter, a result; with
// Config.Results helper writes them instead), a thread function
// (self), or main. Main, and with NestedSpawns the threads, start the
// threads at random points of their bodies.
func (g *generator) function(name string, globals []string, helper bool, self *threadFunc) {
	g.fn = name
	g.labels, g.decls = 0, 0
	g.vars = append([]string(nil), globals...)
	g.returns, g.thread = 0, !helper
	var locals []string
	for i := 0; i < g.cfg.Locals; i++ {
		if g.cfg.SatAbs {
			locals = append(locals, fmt.Sprintf("l%d", i))
		} else {
			locals = append(locals, fmt.Sprintf("%s_l%d", name, i))
		}
	}
	switch {
	case helper && g.cfg.SatAbs:
		fmt.Fprintf(&g.b, "bool %s() begin\n", name)
		g.returns = 1
	case helper:
		fmt.Fprintf(&g.b, "bool %s(%s_p) begin\n", name, name)
		g.vars = append(g.vars, name+"_p")
		g.returns = 1
	case self != nil:
		fmt.Fprintf(&g.b, "%s %s(%s) begin\n", kindOf(self.returns), name, strings.Join(self.params, ", "))
		g.vars = append(g.vars, self.params...)
		g.returns = self.returns
	default:
		fmt.Fprintf(&g.b, "void %s() begin\n", name)
	}
	g.indent = "  "
	if len(locals) > 0 {
		g.printf("decl %s;", g.declList(locals, g.vars))
		g.vars = append(g.vars, locals...)
	}
	g.locals = locals
	if g.cfg.Broadcast && name == "main" {
		g.templateBody()
		g.indent = ""
		fmt.Fprintf(&g.b, "end\n")
		return
	}
	n := 1 + g.r.Intn(g.cfg.Stmts)
	spawnAt := map[int][]*threadFunc{}
	for i := range g.threads {
		if t := &g.threads[i]; t.parent == name {
			at := g.r.Intn(n + 1)
			spawnAt[at] = append(spawnAt[at], t)
		}
	}
	body := bodyPlan{targetAt: -1, endAt: -1, extraAt: -1}
	if !helper {
		body = g.planBody(n, self)
	}
	for i := 0; i <= n; i++ {
		for _, t := range spawnAt[i] {
			g.spawn(t)
		}
		g.bodyExtras(&body, i)
		if i < n {
			g.stmt(g.cfg.Depth, helper)
		}
	}
	g.copies(&body)
	if helper {
		g.printf("return %s;", g.expr(2))
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
}

func (g *generator) pick() string {
	if g.passiveOK && len(g.locals) > 0 && g.r.Intn(3) == 0 {
		return g.locals[g.r.Intn(len(g.locals))] + "$"
	}
	return g.vars[g.r.Intn(len(g.vars))]
}

// expr returns a random expression of the given depth.
func (g *generator) expr(depth int) string {
	if depth <= 0 || g.r.Intn(3) == 0 {
		switch g.r.Intn(8) {
		case 0:
			return "*"
		case 1:
			return []string{"T", "F", "0", "1"}[g.r.Intn(4)]
		default:
			return g.pick()
		}
	}
	switch g.r.Intn(7) {
	case 0:
		return "!" + g.expr(depth-1)
	case 1:
		// schoose is a condition: no passive variables inside.
		saved := g.passiveOK
		g.passiveOK = false
		defer func() { g.passiveOK = saved }()
		return fmt.Sprintf("schoose[%s, %s]", g.expr(depth-1), g.expr(depth-1))
	default:
		op := []string{"&", "|", "^", "=", "!=", "=>"}[g.r.Intn(6)]
		return fmt.Sprintf("(%s %s %s)", g.expr(depth-1), op, g.expr(depth-1))
	}
}

func (g *generator) stmt(depth int, helper bool) {
	if g.moreStmts() && g.r.Intn(4) == 0 {
		g.moreStmt(depth, helper)
		return
	}
	k := g.r.Intn(20)
	if depth <= 0 && k >= 14 {
		k = g.r.Intn(14)
	}
	switch {
	case k < 5:
		g.assign()
	case k < 7:
		g.printf("assume(%s);", g.expr(1))
	case k < 9:
		if g.cfg.RareAsserts && g.r.Intn(10) != 0 {
			g.assign()
			return
		}
		g.printf("assert(%s);", g.expr(2))
	case k < 10:
		if g.cfg.Results {
			g.call()
			return
		}
		if g.cfg.Helpers > 0 && !helper {
			h := fmt.Sprintf("h%d", g.r.Intn(g.cfg.Helpers))
			arg := func() string {
				if g.cfg.SatAbs {
					return ""
				}
				return g.expr(1)
			}
			if g.r.Intn(2) == 0 {
				g.printf("%s := %s(%s);", g.pick(), h, arg())
			} else {
				g.printf("%s(%s);", h, arg())
			}
		} else {
			g.printf("skip;")
		}
	case k < 11:
		if g.cfg.NoAtomic {
			g.assign()
			return
		}
		g.printf("atomic_begin;")
		g.assign()
		if g.r.Intn(2) == 0 {
			g.printf("assume(%s);", g.expr(1))
		}
		g.printf("atomic_end;")
	case k < 12:
		g.printf("dead %s;", g.pick())
	case k < 13 && g.cfg.NoLoops:
		g.printf("skip;")
	case k < 13:
		l := g.label()
		g.printf("%s: %s := %s;", l, g.pick(), g.expr(1))
		g.printf("if %s then goto %s; fi", g.expr(1), l)
	case k < 14:
		g.printf("skip;")
	case k < 17:
		g.printf("if %s then", g.expr(2))
		g.block(depth, helper)
		if g.r.Intn(2) == 0 {
			g.printf("else")
			g.block(depth, helper)
		}
		g.printf("fi")
	case g.cfg.NoLoops:
		g.printf("if %s then", g.expr(1))
		g.block(depth, helper)
		g.printf("fi")
	default:
		g.printf("while %s do", g.expr(1))
		g.block(depth, helper)
		g.printf("od")
	}
}

func (g *generator) block(depth int, helper bool) {
	saved := g.indent
	g.indent += "  "
	for i := 0; i < 1+g.r.Intn(2); i++ {
		g.stmt(depth-1, helper)
	}
	g.indent = saved
}

func (g *generator) label() string {
	g.labels++
	return fmt.Sprintf("%s_L%d", g.fn, g.labels)
}

func (g *generator) assign() {
	if g.cfg.Broadcast && len(g.locals) > 0 && g.r.Intn(2) == 0 {
		g.broadcast()
		return
	}
	n := 1 + g.r.Intn(2)
	seen := map[string]bool{}
	var ts, vs []string
	for len(ts) < n {
		v := g.pick()
		if seen[v] {
			if len(seen) == len(g.vars) {
				break
			}
			continue
		}
		seen[v] = true
		ts = append(ts, v)
		vs = append(vs, g.expr(2))
	}
	line := fmt.Sprintf("%s := %s", strings.Join(ts, ", "), strings.Join(vs, ", "))
	if g.r.Intn(4) == 0 {
		line += fmt.Sprintf(" constrain %s", g.primed())
	}
	g.printf("%s;", line)
}

// primed returns a constraint over old and new values.
func (g *generator) primed() string {
	a, b := g.pick(), g.pick()
	switch g.r.Intn(3) {
	case 0:
		return fmt.Sprintf("'%s != %s", a, b)
	case 1:
		return fmt.Sprintf("('%s | %s) & !'%s", a, b, b)
	}
	return fmt.Sprintf("'%s => %s", a, g.expr(1))
}
