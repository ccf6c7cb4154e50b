package bp

import (
	"slices"
	"strings"

	"github.com/bopgo/bopgo/bp/syntax"
)

// Yield points. A thread of a Getafix program runs in an atomic section
// from its first step to its end and leaves it only at a yield point,
// where the other threads may run, unless a flag (atomic) is T. This is
// the meaning of the flags (no other thread runs while one is T) and, at
// the same time, a reduction that keeps every reachable state of the
// interleaving semantics (Lipton's): a step that reads and writes only its
// thread's locals commutes with every step of the others, so any
// execution can be reordered to run it right after its thread's previous
// step. A thread must only be able to stop where an execution may leave
// it for good, so a yield point comes before every statement that
//
//   - reads or writes a global (the steps that do not commute),
//   - may block (an assume, a constrained assignment), or is a call (its
//     callee may block or run for ever; the call itself is one step),
//   - heads a while loop, or is the target of a goto backwards: every
//     cycle of the control flow passes one, so a thread that loops for
//     ever among its locals does not keep the others out.
//
// Getafix's translation restricts context switches the same way
// (insert_CS_into_module: before statements on globals, and where atomic
// is set) but without the last two kinds, so it loses the other threads'
// moves where a thread blocks or loops for ever between two of them.

// yield lets the other threads run unless a flag is T: the thread leaves
// its atomic section and enters it again.
func (g *getafixLowering) yield(ctx *frameCtx, pos syntax.Pos, in []hole) []hole {
	var out []hole
	if len(g.flags) > 0 {
		br := g.emit(ctx, Step{Kind: Branch, Pos: pos, Text: "if " + strings.Join(g.flagNames(), " | ") + " (the others stay out)", Cond: g.held()}, in)
		g.tests = append(g.tests, br)
		out = []hole{{node: br, field: holeThen}}
		in = []hole{{node: br, field: holeElse}}
	}
	end := g.emit(ctx, Step{Kind: AtomicEnd, Pos: pos, Text: "yield: the other threads may run"}, in)
	g.resumed = g.emit(ctx, Step{Kind: AtomicBegin, Pos: pos, Text: "resume"}, next(end))
	return append(out, next(g.resumed)...)
}

// justResumed tells whether in is the end of a yield, or of the thread's
// start: the statement there needs no yield of its own.
func (g *getafixLowering) justResumed(in []hole) bool {
	return len(in) == 1 && in[0].field == holeNext && in[0].node == g.resumed
}

// lowerWhile lowers a while loop of a thread with a yield at its head,
// where the loop comes back to.
func (g *getafixLowering) lowerWhile(ctx *frameCtx, s *syntax.WhileStmt, in []hole) []hole {
	first := len(ctx.proc.Steps)
	in = g.yield(ctx, syntax.StmtPos(s), in)
	n := Step{Kind: Branch, Pos: syntax.StmtPos(s), Text: g.text(s)}
	n.Cond = g.term(ctx, s.Cond, &n.Choices)
	head := g.emit(ctx, n, in)
	for _, h := range g.lowerList(ctx, s.Body, []hole{{node: head, field: holeThen}}) {
		ctx.proc.fill(h, first)
	}
	return []hole{{node: head, field: holeElse}}
}

// needsYield tells whether statement s of a thread's own body (not of a
// callee, which runs in one step) needs a yield point before it.
func (g *getafixLowering) needsYield(ctx *frameCtx, s syntax.Stmt) bool {
	if g.backTargets[s] {
		return true
	}
	switch s := s.(type) {
	case *syntax.AssignStmt:
		if s.Constrain != nil || ctx.enforce != nil {
			return true
		}
		for _, t := range s.Targets {
			if g.isGlobal(t) {
				return true
			}
		}
		for _, v := range s.Values {
			if g.touchesGlobal(v) {
				return true
			}
		}
	case *syntax.CallStmt:
		return true
	case *syntax.IfStmt:
		return g.touchesGlobal(s.Cond)
	case *syntax.CondStmt:
		if g.touchesGlobal(s.Cond) {
			return true
		}
		if s.Tok == syntax.ASSERT {
			return false
		}
		v, ok := syntax.ConstValue(s.Cond)
		return !ok || v != (s.Tok != syntax.ABORTIF) // it may block
	case *syntax.DeclStmt:
		if ctx.enforce != nil {
			return true
		}
		for _, e := range s.Decl.Inits {
			if e != nil && g.touchesGlobal(e) {
				return true
			}
		}
	case *syntax.DeadStmt:
		for _, id := range s.Names {
			if g.isGlobal(id) {
				return true
			}
		}
	}
	return false
}

