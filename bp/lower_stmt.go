package bp

import "github.com/bopgo/bopgo/bp/syntax"

// Statements: each kind of statement lowers to its steps, connected to
// the holes in and leaving the holes its successors connect to (none
// after a jump, a return or the end of a thread).

// lowerStmt lowers one statement in BoPPo's terms.
func (l *lowerer) lowerStmt(ctx *frameCtx, s syntax.Stmt, in []hole) []hole {
	base := Step{Pos: syntax.StmtPos(s), Text: l.text(s)}
	switch s := s.(type) {
	case *syntax.AssignStmt:
		return next(l.emit(ctx, l.assign(ctx, base, s), in))
	case *syntax.CallStmt:
		if l.info.AsyncCalls[s] {
			return next(l.emit(ctx, l.spawnCall(ctx, base, s), in))
		}
		return l.inline(ctx, base, s, in)
	case *syntax.StartThreadStmt:
		return l.startThread(ctx, base, s, in)
	case *syntax.ReturnStmt:
		l.returnStmt(ctx, base, s, in)
		return nil
	case *syntax.GotoStmt:
		l.gotoStmt(ctx, base, s, in)
		return nil
	case *syntax.IfStmt:
		return l.ifStmt(ctx, base, s, in)
	case *syntax.WhileStmt:
		return l.whileStmt(ctx, base, s, in)
	case *syntax.CondStmt:
		return next(l.emit(ctx, l.condStep(ctx, base, s), in))
	case *syntax.SimpleStmt:
		return l.simpleStmt(ctx, base, s, in)
	case *syntax.DeadStmt:
		return next(l.emit(ctx, l.deadStep(ctx, base, s), in))
	case *syntax.DeclStmt:
		return next(l.emit(ctx, l.declStep(ctx, base, s), in))
	}
	// Unreachable for checked input; keep the thread going rather than
	// crash.
	base.Kind = Skip
	return next(l.emit(ctx, base, in))
}

// text is the source of s for its step, a condition's statement up to
// the end of its condition.
func (l *lowerer) text(s syntax.Stmt) string {
	from, to := syntax.StmtPos(s), s.End()
	switch s := s.(type) {
	case *syntax.IfStmt:
		to = s.Cond.End()
	case *syntax.WhileStmt:
		to = s.Cond.End()
	}
	return l.prog.File.Text(from, to, 80)
}

// assign is the step of an assignment: the active targets, and the
// passive ones of a broadcast (x$), each with its own choices.
func (l *lowerer) assign(ctx *frameCtx, base Step, s *syntax.AssignStmt) Step {
	n := base
	n.Kind = Assign
	for i, t := range s.Targets {
		if l.info.Refs[t].Passive {
			n.PassiveTargets = append(n.PassiveTargets, l.ref(ctx, t))
			n.PassiveValues = append(n.PassiveValues, l.term(ctx, s.Values[i], &n.PassiveChoices))
			continue
		}
		n.Targets = append(n.Targets, l.ref(ctx, t))
		n.Values = append(n.Values, l.term(ctx, s.Values[i], &n.Choices))
	}
	var c *Term
	if s.Constrain != nil {
		// Split at the top-level &: conjuncts that mention a passive
		// variable hold per passive thread, the others once.
		for _, conj := range conjuncts(s.Constrain, nil) {
			if l.mentionsPassive(conj) {
				n.PassiveConstraint = and(n.PassiveConstraint, l.term(ctx, conj, &n.PassiveChoices))
			} else {
				c = and(c, l.term(ctx, conj, &n.Choices))
			}
		}
	}
	n.Constraint = and(c, cloneTerm(ctx.enforce, false, &n.Choices))
	if n.Broadcast() && l.broadcastAt == nil {
		l.broadcastAt = s
	}
	return n
}

// startThread lowers start_thread f() to a Spawn of f's proc, and
// start_thread goto L to a Spawn of a copy of this thread at L.
func (l *lowerer) startThread(ctx *frameCtx, base Step, s *syntax.StartThreadStmt, in []hole) []hole {
	if s.Call != nil {
		return next(l.emit(ctx, l.spawnCall(ctx, base, s.Call), in))
	}
	n := base
	n.Kind, n.SpawnProc, n.CopyLocals = Spawn, ctx.procIndex, true
	i := l.emit(ctx, n, in)
	ctx.fixups = append(ctx.fixups, labelFixup{hole{node: i, field: holeSpawn}, s.Goto.Targets[0].Name})
	return next(i)
}

