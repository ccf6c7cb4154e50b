package gen

import (
	"fmt"
	"slices"
	"strings"
)

// GetafixConfig shapes the programs of Getafix.
type GetafixConfig struct {
	Globals int // shared variables besides atomic
	Threads int // thread0, thread1, ...
	Stmts   int // statements per function body (top level)
	Depth   int // nesting of if/while
	Helpers int // functions the threads call (a call is one step)
	// Symmetric: every threadN runs thread0's body (SafeStack's shape:
	// one body in several procs, which the explicit engine's classes of
	// places take for symmetric, engine/explicit/symmetry.go).
	Symmetric bool
}

// SmallGetafix and TinyGetafix are the configurations of the tests.
var (
	SmallGetafix = GetafixConfig{Globals: 3, Threads: 2, Stmts: 5, Depth: 2, Helpers: 1}
	TinyGetafix  = GetafixConfig{Globals: 2, Threads: 2, Stmts: 3, Depth: 1, Helpers: 1}
	// SymmetricGetafix: three threads of one body.
	SymmetricGetafix = GetafixConfig{Globals: 3, Threads: 3, Stmts: 4, Depth: 2, Helpers: 1, Symmetric: true}
)

// Getafix returns a random program of Getafix's dialect (README's "The
// language", bp/getafix.go): the global atomic declared first (for one
// seed in six after super_atomic, which then gates the switches and
// leaves atomic without effect), init (setting the flags F, or for one
// seed in eight leaving the first T, up to its endinit label, after which
// it may run on alone, sometimes to a SLIC_ERROR), main for half the
// seeds and the threadN, sections made atomic with atomic := T ...
// atomic := F, statements labelled SLIC_ERROR (the property; none in one
// program in four, which then checks its assertions; sometimes twice in a
// function), a variable assigned twice in one statement, operators
// written without parentheses, which bind as in Getafix, schoose[e, T]
// assigned (e ? T : * there) and the statement constrain(e).
func Getafix(seed int64, cfg GetafixConfig) string {
	r := newRand(seed)
	g := &getafixGen{generator: generator{r: r, cfg: Config{
		Globals: cfg.Globals, Locals: 1, Stmts: cfg.Stmts, Depth: cfg.Depth, Helpers: cfg.Helpers, NoAtomic: true,
	}}, gc: cfg}
	return g.program()
}

type getafixGen struct {
	generator
	gc    GetafixConfig
	error bool // the program has SLIC_ERROR labels
}

func (g *getafixGen) program() string {
	fmt.Fprintf(&g.b, "// generated (getafix)\n")
	flags := []string{"atomic"}
	if g.r.Intn(6) == 0 {
		flags = []string{"super_atomic", "atomic"}
	}
	globals := slices.Clone(flags)
	for i := 0; i < g.gc.Globals; i++ {
		globals = append(globals, fmt.Sprintf("g%d", i))
	}
	fmt.Fprintf(&g.b, "decl %s;\n", strings.Join(globals, ", "))
	shared := globals[len(flags):]
	g.error = g.r.Intn(4) != 0
	for h := 0; h < g.gc.Helpers; h++ {
		g.function(fmt.Sprintf("h%d", h), shared, true, nil)
	}
	g.init(flags, shared)
	var threads []string
	if g.r.Intn(2) == 0 {
		threads = append(threads, "main")
	}
	for t := 0; t < g.gc.Threads; t++ {
		threads = append(threads, fmt.Sprintf("thread%d", t))
	}
	for _, name := range threads {
		if g.gc.Symmetric && name != "thread0" && strings.HasPrefix(name, "thread") {
			continue
		}
		start := g.b.Len()
		g.thread(name, shared)
		if g.gc.Symmetric && name == "thread0" {
			body := g.b.String()[start:]
			for t := 1; t < g.gc.Threads; t++ {
				g.b.WriteString(strings.ReplaceAll(body, "thread0", fmt.Sprintf("thread%d", t)))
			}
		}
	}
	return g.b.String()
}

// init writes init: the flags and some globals set, the rest left
// non-deterministic, up to endinit; then sometimes more, which runs only
// in init running on alone (never in the threads).
func (g *getafixGen) init(flags, shared []string) {
	fmt.Fprintf(&g.b, "void init() begin\n")
	g.indent = "  "
	for i, f := range flags {
		if i == 0 && g.r.Intn(8) == 0 {
			g.printf("%s := T;", f)
		} else {
			g.printf("%s := F;", f)
		}
	}
	for _, v := range shared {
		if g.r.Intn(3) != 0 {
			g.printf("%s := %s;", v, constant(g.r.Intn(4)))
		}
	}
	g.printf("endinit: skip;")
	switch g.r.Intn(4) {
	case 0:
		g.printf("%s := %s;", shared[g.r.Intn(len(shared))], constant(g.r.Intn(4)))
	case 1:
		if g.error {
			g.printf("if %s then SLIC_ERROR: skip; fi", shared[g.r.Intn(len(shared))])
		}
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
}

// thread writes one of the program's threads. Only the atomic sections
// write atomic.
func (g *getafixGen) thread(name string, shared []string) {
	g.fn, g.labels = name, 0
	fmt.Fprintf(&g.b, "void %s() begin\n", name)
	g.indent = "  "
	local := name + "_l0"
	g.printf("decl %s;", local)
	g.vars = append(append([]string(nil), shared...), local)
	errors := 0
	if g.error {
		errors = g.r.Intn(3) // a function may label two statements SLIC_ERROR
	}
	n := 1 + g.r.Intn(g.gc.Stmts)
	errorAt := map[int]int{}
	for range errors {
		errorAt[g.r.Intn(n+1)]++
	}
	for i := 0; i <= n; i++ {
		for range errorAt[i] {
			g.printf("if %s then SLIC_ERROR: skip; fi", g.expr(2))
		}
		if i < n {
			g.getafixStmt()
		}
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
}

// getafixStmt writes a statement of a thread: one of Getafix's idioms,
// or any statement of the base generator but thread starts and atomic
// sections (Config.NoAtomic).
func (g *getafixGen) getafixStmt() {
	switch g.r.Intn(10) {
	case 0:
		// A section made atomic with the global: the others do not run
		// while it is T.
		g.printf("atomic := T;")
		for range 1 + g.r.Intn(2) {
			g.stmt(0, false)
		}
		g.printf("atomic := F;")
	case 1:
		// A variable assigned twice: the step happens only where both
		// values agree.
		v := g.pick()
		g.printf("%s, %s := %s, %s;", v, v, g.expr(1), g.expr(1))
	case 2:
		// Operators without parentheses: a = b & c is (a = b) & c.
		ops := []string{"&", "|", "^", "=", "!="}
		g.printf("%s := %s %s %s %s %s;", g.pick(), g.pick(), ops[g.r.Intn(5)], g.pick(), ops[g.r.Intn(5)], g.pick())
	case 3:
		// An assigned schoose with T second: Getafix reads it as e ? T : *.
		g.printf("%s := schoose[%s, T];", g.pick(), g.pick())
	case 4:
		// Getafix's constrain statement: every variable may change where
		// the condition holds ('v the new value).
		if g.r.Intn(2) == 0 {
			v := g.pick()
			g.printf("constrain('%s = %s);", v, g.expr(1))
		} else {
			g.printf("constrain(%s);", g.expr(1))
		}
	default:
		g.stmt(g.cfg.Depth, false)
	}
}
