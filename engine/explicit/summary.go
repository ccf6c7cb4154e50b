package explicit

import (
	"context"
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// Procedure summaries: a program of one thread with recursive functions
// is a pushdown system with finitely many valuations, and the functional
// approach (Sharir–Pnueli; Reps–Horwitz–Sagiv's tabulation, Bebop's path
// and summary edges) decides it whatever the depth of its calls.
//
// A context is a procedure entered with one entry state (its frame and
// the globals, three-valued as everywhere in this engine). A fact is a
// state its frame reaches from the entry within the procedure. A call
// looks up the callee's context for its entry state, creating it if new,
// and waits there as a caller; a Return step of a context records an
// exit (its globals, thread-locals and results); every exit of a context
// returns to every caller of it, once. A call whose callee never returns
// (it recurses forever, say) simply has no exit, so nothing follows it.
// The search ends when no fact is new: the facts, exits and contexts are
// then a fixed point, and a failing assertion or the label is either in
// it or nowhere.
//
// A counterexample is rebuilt from how each fact was found: its parent in
// the same context and the step, or a caller and the exit it returned
// with, whose path in the callee's context is rebuilt in turn with the
// caller's frame pushed on the stack.

// sumFact is a fact: a state of one thread with an empty stack, in a
// context.
type sumFact struct {
	ctx   int32
	st    state
	from  int32    // parent fact in the same context; -1 for an entry
	step  stepInfo // the step from the parent
	via   *sumCall // for a fact a callee's exit led to
	exitF *sumExit
}

// sumCall is a caller waiting in a context: the fact at the Call step,
// the step's splits and its state after them.
type sumCall struct {
	fact int32
	c    state
	info stepInfo
}

// sumExit is an exit of a context: the fact at the Return step, the
// step's splits and its state after them.
type sumExit struct {
	fact int32
	c    state
	info stepInfo
	vals []val
}

// sumContext is a procedure entered with one entry state.
type sumContext struct {
	entry   int32
	creator *sumCall // the call that made it; nil for main's
	callers []*sumCall
	exits   []*sumExit
	exitKey map[string]bool
}

// summarySearch decides a program of one thread by summaries.
type summarySearch struct {
	stepper
	opts     Options
	facts    []sumFact
	index    map[string]int32 // context and state -> fact
	contexts []*sumContext
	ctxIndex map[string]int32 // proc and entry state -> context
	work     []int32
	store    *stateStore // encodes states as keys
	failure  *engine.Result
}

// Summaries decides prog, which must have one thread (no thread start),
// with procedure summaries. It returns the engine's result and the
// number of facts stored.
func Summaries(ctx context.Context, prog *bp.Program, opts Options) (engine.Result, int) {
	e := &summarySearch{
		stepper:  stepper{ctx: ctx, prog: prog, an: analyse(prog, opts), bound: 1},
		opts:     opts,
		index:    map[string]int32{},
		ctxIndex: map[string]int32{},
		store:    newStateStore(len(prog.Globals)),
	}
	init := newSearch(prog, e.an, opts, 1).initial()
	e.context(init, nil)
	for len(e.work) > 0 && e.failure == nil {
		if err := ctx.Err(); err != nil {
			return engine.Stopped(ctx), len(e.facts)
		}
		if opts.MaxStates > 0 && len(e.facts) >= opts.MaxStates {
			return engine.Result{Limit: engine.States, Reason: fmt.Sprintf("state limit reached: %d states", opts.MaxStates)}, len(e.facts)
		}
		f := e.work[len(e.work)-1]
		e.work = e.work[:len(e.work)-1]
		e.process(f)
	}
	if e.failure != nil {
		return *e.failure, len(e.facts)
	}
	sums := e.evidence()
	explain := func() engine.Explanation { return explainSummaries(e.prog, sums) }
	return engine.Result{Verdict: engine.Safe, Evidence: &engine.Summaries{Summaries: sums}, Explain: explain}, len(e.facts)
}

// evidence is the fixed point as bp.Summaries, for the root to re-check.
func (e *summarySearch) evidence() *bp.Summaries {
	out := &bp.Summaries{Contexts: make([]bp.SummaryContext, len(e.contexts))}
	for i, ctx := range e.contexts {
		out.Contexts[i].Entry = partial(&e.facts[ctx.entry].st)
		for _, x := range ctx.exits {
			out.Contexts[i].Exits = append(out.Contexts[i].Exits, bp.SummaryExit{
				Globals:      tris(x.c.globals),
				ThreadLocals: tris(x.c.threads[0].locals[:len(e.prog.ThreadLocals)]),
				Results:      tris(x.vals),
			})
		}
	}
	for i := range e.facts {
		f := &e.facts[i]
		out.Contexts[f.ctx].Facts = append(out.Contexts[f.ctx].Facts, partial(&f.st))
	}
	return out
}

// partial is the frame of the thread of s, X as Any.
func partial(s *state) bp.PartialFrame {
	t := &s.threads[0]
	return bp.PartialFrame{Proc: int(t.proc), PC: int(t.pc), Globals: tris(s.globals), Locals: tris(t.locals)}
}

func tris(vs []val) []bp.Tri {
	out := make([]bp.Tri, len(vs))
	for i, v := range vs {
		switch v {
		case v1:
			out[i] = bp.True
		case vX:
			out[i] = bp.Any
		}
	}
	return out
}

// key encodes s, with a prefix.
func (e *summarySearch) key(prefix int32, s *state) string {
	rec := e.store.appendRecord(binaryPrefix(prefix), s)
	return string(rec)
}

func binaryPrefix(n int32) []byte { return []byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)} }

