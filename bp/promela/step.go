package promela

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// step writes the Promela step of pc in proc pi:
//
//	S<pc>: atomic { head; body; goto S<next> };
//
// head is the only statement that can block (the guard: the atomic
// section's holder, assume, constrain); the body always executes.
func (w *writer) step(pi, pc int) {
	p := w.prog.Procs[pi]
	st := &p.Steps[pc]
	w.printf("S%d: /* %s: %s */\n", pc, comment(w.prog.Position(st).String()), comment(st.Text))
	if w.opts.Label != "" && w.targets[pi][pc] {
		// Reaching the label is the violation, whoever holds the atomic
		// section: no guard.
		w.printf("\tatomic { %s; assert(false); goto bp_end };\n", failMark("label", pi, pc))
		return
	}
	g := &stepGen{w: w, pi: pi, pc: pc, st: st}
	g.sc = &scope{w: w, proc: pi, choice: g.choiceVar}
	g.generate()
	stmts := append(g.head, g.body...)
	if len(stmts) == 0 || strings.HasPrefix(stmts[0], "goto ") {
		stmts = append([]string{"skip"}, stmts...)
	}
	w.printf("\tatomic { %s };\n", strings.Join(stmts, "; "))
}

// stepGen builds the code of one step.
type stepGen struct {
	w      *writer
	pi, pc int
	st     *bp.Step
	sc     *scope
	head   []string     // the guard, blocking
	body   []string     // the effect, never blocking
	chosen map[int]bool // choices already held in a variable
}

// choiceVar is where choice n is held during the step.
func (g *stepGen) choiceVar(n int) expr { return atom(fmt.Sprintf("bp_c[%d]", n)) }

// holderFree is the condition that the thread may run: nobody else is in
// an atomic section.
func (g *stepGen) holderFree() expr {
	if !g.w.atomics {
		return constant(true)
	}
	return atom("(bp_holder == 0 || bp_holder == _pid + 1)")
}

func (g *stepGen) generate() {
	st := g.st
	g.chosen = map[int]bool{}
	switch st.Kind {
	case bp.Assume:
		g.guard(st.Cond, nil)
		g.jump(st.Next)
	case bp.Assign:
		if st.Broadcast() {
			g.broadcastAssign()
		} else {
			g.assign()
		}
	case bp.Assert:
		g.guard(nil, nil)
		if g.w.opts.Label == "" {
			c := g.free(st.Cond)
			g.body = append(g.body, failMark("assert", g.pi, g.pc), fmt.Sprintf("assert(%s)", c))
		}
		g.jump(st.Next)
	case bp.Branch:
		g.guard(nil, nil)
		c := g.free(st.Cond)
		switch {
		case c.isTrue():
			g.body = append(g.body, g.edge(st.Then, 1))
		case c.isFalse():
			g.body = append(g.body, g.edge(st.Else, 0))
		default:
			g.body = append(g.body, fmt.Sprintf("if :: %s -> %s :: else -> %s fi", c, g.edge(st.Then, 1), g.edge(st.Else, 0)))
		}
	case bp.Goto:
		g.guard(nil, nil)
		if len(st.Succs) == 1 {
			g.jump(st.Succs[0])
			break
		}
		var opts []string
		for _, s := range st.Succs {
			opts = append(opts, ":: "+g.edge(s, -1))
		}
		g.body = append(g.body, "if "+strings.Join(opts, " ")+" fi")
	case bp.Spawn:
		g.guard(nil, nil)
		g.spawn()
		g.jump(st.Next)
	case bp.EndThread:
		g.guard(nil, nil)
		g.body = append(g.body, "bp_live--")
		if g.w.bslots != nil {
			g.body = append(g.body, g.w.arrayEnd()...)
		}
		if g.w.atomics {
			g.body = append(g.body, "bp_holder = 0")
		}
		g.body = append(g.body, g.stepMark(-1, -1, nil), "goto bp_end")
	case bp.AtomicBegin:
		g.guard(nil, nil)
		g.body = append(g.body, "bp_holder = _pid + 1")
		g.jump(st.Next)
	case bp.AtomicEnd:
		g.guard(nil, nil)
		g.body = append(g.body, "bp_holder = 0")
		g.jump(st.Next)
	default: // Skip
		g.guard(nil, nil)
		g.jump(st.Next)
	}
}

