package interp

import (
	"github.com/bopgo/bopgo/bp"
)

// The one-step semantics. A step of one thread is a function of the
// state before it and of a resolution of its non-determinism: given both,
// the state after it is determined, or the step is not possible.
// Successors, and the judge's replay and checks, decide questions about
// steps by finding resolutions and running them through Apply, which
// alone says what a step does.

// Resolution fixes the non-determinism of one step of one thread.
type Resolution struct {
	Succ    int    // Goto: the index of the successor taken
	Choices []bool // the step's choices, by choice number
	// Passive, for a broadcast, has one entry per thread of the state
	// (nil for the active thread): that thread's own choices, or nil when
	// it cannot take the step (the monotone reading only; apply checks
	// that no choice of it could).
	Passive [][]bool
	// Spawn: the identity of the started thread; the values of its
	// locals that start non-deterministic, by slot (nil: all false); and
	// whether the thread bound suppresses the start. Call: fresh are the
	// callee's new frame's, as for a started thread.
	NewID    int
	Fresh    []bool
	Suppress bool
}

// Effect is what a step does under a resolution.
type Effect uint8

const (
	Blocked Effect = iota // the step cannot be taken with this resolution
	Moved                 // the step is taken; the state after it is returned
	Fails                 // the step is an assertion that fails
)

// Apply executes the step of thread ti of s under r. taken is a branch's
// outcome (1 then, 0 else) and -1 for other steps.
func (sem *Semantics) Apply(s *bp.State, ti int, r *Resolution) (next bp.State, eff Effect, taken int) {
	t := &s.Threads[ti]
	for k := range s.Threads {
		if k != ti && s.Threads[k].Atomic {
			return bp.State{}, Blocked, -1 // another thread is in an atomic section
		}
	}
	st := sem.Step(t)
	e := &Env{Globals: s.Globals, Locals: t.Locals, Choices: r.Choices}
	goTo := func(pc, taken int) (bp.State, Effect, int) {
		n := s.Clone()
		n.Threads[ti].PC = pc
		return n, Moved, taken
	}
	switch st.Kind {
	case bp.Skip:
		return goTo(st.Next, -1)
	case bp.Assume:
		if !e.Eval(st.Cond) {
			return bp.State{}, Blocked, -1
		}
		return goTo(st.Next, -1)
	case bp.Assert:
		if sem.label == "" && !e.Eval(st.Cond) {
			return bp.State{}, Fails, -1
		}
		return goTo(st.Next, -1) // with a label, assertions are not checked
	case bp.Branch:
		if e.Eval(st.Cond) {
			return goTo(st.Then, 1)
		}
		return goTo(st.Else, 0)
	case bp.Goto:
		if r.Succ < 0 || r.Succ >= len(st.Succs) {
			return bp.State{}, Blocked, -1
		}
		return goTo(st.Succs[r.Succ], -1)
	case bp.Assign:
		n, eff := sem.assign(s, ti, st, r)
		return n, eff, -1
	case bp.Spawn:
		n, eff := sem.spawn(s, ti, st, r)
		return n, eff, -1
	case bp.EndThread:
		n := s.Clone()
		n.Threads = append(n.Threads[:ti], n.Threads[ti+1:]...)
		return n, Moved, -1
	case bp.AtomicBegin, bp.AtomicEnd:
		n, eff, taken := goTo(st.Next, -1)
		n.Threads[ti].Atomic = st.Kind == bp.AtomicBegin
		return n, eff, taken
	case bp.Call:
		return sem.call(s, ti, st, r), Moved, -1
	case bp.Return:
		n, eff := sem.ret(s, ti, st, r)
		return n, eff, -1
	}
	panic("interp: unknown step kind")
}

// assign executes an assignment: the targets take their values at once,
// the constraint must hold between the old and new values, and for a
// broadcast every other thread takes the passive part.
func (sem *Semantics) assign(s *bp.State, ti int, st *bp.Step, r *Resolution) (bp.State, Effect) {
	n, ok := ActivePart(s, ti, st, r.Choices)
	if !ok {
		return bp.State{}, Blocked
	}
	if st.Broadcast() {
		for pj := range s.Threads {
			if pj == ti {
				continue
			}
			pe := sem.PassiveEnv(s, &n, ti, pj)
			var ch []bool
			if pj < len(r.Passive) {
				ch = r.Passive[pj]
			}
			if ch == nil {
				// The thread does not take the step: allowed only under
				// the monotone reading, and only when it cannot.
				if sem.reading == bp.Blocking || sem.PassiveCanTake(st, pe) {
					return bp.State{}, Blocked
				}
				continue
			}
			if !PassivePart(st, pe, ch, n.Threads[pj].Locals) {
				return bp.State{}, Blocked
			}
		}
	}
	n.Threads[ti].PC = st.Next
	return n, Moved
}

