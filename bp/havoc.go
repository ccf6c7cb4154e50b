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

// VerifyHavocked checks, without trusting Havocked, that q forgets p's
// local data as described above and changes nothing else: the same procs,
// pcs and control; every step keeps exactly its global targets, in order;
// and every term is p's with each local read replaced by a choice of its
// own (numbered after the step's own choices, which keep their numbers,
// and used nowhere else in the step). That makes every execution of p
// one of q's.
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
	if err := sameControl(o, n); err != nil {
		return err
	}
	m := havocMatch{own: o.Choices, choices: n.Choices, used: map[int]bool{}}
	if err := sameTerms(o, n, m.equal); err != nil {
		return err
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
	return nil
}

// havocMatch compares a term of p with one of q: a local read of p must
// be a choice of q's step, numbered from own on (p's step's own choices
// are below) and used by no other read; everything else equal.
type havocMatch struct {
	own, choices int          // p's step's choices, q's step's
	used         map[int]bool // the choices that replace reads so far
}

func (m havocMatch) equal(o, n *Term) bool {
	if o == nil || n == nil {
		return o == nil && n == nil
	}
	if o.Op == TVar && o.Ref.Scope == Local {
		if n.Op != TNondet || n.Choice < m.own || n.Choice >= m.choices || len(n.Args) != 0 {
			return false
		}
		if m.used[n.Choice] {
			return false
		}
		m.used[n.Choice] = true
		return true
	}
	if o.Op != n.Op || o.Val != n.Val || o.Primed != n.Primed || o.Passive != n.Passive || o.Ref != n.Ref || len(o.Args) != len(n.Args) {
		return false
	}
	if (o.Op == TNondet || o.Op == TChoose) && (o.Choice != n.Choice || n.Choice >= m.choices) {
		return false
	}
	for i := range o.Args {
		if !m.equal(o.Args[i], n.Args[i]) {
			return false
		}
	}
	return true
}
