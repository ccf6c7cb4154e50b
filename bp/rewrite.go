package bp

// Rewriting a program's steps, for the slice (slice.go) and the
// abstraction that forgets local data (havoc.go). Both keep every pc and
// its control, and change only terms and targets; the judge checks each
// rewrite with code of its own (judge.VerifySlice, judge.VerifyHavocked).

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
