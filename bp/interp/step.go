package interp

import (
	"github.com/bopgo/bopgo/bp"
)

// The one-step semantics. A step of one thread is a function of the
// state before it and of a resolution of its non-determinism: given both,
// the state after it is determined, or the step is not possible. Every
// other function of this package (Replay, Concretize, Successors, the
// Stepper) decides a question about steps by finding resolutions and then
// runs them through apply, which alone says what a step does.

// resolution fixes the non-determinism of one step of one thread.
type resolution struct {
	succ int    // Goto: the index of the successor taken
	ch   []bool // the step's choices, by choice number
	// passive, for a broadcast, has one entry per thread of the state
	// (nil for the active thread): that thread's own choices, or nil when
	// it cannot take the step (the monotone reading only; apply checks
	// that no choice of it could).
	passive [][]bool
	// Spawn: the identity of the started thread; the values of its
	// locals that start non-deterministic, by slot (nil: all false); and
	// whether the thread bound suppresses the start. Call: fresh are the
	// callee's new frame's, as for a started thread.
	newID    int
	fresh    []bool
	suppress bool
}

// effect is what a step does under a resolution.
type effect uint8

const (
	blocked effect = iota // the step cannot be taken with this resolution
	moved                 // the step is taken; the state after it is returned
	fails                 // the step is an assertion that fails
)

// apply executes the step of thread ti of s under r. taken is a branch's
// outcome (1 then, 0 else) and -1 for other steps.
func (sem *Semantics) apply(s *bp.State, ti int, r *resolution) (next bp.State, eff effect, taken int) {
	t := &s.Threads[ti]
	for k := range s.Threads {
		if k != ti && s.Threads[k].Atomic {
			return bp.State{}, blocked, -1 // another thread is in an atomic section
		}
	}
	st := sem.step(t)
	e := &env{g: s.Globals, l: t.Locals, ch: r.ch}
	goTo := func(pc, taken int) (bp.State, effect, int) {
		n := s.Clone()
		n.Threads[ti].PC = pc
		return n, moved, taken
	}
	switch st.Kind {
	case bp.Skip:
		return goTo(st.Next, -1)
	case bp.Assume:
		if !e.eval(st.Cond) {
			return bp.State{}, blocked, -1
		}
		return goTo(st.Next, -1)
	case bp.Assert:
		if sem.label == "" && !e.eval(st.Cond) {
			return bp.State{}, fails, -1
		}
		return goTo(st.Next, -1) // with a label, assertions are not checked
	case bp.Branch:
		if e.eval(st.Cond) {
			return goTo(st.Then, 1)
		}
		return goTo(st.Else, 0)
	case bp.Goto:
		if r.succ < 0 || r.succ >= len(st.Succs) {
			return bp.State{}, blocked, -1
		}
		return goTo(st.Succs[r.succ], -1)
	case bp.Assign:
		n, eff := sem.assign(s, ti, st, r)
		return n, eff, -1
	case bp.Spawn:
		n, eff := sem.spawn(s, ti, st, r)
		return n, eff, -1
	case bp.EndThread:
		n := s.Clone()
		n.Threads = append(n.Threads[:ti], n.Threads[ti+1:]...)
		return n, moved, -1
	case bp.AtomicBegin, bp.AtomicEnd:
		n, eff, taken := goTo(st.Next, -1)
		n.Threads[ti].Atomic = st.Kind == bp.AtomicBegin
		return n, eff, taken
	case bp.Call:
		return sem.call(s, ti, st, r), moved, -1
	case bp.Return:
		n, eff := sem.ret(s, ti, st, r)
		return n, eff, -1
	}
	panic("interp: unknown step kind")
}

// assign executes an assignment: the targets take their values at once,
// the constraint must hold between the old and new values, and for a
// broadcast every other thread takes the passive part.
func (sem *Semantics) assign(s *bp.State, ti int, st *bp.Step, r *resolution) (bp.State, effect) {
	n, ok := activePart(s, ti, st, r.ch)
	if !ok {
		return bp.State{}, blocked
	}
	if st.Broadcast() {
		for pj := range s.Threads {
			if pj == ti {
				continue
			}
			pe := sem.passiveEnv(s, &n, ti, pj)
			var ch []bool
			if pj < len(r.passive) {
				ch = r.passive[pj]
			}
			if ch == nil {
				// The thread does not take the step: allowed only under
				// the monotone reading, and only when it cannot.
				if sem.reading == bp.Blocking || sem.passiveCanTake(st, pe) {
					return bp.State{}, blocked
				}
				continue
			}
			if !passivePart(st, pe, ch, n.Threads[pj].Locals) {
				return bp.State{}, blocked
			}
		}
	}
	n.Threads[ti].PC = st.Next
	return n, moved
}

// activePart is s after the targets of assignment st of thread ti take
// their values for the choices ch, and whether its constraint holds there.
// The thread's pc is not moved.
func activePart(s *bp.State, ti int, st *bp.Step, ch []bool) (bp.State, bool) {
	n := s.Clone()
	t, nt := &s.Threads[ti], &n.Threads[ti]
	e := &env{g: s.Globals, l: t.Locals, ch: ch}
	vals := make([]bool, len(st.Values))
	for j, v := range st.Values {
		vals[j] = e.eval(v)
	}
	for j, ref := range st.Targets {
		if ref.Scope == bp.Global {
			n.Globals[ref.Index] = vals[j]
		} else {
			nt.Locals[ref.Index] = vals[j]
		}
	}
	e.ng, e.nl = n.Globals, nt.Locals
	return n, st.Constraint == nil || e.eval(st.Constraint)
}

