package encode

import (
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// Succ is one successor of a symbolic step.
type Succ struct {
	State      State
	Moved      int  // index of the thread that moved, -1 if it ended
	Created    int  // index of a new thread, -1 if none
	Taken      int  // a branch's outcome: 1 then, 0 else, -1 not a branch
	Suppressed bool // a thread start suppressed by the thread bound
}

// Step executes the step of thread ti of s and returns its successors.
// Their guards are not checked for satisfiability: that is the caller's
// call. For an assertion checked as the property, fail is the literal
// "the path is feasible and the assertion fails" (z.LitNull otherwise);
// its successor keeps the guard, since the caller stops if fail holds.
func (e *Encoder) Step(s *State, ti int, checkAsserts bool) (succs []Succ, fail z.Lit) {
	th := &s.Threads[ti]
	st := &e.Prog.Procs[th.Proc].Steps[th.PC]
	v := e.newEnv(s.Globals, th.Locals, st.Choices)
	c := e.C
	goTo := func(pc int, guard z.Lit, taken int) {
		n := s.Clone()
		n.Guard = guard
		n.Threads[ti].PC = pc
		succs = append(succs, e.finish(n, ti, -1, taken, false))
	}
	switch st.Kind {
	case bp.Skip:
		goTo(st.Next, s.Guard, -1)
	case bp.Assume:
		goTo(st.Next, c.And(s.Guard, v.term(st.Cond)), -1)
	case bp.Assert:
		if checkAsserts {
			fail = c.And(s.Guard, v.term(st.Cond).Not())
		}
		goTo(st.Next, s.Guard, -1)
	case bp.Branch:
		cond := v.term(st.Cond)
		if g := c.And(s.Guard, cond); g != c.F {
			goTo(st.Then, g, 1)
		}
		if g := c.And(s.Guard, cond.Not()); g != c.F {
			goTo(st.Else, g, 0)
		}
	case bp.Goto:
		for _, succ := range st.Succs {
			goTo(succ, s.Guard, -1)
		}
	case bp.Assign:
		if st.Broadcast() {
			succs = append(succs, e.broadcast(s, ti, st, v))
			break
		}
		succs = append(succs, e.assign(s, ti, st, v))
	case bp.Spawn:
		if len(s.Threads) >= e.Bound && e.Reading == bp.Blocking && e.broadcasts {
			// A thread that never starts is not passive, so suppressing
			// the start could enable a broadcast: block instead.
			e.BoundHit = true
			break
		}
		succs = append(succs, e.spawn(s, ti, st, v))
	case bp.EndThread:
		n := s.Clone()
		n.Threads = append(n.Threads[:ti], n.Threads[ti+1:]...)
		succs = append(succs, Succ{State: n, Moved: -1, Created: -1, Taken: -1})
	case bp.AtomicBegin, bp.AtomicEnd:
		n := s.Clone()
		n.Threads[ti].Atomic = st.Kind == bp.AtomicBegin
		n.Threads[ti].PC = st.Next
		succs = append(succs, e.finish(n, ti, -1, -1, false))
	}
	return succs, fail
}

// assign is the successor of thread ti's assignment st (not a
// broadcast) in s.
func (e *Encoder) assign(s *State, ti int, st *bp.Step, v *env) Succ {
	n := s.Clone()
	nt := &n.Threads[ti]
	vals := make([]z.Lit, len(st.Values))
	for j, val := range st.Values {
		if st.Constraint == nil && free(val) {
			// Any value, independent of everything else: one fresh
			// input says so directly, and keeps formulas small.
			vals[j] = e.Fresh()
			continue
		}
		vals[j] = v.term(val)
	}
	for j, r := range st.Targets {
		if r.Scope == bp.Global {
			n.Globals[r.Index] = vals[j]
		} else {
			nt.Locals[r.Index] = vals[j]
		}
	}
	if st.Constraint != nil {
		v.ng, v.nl, v.after = n.Globals, nt.Locals, true
		n.Guard = e.C.And(n.Guard, v.term(st.Constraint))
	}
	nt.PC = st.Next
	return e.finish(n, ti, -1, -1, false)
}

func (e *Encoder) spawn(s *State, ti int, st *bp.Step, v *env) Succ {
	n := s.Clone()
	n.Threads[ti].PC = st.Next
	if len(s.Threads) >= e.Bound {
		e.BoundHit = true
		return e.finish(n, ti, -1, -1, true)
	}
	p := e.Prog.Procs[st.SpawnProc]
	t := Thread{ID: n.NextID, Proc: st.SpawnProc, PC: st.SpawnPC}
	n.NextID++
	creator := s.Threads[ti].Locals
	if st.CopyLocals {
		t.Locals = append([]z.Lit(nil), creator...)
	} else {
		t.Locals = make([]z.Lit, len(p.Locals))
		for i := range t.Locals {
			t.Locals[i] = e.Fresh()
		}
		copy(t.Locals, creator[:len(e.Prog.ThreadLocals)])
		for j, a := range st.SpawnArgs {
			t.Locals[p.Params[j]] = v.term(a)
		}
	}
	// A dead local copied from the creator is still dead for the new
	// thread at its target (liveness includes the target's live set), but
	// to be safe any null the new thread needs becomes a fresh input.
	live := e.Live[t.Proc][t.PC]
	for i, m := range t.Locals {
		if m == z.LitNull && live.Has(i) {
			t.Locals[i] = e.Fresh()
		}
	}
	n.Threads = append(n.Threads, t)
	return e.finish(n, ti, len(n.Threads)-1, -1, false)
}

// finish forgets the dead locals of the threads that changed.
func (e *Encoder) finish(n State, moved, created, taken int, suppressed bool) Succ {
	if moved >= 0 {
		e.forgetDead(&n, moved)
	}
	if created >= 0 {
		e.forgetDead(&n, created)
	}
	return Succ{State: n, Moved: moved, Created: created, Taken: taken, Suppressed: suppressed}
}

// free reports whether a term takes both values independently of
// everything else, whatever the variables hold: every choice (* or
// schoose's) occurs in exactly one place of a step, so a term that is a
// choice, its negation, an exclusive or or equivalence with a free term,
// or a conjunction or disjunction of free terms is itself free. Only used
// without a constraint, which could relate the value to others.
func free(t *bp.Term) bool {
	switch t.Op {
	case bp.TNondet:
		return true
	case bp.TNot:
		return free(t.Args[0])
	case bp.TXor, bp.TIff:
		return free(t.Args[0]) || free(t.Args[1])
	case bp.TAnd, bp.TOr:
		return free(t.Args[0]) && free(t.Args[1])
	case bp.TChoose:
		// schoose[a, b] is the choice where neither a nor b holds: free if
		// both are constantly false.
		return isFalse(t.Args[0]) && isFalse(t.Args[1])
	}
	return false
}

func isFalse(t *bp.Term) bool { return t.Op == bp.TConst && !t.Val }
