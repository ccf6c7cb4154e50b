package gen

import (
	"fmt"
	"strings"
)

// The thread dimensions of Config: parameters and arguments
// (SpawnArgs), where a start stands (SpawnPlaces), who starts whom
// (NestedSpawns), copies of a function's own code (SpawnGoto) and
// end_thread (EndThread). Each draws from the seed's stream only when
// its switch is on, so that the configurations without it keep their
// programs.

// threadFunc is a thread function: its parameters and results, and the
// function that starts it (main, or with NestedSpawns an earlier
// thread).
type threadFunc struct {
	name    string
	params  []string
	returns int
	parent  string
}

// planThreads decides every thread function's signature and starter
// before any is written: a thread may start a later one.
func (g *generator) planThreads() {
	for t := 0; t < g.cfg.Threads; t++ {
		tf := threadFunc{name: fmt.Sprintf("t%d", t), parent: "main"}
		if g.cfg.SpawnArgs {
			for i := range g.r.Intn(3) {
				tf.params = append(tf.params, fmt.Sprintf("%s_p%d", tf.name, i))
			}
		}
		if g.cfg.Results && g.r.Intn(3) == 0 {
			tf.returns = 1
		}
		if g.cfg.NestedSpawns && t > 0 {
			if p := g.r.Intn(t + 1); p < t {
				tf.parent = g.threads[p].name
			}
		}
		g.threads = append(g.threads, tf)
	}
}

// kindOf is the type of a function with n results.
func kindOf(n int) string {
	switch n {
	case 0:
		return "void"
	case 1:
		return "bool"
	}
	return fmt.Sprintf("bool<%d>", n)
}

// spawn writes a start of t.
func (g *generator) spawn(t *threadFunc) {
	call := g.startCall(t)
	if !g.cfg.SpawnPlaces {
		if g.cfg.SpawnLoop {
			g.printf("while * do start_thread %s; od", call)
			return
		}
		if g.r.Intn(2) == 0 {
			g.printf("start_thread %s;", call)
		} else {
			g.labels++
			g.printf("ASYNC_%d: %s;", g.labels, call)
		}
		return
	}
	start := "start_thread " + call
	if g.r.Intn(3) == 0 {
		g.labels++
		start = fmt.Sprintf("ASYNC_%d: %s", g.labels, call)
	}
	g.placed(start)
}

// placed writes start (a thread start, without its ";") in one of the
// places SpawnPlaces chooses from: straight, under an if, in an atomic
// section, in a while loop, in a backward goto loop (deterministic, or
// goto L1, L2).
func (g *generator) placed(start string) {
	k := g.r.Intn(7)
	if g.cfg.NoLoops && k >= 4 {
		k = g.r.Intn(4)
	}
	switch k {
	case 0, 1:
		g.printf("%s;", start)
	case 2:
		g.printf("if %s then %s; fi", g.expr(1), start)
	case 3:
		if g.cfg.NoAtomic {
			g.printf("%s;", start)
			return
		}
		g.printf("atomic_begin;")
		if g.r.Intn(2) == 0 {
			g.assign()
		}
		g.printf("%s;", start)
		g.assign()
		g.printf("atomic_end;")
	case 4:
		cond := "*"
		if g.r.Intn(2) == 0 {
			cond = g.expr(1)
		}
		g.printf("while %s do %s; od", cond, start)
	case 5:
		l := g.label()
		g.printf("%s: %s;", l, start)
		g.printf("if %s then goto %s; fi", g.expr(1), l)
	default:
		l, m := g.label(), g.label()
		g.printf("%s: %s;", l, start)
		g.printf("goto %s, %s;", l, m)
		g.printf("%s: skip;", m)
	}
}

// startCall is the call that starts t, with an argument for each of its
// parameters.
func (g *generator) startCall(t *threadFunc) string {
	args := make([]string, len(t.params))
	for i := range args {
		args[i] = g.arg()
	}
	return fmt.Sprintf("%s(%s)", t.name, strings.Join(args, ", "))
}