// passiveEnv is the environment of passive thread pj's part of a
// broadcast by thread ti of s, whose active part led to n.
func (sem *Semantics) passiveEnv(s, n *bp.State, ti, pj int) *env {
	return &env{
		g: s.Globals, l: s.Threads[ti].Locals,
		ng: n.Globals, nl: n.Threads[ti].Locals,
		pl: s.Threads[pj].Locals,
	}
}

// passivePart writes a passive thread's targets into out (its locals
// after the step, which start as a copy of pe.pl) for its choices ch, and
// reports whether its constraint holds.
func passivePart(st *bp.Step, pe *env, ch, out []bool) bool {
	e := *pe
	e.ch = ch
	vals := make([]bool, len(st.PassiveValues))
	for k, v := range st.PassiveValues {
		vals[k] = e.eval(v)
	}
	for k, ref := range st.PassiveTargets {
		out[ref.Index] = vals[k]
	}
	if st.PassiveConstraint == nil {
		return true
	}
	e.pnl = out
	return e.eval(st.PassiveConstraint)
}

// spawn executes a thread start.
func (sem *Semantics) spawn(s *bp.State, ti int, st *bp.Step, r *resolution) (bp.State, effect) {
	n := s.Clone()
	n.Threads[ti].PC = st.Next
	if r.suppress {
		if sem.blockStarts {
			return bp.State{}, blocked
		}
		return n, moved
	}
	creator := &s.Threads[ti]
	p := sem.prog.Procs[st.SpawnProc]
	nt := bp.ThreadState{ID: r.newID, Proc: st.SpawnProc, PC: st.SpawnPC, Locals: make([]bool, len(p.Locals))}
	if st.CopyLocals {
		copy(nt.Locals, creator.Locals)
	} else {
		if r.fresh != nil {
			copy(nt.Locals, r.fresh)
		}
		copy(nt.Locals, creator.Locals[:len(sem.prog.ThreadLocals)])
		e := &env{g: s.Globals, l: creator.Locals, ch: r.ch}
		for j, a := range st.SpawnArgs {
			nt.Locals[p.Params[j]] = e.eval(a)
		}
	}
	n.Threads = append(n.Threads, nt)
	return n, moved
}

// freshSlots are the locals of the thread a spawn step starts that begin
// non-deterministic: every local but the thread-locals and the
// parameters (none when the thread copies its creator's locals).
func (sem *Semantics) freshSlots(st *bp.Step) []int {
	if st.CopyLocals {
		return nil
	}
	p := sem.prog.Procs[st.SpawnProc]
	param := map[int]bool{}
	for _, i := range p.Params {
		param[i] = true
	}
	var out []int
	for i := len(sem.prog.ThreadLocals); i < len(p.Locals); i++ {
		if !param[i] {
			out = append(out, i)
		}
	}
	return out
}

// call executes a Call step: the thread's frame goes on its stack, and it
// enters the callee with a new frame (the parameters the arguments, the
// thread-locals the caller's, every other local non-deterministic).
func (sem *Semantics) call(s *bp.State, ti int, st *bp.Step, r *resolution) bp.State {
	n := s.Clone()
	t := &n.Threads[ti]
	callee := sem.prog.Procs[st.Callee]
	e := &env{g: s.Globals, l: s.Threads[ti].Locals, ch: r.ch}
	locals := make([]bool, len(callee.Locals))
	if r.fresh != nil {
		copy(locals, r.fresh)
	}
	copy(locals, t.Locals[:len(sem.prog.ThreadLocals)])
	for j, a := range st.Args {
		locals[callee.Params[j]] = e.eval(a)
	}
	t.Stack = append(t.Stack, bp.CallFrame{Proc: t.Proc, PC: t.PC, Locals: t.Locals})
	t.Proc, t.PC, t.Locals = st.Callee, callee.Entry, locals
	return n
}

// ret executes a Return step: the thread leaves the callee for the frame
// on top of its stack, which takes back the thread-locals and, in the
// call's RetTargets, the returned values.
func (sem *Semantics) ret(s *bp.State, ti int, st *bp.Step, r *resolution) (bp.State, effect) {
	t := &s.Threads[ti]
	if len(t.Stack) == 0 {
		return bp.State{}, blocked // a return without a caller: not a step of any execution
	}
	e := &env{g: s.Globals, l: t.Locals, ch: r.ch}
	vals := make([]bool, len(st.Values))
	for j, v := range st.Values {
		vals[j] = e.eval(v)
	}
	n := s.Clone()
	nt := &n.Threads[ti]
	f := nt.Stack[len(nt.Stack)-1]
	nt.Stack = nt.Stack[:len(nt.Stack)-1]
	if len(nt.Stack) == 0 {
		nt.Stack = nil
	}
	old := f.Locals
	copy(old, t.Locals[:len(sem.prog.ThreadLocals)])
	locals := append([]bool(nil), old...)
	callStep := &sem.prog.Procs[f.Proc].Steps[f.PC]
	for j, ref := range callStep.RetTargets {
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			n.Globals[ref.Index] = vals[j]
		default:
			locals[ref.Index] = vals[j]
		}
	}
	nt.Proc, nt.PC, nt.Locals = f.Proc, callStep.Next, locals
	return n, moved
}