// returnStmt lowers return: a Return step in a recursive function, the
// end of the thread in its own function, and in an inlined one the
// assignment of the results, continued after the call.
func (l *lowerer) returnStmt(ctx *frameCtx, base Step, s *syntax.ReturnStmt, in []hole) {
	switch {
	case ctx.callable:
		l.emit(ctx, l.returnStep(ctx, base, s.Values), in)
	case ctx.top:
		base.Kind = EndThread
		l.emit(ctx, base, in)
	default:
		i := l.emit(ctx, l.returnNode(ctx, base, s.Values), in)
		ctx.exits = append(ctx.exits, next(i)...)
	}
}

// gotoStmt lowers goto to a step whose successors are its labels,
// resolved at the end of the frame.
func (l *lowerer) gotoStmt(ctx *frameCtx, base Step, s *syntax.GotoStmt, in []hole) {
	n := base
	n.Kind = Goto
	n.Succs = make([]int, len(s.Targets))
	i := l.emit(ctx, n, in)
	for k, t := range s.Targets {
		ctx.fixups = append(ctx.fixups, labelFixup{hole{node: i, field: holeSucc, index: k}, t.Name})
	}
}

func (l *lowerer) ifStmt(ctx *frameCtx, base Step, s *syntax.IfStmt, in []hole) []hole {
	n := base
	n.Kind = Branch
	n.Cond = l.term(ctx, s.Cond, &n.Choices)
	i := l.emit(ctx, n, in)
	then := l.lowerList(ctx, s.Then, []hole{{node: i, field: holeThen}})
	els := l.lowerList(ctx, s.Else, []hole{{node: i, field: holeElse}})
	return append(then, els...)
}

func (l *lowerer) whileStmt(ctx *frameCtx, base Step, s *syntax.WhileStmt, in []hole) []hole {
	n := base
	n.Kind = Branch
	n.Cond = l.term(ctx, s.Cond, &n.Choices)
	head := l.emit(ctx, n, in)
	for _, h := range l.lowerList(ctx, s.Body, []hole{{node: head, field: holeThen}}) {
		ctx.proc.fill(h, head)
	}
	return []hole{{node: head, field: holeElse}}
}

// condStep is the step of assert, assume, abortif and enforce; enforce
// also becomes the invariant of the rest of the frame's assignments.
func (l *lowerer) condStep(ctx *frameCtx, base Step, s *syntax.CondStmt) Step {
	n := base
	n.Cond = l.term(ctx, s.Cond, &n.Choices)
	switch s.Tok {
	case syntax.ASSERT:
		n.Kind = Assert
	case syntax.ASSUME, syntax.CONSTRAIN:
		n.Kind = Assume
	case syntax.ABORTIF:
		n.Kind = Assume
		n.Cond = &Term{Op: TNot, Args: []*Term{n.Cond}}
	case syntax.ENFORCE:
		n.Kind = Assume
		var scratch int
		ctx.enforce = and(ctx.enforce, cloneTerm(l.term(ctx, s.Cond, &scratch), true, &scratch))
	}
	return n
}

// simpleStmt lowers skip, end_thread, atomic_begin and atomic_end.
func (l *lowerer) simpleStmt(ctx *frameCtx, base Step, s *syntax.SimpleStmt, in []hole) []hole {
	n := base
	switch s.Tok {
	case syntax.SKIP:
		n.Kind = Skip
	case syntax.END_THREAD:
		n.Kind = EndThread
		l.emit(ctx, n, in)
		return nil
	case syntax.ATOMIC_BEGIN:
		n.Kind = AtomicBegin
	case syntax.ATOMIC_END:
		n.Kind = AtomicEnd
	}
	return next(l.emit(ctx, n, in))
}

// deadStep is the step of dead x, y: each becomes any value.
func (l *lowerer) deadStep(ctx *frameCtx, base Step, s *syntax.DeadStmt) Step {
	n := base
	n.Kind = Assign
	for _, id := range s.Names {
		n.Targets = append(n.Targets, l.ref(ctx, id))
		n.Values = append(n.Values, l.nondet(&n.Choices))
	}
	return n
}

// declStep is the step of a local declaration: its initial values, any
// value where there is none, under the frame's enforce invariant.
func (l *lowerer) declStep(ctx *frameCtx, base Step, s *syntax.DeclStmt) Step {
	n := base
	n.Kind = Assign
	for i, id := range s.Decl.Names {
		n.Targets = append(n.Targets, l.ref(ctx, id))
		if init := s.Decl.Inits[i]; init != nil {
			n.Values = append(n.Values, l.term(ctx, init, &n.Choices))
		} else {
			n.Values = append(n.Values, l.nondet(&n.Choices))
		}
	}
	n.Constraint = cloneTerm(ctx.enforce, false, &n.Choices)
	return n
}