// guard sets the head: the holder condition and pre, a condition over
// the current values and the step's choices (with primed targets read
// through newValue), which must hold for some choice for the step to
// happen.
func (g *stepGen) guard(pre *bp.Term, newValue map[bp.VarRef]*bp.Term) {
	ok := g.holderFree()
	g.sc.newValue = newValue
	defer func() { g.sc.newValue = nil }()
	set := map[int]bool{}
	choicesIn(pre, newValue, set)
	cs := sortedKeys(set)
	switch {
	case pre == nil || len(cs) == 0:
		c := ok
		if pre != nil {
			c = and(ok, g.sc.term(pre))
		}
		if !c.isTrue() {
			g.head = append(g.head, c.String())
		}
	case len(cs) <= g.w.enumLimit:
		// A guarded choice over the values of the choices: the step can
		// block only here, and picks only values that satisfy pre.
		var opts []string
		vals := map[int]bool{}
		g.sc.choice = func(n int) expr {
			if v, ok := vals[n]; ok {
				return constant(v)
			}
			return g.choiceVar(n)
		}
		for mask := 0; mask < 1<<len(cs); mask++ {
			var sets []string
			for j, n := range cs {
				vals[n] = mask&(1<<j) != 0
				sets = append(sets, fmt.Sprintf("bp_c[%d] = %d", n, mask>>j&1))
			}
			c := and(ok, g.sc.term(pre))
			if c.isFalse() {
				continue
			}
			opt := ":: " + strings.Join(sets, "; ")
			if !c.isTrue() {
				opt = ":: " + c.String() + " -> " + strings.Join(sets, "; ")
			}
			opts = append(opts, opt)
		}
		g.sc.choice = g.choiceVar
		if len(opts) == 0 {
			g.head = append(g.head, "0")
		} else {
			g.head = append(g.head, "if "+strings.Join(opts, " ")+" fi")
		}
		for _, n := range cs {
			g.chosen[n] = true
		}
	default:
		// Too many choices to enumerate: choose them and test pre; if it
		// fails, start the step again. Nothing blocks after the holder
		// test, so SPIN stores no state inside the step (and the hidden
		// choices need no clearing); a failed attempt is a transition
		// back to the same state, which changes nothing that can be
		// reached.
		if !ok.isTrue() {
			g.head = append(g.head, ok.String())
		}
		for _, n := range cs {
			g.chosen[n] = true
			g.body = append(g.body, choose(fmt.Sprintf("bp_c[%d]", n)))
		}
		g.body = append(g.body, fmt.Sprintf("if :: %s :: else -> goto S%d fi", g.sc.term(pre), g.pc))
	}
}

