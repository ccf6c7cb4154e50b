package bp

import (
	"errors"
	"fmt"
	"slices"
)

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
// Within one step, every read of the same slot (primed or not) is one
// choice, numbered after the step's own choices, so a step that reads a
// local twice still sees one value.

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

// localRead is a local slot as a step's terms read it.
type localRead struct {
	index  int
	primed bool
}

// havocStep is st with its local reads made choices and its local
// targets dropped.
func havocStep(st *Step) Step {
	fresh := map[localRead]int{}
	var copyTerm func(t *Term) *Term
	copyTerm = func(t *Term) *Term {
		if t == nil {
			return nil
		}
		if t.Op == TVar && t.Ref.Scope == Local {
			key := localRead{t.Ref.Index, t.Primed}
			c, ok := fresh[key]
			if !ok {
				c = st.Choices + len(fresh)
				fresh[key] = c
			}
			return &Term{Op: TNondet, Choice: c}
		}
		c := *t
		c.Args = nil
		for _, a := range t.Args {
			c.Args = append(c.Args, copyTerm(a))
		}
		return &c
	}
	n := rewriteStep(st, copyTerm, func(t VarRef) (VarRef, bool) { return t, t.Scope == Global })
	n.Choices = st.Choices + len(fresh)
	return n
}

// VerifyHavocked checks, without trusting Havocked, that q forgets p's
// local data as described above and changes nothing else: the same procs,
// pcs and control; every step keeps exactly its global targets, in order;
// and every term is p's with each local read replaced by a choice of its
// own (one per slot and primedness in a step, numbered after the step's
// own choices, which keep their numbers). That makes every execution of
// p one of q's.
func VerifyHavocked(p, q *Program) error {
	if p.HasCalls() || p.HasBroadcasts() {
		return errors.New("havoc: a program with calls or broadcasts")
	}
	if len(q.Procs) != len(p.Procs) || !slices.Equal(q.Globals, p.Globals) || !slices.Equal(q.ThreadLocals, p.ThreadLocals) {
		return errors.New("havoc: the procs or the globals changed")
	}
	for pi, proc := range p.Procs {
		hp := q.Procs[pi]
		if len(hp.Steps) != len(proc.Steps) || len(hp.Locals) != len(proc.Locals) || hp.Entry != proc.Entry || !slices.Equal(hp.Params, proc.Params) {
			return fmt.Errorf("havoc: proc %s changed shape", proc.Name)
		}
		for pc := range proc.Steps {
			if err := verifyHavocStep(&proc.Steps[pc], &hp.Steps[pc]); err != nil {
				return fmt.Errorf("havoc: %s pc %d: %w", proc.Name, pc, err)
			}
		}
	}
	return nil
}

func verifyHavocStep(o, n *Step) error {
	if n.Kind != o.Kind && !(o.Kind == Assign && n.Kind == Skip && o.Constraint == nil && len(n.Targets) == 0) {
		return fmt.Errorf("kind %v became %v", o.Kind, n.Kind)
	}
	if n.Next != o.Next || n.Then != o.Then || n.Else != o.Else || !slices.Equal(n.Succs, o.Succs) ||
		n.SpawnProc != o.SpawnProc || n.SpawnPC != o.SpawnPC || n.CopyLocals != o.CopyLocals ||
		len(n.Args) != 0 || len(o.Args) != 0 || o.Broadcast() || n.Broadcast() {
		return errors.New("control changed, or a call or broadcast")
	}
	m := havocMatch{own: o.Choices, fresh: map[localRead]int{}, back: map[int]localRead{}}
	if !m.equal(o.Cond, n.Cond) || !m.equal(o.Constraint, n.Constraint) {
		return errors.New("a condition or constraint changed")
	}
	if len(n.SpawnArgs) != len(o.SpawnArgs) {
		return errors.New("thread arguments changed")
	}
	for j, a := range o.SpawnArgs {
		if !m.equal(a, n.SpawnArgs[j]) {
			return errors.New("a thread argument changed")
		}
	}
	if len(n.Targets) != len(n.Values) {
		return errors.New("targets and values differ in number")
	}
	j := 0
	for i, t := range o.Targets {
		if t.Scope != Global {
			continue
		}
		if j >= len(n.Targets) || n.Targets[j] != t || !m.equal(o.Values[i], n.Values[j]) {
			return fmt.Errorf("global target %d changed", t.Index)
		}
		j++
	}
	if j != len(n.Targets) {
		return errors.New("a target added")
	}
	if n.Choices < o.Choices+len(m.fresh) {
		return errors.New("too few choices")
	}
	return nil
}

// havocMatch compares a term of p with one of q: a local read of p must
// be a choice of q numbered from own on, the same one for the same slot
// and primedness and a different one for another; everything else equal.
type havocMatch struct {
	own   int
	fresh map[localRead]int
	back  map[int]localRead
}

func (m havocMatch) equal(o, n *Term) bool {
	if o == nil || n == nil {
		return o == nil && n == nil
	}
	if o.Op == TVar && o.Ref.Scope == Local {
		if n.Op != TNondet || n.Choice < m.own || len(n.Args) != 0 {
			return false
		}
		key := localRead{o.Ref.Index, o.Primed}
		c, ok := m.fresh[key]
		b, okBack := m.back[n.Choice]
		if ok != okBack || ok && (c != n.Choice || b != key) {
			return false
		}
		m.fresh[key], m.back[n.Choice] = n.Choice, key
		return true
	}
	if o.Op != n.Op || o.Val != n.Val || o.Primed != n.Primed || o.Passive != n.Passive || o.Ref != n.Ref || len(o.Args) != len(n.Args) {
		return false
	}
	if (o.Op == TNondet || o.Op == TChoose) && o.Choice != n.Choice {
		return false
	}
	for i := range o.Args {
		if !m.equal(o.Args[i], n.Args[i]) {
			return false
		}
	}
	return true
}
