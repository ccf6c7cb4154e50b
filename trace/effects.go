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
	// Written are the variables the step assigned, changed or not, each
	// with its value after the step: shared variables in declaration
	// order, then the running thread's locals (a return's: its caller's
	// targets), then other threads' locals a broadcast assigned, by
	// thread. The changed ones are in Globals, Locals and Others too.
	Written []Written
	// Blocked are the other live threads that could not take a step in
	// the state before this one (an assume false, an unsatisfiable
	// constraint, another thread's atomic section), in creation order.
	Blocked []int
}

// Written is a variable a step assigned and its value after the step.
type Written struct {
	Thread int // the thread whose local it is; -1 for a shared variable
	Value
	// Unchanged: the step assigned the value the variable had (the
	// stale read tmp := c, a * that picked the old value).
	Unchanged bool
	// Chosen: the value is the one a non-deterministic choice took, the
	// assigned expression being a bare * (x := *, a function's missing
	// return value). A * inside an expression (x := * & y) is not
	// marked: its value is not read off the states exactly.
	Chosen bool
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
	if tr.Exec == nil {
		return nil
	}
	out := make([]Effect, 0, len(tr.Exec.Steps))
	tr.EachEffect(prog, reading, func(_ int, e Effect) { out = append(out, e) })
	return out
}

// EachEffect calls f with the effect of each step of tr's execution in
// order, as Effects returns them, without holding them all.
func (tr *Trace) EachEffect(prog *bp.Program, reading bp.Reading, f func(i int, e Effect)) {
	ex := tr.Exec
	if ex == nil {
		return
	}
	sem := judge.NewEnabler(prog, judge.Options{Broadcast: reading})
	blocked := blockedCache{prog: prog, sem: sem, known: map[string]bool{}}
	for i := range ex.Steps {
		s := &ex.Steps[i]
		var after *bp.State
		switch {
		case i+1 < len(ex.Steps):
			after = &ex.Steps[i+1].Before
		case ex.Kind == bp.LabelReached:
			after = &ex.Final
		}
		e := stepEffect(prog, s, after)
		e.Blocked = blocked.of(&s.Before, s.Thread)
		f(i, e)
	}
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
	targets, values := st.Targets, st.Values
	if st.Kind == bp.Return && len(t.Stack) > 0 && at != nil {
		// The values go to the caller's targets, in the frame that the
		// step pops: compare them with the caller's frame before it.
		top := t.Stack[len(t.Stack)-1]
		call := &prog.Procs[top.Proc].Steps[top.PC]
		caller := bp.ThreadState{Proc: top.Proc, Locals: top.Locals}
		t, targets, values = &caller, nil, nil
		for k, r := range call.RetTargets {
			if r.Index >= 0 {
				targets = append(targets, r)
				values = append(values, valueAt(st.Values, k))
			}
		}
	}
	if st.Kind == bp.Assign || st.Kind == bp.Return {
		var wg, wl []slotWrite
		for k, r := range targets {
			w := Written{Thread: -1, Chosen: isBareChoice(valueAt(values, k))}
			switch {
			case r.Scope == bp.Global:
				w.Value = Value{Name: prog.Globals[r.Index], Value: after.Globals[r.Index]}
				w.Unchanged = w.Value.Value == s.Before.Globals[r.Index]
				wg = append(wg, slotWrite{r.Index, w})
			case r.Scope == bp.Local && at != nil:
				w.Thread = s.Thread
				w.Value = Value{Name: prog.Procs[t.Proc].LocalName(r.Index), Value: at.Locals[r.Index]}
				w.Unchanged = w.Value.Value == t.Locals[r.Index]
				wl = append(wl, slotWrite{r.Index, w})
			}
		}
		globals, locals := inOrder(wg), inOrder(wl)
		e.Globals, e.Locals = changed(globals), changed(locals)
		e.Written = append(globals, locals...)
		for _, o := range s.Before.Threads {
			na := after.Thread(o.ID)
			if o.ID == s.Thread || na == nil {
				continue
			}
			var wo []slotWrite
			p := prog.Procs[o.Proc]
			for k, r := range st.PassiveTargets {
				v := na.Locals[r.Index]
				wo = append(wo, slotWrite{r.Index, Written{Thread: o.ID, Value: Value{Name: p.LocalName(r.Index), Value: v},
					Unchanged: v == o.Locals[r.Index], Chosen: isBareChoice(valueAt(st.PassiveValues, k))}})
			}
			written := inOrder(wo)
			e.Written = append(e.Written, written...)
			if vs := changed(written); len(vs) > 0 {
				e.Others = append(e.Others, ThreadValues{Thread: o.ID, Values: vs})
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

// valueAt is terms[k], or nil past its end.
func valueAt(terms []*bp.Term, k int) *bp.Term {
	if k < len(terms) {
		return terms[k]
	}
	return nil
}

// isBareChoice reports whether t is a lone *: the value assigned is the
// choice's.
func isBareChoice(t *bp.Term) bool {
	return t != nil && t.Op == bp.TNondet && len(t.Args) == 0
}

// changed are the values of ws that the step changed.
func changed(ws []Written) []Value {
	var out []Value
	for _, w := range ws {
		if !w.Unchanged {
			out = append(out, w.Value)
		}
	}
	return out
}

// slotWrite is a write of one slot (a global's or a local's index).
type slotWrite struct {
	slot int
	w    Written
}

// inOrder is ws by slot, each slot once.
func inOrder(ws []slotWrite) []Written {
	slices.SortStableFunc(ws, func(a, b slotWrite) int { return a.slot - b.slot })
	ws = slices.CompactFunc(ws, func(a, b slotWrite) bool { return a.slot == b.slot })
	out := make([]Written, len(ws))
	for i, w := range ws {
		out[i] = w.w
	}
	return out
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
