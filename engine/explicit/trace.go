package explicit

import (
	"context"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// path returns the states from the initial one to node end, and the
// steps between them (steps[j] led to states[j]; steps[0] is none), the
// steps rebuilt from each state's parent (rebuildStep) with those inside
// atomic sections. It returns nil when the search's context ends first:
// rebuilding a step runs the moves of its state again, and a path of
// millions of steps (deepcount-d18-bug: 5.5 million) takes longer than
// the search that found it.
//
// A state whose globals equal its predecessor's shares their slice: the
// path is read only, and most steps of a long one write no global.
func (e *search) path(end int32) ([]state, []stepInfo) {
	e.phase("building a counterexample") // until the root checks it, or the search goes on (violation)
	n := 0
	for i := end; i >= 0; i = e.parents[i] {
		n++
	}
	nodes := make([]int32, 0, n)
	for i := end; i >= 0; i = e.parents[i] {
		nodes = append(nodes, i)
	}
	states := make([]state, 1, n)
	steps := make([]stepInfo, 1, n)
	states[0], steps[0] = e.states.state(nodes[n-1]), stepInfo{thread: -1, taken: -1}
	// from is the stored state the next move is rebuilt from, as the
	// search decoded it (its dead globals X, which the move's run may
	// depend on: yields.go); the path shows it with the run's globals.
	from := states[0]
	for j := n - 2; j >= 0; j-- {
		if e.stoppedAt(j) {
			return nil, nil
		}
		links, s := e.rebuildStep(&from, nodes[j])
		if links == nil {
			panic(fmt.Sprintf("explicit: no move of node %d's state stores node %d", nodes[j+1], nodes[j]))
		}
		from = s
		for _, l := range links[:len(links)-1] {
			states, steps = append(states, l.s), append(steps, l.info)
		}
		// The stored state, as before: its dead locals are X. Its
		// globals are the run's, before the store forgot the dead ones:
		// a step's write of a global that no thread reads again shows
		// the value written (keepForgottenGlobals keeps it after).
		if run := links[len(links)-1].s.globals; !slices.Equal(run, s.globals) {
			s.globals = slices.Clone(run)
		}
		if prev := &states[len(states)-1]; slices.Equal(prev.globals, s.globals) {
			s.globals = prev.globals
		}
		states, steps = append(states, s), append(steps, links[len(links)-1].info)
	}
	return states, steps
}

// unsafeOrStopped is the Unsafe result for reason with the trace tr, or,
// when building tr was stopped (nil), the result of a search ctx stopped.
func unsafeOrStopped(ctx context.Context, reason string, tr *bp.Trace) *engine.Result {
	if tr == nil {
		r := engine.Stopped(ctx)
		return &r
	}
	return &engine.Result{Verdict: engine.Unsafe, Reason: reason, Evidence: &engine.Execution{Trace: tr}}
}

// stoppedAt reports, at step j of a path and every 1024 steps only,
// whether the search's context has ended.
func (x *stepper) stoppedAt(j int) bool {
	return j%1024 == 0 && x.ctx != nil && x.ctx.Err() != nil
}

// phase tells Options.Phase what the search does.
func (e *search) phase(what string) {
	if e.opts.Phase != nil {
		e.opts.Phase(what)
	}
}

// buildTrace makes the path of three-valued states (steps[j] the step
// that led from states[j-1] to states[j]) a concrete trace; fail, if not
// nil, is a failing assertion executed from the last state. It returns
// nil as soon as stopped(j) is true at a step j (path says why it looks).
func buildTrace(prog *bp.Program, states []state, steps []stepInfo, fail *stepInfo, stopped func(j int) bool) *bp.Trace {
	path := states
	concrete := make([]bp.State, len(path))
	// The last state: its X values are read by the failing step or free.
	concrete[len(path)-1] = resolve(&states[len(path)-1], fail, nil)
	for j := len(path) - 1; j > 0; j-- {
		if stopped(j) {
			return nil
		}
		concrete[j-1] = resolve(&states[j-1], &steps[j], &concrete[j])
	}
	if !keepForgotten(prog, states, steps, concrete, stopped) ||
		!keepForgottenGlobals(prog, states, steps, concrete, stopped) {
		return nil
	}
	tr := &bp.Trace{Kind: bp.LabelReached, Steps: make([]bp.TraceStep, 0, len(path))}
	for j := 1; j < len(path); j++ {
		if stopped(j) {
			return nil
		}
		info := steps[j]
		tr.Steps = append(tr.Steps, bp.TraceStep{
			Thread: int(info.thread), Proc: int(info.proc), PC: int(info.pc),
			Before: concrete[j-1], Taken: int(info.taken), Suppressed: info.suppressed,
		})
	}
	tr.Final = concrete[len(concrete)-1]
	if fail != nil {
		tr.Kind = bp.AssertionFails
		tr.Steps = append(tr.Steps, bp.TraceStep{
			Thread: int(fail.thread), Proc: int(fail.proc), PC: int(fail.pc),
			Before: tr.Final, Taken: -1,
		})
	}
	return tr
}

// keepForgotten makes a local that the engine forgot because it is dead
// show the value it last had, instead of a value from the future: a dead
// local is never read again, so any value replays, and this one is the
// value a person expects to see. It returns false, with the work
// unfinished, when stopped(j) is true at a step j.
func keepForgotten(prog *bp.Program, states []state, steps []stepInfo, concrete []bp.State, stopped func(j int) bool) bool {
	for j := 1; j < len(states); j++ {
		if stopped(j) {
			return false
		}
		prev, cur := &states[j-1], &states[j]
		info := steps[j]
		st := &prog.Procs[info.proc].Steps[info.pc]
		for _, t := range cur.threads {
			pi := prev.find(t.id)
			if pi < 0 || prev.threads[pi].proc != t.proc || len(prev.threads[pi].stack) != len(t.stack) {
				continue
			}
			pt := &prev.threads[pi]
			ct := concrete[j].Thread(int(t.id))
			cp := concrete[j-1].Thread(int(t.id))
			for i, v := range t.locals {
				if v != vX || writesLocal(st, info.thread, t.id, i) {
					continue
				}
				// Forgotten now, or forgotten earlier and untouched since.
				if pt.locals[i] != vX || forgotten(prog, states, steps, j-1, t.id, i) {
					ct.Locals[i] = cp.Locals[i]
				}
			}
		}
	}
	return true
}

// keepForgottenGlobals does for globals what keepForgotten does for
// locals: a global that the store forgot because no thread had it live
// (bp.Program.GlobalLive) keeps, in the trace, the value it last had
// until a step writes it. Without this its X took a value from the
// future, and the trace showed it change under a step that does not
// write it, which the judge refuses.
func keepForgottenGlobals(prog *bp.Program, states []state, steps []stepInfo, concrete []bp.State, stopped func(j int) bool) bool {
	if len(states) == 0 {
		return true
	}
	kept := make([]bool, len(states[0].globals)) // X now, and forgotten
	nKept := 0
	written := bp.NewBits(len(prog.Globals))
	for j := 1; j < len(states); j++ {
		if stopped(j) {
			return false
		}
		prev, cur := &states[j-1], &states[j]
		if nKept == 0 && len(cur.globals) > 0 && &cur.globals[0] == &prev.globals[0] {
			continue // the same values (path shares them), none forgotten
		}
		known := false // written holds step j's writes
		nKept = 0
		for i, v := range cur.globals {
			if v != vX || (prev.globals[i] == vX && !kept[i]) {
				kept[i] = false
				continue
			}
			if !known {
				globalsWritten(prog, prev, steps[j], written)
				known = true
			}
			kept[i] = !written.Has(i)
			if kept[i] {
				nKept++
			}
			if kept[i] && concrete[j].Globals[i] != concrete[j-1].Globals[i] {
				// resolve may share one array between states: copy first.
				concrete[j].Globals = slices.Clone(concrete[j].Globals)
				concrete[j].Globals[i] = concrete[j-1].Globals[i]
			}
		}
	}
	return true
}

// globalsWritten sets w to the globals the step info writes from prev:
// an assignment's targets, or a return's targets in its caller's call.
func globalsWritten(prog *bp.Program, prev *state, info stepInfo, w bp.Bits) {
	clear(w)
	if info.thread < 0 {
		return
	}
	st := &prog.Procs[info.proc].Steps[info.pc]
	targets := st.Targets
	if st.Kind == bp.Return {
		targets = nil
		if ti := prev.find(info.thread); ti >= 0 && len(prev.threads[ti].stack) > 0 {
			f := prev.threads[ti].stack[len(prev.threads[ti].stack)-1]
			targets = prog.Procs[f.proc].Steps[f.pc].RetTargets
		}
	}
	for _, r := range targets {
		if r.Scope == bp.Global && r.Index >= 0 {
			w.Add(r.Index)
		}
	}
}

// forgotten reports whether local i of thread id holds, in the state at
// states[j], an X that came from forgetting a concrete value (not a fresh
// non-deterministic one); steps[j] produced states[j].
func forgotten(prog *bp.Program, states []state, steps []stepInfo, j int, id int32, i int) bool {
	for ; j > 0; j-- {
		prev, cur := &states[j-1], &states[j]
		ci, pi := cur.find(id), prev.find(id)
		if ci < 0 || pi < 0 || !sameFrame(&cur.threads[ci], &prev.threads[pi]) || cur.threads[ci].locals[i] != vX {
			return false
		}
		info := steps[j]
		if info.thread >= 0 && writesLocal(&prog.Procs[info.proc].Steps[info.pc], info.thread, id, i) {
			return false // written: a fresh value
		}
		if prev.threads[pi].locals[i] != vX {
			return true
		}
	}
	return false
}

// resolve turns abstract state s into a concrete one. An X that the next
// step split takes the value it was split into; any other X is the same
// unread value in the next state (or was overwritten, or is dead), so it
// takes the next state's concrete value, or 0 when that slot is gone.
func resolve(s *state, step *stepInfo, next *bp.State) bp.State {
	out := bp.State{Globals: make([]bool, len(s.globals))}
	for i, v := range s.globals {
		switch {
		case v != vX:
			out.Globals[i] = v == v1
		case step != nil && step.split(true, -1, i) >= 0:
			out.Globals[i] = step.split(true, -1, i) == 1
		case next != nil:
			out.Globals[i] = next.Globals[i]
		}
	}
	if next != nil && slices.Equal(out.Globals, next.Globals) {
		out.Globals = next.Globals // read only (bp.Trace), and a long path mostly writes no global
	}
	for _, t := range s.threads {
		ct := bp.ThreadState{ID: int(t.id), Proc: int(t.proc), PC: int(t.pc), Atomic: t.atomic, Locals: make([]bool, len(t.locals))}
		var nt *bp.ThreadState
		if next != nil {
			nt = next.Thread(int(t.id))
		}
		for i, v := range t.locals {
			switch {
			case v != vX:
				ct.Locals[i] = v == v1
			case step != nil && step.split(false, t.id, i) >= 0:
				ct.Locals[i] = step.split(false, t.id, i) == 1
			default:
				ct.Locals[i] = frameValue(nt, len(t.stack), int(t.proc), i)
			}
		}
		for k, f := range t.stack {
			cf := bp.CallFrame{Proc: int(f.proc), PC: int(f.pc), Locals: make([]bool, len(f.locals))}
			for i, v := range f.locals {
				if v != vX {
					cf.Locals[i] = v == v1
				} else {
					cf.Locals[i] = frameValue(nt, k, int(f.proc), i)
				}
			}
			ct.Stack = append(ct.Stack, cf)
		}
		out.Threads = append(out.Threads, ct)
	}
	return out
}

// frameValue is the value of local slot i in frame depth (0 the
// outermost) of thread t of the next state, when that frame runs proc:
// an X of the state before that no step read is that same value then
// (the frames below the one a step runs in do not change, and a call or
// a return moves the depth of one frame only). Otherwise any value does,
// and it is false.
func frameValue(t *bp.ThreadState, depth, proc, i int) bool {
	switch {
	case t == nil:
		return false
	case depth < len(t.Stack):
		if f := &t.Stack[depth]; f.Proc == proc {
			return f.Locals[i]
		}
	case depth == len(t.Stack) && t.Proc == proc:
		return t.Locals[i]
	}
	return false
}

// split returns the value an X slot was split into by this step, or -1.
func (si *stepInfo) split(global bool, thread int32, slot int) int {
	for _, c := range si.conc {
		if c.global == global && int(c.slot) == slot && (global || c.thread == thread) {
			return int(c.v)
		}
	}
	return -1
}

// writesLocal reports whether step st, run by thread active, writes local
// slot i of thread id: as a target of the running thread, or as a passive
// target of a broadcast in every other thread.
func writesLocal(st *bp.Step, active, id int32, i int) bool {
	targets := st.Targets
	if id != active {
		targets = st.PassiveTargets
	}
	for _, r := range targets {
		if r.Scope == bp.Local && r.Index == i {
			return true
		}
	}
	return false
}

// sameFrame reports whether t and u run in a frame of the same proc at
// the same depth of their stacks.
func sameFrame(t, u *thread) bool { return t.proc == u.proc && len(t.stack) == len(u.stack) }