// isGlobal tells whether a resolved identifier is a shared global (a
// thread_local one is the thread's own).
func (g *getafixLowering) isGlobal(id *syntax.Ident) bool {
	sym, ok := g.info.Refs[id]
	return ok && sym.Global && !g.info.ThreadLocal[sym.Index]
}

// touchesGlobal tells whether an expression reads a shared global.
func (g *getafixLowering) touchesGlobal(e syntax.Expr) bool {
	return readsAny(e, g.isGlobal)
}

// backwardGotoTargets are the statements of fi that a goto reaches
// backwards, in the order statements are written (the label's statement
// at or before the goto). With while heads they break every cycle: the
// other edges of the control flow go forwards.
func backwardGotoTargets(fi *syntax.FuncInfo) map[syntax.Stmt]bool {
	index := map[syntax.Stmt]int{}
	type gotoAt struct {
		at int
		g  *syntax.GotoStmt
	}
	var gotos []gotoAt
	syntax.WalkStmts(fi.Decl.Body, func(s syntax.Stmt) {
		index[s] = len(index)
		if g, ok := s.(*syntax.GotoStmt); ok {
			gotos = append(gotos, gotoAt{index[s], g})
		}
	})
	targets := map[syntax.Stmt]bool{}
	for _, g := range gotos {
		for _, t := range g.g.Targets {
			if st, ok := fi.Labels[t.Name]; ok && index[st] <= g.at {
				targets[st] = true
			}
		}
	}
	return targets
}

// Where the flags are known, a yield's test is decided: inside an atomic
// section (after atomic := T) the thread goes on, outside one (after
// atomic := F) it yields. simplifyYields finds what is known by a
// forward analysis of the thread's lowered steps (calls included, as they
// are inlined) and bypasses the decided tests, which then drop out of the
// proc; a reader of a trace sees fewer steps that do nothing.

// flagValue is what is known of a flag at a pc: nothing yet (the bottom
// of the analysis), F, T, or either.
type flagValue uint8

const (
	flagNone flagValue = iota
	flagF
	flagT
	flagAny
)

func (v flagValue) join(w flagValue) flagValue {
	switch {
	case v == flagNone:
		return w
	case w == flagNone || v == w:
		return v
	}
	return flagAny
}