func sortedKeys[V any](set map[int]V) []int {
	out := make([]int, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}

// free prints t after choosing the choices it uses that no guard chose.
func (g *stepGen) free(t *bp.Term) expr {
	set := map[int]bool{}
	choicesIn(t, nil, set)
	for _, n := range sortedKeys(set) {
		if !g.chosen[n] {
			g.chosen[n] = true
			g.body = append(g.body, choose(fmt.Sprintf("bp_c[%d]", n)))
		}
	}
	return g.sc.term(t)
}

// guardAssign is the guard of an assignment's Constraint, each primed
// target read as its new value.
func (g *stepGen) guardAssign() {
	newValue := map[bp.VarRef]*bp.Term{}
	for j, r := range g.st.Targets {
		newValue[r] = g.st.Values[j]
	}
	g.guard(g.st.Constraint, newValue)
}

// assign is Targets := Values under Constraint. Targets dead after the
// step are not written: the reset of dead locals zeroes them.
func (g *stepGen) assign() {
	st := g.st
	g.guardAssign()
	var live []int
	for j, r := range st.Targets {
		if r.Scope == bp.Global || g.w.live[g.pi][st.Next].Has(r.Index) {
			live = append(live, j)
		}
	}
	if !readsAny(st, live) {
		// No value reads a target: assign one by one.
		for _, j := range live {
			v := g.free(st.Values[j])
			g.body = append(g.body, fmt.Sprintf("%s = %s", g.w.varName(g.pi, st.Targets[j]), v))
		}
	} else {
		// Simultaneous assignment: every value is computed before any
		// target changes.
		for k, j := range live {
			g.body = append(g.body, fmt.Sprintf("bp_t[%d] = %s", k, g.free(st.Values[j])))
		}
		for k, j := range live {
			g.body = append(g.body, fmt.Sprintf("%s = bp_t[%d]", g.w.varName(g.pi, st.Targets[j]), k))
		}
	}
	g.jump(st.Next)
}

// readsAny reports whether a value of the targets js reads one of them.
func readsAny(st *bp.Step, js []int) bool {
	target := map[bp.VarRef]bool{}
	for _, j := range js {
		target[st.Targets[j]] = true
	}
	found := false
	var walk func(t *bp.Term)
	walk = func(t *bp.Term) {
		if t.Op == bp.TVar && target[t.Ref] {
			found = true
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, j := range js {
		walk(st.Values[j])
	}
	return found
}

// spawn starts a thread, or suppresses the start at the thread bound or
// at SPIN's process limit.
func (g *stepGen) spawn() {
	st := g.st
	q := g.w.prog.Procs[st.SpawnProc]
	creator := g.w.locals[g.pi]
	var known func(slot int) (string, bool)
	if st.CopyLocals {
		known = func(slot int) (string, bool) { return creator[slot], true }
	} else {
		param := map[int]int{}
		for j, slot := range q.Params {
			param[slot] = j
		}
		known = func(slot int) (string, bool) {
			if slot < len(g.w.prog.ThreadLocals) {
				return creator[slot], true
			}
			if j, ok := param[slot]; ok && j < len(st.SpawnArgs) {
				return g.free(st.SpawnArgs[j]).String(), true
			}
			return "", false
		}
	}
	args, pick, post, vals := g.w.startArgs(st.SpawnProc, st.SpawnPC, known)
	run := append(pick, g.w.run(st.SpawnProc, args, post)...)
	run = append(run, g.w.startMark(st.SpawnProc, st.SpawnPC, vals))
	suppressed := "bp_suppressed"
	if g.w.bslots != nil && g.w.opts.Broadcast == bp.Blocking {
		// A thread that never starts is not passive: block (retry).
		suppressed = fmt.Sprintf("bp_suppressed; goto S%d", g.pc)
	}
	g.body = append(g.body, fmt.Sprintf("if :: bp_can_start -> bp_live++; %s :: else -> %s fi", strings.Join(run, "; "), suppressed))
}

// jump ends the body with the edge to pc.
func (g *stepGen) jump(pc int) {
	g.body = append(g.body, g.edge(pc, -1))
}

// edge is the code of the edge to pc (taken: the branch outcome it is,
// -1 if none): reset the locals that die on it, print the step's marker
// (mark.go), then go to S<pc>. Locals not live at this step are 0
// already (a step writes only targets live after it), so only the live
// ones can need it.
func (g *stepGen) edge(to, taken int) string {
	live := g.w.live[g.pi]
	var stmts []string
	var resets []int
	for slot, name := range g.w.locals[g.pi] {
		if live[to].Has(slot) {
			continue
		}
		if live[g.pc].Has(slot) {
			stmts = append(stmts, name+" = 0")
			resets = append(resets, slot)
		}
	}
	stmts = append(stmts, g.stepMark(to, taken, resets), fmt.Sprintf("goto S%d", to))
	return strings.Join(stmts, "; ")
}
