package trace

import (
	"slices"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/judge"
)

// Effect is what one step of a counterexample did besides moving its
// thread, read off the execution's full states (Trace.Exec), never off
// the statement's text: the thread it started or ended, whether it ran
// inside an atomic section, the values it changed, and which other
// threads could not move just before it. The JSON result (docs/json.md)
// and the page of a counterexample (internal/htmltrace) show it.
type Effect struct {
	Started int  // the thread the step started, or -1
	Ended   bool // the step ended its thread
	// Atomic: the step ran inside an atomic section of its thread, from
	// its atomic_begin to its atomic_end, both included.
	Atomic bool
	// Globals and Locals are the shared variables and the running
	// thread's locals the step assigned a new value, with that value, in
	// declaration order.
	Globals, Locals []Value
	// Others are other threads' locals the step set: a broadcast's
	// passive threads' changed values, and the first values of the
	// thread the step started (its visible locals, all of them).
	Others []ThreadValues
	// Blocked are the other live threads that could not take a step in
	// the state before this one (an assume false, an unsatisfiable
	// constraint, another thread's atomic section), in creation order.
	Blocked []int
}

// ThreadValues are values of one thread's locals.
type ThreadValues struct {
	Thread int
	Values []Value
}

// Effects returns the effect of every step of tr, or nil when tr has no
// execution (Exec). reading is the reading of broadcasts the trace was
// found under: it decides which threads are blocked.
func (tr *Trace) Effects(prog *bp.Program, reading bp.Reading) []Effect {
	ex := tr.Exec
	if ex == nil {
		return nil
	}
	sem := judge.NewEnabler(prog, judge.Options{Broadcast: reading})
	blocked := blockedCache{prog: prog, sem: sem, known: map[string]bool{}}
	out := make([]Effect, len(ex.Steps))
	for i := range ex.Steps {
		s := &ex.Steps[i]
		var after *bp.State
		switch {
		case i+1 < len(ex.Steps):
			after = &ex.Steps[i+1].Before
		case ex.Kind == bp.LabelReached:
			after = &ex.Final
		}
		out[i] = stepEffect(prog, s, after)
		out[i].Blocked = blocked.of(&s.Before, s.Thread)
	}
	return out
}

// stepEffect is the effect of step s, whose state after is after (nil
// after an assertion that fails: nothing changes).
func stepEffect(prog *bp.Program, s *bp.TraceStep, after *bp.State) Effect {
	e := Effect{Started: -1}
	t := s.Before.Thread(s.Thread)
	if t == nil {
		return e
	}
	e.Atomic = t.Atomic
	if after == nil {
		return e
	}
	at := after.Thread(s.Thread)
	e.Ended = at == nil
	if at != nil && at.Atomic {
		e.Atomic = true
	}
	st := &prog.Procs[s.Proc].Steps[s.PC]
	targets := st.Targets
	if st.Kind == bp.Return && len(t.Stack) > 0 && at != nil {
		// The values go to the caller's targets, in the frame that the
		// step pops: compare them with the caller's frame before it.
		top := t.Stack[len(t.Stack)-1]
		call := &prog.Procs[top.Proc].Steps[top.PC]
		caller := bp.ThreadState{Proc: top.Proc, Locals: top.Locals}
		t, targets = &caller, nil
		for _, r := range call.RetTargets {
			if r.Index >= 0 {
				targets = append(targets, r)
			}
		}
	}
	if st.Kind == bp.Assign || st.Kind == bp.Return {
		var globals, locals []int
		for _, r := range targets {
			switch {
			case r.Scope == bp.Global && after.Globals[r.Index] != s.Before.Globals[r.Index]:
				globals = append(globals, r.Index)
			case r.Scope == bp.Local && at != nil && at.Locals[r.Index] != t.Locals[r.Index]:
				locals = append(locals, r.Index)
			}
		}
		for _, g := range sorted(globals) {
			e.Globals = append(e.Globals, Value{Name: prog.Globals[g], Value: after.Globals[g]})
		}
		e.Locals = slotValues(prog.Procs[t.Proc], at, sorted(locals))
		for _, o := range s.Before.Threads {
			na := after.Thread(o.ID)
			if o.ID == s.Thread || na == nil {
				continue
			}
			var slots []int
			for _, r := range st.PassiveTargets {
				if na.Locals[r.Index] != o.Locals[r.Index] {
					slots = append(slots, r.Index)
				}
			}
			if len(slots) > 0 {
				e.Others = append(e.Others, ThreadValues{Thread: o.ID, Values: slotValues(prog.Procs[o.Proc], na, sorted(slots))})
			}
		}
	}
	for i := range after.Threads {
		n := &after.Threads[i]
		if s.Before.Thread(n.ID) == nil {
			e.Started = n.ID
			p := prog.Procs[n.Proc]
			e.Others = append(e.Others, ThreadValues{Thread: n.ID, Values: slotValues(p, n, p.FrameLocals(p.Steps[n.PC].Frame))})
		}
	}
	return e
}

// sorted returns the distinct slots in increasing order.
func sorted(slots []int) []int {
	slices.Sort(slots)
	return slices.Compact(slots)
}

func slotValues(p *bp.Proc, t *bp.ThreadState, slots []int) []Value {
	var out []Value
	for _, i := range slots {
		out = append(out, Value{Name: p.LocalName(i), Value: t.Locals[i]})
	}
	return out
}

// blockedCache answers which threads of a state are blocked. A thread's
// answer depends only on its own control and locals, the globals, and
// whether another thread is atomic (a broadcast's also on the other
// threads' locals: those are not kept), which most steps of a long trace
// do not change: the answers are kept by those.
type blockedCache struct {
	prog  *bp.Program
	sem   *judge.Enabler
	known map[string]bool
	key   []byte
}

// of lists the threads of s other than running that cannot move.
func (c *blockedCache) of(s *bp.State, running int) []int {
	var out []int
	for ti := range s.Threads {
		t := &s.Threads[ti]
		if t.ID == running {
			continue
		}
		if !c.enabled(s, ti) {
			out = append(out, t.ID)
		}
	}
	return out
}

func (c *blockedCache) enabled(s *bp.State, ti int) bool {
	t := &s.Threads[ti]
	otherAtomic := false
	for k := range s.Threads {
		otherAtomic = otherAtomic || k != ti && s.Threads[k].Atomic
	}
	if otherAtomic {
		return false
	}
	if c.prog.Procs[t.Proc].Steps[t.PC].Broadcast() {
		ok, err := c.sem.Enabled(s, ti)
		return ok || err != nil
	}
	k := c.key[:0]
	k = append(k, byte(t.Proc), byte(t.Proc>>8), byte(t.PC), byte(t.PC>>8), byte(t.PC>>16), '|')
	for _, v := range s.Globals {
		k = append(k, boolByte(v))
	}
	k = append(k, '|')
	for _, v := range t.Locals {
		k = append(k, boolByte(v))
	}
	c.key = k
	if ok, seen := c.known[string(k)]; seen {
		return ok
	}
	ok, err := c.sem.Enabled(s, ti)
	ok = ok || err != nil // a step too wide to decide is not shown as blocked
	c.known[string(k)] = ok
	return ok
}

func boolByte(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}
