package judge

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// VerifySlice checks, with code of its own and without trusting how the
// relevant set was computed (bp.Sliced), that sl.Prog is sl.Orig cut to a
// set of variables closed as slicing requires, so that an answer about
// sl.Prog is one about sl.Orig:
//
//   - every step keeps its kind (an assignment may become a skip when it
//     loses every target and has no constraint) and its control;
//   - its condition and constraint are Orig's, renamed (the kept globals
//     renumbered in order, the step's choices one to one), read with
//     free choices absorbing what they are combined with (x ^ c, x = c and
//     !c are c when c occurs once in the step: c alone gives either value
//     whatever x is), and every variable they read is kept;
//   - an assignment keeps exactly its kept targets, in order, with Orig's
//     values, and a kept target's value reads only kept variables;
//   - a thread start's argument is Orig's, reading only kept variables,
//     where the parameter is kept, and F where it is cut;
//   - a thread-local is kept in every proc or in none.
//
// Then the relevant values of each step depend only on relevant values
// and choices, and so does the control: the sliced program has exactly
// the executions of the original projected on the kept variables.
func VerifySlice(sl *bp.Slice) error {
	p, q := sl.Orig, sl.Prog
	if p.HasCalls() || p.HasBroadcasts() {
		return errors.New("slice: a program with calls or broadcasts is never sliced")
	}
	if len(q.Procs) != len(p.Procs) || len(q.Globals) != sl.Globals.Len() || len(sl.Locals) != len(p.Procs) {
		return fmt.Errorf("slice: %d procs and %d globals, not %d and %d", len(q.Procs), len(q.Globals), len(p.Procs), sl.Globals.Len())
	}
	global := make([]int, len(p.Globals)) // Orig's global -> Prog's, -1 if cut
	k := 0
	for i := range p.Globals {
		global[i] = -1
		if sl.Globals.Has(i) {
			if q.Globals[k] != p.Globals[i] {
				return fmt.Errorf("slice: global %d is %s, not %s", k, q.Globals[k], p.Globals[i])
			}
			global[i] = k
			k++
		}
	}
	for i := range p.ThreadLocals {
		for pi := range p.Procs {
			if sl.Locals[pi].Has(i) != sl.Locals[0].Has(i) {
				return fmt.Errorf("slice: thread-local %s kept in some procs only", p.ThreadLocals[i])
			}
		}
	}
	for pi, proc := range p.Procs {
		sp := q.Procs[pi]
		if len(sp.Steps) != len(proc.Steps) || len(sp.Locals) != len(proc.Locals) || sp.Entry != proc.Entry || !slices.Equal(sp.Params, proc.Params) {
			return fmt.Errorf("slice: proc %s changed shape", proc.Name)
		}
		v := sliceStep{sl: sl, proc: pi, global: global}
		for pc := range proc.Steps {
			if err := v.verify(&proc.Steps[pc], &sp.Steps[pc]); err != nil {
				return fmt.Errorf("slice: %s pc %d: %w", proc.Name, pc, err)
			}
		}
	}
	return nil
}

// sliceStep checks one step of proc of a slice.
type sliceStep struct {
	sl     *bp.Slice
	proc   int
	global []int
}

// kept reports whether variable r of the proc is kept.
func (v sliceStep) kept(r bp.VarRef) bool {
	if r.Scope == bp.Global {
		return v.sl.Globals.Has(r.Index)
	}
	return v.sl.Locals[v.proc].Has(r.Index)
}

// readsKept reports whether every variable t reads is kept.
func (v sliceStep) readsKept(t *bp.Term) bool {
	if t == nil {
		return true
	}
	if t.Op == bp.TVar && !v.kept(t.Ref) {
		return false
	}
	for _, a := range t.Args {
		if !v.readsKept(a) {
			return false
		}
	}
	return true
}

func (v sliceStep) verify(o, n *bp.Step) error {
	if err := sameShape(o, n); err != nil {
		return err
	}
	m := renamed{global: v.global, once: choicesOnce(o), limit: n.Choices, to: map[int]int{}, from: map[int]int{}}
	cond, constraint := m.absorb(o.Cond), m.absorb(o.Constraint)
	if !m.equal(cond, n.Cond) || !m.equal(constraint, n.Constraint) {
		return errors.New("a condition or constraint changed")
	}
	if !v.readsKept(cond) || !v.readsKept(constraint) {
		return errors.New("a condition or constraint reads a cut variable")
	}
	if len(n.SpawnArgs) != len(o.SpawnArgs) {
		return errors.New("thread arguments changed")
	}
	for j, a := range o.SpawnArgs {
		params := v.sl.Orig.Procs[o.SpawnProc].Params
		if o.CopyLocals || j >= len(params) {
			return errors.New("thread arguments of a start without parameters")
		}
		if !v.sl.Locals[o.SpawnProc].Has(params[j]) {
			if c := n.SpawnArgs[j]; c == nil || c.Op != bp.TConst || c.Val {
				return errors.New("a cut parameter's argument is not F")
			}
			continue
		}
		a = m.absorb(a)
		if !m.equal(a, n.SpawnArgs[j]) {
			return errors.New("a thread argument changed")
		}
		if !v.readsKept(a) {
			return errors.New("a kept parameter's argument reads a cut variable")
		}
	}
	if len(n.Targets) != len(n.Values) {
		return errors.New("targets and values differ in number")
	}
	j := 0
	for i, t := range o.Targets {
		if !v.kept(t) {
			continue
		}
		want := t
		if t.Scope == bp.Global {
			want.Index = v.global[t.Index]
		}
		val := m.absorb(o.Values[i])
		if j >= len(n.Targets) || n.Targets[j] != want || !m.equal(val, n.Values[j]) {
			return errors.New("a kept assignment changed or was cut")
		}
		if !v.readsKept(val) {
			return errors.New("a kept target's value reads a cut variable")
		}
		j++
	}
	if j != len(n.Targets) {
		return errors.New("targets that are not kept ones of the original")
	}
	if n.Choices != len(m.to) {
		return fmt.Errorf("%d choices, %d used", n.Choices, len(m.to))
	}
	return nil
}