// context returns the context of the thread of entry (its current frame
// the callee's, its stack empty), creating it, and its entry fact, if new.
func (e *summarySearch) context(entry state, creator *sumCall) int32 {
	k := e.key(entry.threads[0].proc, &entry)
	if c, ok := e.ctxIndex[k]; ok {
		return c
	}
	c := int32(len(e.contexts))
	e.ctxIndex[k] = c
	e.contexts = append(e.contexts, &sumContext{creator: creator, exitKey: map[string]bool{}})
	e.contexts[c].entry = e.add(c, entry, -1, stepInfo{thread: -1, taken: -1}, nil, nil)
	return c
}

// add stores fact (c, s) if new and queues it; it returns the fact's
// index (the old one's if known).
func (e *summarySearch) add(c int32, s state, from int32, info stepInfo, via *sumCall, exit *sumExit) int32 {
	e.forgetDead(&s, 0)
	k := e.key(c, &s)
	if f, ok := e.index[k]; ok {
		return f
	}
	f := int32(len(e.facts))
	e.index[k] = f
	e.facts = append(e.facts, sumFact{ctx: c, st: s, from: from, step: info, via: via, exitF: exit})
	e.work = append(e.work, f)
	if e.opts.Stored != nil && len(e.facts)%StoredEvery == 0 {
		e.opts.Stored(StoredEvery)
	}
	if e.opts.Label != "" {
		t := &s.threads[0]
		if e.an.target[t.proc][t.pc] {
			e.found(f, nil, fmt.Sprintf("label %s reached", e.opts.Label))
		}
	}
	return f
}

// process takes the step of fact f, for every split of what it reads.
func (e *summarySearch) process(f int32) {
	fact := e.facts[f]
	s := fact.st
	th := &s.threads[0]
	st := &e.prog.Procs[th.proc].Steps[th.pc]
	xs := e.an.unknownReads(&s, 0)
	if len(xs) > maxEnum {
		e.failure = &engine.Result{Limit: engine.Choices, Reason: tooManyReads(e.prog, st, len(xs))}
		return
	}
	for mask := 0; mask < 1<<len(xs) && e.failure == nil; mask++ {
		c, conc := concretise(&s, xs, mask, nil)
		info := stepInfo{conc: conc, thread: th.id, proc: th.proc, pc: th.pc, taken: -1}
		ev := &env{g: c.globals, l: c.threads[0].locals, ch: make([]bool, st.Choices)}
		switch st.Kind {
		case bp.Call:
			call := &sumCall{fact: f, c: c, info: info}
			entry := e.call(&c, 0, st, ev)
			entry.threads[0].stack = nil
			callee := e.context(entry, call)
			ctx := e.contexts[callee]
			ctx.callers = append(ctx.callers, call)
			for _, x := range ctx.exits {
				e.returnTo(call, x)
			}
		case bp.Return:
			x := &sumExit{fact: f, c: c, info: info, vals: make([]val, len(st.Values))}
			for j, v := range st.Values {
				x.vals[j] = ev.value(v)
			}
			ctx := e.contexts[fact.ctx]
			if k := e.exitKey(x); !ctx.exitKey[k] {
				ctx.exitKey[k] = true
				ctx.exits = append(ctx.exits, x)
				for _, call := range ctx.callers {
					e.returnTo(call, x)
				}
			}
		default:
			if e.exec(&c, 0, info, func(n state, _, _ int, info stepInfo) {
				if len(n.threads) > 0 {
					e.add(fact.ctx, n, f, info, nil, nil)
				}
			}) {
				e.found(f, &info, "assertion can fail")
			}
			if err := e.err; err != nil {
				if e.ctx.Err() != nil {
					r := engine.Stopped(e.ctx)
					e.failure = &r
				} else {
					e.failure = &engine.Result{Limit: engine.Choices, Reason: err.Error()}
				}
			}
		}
	}
}

