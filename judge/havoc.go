package judge

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// VerifyHavocked checks, with code of its own and without trusting
// bp.Havocked, that q is p with its threads' local data forgotten: the
// same procs, pcs and control; every step keeps exactly its global
// targets, in order, with p's values; and every term is p's with each
// read of a local (thread-locals included) replaced by a choice of its
// own, numbered from the step's own choices on (which keep their
// numbers) and used nowhere else in the step. Each execution of p is then
// one of q's, the new choices taking the values the locals have: a Safe
// answer about q holds for p.
func VerifyHavocked(p, q *bp.Program) error {
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
			if err := verifyForgotten(&proc.Steps[pc], &hp.Steps[pc]); err != nil {
				return fmt.Errorf("havoc: %s pc %d: %w", proc.Name, pc, err)
			}
		}
	}
	return nil
}

func verifyForgotten(o, n *bp.Step) error {
	if err := sameShape(o, n); err != nil {
		return err
	}
	m := forgotten{own: o.Choices, limit: n.Choices, used: map[int]bool{}}
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
		if t.Scope != bp.Global {
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

// forgotten compares a term of p with one of q: a read of a local in p
// must be, in q, a choice numbered from own on, below the step's limit,
// and used by no other read; everything else equal.
type forgotten struct {
	own, limit int
	used       map[int]bool
}

func (m forgotten) equal(o, n *bp.Term) bool {
	if o == nil || n == nil {
		return o == nil && n == nil
	}
	if o.Op == bp.TVar && o.Ref.Scope == bp.Local {
		if n.Op != bp.TNondet || n.Choice < m.own || n.Choice >= m.limit || len(n.Args) != 0 || m.used[n.Choice] {
			return false
		}
		m.used[n.Choice] = true
		return true
	}
	if o.Op != n.Op || o.Val != n.Val || o.Primed != n.Primed || o.Passive != n.Passive || o.Ref != n.Ref || len(o.Args) != len(n.Args) {
		return false
	}
	if (o.Op == bp.TNondet || o.Op == bp.TChoose) && (o.Choice != n.Choice || n.Choice >= m.limit) {
		return false
	}
	for i := range o.Args {
		if !m.equal(o.Args[i], n.Args[i]) {
			return false
		}
	}
	return true
}
