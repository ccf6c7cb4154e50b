package bp

import (
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp/syntax"
)

// MaxSteps bounds the size of a lowered program. Inlining can multiply
// code; past this bound the program is rejected instead of exhausting
// memory.
const MaxSteps = 1 << 21

// Lower checks a parsed file and lowers it to a Program, in BoPPo's
// dialect (LoadWith reads Getafix's).
//
// A program whose inlined calls would take more than MaxSteps steps is
// lowered again with every call kept (LoadOptions.KeepCalls), with a note
// saying so: procedure summaries decide it where inlining cannot even
// write it down (a call tree of depth d and fan-out n inlines to n^d
// copies; benchmarks/results/summaries.md).
func Lower(f *syntax.SourceFile, opts LoadOptions) (*Program, error) {
	prog, tooLarge, err := lower(f, opts)
	if !tooLarge || opts.KeepCalls {
		return prog, err
	}
	opts.KeepCalls = true
	if prog, _, err = lower(f, opts); err != nil {
		return nil, err
	}
	prog.Notes = append(prog.Notes, &syntax.Error{Pos: syntax.Position{Filename: f.File.Name},
		Msg: fmt.Sprintf("inlining the calls would take more than %d steps: every call is kept as a call, decided by procedure summaries (one thread) or bounded stacks (threads)", MaxSteps)})
	return prog, nil
}

// inlinedTooLarge estimates whether inlining the calls of main and the
// thread functions writes more than MaxSteps statements, so that lower
// need not find it out by lowering two million steps first (the estimate
// counts statements, not the steps each lowers to: lowering still stops
// at MaxSteps).
func inlinedTooLarge(in *syntax.Info) bool {
	size := map[string]int{}
	var sizeOf func(name string) int
	sizeOf = func(name string) int {
		if n, ok := size[name]; ok {
			return n
		}
		size[name] = 1 // a cycle (recursion) is kept as calls: its size is its own
		fi := in.Funcs[name]
		if fi == nil {
			return 1
		}
		n := 0
		syntax.WalkStmts(fi.Decl.Body, func(st syntax.Stmt) {
			n++
			if c, ok := st.(*syntax.CallStmt); ok && !in.Recursive[c.Func.Name] {
				n += sizeOf(c.Func.Name)
			}
			n = min(n, MaxSteps+1)
		})
		size[name] = n
		return n
	}
	total := sizeOf("main")
	for _, fi := range in.Funcs {
		syntax.WalkStmts(fi.Decl.Body, func(st syntax.Stmt) {
			if s, ok := st.(*syntax.StartThreadStmt); ok && s.Call != nil {
				total = min(total+sizeOf(s.Call.Func.Name), MaxSteps+1)
			}
		})
	}
	return total > MaxSteps
}

// lower is Lower with the calls inlined or kept as opts says; tooLarge
// reports that the inlined program passes MaxSteps (estimated, or found
// while lowering).
func lower(f *syntax.SourceFile, opts LoadOptions) (prog *Program, tooLarge bool, err error) {
	in, errs := syntax.Check(f, syntax.DialectBoPPo)
	if len(errs) > 0 {
		return nil, false, errs
	}
	if !opts.KeepCalls && inlinedTooLarge(in) {
		return nil, true, nil
	}
	if opts.KeepCalls {
		for _, fi := range in.Funcs {
			for _, c := range fi.Calls {
				in.Recursive[c.Func.Name] = true
			}
		}
	}
	l := newLowerer(in)
	l.procFor("main")
	for len(l.queue) > 0 && len(l.errs) == 0 {
		pi := l.queue[0]
		l.queue = l.queue[1:]
		p := l.prog.Procs[pi]
		l.lowerProc(p, pi, in.Funcs[p.Name])
	}
	if l.broadcastAt != nil && l.prog.HasCalls() && len(l.errs) == 0 {
		l.errs.Add(l.prog.File.Position(syntax.StmtPos(l.broadcastAt)),
			"broadcast assignment (x$) in a program with recursive functions: a passive thread's locals are those of the frame it is in")
	}
	if l.broadcastAt != nil && len(l.prog.Procs) > 1 && len(l.errs) == 0 {
		l.errs.Add(l.prog.File.Position(syntax.StmtPos(l.broadcastAt)),
			"broadcast assignment (x$) in a program whose threads run different functions (%s is started as a thread): passive copies need one thread template, started with start_thread goto",
			l.prog.Procs[1].Name)
	}
	if len(l.errs) > 0 {
		l.errs.Sort()
		return nil, l.size >= MaxSteps, l.errs
	}
	for _, p := range l.prog.Procs {
		for i := range p.Steps {
			if n := &p.Steps[i]; n.Kind == Spawn && !n.CopyLocals {
				n.SpawnPC = l.prog.Procs[n.SpawnProc].Entry
			}
		}
	}
	return l.prog, false, nil
}

