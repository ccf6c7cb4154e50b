package bp

import "github.com/bopgo/bopgo/bp/syntax"

// Getafix's concurrent dialect, lowered to bopgo's core semantics so that
// every engine, the replay in bp/interp and every output work unchanged.
// The rules, and where Getafix (github.com/trucnguyenlam/getafix) says so:
//
//   - init runs first, alone, until it reaches the statement labelled
//     endinit (or its end); then main and every threadN run concurrently.
//     The Mucke formulas start each thread at pc 0 from the globals of
//     init at endinit (GlobalInit = Init_Reach & Target_Init); init's
//     locals are dropped, and globals init does not assign, and every
//     thread's locals, start with any value. Lowered: Procs[0] runs
//     init's body, then starts every thread in one atomic step and ends;
//     each thread is a proc of its own, in source order.
//   - atomic: Getafix switches from a thread to the next only when the
//     first declared global (v1, by convention atomic) is 0 (`s_G.v1 = 0 &
//     ContextSwitch_k(s_pc_k)` in the formulas; translate_Mucke.c numbers
//     the globals from 1 in declaration order), so while it is T the
//     thread that set it runs alone. bopgo gates on that global whatever
//     its name: a file that declares super_atomic first and never sets it
//     (two SafeStack files) has no atomic sections in Getafix, and none
//     here, or bopgo would miss executions Getafix has. Getafix lets the
//     running thread move while the flag is T only if its first local
//     (v0) is T; bopgo lets it move always, a superset. A thread that
//     ends, or returns, while the flag is T keeps the others out for
//     ever, as Getafix's scheduler does. If init may leave the flag T,
//     the first thread holds it (Getafix's first round starts with it)
//     and the others wait for it to be F.
//   - A call of a function (every callee is neither init, main nor a
//     threadN) is one step in Getafix: its translation moves from the
//     call to the return through the callee's summary (programCall,
//     SetReturnTS/US).
//   - Lowered: each thread runs in an atomic section from its start to
//     its end and lets the others run only at yield points, and only
//     while atomic is F (getafix_yield.go). Yield points are where an
//     interleaving can matter, so no reachable state is lost; they are
//     also the whole meaning of atomic, and calls have none inside.
//   - The property is that no thread reaches a statement labelled
//     SLIC_ERROR (Getafix's -l TARGET_LABEL, SLIC_ERROR in every file);
//     a program without that label checks its assertions.
//   - Context switches: Getafix restricts them to the statements that
//     read or write globals (insert_CS_into_module), a reduction like
//     bopgo's yield points but for a thread that blocks or loops for ever
//     between two of them: there Getafix loses the other threads' moves,
//     bopgo keeps them; and Getafix does not count a write of `atomic` in
//     an assignment with other targets (atomic, at := T, T), so a thread
//     is never switched out between two such sections, where bopgo
//     yields. And Getafix bounds the rounds; bopgo decides
//     every interleaving, or bounds the rounds as Getafix does
//     (Options.Rounds: init outside them, the threads in source order).
//   - Accepted with Getafix's meaning, with a note (Program.Notes): a
//     variable assigned twice in one statement (its translation conjoins
//     x' = e for every target, so the step happens only when the values
//     agree), a label on two statements of a function (goto jumps to the
//     first, as find_label does; the property covers both, where Getafix
//     looks only at the first).
//   - Expressions have Getafix's precedences (bp/syntax's parser_getafix.go).
//
// docs/semantics.md has the same rules for users.

const (
	getafixTarget  = "SLIC_ERROR" // the default property's label
	getafixEndInit = "endinit"    // where init ends
)