// simplifyYields bypasses every yield test (g.tests) of thread proc p
// whose outcome the flags' known values decide, then removes the steps no
// longer reached. start is what is known of the flags at p's entry.
func (g *getafixLowering) simplifyYields(p *Proc, start flagValue) {
	if len(g.flags) == 0 {
		return
	}
	slot := map[int]int{} // global slot -> flag number
	for k, i := range g.flags {
		slot[g.gSlot[i]] = k
	}
	in := make([][]flagValue, len(p.Steps)) // per pc, per flag
	in[p.Entry] = slices.Repeat([]flagValue{start}, len(g.flags))
	work := []int{p.Entry}
	push := func(pc int, vs []flagValue) {
		if in[pc] == nil {
			in[pc] = make([]flagValue, len(vs))
		}
		changed := false
		for k, v := range vs {
			if j := in[pc][k].join(v); j != in[pc][k] {
				in[pc][k], changed = j, true
			}
		}
		if changed {
			work = append(work, pc)
		}
	}
	all := func(v flagValue) []flagValue { return slices.Repeat([]flagValue{v}, len(g.flags)) }
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		st := &p.Steps[pc]
		out := slices.Clone(in[pc])
		switch {
		case st.Kind == Assign:
			for i, t := range st.Targets {
				if k, ok := slot[t.Index]; ok && t.Scope == Global {
					out[k] = flagAny
					if v := st.Values[i]; v.Op == TConst && v.Val {
						out[k] = flagT
					} else if v.Op == TConst {
						out[k] = flagF
					}
				}
			}
		case st.Kind == Assume && g.isUnheld(st.Cond):
			out = all(flagF)
		case st.Kind == Branch && g.isHeld(st.Cond):
			// Only a feasible edge: the else edge knows every flag F,
			// the then edge that one is T (which says something only
			// of a single flag).
			if !slices.Contains(out, flagT) {
				push(st.Else, all(flagF))
			}
			if slices.ContainsFunc(out, func(v flagValue) bool { return v != flagF }) {
				then := out
				if len(g.flags) == 1 {
					then = all(flagT)
				}
				push(st.Then, then)
			}
			continue
		}
		for _, s := range p.Succs(pc) {
			push(s, out)
		}
	}
	redirect := map[int]int{}
	for _, pc := range g.tests {
		st := &p.Steps[pc]
		if in[pc] == nil {
			continue
		}
		switch {
		case !slices.ContainsFunc(in[pc], func(v flagValue) bool { return v != flagF }):
			redirect[pc] = st.Else
		case slices.Contains(in[pc], flagT):
			redirect[pc] = st.Then
		}
	}
	bypass(p, redirect)
}

// isHeld tells whether t is the disjunction of the flags.
func (g *getafixLowering) isHeld(t *Term) bool { return t != nil && t.String() == g.held().String() }

// isUnheld tells whether t is its negation (waitUnheld's assumption).
func (g *getafixLowering) isUnheld(t *Term) bool {
	return t != nil && t.Op == TNot && g.isHeld(t.Args[0])
}

// bypass sends every edge into a pc of redirect to where it points, moves
// the labels of a bypassed step to its target, and removes the steps no
// longer reached from p's entry.
func bypass(p *Proc, redirect map[int]int) {
	if len(redirect) == 0 {
		return
	}
	final := func(pc int) int {
		for n := 0; n < len(redirect); n++ {
			to, ok := redirect[pc]
			if !ok {
				break
			}
			pc = to
		}
		return pc
	}
	for pc := range p.Steps {
		st := &p.Steps[pc]
		st.Next, st.Then, st.Else = final(st.Next), final(st.Then), final(st.Else)
		for i := range st.Succs {
			st.Succs[i] = final(st.Succs[i])
		}
	}
	for pc := range p.Steps { // in pc order: deterministic labels
		if to := final(pc); to != pc && len(p.Steps[pc].Labels) > 0 {
			p.Steps[to].Labels = append(p.Steps[to].Labels, p.Steps[pc].Labels...)
			p.Steps[pc].Labels = nil
		}
	}
	p.Entry = final(p.Entry)
	compact(p)
}

// compact removes the steps of p that its entry does not reach, keeping
// the order of the others.
func compact(p *Proc) {
	keep := reachable(p, []int{p.Entry})
	slices.Sort(keep)
	index := make([]int, len(p.Steps))
	for i, pc := range keep {
		index[pc] = i
	}
	steps := make([]Step, len(keep))
	for i, pc := range keep {
		st := p.Steps[pc]
		switch st.Kind {
		case Branch:
			st.Then, st.Else = index[st.Then], index[st.Else]
		case Goto:
			st.Succs = slices.Clone(st.Succs)
			for k := range st.Succs {
				st.Succs[k] = index[st.Succs[k]]
			}
		case EndThread:
		default:
			st.Next = index[st.Next]
		}
		steps[i] = st
	}
	p.Steps, p.Entry = steps, index[p.Entry]
}