// newLowerer starts the lowering of a checked file: the slots of its
// globals and thread-locals.
func newLowerer(in *syntax.Info) *lowerer {
	l := &lowerer{info: in, prog: &Program{File: in.File.File, Dialect: syntax.DialectBoPPo}, procOf: map[string]int{}, callOf: map[string]int{}}
	for i, g := range in.Globals {
		if in.ThreadLocal[i] {
			l.tlSlot = append(l.tlSlot, len(l.prog.ThreadLocals))
			l.gSlot = append(l.gSlot, -1)
			l.prog.ThreadLocals = append(l.prog.ThreadLocals, g.Name)
		} else {
			l.tlSlot = append(l.tlSlot, -1)
			l.gSlot = append(l.gSlot, len(l.prog.Globals))
			l.prog.Globals = append(l.prog.Globals, g.Name)
		}
	}
	return l
}

type lowerer struct {
	info   *syntax.Info
	prog   *Program
	procOf map[string]int // thread function -> its proc
	callOf map[string]int // recursive function -> its Callable proc
	queue  []int          // procs still to lower
	gSlot  []int          // global index -> shared slot, or -1
	tlSlot []int          // global index -> thread-local slot, or -1
	size   int
	errs   syntax.ErrorList
	// broadcastAt is the first broadcast lowered: with more than one
	// proc a passive thread may run other code, and x$ has no meaning.
	broadcastAt *syntax.AssignStmt
	// hook, if set, lowers the statements of the dialect's own (see
	// getafix.go); ok false leaves s to lowerStmt.
	hook func(ctx *frameCtx, s syntax.Stmt, in []hole) (out []hole, ok bool)
	// inlined is the frame of each function inlined into a frame so far
	// (inline): a later call of the same function from the same frame
	// takes the same frame and slots.
	inlined map[inlineSite]int
}

// inlineSite is a function inlined into a frame of a proc.
type inlineSite struct {
	proc   *Proc
	callee string
	parent int
}

// procFor returns the proc of thread function name, creating it on first
// use.
func (l *lowerer) procFor(name string) int {
	if i, ok := l.procOf[name]; ok {
		return i
	}
	l.procOf[name] = l.newProc(name, false)
	return l.procOf[name]
}

// callableFor returns the Callable proc of recursive function name,
// creating it on first use.
func (l *lowerer) callableFor(name string) int {
	if i, ok := l.callOf[name]; ok {
		return i
	}
	l.callOf[name] = l.newProc(name, true)
	return l.callOf[name]
}

// newProc appends a proc for function name, its thread-local slots
// first, and queues it for lowering.
func (l *lowerer) newProc(name string, callable bool) int {
	p := &Proc{Name: name, Callable: callable}
	if callable {
		p.Returns = l.info.Funcs[name].Decl.Returns
	}
	for _, tl := range l.prog.ThreadLocals {
		p.Locals = append(p.Locals, LocalVar{Name: tl, Frame: -1, ThreadLocal: true})
	}
	l.prog.Procs = append(l.prog.Procs, p)
	l.queue = append(l.queue, len(l.prog.Procs)-1)
	return len(l.prog.Procs) - 1
}

// hole is an unfilled successor edge of a node: where the next statement
// lowered will be connected.
type hole struct {
	node  int
	field uint8
	index int
}

const (
	holeNext uint8 = iota
	holeThen
	holeElse
	holeSucc
	holeSpawn
	holeEntry
)

func (p *Proc) fill(h hole, target int) {
	if h.field == holeEntry {
		p.Entry = target
		return
	}
	n := &p.Steps[h.node]
	switch h.field {
	case holeNext:
		n.Next = target
	case holeThen:
		n.Then = target
	case holeElse:
		n.Else = target
	case holeSucc:
		n.Succs[h.index] = target
	case holeSpawn:
		n.SpawnPC = target
	}
}

