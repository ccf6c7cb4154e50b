package bp

// Forgetting the threads' local data: an abstraction, not a slice. Every
// read of a local slot (thread-locals included) becomes a fresh choice
// and assignments lose their local targets, so no local is ever read
// again. Each execution of the program is one of the abstraction's, with
// the choices taking the values the locals have there; so a Safe answer
// for the abstraction holds for the program, and an Unsafe one may be
// spurious. It pays where the locals only decide when a thread moves on,
// not whether the property holds: TangledWorkers' locals, which the slice
// keeps because a branch reads them, multiply each thread's states by
// 2^k, and without them the counter engine proves n=8 safe in about a
// second (engine/counter).
//
// Every read is a choice of its own, numbered after the step's own
// choices: the lowered form's invariant (each choice occurs once in a
// step) is what lets the slice's absorption read x ^ * as a free value,
// so even two reads of one slot in a step get two choices (each may take
// the slot's value, so the abstraction still has every execution).

// Havocked returns p with its local data forgotten (see above), or nil
// when no step of p reads a local, or p has recursive functions or
// broadcasts (whose data flow through frames and passive threads).
func Havocked(p *Program) *Program {
	if p.HasCalls() || p.HasBroadcasts() || !readsLocals(p) {
		return nil
	}
	q := &Program{File: p.File, Globals: p.Globals, ThreadLocals: p.ThreadLocals, Dialect: p.Dialect, DefaultLabel: p.DefaultLabel, Notes: p.Notes}
	for _, proc := range p.Procs {
		np := *proc
		np.Steps = make([]Step, len(proc.Steps))
		for i := range proc.Steps {
			np.Steps[i] = havocStep(&proc.Steps[i])
		}
		q.Procs = append(q.Procs, &np)
	}
	return q
}

// readsLocals reports whether some step of p reads a local slot.
func readsLocals(p *Program) bool {
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			found := false
			proc.Steps[i].Reads(func(r VarRef) { found = found || r.Scope == Local })
			if found {
				return true
			}
		}
	}
	return false
}

// havocStep is st with its local reads made choices and its local
// targets dropped.
func havocStep(st *Step) Step {
	fresh := 0
	var copyTerm func(t *Term) *Term
	copyTerm = func(t *Term) *Term {
		if t == nil {
			return nil
		}
		if t.Op == TVar && t.Ref.Scope == Local {
			fresh++
			return &Term{Op: TNondet, Choice: st.Choices + fresh - 1}
		}
		c := *t
		c.Args = nil
		for _, a := range t.Args {
			c.Args = append(c.Args, copyTerm(a))
		}
		return &c
	}
	n := rewriteStep(st, copyTerm, func(t VarRef) (VarRef, bool) { return t, t.Scope == Global })
	n.Choices = st.Choices + fresh
	return n
}
