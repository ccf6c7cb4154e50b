package explicit

import (
	"context"
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// stepper executes single steps on three-valued states (state.go), the
// search's own definition of a step. bp/interp's reference semantics is
// another, written separately; replaying every counterexample there
// checks this one.
type stepper struct {
	ctx   context.Context // checked while a wide step is enumerated
	prog  *bp.Program
	an    *analysis
	bound int // live threads; a start beyond it is suppressed
	// boundHit is set when a start was suppressed.
	boundHit bool
	// maxStack bounds a thread's stack of calls of recursive functions
	// (0: no bound); a call beyond it is not taken, and stackHit says so.
	maxStack int
	stackHit bool
	// err is set when a step cannot be executed explicitly (too many
	// joint choices), or ctx ended while it was.
	err error
	// arena holds the successors' arrays; nil: the heap.
	arena *arena
}

// interrupted reports, every 4096 outcomes of a step, whether the
// search's context has ended: enumerating a step of 22 choices takes
// seconds, which a time limit must not wait for.
func (x *stepper) interrupted(n int) bool {
	if n&0xfff != 0xfff || x.ctx == nil {
		return false
	}
	if err := x.ctx.Err(); err != nil {
		x.err = err
		return true
	}
	return false
}

// emitFunc receives one successor: the state, the index of the thread that
// moved (-1 if it ended), the index of a new thread (-1 if none), and the
// step's record.
type emitFunc func(s state, moved, created int, info stepInfo)

// exec runs the step of thread ti in s, whose reads are all concrete, and
// emits every successor. It reports whether the step can violate an
// assertion (only when asserts are the property).
func (x *stepper) exec(s *state, ti int, info stepInfo, emit emitFunc) (assertFails bool) {
	th := &s.threads[ti]
	proc := x.prog.Procs[th.proc]
	st := &proc.Steps[th.pc]
	ev := &env{g: s.globals, l: th.locals, ch: make([]bool, st.Choices)}
	info.thread, info.proc, info.pc, info.taken = th.id, th.proc, th.pc, -1
	goTo := func(pc int, taken int8) {
		c := s.cloneFor(ti, x.arena)
		c.threads[ti].pc = int32(pc)
		info.taken = taken
		emit(c, ti, -1, info)
	}
	switch st.Kind {
	case bp.Skip:
		goTo(st.Next, -1)
	case bp.Assume:
		if ev.possible(st.Cond)&2 != 0 {
			goTo(st.Next, -1)
		}
	case bp.Assert:
		if x.an.label != "" {
			goTo(st.Next, -1) // with -l, assertions are not checked
			return false
		}
		// The executions whose choices make the condition false fail;
		// those whose choices make it true go on (with `*` in the
		// condition there can be both).
		p := ev.possible(st.Cond)
		if p&2 != 0 {
			goTo(st.Next, -1)
		}
		return p&1 != 0
	case bp.Branch:
		p := ev.possible(st.Cond)
		if p&2 != 0 {
			goTo(st.Then, 1)
		}
		if p&1 != 0 {
			goTo(st.Else, 0)
		}
	case bp.Goto:
		for _, succ := range st.Succs {
			goTo(succ, -1)
		}
	case bp.Assign:
		if st.Broadcast() {
			x.broadcast(s, ti, st, info, emit)
		} else {
			x.assign(s, ti, st, info, emit)
		}
	case bp.Spawn:
		x.spawn(s, ti, st, info, emit)
	case bp.EndThread:
		c := s.cloneFor(ti, x.arena)
		c.threads = append(c.threads[:ti], c.threads[ti+1:]...)
		emit(c, -1, -1, info)
	case bp.AtomicBegin, bp.AtomicEnd:
		c := s.cloneFor(ti, x.arena)
		c.threads[ti].atomic = st.Kind == bp.AtomicBegin
		c.threads[ti].pc = int32(st.Next)
		emit(c, ti, -1, info)
	case bp.Call:
		if x.maxStack > 0 && len(th.stack) >= x.maxStack {
			x.stackHit = true
			return false
		}
		emit(x.call(s, ti, st, ev), ti, -1, info)
	case bp.Return:
		if len(th.stack) == 0 {
			return false // a return without a caller: not a step of any execution
		}
		emit(x.ret(s, ti, st, ev), ti, -1, info)
	}
	return false
}

func (x *stepper) assign(s *state, ti int, st *bp.Step, info stepInfo, emit emitFunc) {
	th := &s.threads[ti]
	ev := &env{g: s.globals, l: th.locals, ch: make([]bool, st.Choices)}
	write := func(c *state, r bp.VarRef, v val) {
		if r.Scope == bp.Global {
			c.globals[r.Index] = v
		} else {
			c.threads[ti].locals[r.Index] = v
		}
	}
	if st.Constraint == nil {
		// Without a constraint the targets are independent: each is a
		// constant or a free value.
		c := s.cloneFor(ti, x.arena)
		vals := make([]val, len(st.Targets))
		for j, v := range st.Values {
			vals[j] = ev.value(v)
		}
		for j, r := range st.Targets {
			write(&c, r, vals[j])
		}
		c.threads[ti].pc = int32(st.Next)
		emit(c, ti, -1, info)
		return
	}
	var buf [16]int // no allocation for a step of a few choices
	cs := buf[:0]
	for _, v := range st.Values {
		cs = choicesOf(v, cs)
	}
	cs = choicesOf(st.Constraint, cs)
	if len(cs) > maxEnum {
		x.err = fmt.Errorf("%s: the step has %d non-deterministic choices under a constraint, too many for the explicit engine",
			x.prog.Position(st), len(cs))
		return
	}
	for mask := 0; mask < 1<<len(cs); mask++ {
		if x.interrupted(mask) {
			return
		}
		for j, ch := range cs {
			ev.ch[ch] = mask&(1<<j) != 0
		}
		if c, ok := activeOutcome(s, ti, st, ev.ch, x.arena); ok {
			c.threads[ti].pc = int32(st.Next)
			emit(c, ti, -1, info)
		}
	}
}

// activeOutcome is s after the plain targets of assignment st of thread
// ti take their values for the choices ch, and whether the (active)
// constraint holds there. The thread's pc is not moved.
func activeOutcome(s *state, ti int, st *bp.Step, ch []bool, a *arena) (state, bool) {
	th := &s.threads[ti]
	ev := &env{g: s.globals, l: th.locals, ch: ch}
	var c state
	if st.Broadcast() {
		c = s.clone() // the passive targets are written in place (emitProduct)
	} else {
		c = s.cloneFor(ti, a)
	}
	for j, r := range st.Targets {
		v := boolVal(ev.eval(st.Values[j]))
		if r.Scope == bp.Global {
			c.globals[r.Index] = v
		} else {
			c.threads[ti].locals[r.Index] = v
		}
	}
	if st.Constraint == nil {
		return c, true
	}
	cev := &env{g: s.globals, l: th.locals, ng: c.globals, nl: c.threads[ti].locals, after: true, ch: ch}
	return c, cev.eval(st.Constraint)
}

func (x *stepper) spawn(s *state, ti int, st *bp.Step, info stepInfo, emit emitFunc) {
	c := s.cloneFor(ti, x.arena)
	creator := &c.threads[ti]
	creator.pc = int32(st.Next)
	if len(s.threads) >= x.bound {
		x.boundHit = true
		if x.an.blockStarts {
			return
		}
		info.suppressed = true
		emit(c, ti, -1, info)
		return
	}
	p := x.prog.Procs[st.SpawnProc]
	t := thread{id: c.nextID, proc: int32(st.SpawnProc), pc: int32(st.SpawnPC)}
	c.nextID++
	if st.CopyLocals {
		t.locals = append([]val(nil), s.threads[ti].locals...)
	} else {
		t.locals = make([]val, len(p.Locals))
		for i := range t.locals {
			t.locals[i] = vX
		}
		copy(t.locals, s.threads[ti].locals[:len(x.prog.ThreadLocals)])
		ev := &env{g: s.globals, l: s.threads[ti].locals, ch: make([]bool, st.Choices)}
		for j, a := range st.SpawnArgs {
			t.locals[p.Params[j]] = ev.value(a)
		}
	}
	c.threads = append(c.threads, t)
	emit(c, ti, len(c.threads)-1, info)
}

// forgetDead sets the locals of thread ti that are dead at its pc to X,
// and those of its stacked frames that will not be read when the calls
// return (analysis.frameLive).
func (x *stepper) forgetDead(s *state, ti int) {
	t := &s.threads[ti]
	live := x.an.live[t.proc][t.pc]
	for i := range t.locals {
		if !live.Has(i) {
			t.locals[i] = vX
		}
	}
	for k := range t.stack {
		f := &t.stack[k]
		live := x.an.frameLive[f.proc][f.pc]
		for i := range f.locals {
			if !live.Has(i) {
				f.locals[i] = vX
			}
		}
	}
}

// call executes a Call step: the thread's frame goes on its stack, and it
// enters the callee with a new frame: the parameters the arguments (X
// where an argument can be either), the thread-locals moved from the
// caller, every other local X.
func (x *stepper) call(s *state, ti int, st *bp.Step, ev *env) state {
	callee := x.prog.Procs[st.Callee]
	locals := make([]val, len(callee.Locals))
	for i := range locals {
		locals[i] = vX
	}
	nTL := len(x.prog.ThreadLocals)
	copy(locals, s.threads[ti].locals[:nTL])
	for j, a := range st.Args {
		locals[callee.Params[j]] = ev.value(a)
	}
	c := s.clone()
	t := &c.threads[ti]
	t.stack = append(t.stack, frame{proc: t.proc, pc: t.pc, locals: t.locals})
	t.proc, t.pc, t.locals = int32(st.Callee), int32(callee.Entry), locals
	return c
}

// ret executes a Return step: the thread goes back to the frame on top of
// its stack, which takes back the thread-locals and, in the call's
// RetTargets, the returned values (X where a value can be either).
func (x *stepper) ret(s *state, ti int, st *bp.Step, ev *env) state {
	vals := make([]val, len(st.Values))
	for j, v := range st.Values {
		vals[j] = ev.value(v)
	}
	c := s.clone()
	t := &c.threads[ti]
	f := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	if len(t.stack) == 0 {
		t.stack = nil
	}
	copy(f.locals, t.locals[:len(x.prog.ThreadLocals)])
	call := &x.prog.Procs[f.proc].Steps[f.pc]
	for j, ref := range call.RetTargets {
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			c.globals[ref.Index] = vals[j]
		default:
			f.locals[ref.Index] = vals[j]
		}
	}
	t.proc, t.pc, t.locals = f.proc, int32(call.Next), f.locals
	return c
}