// frameCtx is the state of lowering one inlined function instance.
type frameCtx struct {
	proc       *Proc
	procIndex  int
	fn         *syntax.FuncInfo
	frame      int
	slots      []int    // function-local index -> proc slot
	top        bool     // the thread's own function: return ends the thread
	callable   bool     // the top frame of a Callable proc: return is a Return step
	ret        []VarRef // caller's targets for returned values; Index -1 = discard
	retEnforce *Term    // caller's enforce invariant, guarding the return
	enforce    *Term    // this instance's enforce invariant, primed; nil = T
	labels     map[string]int
	fixups     []labelFixup
	exits      []hole // returns, to be connected to the caller's continuation
}

type labelFixup struct {
	h     hole
	label string
}

func (l *lowerer) newFrame(p *Proc, fi *syntax.FuncInfo, parent int) (int, []int) {
	frame := len(p.Frames)
	slots := make([]int, len(fi.Locals))
	for i, id := range fi.Locals {
		slots[i] = len(p.Locals)
		p.Locals = append(p.Locals, LocalVar{Name: id.Name, Frame: frame})
	}
	p.Frames = append(p.Frames, Frame{Func: fi.Decl.Name.Name, Parent: parent, Slots: slots})
	return frame, slots
}

func (l *lowerer) lowerProc(p *Proc, pi int, fi *syntax.FuncInfo) {
	frame, slots := l.newFrame(p, fi, -1)
	p.Params = slots[:len(fi.Decl.Params)]
	ctx := &frameCtx{proc: p, procIndex: pi, fn: fi, frame: frame, slots: slots, top: !p.Callable, callable: p.Callable, labels: map[string]int{}}
	in := []hole{{field: holeEntry}}
	if pi == 0 {
		if init, ok := l.globalInit(ctx); ok {
			in = next(l.emit(ctx, init, in))
		}
	}
	out := l.lowerList(ctx, fi.Decl.Body, in)
	end := Step{Kind: EndThread, Pos: fi.Decl.EndPos, Text: "end of " + fi.Decl.Name.Name}
	if p.Callable {
		// Falling off the end returns non-deterministic values.
		end = l.returnStep(ctx, end, nil)
	}
	l.emit(ctx, end, out)
	l.resolveLabels(ctx)
}

// globalInit is the first step of main when globals have initialisers
// (`decl g := 0;`, an IJIT/UCOB extension): no other thread exists yet, so
// one step before main's body is the same as an initial value.
func (l *lowerer) globalInit(ctx *frameCtx) (Step, bool) {
	n := Step{Kind: Assign, Text: "initialisation of globals"}
	for _, d := range l.info.File.Globals {
		for i, id := range d.Names {
			init := d.Inits[i]
			if init == nil {
				continue
			}
			if !n.Pos.IsValid() {
				n.Pos = d.Pos()
			}
			idx := l.info.GlobalIndex[id.Name]
			ref := VarRef{Global, l.gSlot[idx]}
			if s := l.tlSlot[idx]; s >= 0 {
				ref = VarRef{Local, s}
			}
			n.Targets = append(n.Targets, ref)
			n.Values = append(n.Values, l.term(ctx, init, &n.Choices))
		}
	}
	return n, len(n.Targets) > 0
}

func (l *lowerer) resolveLabels(ctx *frameCtx) {
	for _, f := range ctx.fixups {
		ctx.proc.fill(f.h, ctx.labels[f.label])
	}
}

// emit appends n to the proc, connects the holes in to it, and returns its
// index.
func (l *lowerer) emit(ctx *frameCtx, n Step, in []hole) int {
	p := ctx.proc
	i := len(p.Steps)
	n.Frame = ctx.frame
	p.Steps = append(p.Steps, n)
	for _, h := range in {
		p.fill(h, i)
	}
	l.size++
	if l.size == MaxSteps {
		l.errs.Add(l.prog.File.Position(n.Pos), "program too large: more than %d steps after inlining calls", MaxSteps)
	}
	return i
}

func next(i int) []hole { return []hole{{node: i, field: holeNext}} }