// exitKey identifies an exit by what the caller sees of it: the globals,
// the thread-locals, the results and whether the thread holds the atomic
// section (a callee may begin or end it; with one thread that changes no
// behaviour, but a trace must show it).
func (e *summarySearch) exitKey(x *sumExit) string {
	b := make([]byte, 0, len(x.c.globals)+len(x.vals)+8)
	b = append(b, boolByte(x.c.threads[0].atomic))
	for _, v := range x.c.globals {
		b = append(b, byte(v))
	}
	for _, v := range x.c.threads[0].locals[:len(e.prog.ThreadLocals)] {
		b = append(b, byte(v))
	}
	for _, v := range x.vals {
		b = append(b, byte(v))
	}
	return string(b)
}

// returnTo continues caller call with exit x of its callee: the state at
// the call, with the exit's globals, thread-locals and atomic section and
// the results in the call's targets, at the step after the call.
func (e *summarySearch) returnTo(call *sumCall, x *sumExit) {
	n := call.c.clone()
	t := &n.threads[0]
	t.atomic = x.c.threads[0].atomic
	copy(n.globals, x.c.globals)
	copy(t.locals, x.c.threads[0].locals[:len(e.prog.ThreadLocals)])
	st := &e.prog.Procs[t.proc].Steps[t.pc]
	for j, ref := range st.RetTargets {
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			n.globals[ref.Index] = x.vals[j]
		default:
			t.locals[ref.Index] = x.vals[j]
		}
	}
	t.pc = int32(st.Next)
	info := stepInfo{thread: t.id, proc: x.info.proc, pc: x.info.pc, conc: x.info.conc, taken: -1}
	e.add(e.facts[call.fact].ctx, n, call.fact, info, call, x)
}

// found ends the search with a bug at fact f: reached (a label), or the
// failing assertion fail executed from it.
func (e *summarySearch) found(f int32, fail *stepInfo, why string) {
	if e.failure != nil {
		return
	}
	if n := e.pathLen(f, map[int32]int64{}); n > engine.MaxTraceSteps {
		r := engine.TraceTooLong(why, n)
		e.failure = &r
		return
	}
	states, steps := e.path(f)
	e.failure = unsafeOrStopped(e.ctx, why, buildTrace(e.prog, states, steps, fail, e.stoppedAt))
}

// pathLen is the number of steps of path(f), counted without building
// it, saturating past engine.MaxTraceSteps; memo holds withinLen's answers.
func (e *summarySearch) pathLen(f int32, memo map[int32]int64) int64 {
	n := e.withinLen(f, memo)
	for c := e.facts[f].ctx; e.contexts[c].creator != nil; {
		call := e.contexts[c].creator
		n += e.withinLen(call.fact, memo)
		if n > engine.MaxTraceSteps {
			return n
		}
		c = e.facts[call.fact].ctx
	}
	return n
}

// withinLen is the number of steps of within(f, …).
func (e *summarySearch) withinLen(f int32, memo map[int32]int64) int64 {
	if n, ok := memo[f]; ok {
		return n
	}
	var n int64
	for g := f; g >= 0 && n <= engine.MaxTraceSteps; g = e.facts[g].from {
		n++
		if fact := &e.facts[g]; fact.via != nil {
			n += e.withinLen(fact.exitF.fact, memo)
		}
	}
	memo[f] = n
	return n
}

// path rebuilds the execution from main's start to fact f: full states
// (the thread's frames on its stack) and the step before each.
func (e *summarySearch) path(f int32) ([]state, []stepInfo) {
	c := e.facts[f].ctx
	states, steps := e.reach(c)
	in, inSteps := e.within(f, e.stackOf(c))
	return append(states, in[1:]...), append(steps, inSteps[1:]...)
}

// reach is the execution from main's start to the entry of context c.
func (e *summarySearch) reach(c int32) ([]state, []stepInfo) {
	ctx := e.contexts[c]
	if ctx.creator == nil {
		return []state{e.facts[ctx.entry].st}, []stepInfo{{thread: -1, taken: -1}}
	}
	d := e.facts[ctx.creator.fact].ctx
	states, steps := e.reach(d)
	in, inSteps := e.within(ctx.creator.fact, e.stackOf(d))
	states, steps = append(states, in[1:]...), append(steps, inSteps[1:]...)
	states = append(states, withStack(&e.facts[ctx.entry].st, e.stackOf(c)))
	return states, append(steps, ctx.creator.info)
}