// sameShape checks that n, rewritten from o, keeps o's kind (an
// assignment may become a skip when nothing is left of it) and control,
// and that neither calls or broadcasts, which no rewrite of a program
// handles.
func sameShape(o, n *bp.Step) error {
	if n.Kind != o.Kind && !(o.Kind == bp.Assign && n.Kind == bp.Skip && o.Constraint == nil && len(n.Targets) == 0) {
		return fmt.Errorf("kind %v became %v", o.Kind, n.Kind)
	}
	if n.Next != o.Next || n.Then != o.Then || n.Else != o.Else || !slices.Equal(n.Succs, o.Succs) ||
		n.SpawnProc != o.SpawnProc || n.SpawnPC != o.SpawnPC || n.CopyLocals != o.CopyLocals || n.Frame != o.Frame {
		return errors.New("control changed")
	}
	if o.Kind == bp.Call || o.Kind == bp.Return || n.Kind == bp.Call || n.Kind == bp.Return ||
		len(o.Args)+len(n.Args)+len(o.PassiveTargets)+len(n.PassiveTargets) > 0 || o.PassiveConstraint != nil || n.PassiveConstraint != nil {
		return errors.New("a call or a broadcast")
	}
	return nil
}

// choicesOnce is the set of the choices that occur exactly once among
// the terms of st's own choice space (values, constraint, condition,
// thread and call arguments).
func choicesOnce(st *bp.Step) map[int]bool {
	count := map[int]int{}
	var walk func(t *bp.Term)
	walk = func(t *bp.Term) {
		if t == nil {
			return
		}
		if t.Op == bp.TNondet || t.Op == bp.TChoose {
			count[t.Choice]++
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	all := append(append(append([]*bp.Term{st.Constraint, st.Cond}, st.Values...), st.SpawnArgs...), st.Args...)
	for _, t := range all {
		walk(t)
	}
	once := map[int]bool{}
	for c, k := range count {
		if k == 1 {
			once[c] = true
		}
	}
	return once
}

// renamed compares a term of the original with one of the rewritten
// program: globals renumbered by global, and choices one to one (to and
// from, filled as they are met). once holds the original step's choices
// that occur once, which absorb what they are combined with.
type renamed struct {
	global   []int
	once     map[int]bool
	limit    int // the rewritten step's number of choices
	to, from map[int]int
}

// absorb is t with every !c, x ^ c and x = c of a choice c that occurs
// once replaced by c, bottom up.
func (m renamed) absorb(t *bp.Term) *bp.Term {
	if t == nil || len(t.Args) == 0 {
		return t
	}
	c := *t
	c.Args = make([]*bp.Term, len(t.Args))
	for i, a := range t.Args {
		c.Args[i] = m.absorb(a)
	}
	free := func(a *bp.Term) bool { return a.Op == bp.TNondet && m.once[a.Choice] }
	switch {
	case c.Op == bp.TNot && free(c.Args[0]):
		return c.Args[0]
	case (c.Op == bp.TXor || c.Op == bp.TIff) && free(c.Args[1]):
		return c.Args[1]
	case (c.Op == bp.TXor || c.Op == bp.TIff) && free(c.Args[0]):
		return c.Args[0]
	}
	return &c
}

func (m renamed) equal(o, n *bp.Term) bool {
	if o == nil || n == nil {
		return o == nil && n == nil
	}
	if o.Op != n.Op || o.Val != n.Val || o.Primed != n.Primed || o.Passive != n.Passive || len(o.Args) != len(n.Args) {
		return false
	}
	if o.Op == bp.TVar {
		want := o.Ref
		if want.Scope == bp.Global {
			if want.Index >= len(m.global) {
				return false
			}
			want.Index = m.global[want.Index]
		}
		if n.Ref != want {
			return false
		}
	}
	if o.Op == bp.TNondet || o.Op == bp.TChoose {
		if n.Choice < 0 || n.Choice >= m.limit {
			return false
		}
		c, seen := m.to[o.Choice]
		b, seenBack := m.from[n.Choice]
		if seen != seenBack || seen && (c != n.Choice || b != o.Choice) {
			return false
		}
		m.to[o.Choice], m.from[n.Choice] = n.Choice, o.Choice
	}
	for i := range o.Args {
		if !m.equal(o.Args[i], n.Args[i]) {
			return false
		}
	}
	return true
}