func (l *lowerer) lowerList(ctx *frameCtx, list []syntax.Stmt, in []hole) []hole {
	for _, s := range list {
		if len(l.errs) > 0 {
			return nil
		}
		first := len(ctx.proc.Steps)
		in = l.stmt(ctx, s, in)
		var names []string
		for _, lab := range s.StmtLabels() {
			// A label on two statements (Getafix's dialect allows it)
			// names the first for goto, and both for the property.
			if _, dup := ctx.labels[lab.Name]; !dup {
				ctx.labels[lab.Name] = first
			}
			if !slices.Contains(names, lab.Name) {
				names = append(names, lab.Name)
			}
		}
		if len(names) > 0 && first < len(ctx.proc.Steps) {
			ctx.proc.Steps[first].Labels = names
		}
	}
	return in
}

// stmt lowers one statement, through the dialect's hook if there is one.
func (l *lowerer) stmt(ctx *frameCtx, s syntax.Stmt, in []hole) []hole {
	if l.hook != nil {
		if out, ok := l.hook(ctx, s, in); ok {
			return out
		}
	}
	return l.lowerStmt(ctx, s, in)
}

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

func (l *lowerer) lowerStmt(ctx *frameCtx, s syntax.Stmt, in []hole) []hole {
	base := Step{Pos: syntax.StmtPos(s), Text: l.text(s)}
	switch s := s.(type) {
	case *syntax.AssignStmt:
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
		return next(l.emit(ctx, n, in))
	case *syntax.CallStmt:
		if l.info.AsyncCalls[s] {
			return next(l.emit(ctx, l.spawnCall(ctx, base, s), in))
		}
		return l.inline(ctx, base, s, in)
	case *syntax.StartThreadStmt:
		if s.Call != nil {
			return next(l.emit(ctx, l.spawnCall(ctx, base, s.Call), in))
		}
		n := base
		n.Kind, n.SpawnProc, n.CopyLocals = Spawn, ctx.procIndex, true
		i := l.emit(ctx, n, in)
		ctx.fixups = append(ctx.fixups, labelFixup{hole{node: i, field: holeSpawn}, s.Goto.Targets[0].Name})
		return next(i)
	case *syntax.ReturnStmt:
		if ctx.callable {
			l.emit(ctx, l.returnStep(ctx, base, s.Values), in)
			return nil
		}
		if ctx.top {
			base.Kind = EndThread
			l.emit(ctx, base, in)
			return nil
		}
		i := l.emit(ctx, l.returnNode(ctx, base, s.Values), in)
		ctx.exits = append(ctx.exits, next(i)...)
		return nil
	case *syntax.GotoStmt:
		n := base
		n.Kind = Goto
		n.Succs = make([]int, len(s.Targets))
		i := l.emit(ctx, n, in)
		for k, t := range s.Targets {
			ctx.fixups = append(ctx.fixups, labelFixup{hole{node: i, field: holeSucc, index: k}, t.Name})
		}
		return nil
	case *syntax.IfStmt:
		n := base
		n.Kind = Branch
		n.Cond = l.term(ctx, s.Cond, &n.Choices)
		i := l.emit(ctx, n, in)
		then := l.lowerList(ctx, s.Then, []hole{{node: i, field: holeThen}})
		els := l.lowerList(ctx, s.Else, []hole{{node: i, field: holeElse}})
		return append(then, els...)
	case *syntax.WhileStmt:
		n := base
		n.Kind = Branch
		n.Cond = l.term(ctx, s.Cond, &n.Choices)
		head := l.emit(ctx, n, in)
		for _, h := range l.lowerList(ctx, s.Body, []hole{{node: head, field: holeThen}}) {
			ctx.proc.fill(h, head)
		}
		return []hole{{node: head, field: holeElse}}
	case *syntax.CondStmt:
		n := base
		n.Cond = l.term(ctx, s.Cond, &n.Choices)
		switch s.Tok {
		case syntax.ASSERT:
			n.Kind = Assert
		case syntax.ASSUME:
			n.Kind = Assume
		case syntax.ABORTIF:
			n.Kind = Assume
			n.Cond = &Term{Op: TNot, Args: []*Term{n.Cond}}
		case syntax.ENFORCE:
			n.Kind = Assume
			var scratch int
			ctx.enforce = and(ctx.enforce, cloneTerm(l.term(ctx, s.Cond, &scratch), true, &scratch))
		}
		return next(l.emit(ctx, n, in))
	case *syntax.SimpleStmt:
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
	case *syntax.DeadStmt:
		n := base
		n.Kind = Assign
		for _, id := range s.Names {
			n.Targets = append(n.Targets, l.ref(ctx, id))
			n.Values = append(n.Values, l.nondet(&n.Choices))
		}
		return next(l.emit(ctx, n, in))
	case *syntax.DeclStmt:
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
		return next(l.emit(ctx, n, in))
	}
	// Unreachable for checked input; keep the thread going rather than
	// crash.
	base.Kind = Skip
	return next(l.emit(ctx, base, in))
}

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

