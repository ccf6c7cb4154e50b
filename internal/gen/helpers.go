package gen

import (
	"fmt"
	"strings"
)

// helperFunc is a helper written with Config.Results: its parameters
// and results.
type helperFunc struct {
	name            string
	params, returns int
}

// helper writes helper k with Config.Results: zero to two parameters
// (none with SatAbs), zero to three results, calls of the helpers written
// before it (inlined, never recursive), a return in the middle with
// MoreStmts, and at the end a return, or none (a bool helper then gives
// non-deterministic results).
func (g *generator) helper(k int, globals []string) {
	h := helperFunc{name: fmt.Sprintf("h%d", k), returns: g.r.Intn(4)}
	if !g.cfg.SatAbs {
		h.params = g.r.Intn(3)
	}
	g.fn, g.labels, g.decls = h.name, 0, 0
	g.vars = append([]string(nil), globals...)
	g.returns, g.thread = h.returns, false
	var params []string
	for i := range h.params {
		params = append(params, fmt.Sprintf("%s_p%d", h.name, i))
	}
	fmt.Fprintf(&g.b, "%s %s(%s) begin\n", kindOf(h.returns), h.name, strings.Join(params, ", "))
	g.vars = append(g.vars, params...)
	g.indent = "  "
	var locals []string
	for i := 0; i < g.cfg.Locals; i++ {
		if g.cfg.SatAbs {
			locals = append(locals, fmt.Sprintf("l%d", i))
		} else {
			locals = append(locals, fmt.Sprintf("%s_l%d", h.name, i))
		}
	}
	if len(locals) > 0 {
		g.printf("decl %s;", g.declList(locals, g.vars))
		g.vars = append(g.vars, locals...)
	}
	g.locals = locals
	for range 1 + g.r.Intn(g.cfg.Stmts) {
		g.stmt(g.cfg.Depth, true)
	}
	if g.r.Intn(4) != 0 {
		g.printf("return%s;", g.values(h.returns))
	}
	g.indent = ""
	fmt.Fprintf(&g.b, "end\n")
	g.helpers = append(g.helpers, h)
}

// call writes a call of a helper written before (a skip if there is
// none): its results received by distinct variables or dropped (_), or
// not received at all.
func (g *generator) call() {
	if len(g.helpers) == 0 {
		g.printf("skip;")
		return
	}
	h := g.helpers[g.r.Intn(len(g.helpers))]
	args := make([]string, h.params)
	for i := range args {
		args[i] = g.expr(1)
	}
	call := fmt.Sprintf("%s(%s)", h.name, strings.Join(args, ", "))
	if h.returns == 0 || g.r.Intn(4) == 0 {
		g.printf("%s;", call)
		return
	}
	seen := map[string]bool{}
	targets := make([]string, h.returns)
	for i := range targets {
		targets[i] = "_"
		if v := g.pick(); g.r.Intn(3) != 0 && !seen[v] {
			seen[v] = true
			targets[i] = v
		}
	}
	g.printf("%s := %s;", strings.Join(targets, ", "), call)
}