// arg is a thread's argument: a global, a local or parameter of the
// creator, a constant, a fresh value, or an expression.
func (g *generator) arg() string {
	var own []string
	for _, v := range g.vars {
		if !g.isShared(v) {
			own = append(own, v)
		}
	}
	switch k := g.r.Intn(6); {
	case k == 0 && len(g.shared) > 0:
		return g.shared[g.r.Intn(len(g.shared))]
	case k == 1 && len(own) > 0:
		return own[g.r.Intn(len(own))]
	case k == 2:
		return []string{"T", "F", "0", "1"}[g.r.Intn(4)]
	case k == 3:
		return "*"
	}
	return g.expr(2)
}

func (g *generator) isShared(v string) bool {
	for _, s := range g.shared {
		if s == v {
			return true
		}
	}
	return false
}

// bodyPlan is what a function of main or a thread gets besides its
// statements and thread starts, decided before its body is written:
// copies of itself started with start_thread goto (SpawnGoto), a
// statement labelled Target (Label), an end_thread (EndThread), and a
// further thread start (NestedSpawns: of a thread function, from a
// thread, or of a helper). Each is at an index of the body's
// statements, -1 if none.
type bodyPlan struct {
	n        int   // statements in the body
	copies   int   // start_thread goto copies, each with its code after the body
	copyAt   []int // where each copy is started
	targetAt int   // Target in the body; n+1: in the first copy's code
	endAt    int
	extra    *threadFunc
	extraAt  int
}

// planBody decides f's plan for a body of n statements; self is the
// thread function (nil for main).
func (g *generator) planBody(n int, self *threadFunc) bodyPlan {
	b := bodyPlan{n: n, targetAt: -1, endAt: -1, extraAt: -1}
	if g.cfg.SpawnGoto && g.r.Intn(3) == 0 {
		b.copies = 1 + g.r.Intn(2)
		for range b.copies {
			b.copyAt = append(b.copyAt, g.r.Intn(n+1))
		}
	}
	if g.cfg.Label && g.r.Intn(3) != 0 {
		b.targetAt = g.r.Intn(n + 2)
	}
	if g.cfg.EndThread && g.r.Intn(2) == 0 {
		b.endAt = g.r.Intn(n + 1)
	}
	if g.cfg.NestedSpawns && g.r.Intn(3) == 0 {
		// One more start: of any thread function (itself included) from a
		// thread, or of a helper, which runs as a thread as well as
		// inlined where it is called.
		kinds := g.threads
		if self == nil {
			kinds = nil
		}
		for _, h := range g.helpers {
			params := make([]string, h.params)
			kinds = append(kinds, threadFunc{name: h.name, params: params, returns: h.returns})
		}
		if len(kinds) > 0 {
			b.extra = &kinds[g.r.Intn(len(kinds))]
			b.extraAt = g.r.Intn(n + 1)
		}
	}
	return b
}

// bodyExtras writes what b places at index i of the body.
func (g *generator) bodyExtras(b *bodyPlan, i int) {
	for w, at := range b.copyAt {
		if at != i {
			continue
		}
		start := fmt.Sprintf("start_thread goto %s_W%d", g.fn, w)
		if g.cfg.SpawnPlaces {
			g.placed(start)
		} else {
			g.printf("%s;", start)
		}
	}
	if b.extraAt == i {
		g.spawn(b.extra)
	}
	if b.targetAt == i {
		g.target()
	}
	if b.endAt == i {
		g.endThread()
	}
}

// copies writes, after the body, the code of the copies started with
// start_thread goto: the body ends its thread first.
func (g *generator) copies(b *bodyPlan) {
	if b.copies == 0 {
		return
	}
	g.printf("end_thread;")
	for w := range b.copies {
		g.printf("%s_W%d: skip;", g.fn, w)
		n := 1 + g.r.Intn(g.cfg.Stmts)
		for k := range n {
			if w == 0 && k == 0 && b.targetAt == b.n+1 {
				g.target()
			}
			g.stmt(g.cfg.Depth, false)
		}
		g.printf("end_thread;")
	}
}

// endThread writes an end_thread, mostly under a condition.
func (g *generator) endThread() {
	if g.r.Intn(4) == 0 {
		g.printf("end_thread;")
		return
	}
	g.printf("if %s then end_thread; fi", g.expr(1))
}
