package symbolic

import (
	"context"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// unsafe is the answer for a bug at node end of the reach space (fail: its
// assertion fails), with its counterexample; when that would have more
// than engine.MaxTraceSteps steps, no answer (engine.TraceTooLong).
func (x *sumSearch) unsafe(end int, fail bool, why string) engine.Result {
	if n := x.walkLen(x.reach, end, map[walkKey]int64{}); n > engine.MaxTraceSteps {
		return engine.TraceTooLong(why, n)
	}
	return engine.Result{Verdict: engine.Unsafe, Reason: why, Evidence: &engine.Execution{Trace: x.trace(end, fail)}}
}

// walkKey is a node of a space, for walkLen's memo.
type walkKey struct {
	s    *sumSpace
	node int
}

// walkLen is the number of steps walk appends for node end of space s,
// counted without evaluating anything, saturating past engine.MaxTraceSteps.
func (x *sumSearch) walkLen(s *sumSpace, end int, memo map[walkKey]int64) int64 {
	k := walkKey{s, end}
	if n, ok := memo[k]; ok {
		return n
	}
	var n int64
	for i := end; i >= 0 && n <= engine.MaxTraceSteps; i = s.nodes[i].parent {
		if s.nodes[i].parent < 0 {
			break // the root: no step leads to it
		}
		n++
		if link := s.links[i]; link.kind == linkReturn {
			callee := x.spaces[link.callee]
			n += 1 + x.walkLen(callee, callee.exits[link.exit].node, memo)
		}
	}
	memo[k] = n
	return n
}

// trace is the counterexample of the summary search ending at node end of
// the reach space, under the solver's last model (of end's guard, or of
// its failing assertion if fail). The reach space's path is evaluated
// under the model; a call that returned through an exit expands into the
// callee's own path to that exit, whose choices one SAT question finds
// from the entry and exit values the call used (sumLink's entry and
// took; innerValues), recursively, with the caller's frame on the stack;
// a descent pushes the caller's frame for good. No second search builds
// the trace, and bp/interp replays it like any other.
func (x *sumSearch) trace(end int, fail bool) *bp.Trace {
	c := x.enc.C
	vs := make([]bool, c.Len())
	for _, i := range c.InPos(nil) {
		vs[i] = x.value(z.Var(i).Pos())
	}
	c.Eval(vs)
	tb := &traceBuilder{x: x}
	final := tb.walk(x.reach, end, vs, nil)
	tr := &bp.Trace{Kind: bp.LabelReached, Steps: tb.steps, Final: final}
	x.atomicFlags(tr)
	if fail {
		n := &x.reach.nodes[end]
		tr.Kind = bp.AssertionFails
		tr.Steps = append(tr.Steps, bp.TraceStep{Thread: n.st.Threads[0].ID, Proc: n.st.Threads[0].Proc, PC: n.st.Threads[0].PC, Before: final, Taken: -1})
	}
	return tr
}

// atomicFlags sets the thread's atomic flag in every state of tr from
// the steps before it: with one thread the flag changes nothing, so the
// summaries do not keep it across calls (a callee is explored from
// entries without it), but replay compares it.
func (x *sumSearch) atomicFlags(tr *bp.Trace) {
	atomic := false
	for k := range tr.Steps {
		s := &tr.Steps[k]
		s.Before.Threads[0].Atomic = atomic
		switch x.prob.Prog.Procs[s.Proc].Steps[s.PC].Kind {
		case bp.AtomicBegin:
			atomic = true
		case bp.AtomicEnd:
			atomic = false
		}
	}
	tr.Final.Threads[0].Atomic = atomic
}

// traceBuilder collects the steps of a counterexample.
type traceBuilder struct {
	x     *sumSearch
	steps []bp.TraceStep
}

// walk appends the steps from the root of space s to its node end, the
// values vs (indexed by variable, every gate evaluated), the frames stack
// under the thread's; it returns the concrete state at end.
func (tb *traceBuilder) walk(s *sumSpace, end int, vs []bool, stack []bp.CallFrame) bp.State {
	var path []int
	for i := end; i >= 0; i = s.nodes[i].parent {
		path = append(path, i)
	}
	stack = append([]bp.CallFrame(nil), stack...)
	cur := concreteFrame(&s.nodes[path[len(path)-1]], vs, stack)
	for j := len(path) - 2; j >= 0; j-- {
		n := &s.nodes[path[j]]
		link := s.links[path[j]]
		t := &cur.Threads[0]
		tb.steps = append(tb.steps, bp.TraceStep{Thread: t.ID, Proc: t.Proc, PC: t.PC, Before: cur, Taken: link.taken})
		caller := bp.CallFrame{Proc: t.Proc, PC: t.PC, Locals: append([]bool(nil), t.Locals...)}
		switch link.kind {
		case linkDescent:
			stack = append(stack, caller)
		case linkReturn:
			callee := tb.x.spaces[link.callee]
			inner := tb.x.innerValues(callee, &callee.exits[link.exit], &link, vs)
			ret := &callee.nodes[callee.exits[link.exit].node]
			before := tb.walk(callee, callee.exits[link.exit].node, inner, append(stack, caller))
			tb.steps = append(tb.steps, bp.TraceStep{Thread: t.ID, Proc: ret.proc, PC: ret.pc, Before: before, Taken: -1})
		}
		cur = concreteFrame(n, vs, stack)
	}
	return cur
}

// innerValues are values of the callee's inputs for its own path to
// exit ex, agreeing with the call: the call fixed the entry and the exit
// values it took (link, evaluated under vs); the solver finds the choices
// of the plain path to the Return (its guard, its entry and values equal
// to those), which exist since the compact exit the call copied is the
// projection of the plain one. Every gate is evaluated.
func (x *sumSearch) innerValues(callee *sumSpace, ex *sumExit, link *sumLink, vs []bool) []bool {
	c := x.enc.C
	q := ex.plain.guard
	plain := ex.plain.slots(callee.entryVals)
	given := append(append([]z.Lit(nil), link.entry...), link.took...)
	for i, m := range plain {
		if m == z.LitNull || given[i] == z.LitNull {
			continue
		}
		if vs[given[i].Var()] != given[i].IsPos() {
			m = m.Not()
		}
		q = c.And(q, m)
	}
	x.solve(context.Background(), q)
	inner := make([]bool, c.Len())
	for _, i := range c.InPos(nil) {
		inner[i] = x.value(z.Var(i).Pos())
	}
	c.Eval(inner)
	return inner
}

// concreteFrame is node n's state under vs, the frames stack under its
// thread's; a dead local shows 0 (any value replays).
func concreteFrame(n *symNode, vs []bool, stack []bp.CallFrame) bp.State {
	value := func(m z.Lit) bool { return m != z.LitNull && vs[m.Var()] == m.IsPos() }
	out := bp.State{Globals: make([]bool, len(n.st.Globals))}
	for i, m := range n.st.Globals {
		out.Globals[i] = value(m)
	}
	t := &n.st.Threads[0]
	ct := bp.ThreadState{ID: t.ID, Proc: t.Proc, PC: t.PC, Atomic: t.Atomic, Locals: make([]bool, len(t.Locals))}
	for i, m := range t.Locals {
		ct.Locals[i] = value(m)
	}
	if len(stack) > 0 {
		ct.Stack = make([]bp.CallFrame, len(stack))
		for k, f := range stack {
			f.Locals = append([]bool(nil), f.Locals...)
			ct.Stack[k] = f
		}
	}
	out.Threads = []bp.ThreadState{ct}
	return out
}