// stackOf is the stack of the thread while it runs in context c: the
// frames of the calls that created c and its creators.
func (e *summarySearch) stackOf(c int32) []frame {
	ctx := e.contexts[c]
	if ctx.creator == nil {
		return nil
	}
	return append(e.stackOf(e.facts[ctx.creator.fact].ctx), callerFrame(ctx.creator))
}

// callerFrame is the frame a call pushes.
func callerFrame(call *sumCall) frame {
	t := &call.c.threads[0]
	return frame{proc: t.proc, pc: t.pc, locals: t.locals}
}

// within is the execution in f's context from its entry to f, the
// thread's stack below it stack; the step before the entry is left
// for the caller to fill.
func (e *summarySearch) within(f int32, stack []frame) ([]state, []stepInfo) {
	var chain []int32
	for g := f; g >= 0; g = e.facts[g].from {
		chain = append(chain, g)
	}
	var states []state
	var steps []stepInfo
	for i := len(chain) - 1; i >= 0; i-- {
		fact := &e.facts[chain[i]]
		if call := fact.via; call != nil {
			// The call, the callee's execution to the exit, the return.
			inner := append(append([]frame(nil), stack...), callerFrame(call))
			in, inSteps := e.within(fact.exitF.fact, inner)
			inSteps[0] = call.info
			states, steps = append(states, in...), append(steps, inSteps...)
		}
		states = append(states, withStack(&fact.st, stack))
		steps = append(steps, fact.step)
	}
	return states, steps
}

// withStack is s (one thread, its stack empty) with stack under its
// frame.
func withStack(s *state, stack []frame) state {
	c := s.clone()
	if len(stack) > 0 {
		t := &c.threads[0]
		t.stack = make([]frame, len(stack))
		for k, f := range stack {
			f.locals = append([]val(nil), f.locals...)
			t.stack[k] = f
		}
	}
	return c
}

// explainSummaries words the summaries for a person (the certificate of
// the answer's page): each procedure entry, with its arguments and the
// globals it was entered with, and what each of its returns hands back.
func explainSummaries(prog *bp.Program, s *bp.Summaries) engine.Explanation {
	contexts, _, _ := s.Size()
	ex := engine.Explanation{Kind: "procedure summaries", Size: contexts, Unit: "procedure entries"}
	for _, c := range s.Contexts {
		if len(ex.Lines) == engine.MaxExplained {
			ex.Omitted = contexts - len(ex.Lines)
			break
		}
		p := prog.Procs[c.Entry.Proc]
		var args []string
		for _, slot := range p.Params {
			if slot < len(c.Entry.Locals) {
				args = append(args, p.Locals[slot].Name+"="+triWord(c.Entry.Locals[slot]))
			}
		}
		line := fmt.Sprintf("%s(%s) entered with %s", p.Name, strings.Join(args, ", "), triValues(prog.Globals, c.Entry.Globals))
		switch {
		case c.Entry.Proc == 0:
			line = fmt.Sprintf("%s, where the program starts, with %s", p.Name, triValues(prog.Globals, c.Entry.Globals))
		case len(c.Exits) == 0:
			line += ": never returns"
		}
		for i, x := range c.Exits {
			sep := ": returns"
			if i > 0 {
				sep = "; or returns"
			}
			var rs []string
			for _, r := range x.Results {
				rs = append(rs, triWord(r))
			}
			line += fmt.Sprintf("%s %s with %s", sep, strings.Join(rs, ", "), triValues(prog.Globals, x.Globals))
			line = strings.Replace(line, "returns  with", "returns with", 1)
		}
		ex.Lines = append(ex.Lines, line)
	}
	return ex
}

// triWord is a three-valued value as the traces write values: 0, 1, or *
// for any.
func triWord(t bp.Tri) string {
	switch t {
	case bp.True:
		return "1"
	case bp.False:
		return "0"
	}
	return "*"
}

// triValues are names=values, "no globals" for none.
func triValues(names []string, vs []bp.Tri) string {
	var out []string
	for i, v := range vs {
		if i < len(names) {
			out = append(out, names[i]+"="+triWord(v))
		}
	}
	if len(out) == 0 {
		return "no globals"
	}
	return strings.Join(out, " ")
}