func (l *lowerer) nondet(choices *int) *Term {
	t := &Term{Op: TNondet, Choice: *choices}
	*choices++
	return t
}

// ref maps a resolved identifier to its slot in the current frame.
func (l *lowerer) ref(ctx *frameCtx, id *syntax.Ident) VarRef {
	sym, ok := l.info.Refs[id]
	if !ok {
		l.errs.Add(l.prog.File.Position(id.Pos()), "internal error: unresolved name %q", id.Name)
		return VarRef{}
	}
	if !sym.Global {
		return VarRef{Local, ctx.slots[sym.Index]}
	}
	if s := l.tlSlot[sym.Index]; s >= 0 {
		return VarRef{Local, s}
	}
	return VarRef{Global, l.gSlot[sym.Index]}
}

var binaryOps = map[syntax.Kind]TermOp{syntax.AND: TAnd, syntax.OR: TOr, syntax.XOR: TXor, syntax.NEQ: TXor, syntax.EQ: TIff, syntax.IMPLIES: TImplies}

func (l *lowerer) term(ctx *frameCtx, e syntax.Expr, choices *int) *Term {
	switch e := e.(type) {
	case *syntax.ConstExpr:
		return &Term{Op: TConst, Val: e.Value}
	case *syntax.Ident:
		return &Term{Op: TVar, Ref: l.ref(ctx, e), Passive: l.info.Refs[e].Passive}
	case *syntax.PrimedExpr:
		return &Term{Op: TVar, Ref: l.ref(ctx, e.X), Primed: true, Passive: l.info.Refs[e.X].Passive}
	case *syntax.NondetExpr:
		return l.nondet(choices)
	case *syntax.UnaryExpr:
		return &Term{Op: TNot, Args: []*Term{l.term(ctx, e.X, choices)}}
	case *syntax.ParenExpr:
		return l.term(ctx, e.X, choices)
	case *syntax.BinaryExpr:
		return &Term{Op: binaryOps[e.Op], Args: []*Term{l.term(ctx, e.X, choices), l.term(ctx, e.Y, choices)}}
	case *syntax.SchooseExpr:
		t := &Term{Op: TChoose, Args: []*Term{l.term(ctx, e.Args[0], choices), l.term(ctx, e.Args[1], choices)}}
		t.Choice = *choices
		*choices++
		return t
	}
	l.errs.Add(l.prog.File.Position(e.Pos()), "internal error: unexpected expression %T", e)
	return &Term{Op: TConst}
}

// and conjoins two optional terms (nil means T).
func and(a, b *Term) *Term {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &Term{Op: TAnd, Args: []*Term{a, b}}
}

// cloneTerm copies t, priming every variable if prime is set, and gives its
// non-deterministic choices fresh numbers from *choices.
func cloneTerm(t *Term, prime bool, choices *int) *Term {
	if t == nil {
		return nil
	}
	c := *t
	if c.Op == TVar && prime {
		c.Primed = true
	}
	if c.Op == TNondet || c.Op == TChoose {
		c.Choice = *choices
		*choices++
	}
	c.Args = make([]*Term, len(t.Args))
	for i, a := range t.Args {
		c.Args[i] = cloneTerm(a, prime, choices)
	}
	return &c
}

// String renders a term for debugging and tests.
func (t *Term) String() string {
	switch t.Op {
	case TConst:
		if t.Val {
			return "T"
		}
		return "F"
	case TVar:
		s := fmt.Sprintf("%c%d", "gl"[t.Ref.Scope], t.Ref.Index)
		if t.Passive {
			s += "$"
		}
		if t.Primed {
			s = "'" + s
		}
		return s
	case TNondet:
		return fmt.Sprintf("*%d", t.Choice)
	case TNot:
		return "!" + t.Args[0].String()
	case TChoose:
		return fmt.Sprintf("schoose%d[%s,%s]", t.Choice, t.Args[0], t.Args[1])
	}
	op := map[TermOp]string{TAnd: "&", TOr: "|", TXor: "^", TIff: "=", TImplies: "=>"}[t.Op]
	return "(" + t.Args[0].String() + " " + op + " " + t.Args[1].String() + ")"
}
