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