// lowerGetafix checks a parsed file in Getafix's dialect and lowers it.
func lowerGetafix(f *syntax.SourceFile) (*Program, error) {
	notes := syntax.DesugarGetafix(f)
	notes = append(notes, syntax.DuplicateLabelNotes(f)...)
	in, errs := syntax.Check(f, syntax.DialectGetafix)
	if len(errs) > 0 {
		return nil, errs
	}
	// A call is one atomic step there (the callee inlined between yield
	// points); a recursive callee has no such inlining, and Getafix's
	// experiments have none.
	for _, fn := range f.Funcs {
		if in.Recursive[fn.Name.Name] {
			errs.Add(f.File.Position(fn.Name.Pos()), "recursive function %s in Getafix's dialect: not supported (its calls are atomic steps; --dialect boppo reads the file in BoPPo's dialect, where recursion is decided)", fn.Name.Name)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	g := &getafixLowering{lowerer: newLowerer(in)}
	g.hook = g.lowerSpecial
	g.lower()
	if g.broadcastAt != nil && len(g.errs) == 0 {
		g.errs.Add(g.prog.File.Position(syntax.StmtPos(g.broadcastAt)), "broadcast assignment (x$) in Getafix's dialect: its threads run different functions, so passive copies have no meaning")
	}
	if len(g.errs) > 0 {
		g.errs.Sort()
		return nil, g.errs
	}
	prog := g.prog
	for _, p := range prog.Procs {
		for i := range p.Steps {
			if n := &p.Steps[i]; n.Kind == Spawn {
				n.SpawnPC = prog.Procs[n.SpawnProc].Entry
			}
		}
	}
	prog.Dialect = syntax.DialectGetafix
	if len(prog.FindLabel(getafixTarget)) > 0 {
		prog.DefaultLabel = getafixTarget
	} else {
		notes.Add(syntax.Position{Filename: prog.File.Name}, "no statement is labelled %s: the property is that no assertion fails", getafixTarget)
	}
	notes.Sort()
	prog.Notes = notes
	return prog, nil
}

// getafixLowering lowers a Getafix program: Procs[0] runs init and starts
// the threads, Procs[1:] are the threads in source order.
type getafixLowering struct {
	*lowerer
	flags   []int  // global index of the flag, the first declared global; none without globals
	clears  bool   // init certainly ends with every flag F
	endInit []hole // init's jumps to the start of the threads
	// resumed is the step that ends the latest yield (or the prologue): a
	// statement right after it needs no yield of its own.
	resumed int
	// backTargets are the statements of the thread being lowered that a
	// goto reaches backwards: every cycle passes one or a while head.
	backTargets map[syntax.Stmt]bool
	// tests are the pcs of the yields' tests of the flags in that thread.
	tests []int
}

func (g *getafixLowering) lower() {
	if len(g.info.Globals) > 0 && !g.info.ThreadLocal[0] {
		g.flags = []int{0}
	}
	var threads []*syntax.FuncInfo
	for _, fn := range g.info.File.Funcs {
		if name := fn.Name.Name; name == "main" || syntax.IsGetafixThreadName(name) {
			threads = append(threads, g.info.Funcs[name])
		}
	}
	init := g.info.Funcs["init"]
	g.clears = len(g.flags) == 0 || g.initClearsFlags(init)
	g.lowerInit(init, threads)
	for i, fi := range threads {
		if len(g.errs) > 0 {
			return
		}
		g.lowerThread(i, fi)
	}
	g.queue = nil // every thread is lowered here, not from the queue
}

// lowerInit lowers Procs[0]: init's body, then the start of every thread
// in one atomic step.
func (g *getafixLowering) lowerInit(init *syntax.FuncInfo, threads []*syntax.FuncInfo) {
	p := g.prog.Procs[g.procFor("init")]
	ctx := &frameCtx{proc: p, procIndex: 0, top: true, labels: map[string]int{}}
	if init != nil {
		ctx.fn = init
		ctx.frame, ctx.slots = g.newFrame(p, init, -1)
		p.Params = ctx.slots[:len(init.Decl.Params)]
	} else {
		p.Frames = append(p.Frames, Frame{Func: "init", Parent: -1})
	}
	in := []hole{{field: holeEntry}}
	if n, ok := g.globalInit(ctx); ok {
		in = next(g.emit(ctx, n, in))
	}
	start := Step{Kind: AtomicBegin, Text: "init ends: every thread starts"}
	if init != nil {
		in = g.lowerList(ctx, init.Decl.Body, in)
		start.Pos = init.Decl.EndPos
		if stmt, ok := init.Labels[getafixEndInit]; ok {
			// With endinit, the threads start there only: init's end
			// is the end of a run on alone.
			start.Pos = syntax.StmtPos(stmt)
			if len(in) > 0 {
				g.emit(ctx, Step{Kind: EndThread, Pos: init.Decl.EndPos, Text: "end of init, past endinit: the threads never start"}, in)
			}
			in = nil
		}
	} else if len(threads) > 0 {
		start.Pos = threads[0].Decl.Name.Pos()
	}
	at := g.emit(ctx, start, append(in, g.endInit...))
	in = next(at)
	for _, fi := range threads {
		n := Step{Kind: Spawn, Pos: fi.Decl.Name.Pos(), Text: "start " + fi.Decl.Name.Name, SpawnProc: g.procFor(fi.Decl.Name.Name)}
		for range fi.Decl.Params {
			n.SpawnArgs = append(n.SpawnArgs, g.nondet(&n.Choices))
		}
		in = next(g.emit(ctx, n, in))
	}
	in = next(g.emit(ctx, Step{Kind: AtomicEnd, Pos: start.Pos, Text: "the threads run"}, in))
	g.emit(ctx, Step{Kind: EndThread, Pos: start.Pos, Text: "end of init"}, in)
	g.resolveLabels(ctx)
}

// lowerThread lowers thread function fi, the i-th thread, to its proc. A
// thread runs in an atomic section from its first step to its end, and
// lets the others run only at its yield points (getafix_yield.go).
func (g *getafixLowering) lowerThread(i int, fi *syntax.FuncInfo) {
	name := fi.Decl.Name.Name
	pi := g.procFor(name)
	p := g.prog.Procs[pi]
	frame, slots := g.newFrame(p, fi, -1)
	p.Params = slots[:len(fi.Decl.Params)]
	ctx := &frameCtx{proc: p, procIndex: pi, fn: fi, frame: frame, slots: slots, top: true, labels: map[string]int{}}
	g.backTargets, g.tests = backwardGotoTargets(fi), nil
	pos := fi.Decl.Name.Pos()
	in := []hole{{field: holeEntry}}
	if !g.clears && i > 0 {
		// init may have left atomic T: the first thread holds it, so
		// the others start when it is F.
		in = g.waitUnheld(ctx, pos, "wait while init's atomic section lasts", in)
	}
	g.resumed = g.emit(ctx, Step{Kind: AtomicBegin, Pos: pos, Text: name + " starts running"}, in)
	in = g.lowerList(ctx, fi.Decl.Body, next(g.resumed))
	end := fi.Decl.EndPos
	in = g.waitUnheld(ctx, end, "end of "+name+" (with atomic T the others stay out)", in)
	g.emit(ctx, Step{Kind: EndThread, Pos: end, Text: "end of " + name}, in)
	g.resolveLabels(ctx)
	start := flagAny
	if g.clears {
		start = flagF
	}
	g.simplifyYields(p, start)
}

// waitUnheld blocks until no flag is T; with no flags it does nothing.
func (g *getafixLowering) waitUnheld(ctx *frameCtx, pos syntax.Pos, text string, in []hole) []hole {
	if len(g.flags) == 0 {
		return in
	}
	return next(g.emit(ctx, Step{Kind: Assume, Pos: pos, Text: text, Cond: &Term{Op: TNot, Args: []*Term{g.held()}}}, in))
}

// held is the disjunction of the flags.
func (g *getafixLowering) held() *Term {
	var t *Term
	for _, i := range g.flags {
		v := &Term{Op: TVar, Ref: VarRef{Global, g.gSlot[i]}}
		if t == nil {
			t = v
		} else {
			t = &Term{Op: TOr, Args: []*Term{t, v}}
		}
	}
	return t
}

func (g *getafixLowering) flagNames() []string {
	var names []string
	for _, i := range g.flags {
		names = append(names, g.info.Globals[i].Name)
	}
	return names
}

// lowerSpecial is the lowerer's hook: the statements Getafix's dialect
// runs otherwise than BoPPo's. Inside calls (ctx.top false) nothing is
// special: the whole call is one step of the thread.
func (g *getafixLowering) lowerSpecial(ctx *frameCtx, s syntax.Stmt, in []hole) ([]hole, bool) {
	if !ctx.top {
		return nil, false
	}
	if ctx.procIndex == 0 {
		if !syntax.HasStmtLabel(s, getafixEndInit) {
			return nil, false
		}
		// Reaching endinit starts the threads from init's globals there
		// (GlobalInit = Init_Reach & Target_Init). Getafix's Init_Reach
		// goes on past it, alone, and its target test covers those states
		// too: init either ends here or runs on without the threads.
		if g.nothingAfter(ctx, s) {
			i := g.emit(ctx, Step{Kind: Skip, Pos: syntax.StmtPos(s), Text: getafixEndInit + ": init ends"}, in)
			g.endInit = append(g.endInit, next(i)...)
			return nil, true
		}
		n := Step{Kind: Branch, Pos: syntax.StmtPos(s), Text: getafixEndInit + ": init ends, or runs on alone"}
		n.Cond = g.nondet(&n.Choices)
		i := g.emit(ctx, n, in)
		g.endInit = append(g.endInit, hole{node: i, field: holeThen})
		return g.lowerStmt(ctx, s, []hole{{node: i, field: holeElse}}), true
	}
	switch s := s.(type) {
	case *syntax.WhileStmt:
		return g.lowerWhile(ctx, s, in), true
	case *syntax.ReturnStmt:
		return g.lowerStmt(ctx, s, g.waitUnheld(ctx, s.Return, "return (with atomic T the others stay out)", in)), true
	}
	if !g.needsYield(ctx, s) || g.justResumed(in) {
		return nil, false
	}
	return g.lowerStmt(ctx, s, g.yield(ctx, syntax.StmtPos(s), in)), true
}

// nothingAfter tells whether init running on past its endinit statement s
// could show nothing: s is init's last statement, a skip with no other
// label (Getafix's experiments all end init so).
func (g *getafixLowering) nothingAfter(ctx *frameCtx, s syntax.Stmt) bool {
	body := ctx.fn.Decl.Body
	simple, ok := s.(*syntax.SimpleStmt)
	return ok && simple.Tok == syntax.SKIP && len(simple.Labels.List) == 1 && len(body) > 0 && body[len(body)-1] == s
}

// InitThread reports whether thread 0 is Getafix's init (the program is
// in Getafix's dialect): it runs alone, starts the threads in source
// order (ids 1..N) and then only ends, so it is none of the threads that
// Getafix's rounds schedule.
func (p *Program) InitThread() bool { return p.Dialect == syntax.DialectGetafix }

// CheckedLabel is the label the property is about when the caller asks
// for label: label itself, or if it is empty the program's DefaultLabel
// (empty: the assertions).
func (p *Program) CheckedLabel(label string) string {
	if label == "" {
		return p.DefaultLabel
	}
	return label
}
