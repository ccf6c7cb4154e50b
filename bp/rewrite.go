package bp

import (
	"errors"
	"fmt"
	"slices"
)

// Rewriting a program's steps, and checking a rewrite, for the slice
// (slice.go) and the abstraction that forgets local data (havoc.go).
// Both keep every pc and its control, and change only terms and targets.

// rewriteStep is st with every term (condition, constraint, thread
// arguments, values) rewritten by term, and only the targets that keep
// accepts, as it renames them, with their values. An assignment left
// without targets or constraint becomes a skip. The caller sets Choices.
func rewriteStep(st *Step, term func(*Term) *Term, keep func(VarRef) (VarRef, bool)) Step {
	n := *st
	n.Cond = term(st.Cond)
	n.Constraint = term(st.Constraint)
	n.SpawnArgs = nil
	for _, a := range st.SpawnArgs {
		n.SpawnArgs = append(n.SpawnArgs, term(a))
	}
	n.Targets, n.Values = nil, nil
	for j, t := range st.Targets {
		if t, ok := keep(t); ok {
			n.Targets = append(n.Targets, t)
			n.Values = append(n.Values, term(st.Values[j]))
		}
	}
	if st.Kind == Assign && len(n.Targets) == 0 && n.Constraint == nil {
		n.Kind = Skip
	}
	return n
}

// sameControl checks that n, rewritten from o, keeps o's kind (an
// assignment may become a skip when nothing is left of it) and control,
// and that neither is a call or a broadcast, which no rewrite handles.
func sameControl(o, n *Step) error {
	if n.Kind != o.Kind && !(o.Kind == Assign && n.Kind == Skip && o.Constraint == nil && len(n.Targets) == 0) {
		return fmt.Errorf("kind %v became %v", o.Kind, n.Kind)
	}
	if n.Next != o.Next || n.Then != o.Then || n.Else != o.Else || !slices.Equal(n.Succs, o.Succs) ||
		n.SpawnProc != o.SpawnProc || n.SpawnPC != o.SpawnPC || n.CopyLocals != o.CopyLocals || n.Frame != o.Frame ||
		n.Callee != o.Callee || len(n.Args) != 0 || len(o.Args) != 0 || o.Broadcast() || n.Broadcast() {
		return errors.New("control changed, or a call or broadcast")
	}
	return nil
}

// sameTerms checks that n's condition, constraint and thread arguments
// are o's as the rewrite's equal says (targets and values are each
// rewrite's own).
func sameTerms(o, n *Step, equal func(o, n *Term) bool) error {
	if !equal(o.Cond, n.Cond) || !equal(o.Constraint, n.Constraint) {
		return errors.New("a condition or constraint changed")
	}
	if len(n.SpawnArgs) != len(o.SpawnArgs) {
		return errors.New("thread arguments changed")
	}
	for j, a := range o.SpawnArgs {
		if !equal(a, n.SpawnArgs[j]) {
			return errors.New("a thread argument changed")
		}
	}
	return nil
}
