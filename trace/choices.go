package trace

import (
	"cmp"
	"slices"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/bp/syntax"
)

// Choice is the value one * (or schoose) of a step's statement took in
// the execution. The states show what a step wrote, not why: x := y & *
// sets x to 1 only if the * was 1, and which way if (*) went is the *'s
// value, which no state holds.
type Choice struct {
	Position syntax.Position // where the * or schoose is written
	// Schoose: a schoose[a, b], whose Value is the expression's: T when
	// a holds, else F when b does, else its choice's.
	Schoose bool
	Value   bool
	// Assigned: the * is the whole value of an assignment (x := *), so
	// the step's Written lists that variable, Chosen, with this value.
	Assigned bool
}

// choices lists the value each * and schoose of step s's statement took
// (s.Choices, which only an execution that chose them records:
// judge.Concretize), in source order; nil when they are not known. The
// choices the lowering adds (a declaration's values, a missing argument)
// have no position and are not listed: Written marks them. Nor is a
// broadcast's passive part: every other thread draws its * afresh, and
// Written shows what each gave.
func choices(prog *bp.Program, s *bp.TraceStep) []Choice {
	st := &prog.Procs[s.Proc].Steps[s.PC]
	ti := slices.IndexFunc(s.Before.Threads, func(t bp.ThreadState) bool { return t.ID == s.Thread })
	if ti < 0 || len(s.Choices) < st.Choices || st.Choices == 0 {
		return nil
	}
	t := &s.Before.Threads[ti]
	e := &interp.Env{Globals: s.Before.Globals, Locals: t.Locals, Choices: s.Choices}
	if st.Kind == bp.Assign {
		// A schoose of the constraint may read the values after the step.
		n, _ := interp.ActivePart(&s.Before, ti, st, s.Choices)
		e.NewGlobals, e.NewLocals = n.Globals, n.Threads[ti].Locals
	}
	var out []Choice
	var walk func(term *bp.Term, assigned bool)
	walk = func(term *bp.Term, assigned bool) {
		if term == nil {
			return
		}
		if (term.Op == bp.TNondet || term.Op == bp.TChoose) && term.Pos.IsValid() {
			out = append(out, Choice{Position: prog.File.Position(term.Pos), Schoose: term.Op == bp.TChoose, Value: e.Eval(term), Assigned: assigned})
		}
		for _, a := range term.Args {
			walk(a, false)
		}
	}
	for k, v := range st.Values {
		walk(v, isBareChoice(v) && assigns(prog, st, t, k))
	}
	walk(st.Constraint, false)
	walk(st.Cond, false)
	for _, a := range append(slices.Clip(st.SpawnArgs), st.Args...) {
		walk(a, false)
	}
	slices.SortStableFunc(out, func(a, b Choice) int {
		return cmp.Or(a.Position.Line-b.Position.Line, a.Position.Column-b.Position.Column)
	})
	return out
}

// assigns reports whether value k of step st, run by thread t, is
// assigned to a variable: an assignment's always, a return's when the
// call takes that result (as stepEffect writes it).
func assigns(prog *bp.Program, st *bp.Step, t *bp.ThreadState, k int) bool {
	switch {
	case st.Kind == bp.Assign:
		return true
	case st.Kind != bp.Return || len(t.Stack) == 0:
		return false
	}
	top := t.Stack[len(t.Stack)-1]
	call := &prog.Procs[top.Proc].Steps[top.PC]
	return k < len(call.RetTargets) && call.RetTargets[k].Index >= 0
}
