package bp

import "strings"

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
func (g *getafixLowering) yield(ctx *frameCtx, pos Pos, in []hole) []hole {
	var out []hole
	if len(g.flags) > 0 {
		br := g.emit(ctx, Step{Kind: Branch, Pos: pos, Text: "if " + strings.Join(g.flagNames(), " | ") + " (the others stay out)", Cond: g.held()}, in)
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
func (g *getafixLowering) lowerWhile(ctx *frameCtx, s *WhileStmt, in []hole) []hole {
	first := len(ctx.proc.Steps)
	in = g.yield(ctx, StmtPos(s), in)
	n := Step{Kind: Branch, Pos: StmtPos(s), Text: g.text(s)}
	n.Cond = g.term(ctx, s.Cond, &n.Choices)
	head := g.emit(ctx, n, in)
	for _, h := range g.lowerList(ctx, s.Body, []hole{{node: head, field: holeThen}}) {
		ctx.proc.fill(h, first)
	}
	return []hole{{node: head, field: holeElse}}
}

// needsYield tells whether statement s of a thread's own body (not of a
// callee, which runs in one step) needs a yield point before it.
func (g *getafixLowering) needsYield(ctx *frameCtx, s Stmt) bool {
	if g.backTargets[s] {
		return true
	}
	switch s := s.(type) {
	case *AssignStmt:
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
	case *CallStmt:
		return true
	case *IfStmt:
		return g.touchesGlobal(s.Cond)
	case *CondStmt:
		if g.touchesGlobal(s.Cond) {
			return true
		}
		if s.Tok == ASSERT {
			return false
		}
		v, ok := constValue(s.Cond)
		return !ok || v != (s.Tok != ABORTIF) // it may block
	case *DeclStmt:
		if ctx.enforce != nil {
			return true
		}
		for _, e := range s.Decl.Inits {
			if e != nil && g.touchesGlobal(e) {
				return true
			}
		}
	case *DeadStmt:
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
func (g *getafixLowering) isGlobal(id *Ident) bool {
	sym, ok := g.info.refs[id]
	return ok && sym.global && !g.info.threadLocal[sym.index]
}

// touchesGlobal tells whether an expression reads a shared global.
func (g *getafixLowering) touchesGlobal(e Expr) bool {
	switch e := e.(type) {
	case *Ident:
		return g.isGlobal(e)
	case *PrimedExpr:
		return g.isGlobal(e.X)
	case *UnaryExpr:
		return g.touchesGlobal(e.X)
	case *ParenExpr:
		return g.touchesGlobal(e.X)
	case *BinaryExpr:
		return g.touchesGlobal(e.X) || g.touchesGlobal(e.Y)
	case *SchooseExpr:
		for _, a := range e.Args {
			if g.touchesGlobal(a) {
				return true
			}
		}
	}
	return false
}

// backwardGotoTargets are the statements of fi that a goto reaches
// backwards, in the order statements are written (the label's statement
// at or before the goto). With while heads they break every cycle: the
// other edges of the control flow go forwards.
func backwardGotoTargets(fi *funcInfo) map[Stmt]bool {
	index := map[Stmt]int{}
	type gotoAt struct {
		at int
		g  *GotoStmt
	}
	var gotos []gotoAt
	walkStmts(fi.decl.Body, func(s Stmt) {
		index[s] = len(index)
		if g, ok := s.(*GotoStmt); ok {
			gotos = append(gotos, gotoAt{index[s], g})
		}
	})
	targets := map[Stmt]bool{}
	for _, g := range gotos {
		for _, t := range g.g.Targets {
			if st, ok := fi.labels[t.Name]; ok && index[st] <= g.at {
				targets[st] = true
			}
		}
	}
	return targets
}