// ActivePart is s after the targets of assignment st of thread ti take
// their values for the choices ch, and whether its constraint holds there.
// The thread's pc is not moved.
func ActivePart(s *bp.State, ti int, st *bp.Step, ch []bool) (bp.State, bool) {
	n := s.Clone()
	t, nt := &s.Threads[ti], &n.Threads[ti]
	e := &Env{Globals: s.Globals, Locals: t.Locals, Choices: ch}
	vals := make([]bool, len(st.Values))
	for j, v := range st.Values {
		vals[j] = e.Eval(v)
	}
	for j, ref := range st.Targets {
		if ref.Scope == bp.Global {
			n.Globals[ref.Index] = vals[j]
		} else {
			nt.Locals[ref.Index] = vals[j]
		}
	}
	e.NewGlobals, e.NewLocals = n.Globals, nt.Locals
	return n, st.Constraint == nil || e.Eval(st.Constraint)
}

// PassiveEnv is the environment of passive thread pj's part of a
// broadcast by thread ti of s, whose active part led to n.
func (sem *Semantics) PassiveEnv(s, n *bp.State, ti, pj int) *Env {
	return &Env{
		Globals: s.Globals, Locals: s.Threads[ti].Locals,
		NewGlobals: n.Globals, NewLocals: n.Threads[ti].Locals,
		Passive: s.Threads[pj].Locals,
	}
}

// PassivePart writes a passive thread's targets into out (its locals
// after the step, which start as a copy of pe.pl) for its choices ch, and
// reports whether its constraint holds.
func PassivePart(st *bp.Step, pe *Env, ch, out []bool) bool {
	e := *pe
	e.Choices = ch
	vals := make([]bool, len(st.PassiveValues))
	for k, v := range st.PassiveValues {
		vals[k] = e.Eval(v)
	}
	for k, ref := range st.PassiveTargets {
		out[ref.Index] = vals[k]
	}
	if st.PassiveConstraint == nil {
		return true
	}
	e.NewPassive = out
	return e.Eval(st.PassiveConstraint)
}

// spawn executes a thread start.
func (sem *Semantics) spawn(s *bp.State, ti int, st *bp.Step, r *Resolution) (bp.State, Effect) {
	n := s.Clone()
	n.Threads[ti].PC = st.Next
	if r.Suppress {
		if sem.blockStarts {
			return bp.State{}, Blocked
		}
		return n, Moved
	}
	creator := &s.Threads[ti]
	p := sem.prog.Procs[st.SpawnProc]
	nt := bp.ThreadState{ID: r.NewID, Proc: st.SpawnProc, PC: st.SpawnPC, Locals: make([]bool, len(p.Locals))}
	if st.CopyLocals {
		copy(nt.Locals, creator.Locals)
	} else {
		if r.Fresh != nil {
			copy(nt.Locals, r.Fresh)
		}
		copy(nt.Locals, creator.Locals[:len(sem.prog.ThreadLocals)])
		e := &Env{Globals: s.Globals, Locals: creator.Locals, Choices: r.Choices}
		for j, a := range st.SpawnArgs {
			nt.Locals[p.Params[j]] = e.Eval(a)
		}
	}
	n.Threads = append(n.Threads, nt)
	return n, Moved
}

// FreshSlots are the locals of the thread a spawn step starts that begin
// non-deterministic: every local but the thread-locals and the
// parameters (none when the thread copies its creator's locals).
func (sem *Semantics) FreshSlots(st *bp.Step) []int {
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
func (sem *Semantics) call(s *bp.State, ti int, st *bp.Step, r *Resolution) bp.State {
	n := s.Clone()
	t := &n.Threads[ti]
	callee := sem.prog.Procs[st.Callee]
	e := &Env{Globals: s.Globals, Locals: s.Threads[ti].Locals, Choices: r.Choices}
	locals := make([]bool, len(callee.Locals))
	if r.Fresh != nil {
		copy(locals, r.Fresh)
	}
	copy(locals, t.Locals[:len(sem.prog.ThreadLocals)])
	for j, a := range st.Args {
		locals[callee.Params[j]] = e.Eval(a)
	}
	t.Stack = append(t.Stack, bp.CallFrame{Proc: t.Proc, PC: t.PC, Locals: t.Locals})
	t.Proc, t.PC, t.Locals = st.Callee, callee.Entry, locals
	return n
}

// ret executes a Return step: the thread leaves the callee for the frame
// on top of its stack, which takes back the thread-locals and, in the
// call's RetTargets, the returned values.
func (sem *Semantics) ret(s *bp.State, ti int, st *bp.Step, r *Resolution) (bp.State, Effect) {
	t := &s.Threads[ti]
	if len(t.Stack) == 0 {
		return bp.State{}, Blocked // a return without a caller: not a step of any execution
	}
	e := &Env{Globals: s.Globals, Locals: t.Locals, Choices: r.Choices}
	vals := make([]bool, len(st.Values))
	for j, v := range st.Values {
		vals[j] = e.Eval(v)
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
	return n, Moved
}
