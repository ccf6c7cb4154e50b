package gen

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
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
}

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
}

// Program returns the source of the program of seed under cfg.
func Program(seed int64, cfg Config) string {
	g := &generator{r: rand.New(rand.NewSource(seed)), cfg: cfg}
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
		fmt.Fprintf(&g.b, "decl %s;\n", strings.Join(globals, ", "))
	}
	for h := 0; h < g.cfg.Helpers; h++ {
		g.function(fmt.Sprintf("h%d", h), globals, true, nil)
	}
	var threads []string
	if g.cfg.Broadcast {
		g.function("main", globals, false, nil)
		return g.b.String()
	}
	for t := 0; t < g.cfg.Threads; t++ {
		name := fmt.Sprintf("t%d", t)
		g.function(name, globals, false, nil)
		threads = append(threads, name)
	}
	g.function("main", globals, false, threads)
	return g.b.String()
}

// function writes one function. Helpers take a parameter and return a
// value; main starts the threads at random points of its body.
func (g *generator) function(name string, globals []string, helper bool, threads []string) {
	g.fn = name
	g.labels = 0
	g.vars = append([]string(nil), globals...)
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
	case helper:
		fmt.Fprintf(&g.b, "bool %s(%s_p) begin\n", name, name)
		g.vars = append(g.vars, name+"_p")
	default:
		fmt.Fprintf(&g.b, "void %s() begin\n", name)
	}
	g.indent = "  "
	if len(locals) > 0 {
		g.printf("decl %s;", strings.Join(locals, ", "))
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
	spawnAt := map[int][]string{}
	for _, t := range threads {
		at := g.r.Intn(n + 1)
		spawnAt[at] = append(spawnAt[at], t)
	}
	for i := 0; i <= n; i++ {
		for _, t := range spawnAt[i] {
			if g.cfg.SpawnLoop {
				g.printf("while * do start_thread %s(); od", t)
				continue
			}
			if g.r.Intn(2) == 0 {
				g.printf("start_thread %s();", t)
			} else {
				g.labels++
				g.printf("ASYNC_%d: %s();", g.labels, t)
			}
		}
		if i < n {
			g.stmt(g.cfg.Depth, helper)
		}
	}
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

// Seeds adds to a fuzz corpus (through add, e.g. (*testing.F).Add's
// adapter) the programs of the files matching glob and n generated tiny
// programs, with and without broadcasts.
func Seeds(add func(src []byte), glob string, n int) {
	files, _ := filepath.Glob(glob)
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			add(src)
		}
	}
	for seed := int64(0); seed < int64(n); seed++ {
		add([]byte(Program(seed, Tiny)))
		add([]byte(Program(seed, TinyBroadcast)))
	}
}
