package bp

import "github.com/bopgo/bopgo/bp/syntax"

// Calls: thread starts, inlined calls and their returns, and the Call and
// Return steps of recursive functions.

func (l *lowerer) spawnCall(ctx *frameCtx, base Step, c *syntax.CallStmt) Step {
	n := base
	n.Kind = Spawn
	n.SpawnProc = l.procFor(c.Func.Name)
	for _, a := range c.Args {
		n.SpawnArgs = append(n.SpawnArgs, l.term(ctx, a, &n.Choices))
	}
	return n
}

// returnNode is the step of `return e...` in an inlined call: it assigns
// the caller's targets, under the caller's enforce invariant.
func (l *lowerer) returnNode(ctx *frameCtx, base Step, values []syntax.Expr) Step {
	n := base
	n.Kind = Skip
	for i, r := range ctx.ret {
		if r.Index < 0 {
			continue
		}
		n.Kind = Assign
		n.Targets = append(n.Targets, r)
		if i < len(values) {
			n.Values = append(n.Values, l.term(ctx, values[i], &n.Choices))
		} else {
			n.Values = append(n.Values, l.nondet(&n.Choices))
		}
	}
	if n.Kind == Assign {
		n.Constraint = cloneTerm(ctx.retEnforce, false, &n.Choices)
	}
	return n
}

// returnStep is the Return step of a Callable proc: values, one per
// result, a missing one a fresh `*`.
func (l *lowerer) returnStep(ctx *frameCtx, base Step, values []syntax.Expr) Step {
	n := base
	n.Kind = Return
	for i := range ctx.proc.Returns {
		if i < len(values) {
			n.Values = append(n.Values, l.term(ctx, values[i], &n.Choices))
		} else {
			n.Values = append(n.Values, l.nondet(&n.Choices))
		}
	}
	return n
}

// call lowers a call of a recursive function to a Call step.
func (l *lowerer) call(ctx *frameCtx, base Step, c *syntax.CallStmt) Step {
	callee := l.info.Funcs[c.Func.Name]
	n := base
	n.Kind = Call
	n.Callee = l.callableFor(c.Func.Name)
	for i := range callee.Decl.Params {
		if i < len(c.Args) {
			n.Args = append(n.Args, l.term(ctx, c.Args[i], &n.Choices))
		} else {
			n.Args = append(n.Args, l.nondet(&n.Choices))
		}
	}
	for _, t := range c.Targets {
		if t == nil {
			n.RetTargets = append(n.RetTargets, VarRef{Index: -1})
		} else {
			n.RetTargets = append(n.RetTargets, l.ref(ctx, t))
		}
	}
	if len(n.RetTargets) > 0 && ctx.enforce != nil {
		// The results would be assigned under the caller's invariant
		// when the callee returns, from another frame: no tool writes
		// this, and every engine would need it.
		l.errs.Add(l.prog.File.Position(n.Pos), "a call of recursive function %s that assigns results under an enforce invariant is not supported", c.Func.Name)
	}
	return n
}

// inline lowers a call: one step binds the parameters and makes the
// callee's locals non-deterministic, then the callee's body follows; its
// returns continue after the call. A call of a recursive function is a
// Call step instead.
func (l *lowerer) inline(ctx *frameCtx, base Step, c *syntax.CallStmt, in []hole) []hole {
	if l.info.Recursive[c.Func.Name] {
		return next(l.emit(ctx, l.call(ctx, base, c), in))
	}
	callee := l.info.Funcs[c.Func.Name]
	// Calls of one function from one frame share the callee's frame and
	// slots. One instance has returned before the next is called (the
	// caller runs neither at once, and a recursive function is not
	// inlined), nothing reads a callee's slots after it returns, and the
	// call step below writes every slot of the frame, as when a call in a
	// loop is entered again. Without sharing, a Getafix SafeStack thread
	// had 322 local slots, one block for each of its dozens of calls of
	// the same few atomic helpers, and every engine paid for them: the
	// explicit engine copies a thread's slots at each step, and each slot
	// is a latch of the circuit.
	site := inlineSite{ctx.proc, c.Func.Name, ctx.frame}
	frame, ok := l.inlined[site]
	var slots []int
	if ok {
		slots = ctx.proc.Frames[frame].Slots
	} else {
		frame, slots = l.newFrame(ctx.proc, callee, ctx.frame)
		if l.inlined == nil {
			l.inlined = map[inlineSite]int{}
		}
		l.inlined[site] = frame
	}
	call := base
	call.Kind = Assign
	for i, slot := range slots {
		call.Targets = append(call.Targets, VarRef{Local, slot})
		if i < len(c.Args) {
			call.Values = append(call.Values, l.term(ctx, c.Args[i], &call.Choices))
		} else {
			call.Values = append(call.Values, l.nondet(&call.Choices))
		}
	}
	if len(slots) == 0 {
		call.Kind = Skip
	}
	i := l.emit(ctx, call, in)
	inner := &frameCtx{
		proc: ctx.proc, procIndex: ctx.procIndex, fn: callee, frame: frame, slots: slots,
		retEnforce: ctx.enforce, labels: map[string]int{},
	}
	for _, t := range c.Targets {
		if t == nil {
			inner.ret = append(inner.ret, VarRef{Index: -1})
		} else {
			inner.ret = append(inner.ret, l.ref(ctx, t))
		}
	}
	out := l.lowerList(inner, callee.Decl.Body, next(i))
	l.resolveLabels(inner)
	if len(out) > 0 {
		end := Step{Pos: callee.Decl.EndPos, Text: "end of " + callee.Decl.Name.Name}
		if n := l.returnNode(inner, end, nil); n.Kind == Assign {
			out = next(l.emit(inner, n, out))
		}
	}
	return append(inner.exits, out...)
}
