package gen

import (
	"fmt"
	"strings"
)

// templateBody writes main's body in the shape SatAbs's symmetry-aware
// mode gives: statements with thread starts into main's own code
// (start_thread goto W<k>), the workers' code after end_thread.
func (g *generator) templateBody() {
	n := 1 + g.r.Intn(g.cfg.Stmts)
	workers := 1 + g.r.Intn(2)
	spawnAt := map[int][]int{}
	for w := 0; w < workers; w++ {
		at := g.r.Intn(n + 1)
		spawnAt[at] = append(spawnAt[at], w)
	}
	targetIn := -1 // with Config.Label, the worker whose code has Target
	if g.cfg.Label {
		targetIn = g.r.Intn(workers + 1)
	}
	for i := 0; i <= n; i++ {
		for _, w := range spawnAt[i] {
			if g.cfg.SpawnPlaces {
				g.placed(fmt.Sprintf("start_thread goto W%d", w))
				continue
			}
			if g.cfg.SpawnLoop {
				g.printf("while * do start_thread goto W%d; od", w)
				continue
			}
			g.printf("start_thread goto W%d;", w)
		}
		if i < n {
			g.stmt(g.cfg.Depth, false)
		}
	}
	g.printf("end_thread;")
	for w := 0; w < workers; w++ {
		g.printf("W%d: skip;", w)
		if w == targetIn {
			g.target()
		}
		for k := 0; k < 1+g.r.Intn(g.cfg.Stmts); k++ {
			g.stmt(g.cfg.Depth, false)
		}
		g.printf("end_thread;")
	}
}

// broadcast writes an assignment with passive targets (x$), plain targets
// (maybe none), and a constraint split into active and passive conjuncts.
func (g *generator) broadcast() {
	var ts, vs []string
	seen := map[string]bool{}
	for k := 0; k < g.r.Intn(2); k++ {
		if v := g.pick(); !seen[v] {
			seen[v] = true
			ts, vs = append(ts, v), append(vs, g.expr(1))
		}
	}
	for k := 0; k < 1+g.r.Intn(2); k++ {
		v := g.locals[g.r.Intn(len(g.locals))] + "$"
		if seen[v] {
			continue
		}
		seen[v] = true
		g.passiveOK = true
		ts, vs = append(ts, v), append(vs, g.expr(1))
		g.passiveOK = false
	}
	line := fmt.Sprintf("%s := %s", strings.Join(ts, ", "), strings.Join(vs, ", "))
	var conj []string
	if g.r.Intn(3) == 0 {
		conj = append(conj, g.primed())
	}
	if g.r.Intn(2) == 0 {
		// A passive conjunct: relates a passive thread's new value to its
		// old locals and to the active part.
		l := g.locals[g.r.Intn(len(g.locals))]
		g.passiveOK = true
		switch g.r.Intn(3) {
		case 0:
			conj = append(conj, fmt.Sprintf("('%s$ | %s)", l, g.expr(1)))
		case 1:
			conj = append(conj, fmt.Sprintf("(%s$ => %s)", l, g.expr(1)))
		default:
			conj = append(conj, fmt.Sprintf("('%s$ != %s)", l, g.pick()))
		}
		g.passiveOK = false
	}
	if len(conj) > 0 {
		line += " constrain " + strings.Join(conj, " & ")
	}
	g.printf("%s;", line)
}
