package bp

import "fmt"

// Validate checks the invariants of a lowered program (see cfg.go): every
// successor, slot and choice number is in range. Lowering guarantees them;
// tests and fuzzing call Validate to make sure it does.
func (p *Program) Validate() error {
	if len(p.Procs) == 0 {
		return fmt.Errorf("no procs")
	}
	for pi, pr := range p.Procs {
		bad := func(pc int, format string, args ...any) error {
			return fmt.Errorf("proc %d (%s) step %d: %s", pi, pr.Name, pc, fmt.Sprintf(format, args...))
		}
		n := len(pr.Steps)
		if pr.Entry < 0 || pr.Entry >= n {
			return bad(-1, "entry %d out of range", pr.Entry)
		}
		for i := range p.ThreadLocals {
			if i >= len(pr.Locals) || !pr.Locals[i].ThreadLocal {
				return bad(-1, "thread-local slot %d missing", i)
			}
		}
		for _, s := range pr.Params {
			if s < 0 || s >= len(pr.Locals) {
				return bad(-1, "param slot %d out of range", s)
			}
		}
		for pc := range pr.Steps {
			st := &pr.Steps[pc]
			for _, s := range pr.Succs(pc) {
				if s < 0 || s >= n {
					return bad(pc, "successor %d out of range", s)
				}
			}
			if st.Frame < 0 || st.Frame >= len(pr.Frames) {
				return bad(pc, "frame %d out of range", st.Frame)
			}
			if st.Kind == Return && (!pr.Callable || len(st.Values) != pr.Returns) {
				return bad(pc, "return of %d values from a proc of %d results (callable %v)", len(st.Values), pr.Returns, pr.Callable)
			}
			if st.Kind != Return && len(st.Targets) != len(st.Values) {
				return bad(pc, "%d targets, %d values", len(st.Targets), len(st.Values))
			}
			if (st.Kind == Assume || st.Kind == Assert || st.Kind == Branch) && st.Cond == nil {
				return bad(pc, "%v without condition", st.Kind)
			}
			if len(st.PassiveTargets) != len(st.PassiveValues) {
				return bad(pc, "%d passive targets, %d values", len(st.PassiveTargets), len(st.PassiveValues))
			}
			if st.Broadcast() && (st.Kind != Assign || len(p.Procs) != 1) {
				return bad(pc, "broadcast in a %v step or in a program of %d procs", st.Kind, len(p.Procs))
			}
			var err error
			passive := false
			check := func(t *Term) {
				if err == nil && t != nil {
					err = p.validTerm(pr, st, t, passive)
				}
			}
			for _, r := range st.Targets {
				check(&Term{Op: TVar, Ref: r})
			}
			for _, v := range st.Values {
				check(v)
			}
			check(st.Constraint)
			check(st.Cond)
			for _, a := range st.SpawnArgs {
				check(a)
			}
			for _, a := range st.Args {
				check(a)
			}
			for _, r := range st.RetTargets {
				if r.Index >= 0 {
					check(&Term{Op: TVar, Ref: r})
				}
			}
			passive = true
			for _, r := range st.PassiveTargets {
				if r.Scope != Local {
					return bad(pc, "passive target %v is not a local", r)
				}
				check(&Term{Op: TVar, Ref: r, Passive: true})
			}
			for _, v := range st.PassiveValues {
				check(v)
			}
			check(st.PassiveConstraint)
			if err != nil {
				return bad(pc, "%v", err)
			}
			if st.Kind == Spawn {
				if st.SpawnProc < 0 || st.SpawnProc >= len(p.Procs) {
					return bad(pc, "spawn proc %d out of range", st.SpawnProc)
				}
				target := p.Procs[st.SpawnProc]
				if st.SpawnPC < 0 || st.SpawnPC >= len(target.Steps) {
					return bad(pc, "spawn pc %d out of range", st.SpawnPC)
				}
				if !st.CopyLocals && len(st.SpawnArgs) != len(target.Params) {
					return bad(pc, "%d spawn arguments for %d parameters", len(st.SpawnArgs), len(target.Params))
				}
				if st.CopyLocals && st.SpawnProc != pi {
					return bad(pc, "start_thread goto into another proc")
				}
				if p.Procs[st.SpawnProc].Callable {
					return bad(pc, "a thread started in a callable proc")
				}
			}
			if st.Kind == Call {
				if st.Callee < 0 || st.Callee >= len(p.Procs) || !p.Procs[st.Callee].Callable {
					return bad(pc, "call of proc %d, which is not callable", st.Callee)
				}
				callee := p.Procs[st.Callee]
				if st.Constraint != nil || len(st.Args) != len(callee.Params) || (len(st.RetTargets) != 0 && len(st.RetTargets) != callee.Returns) {
					return bad(pc, "%d arguments and %d results for %s's %d parameters and %d results", len(st.Args), len(st.RetTargets), callee.Name, len(callee.Params), callee.Returns)
				}
			}
		}
	}
	return nil
}

// validTerm checks t, a term of the passive part of st if passive.
func (p *Program) validTerm(pr *Proc, st *Step, t *Term, passive bool) error {
	choices := st.Choices
	if passive {
		choices = st.PassiveChoices
	}
	switch t.Op {
	case TVar:
		if t.Passive && (!passive || t.Ref.Scope != Local) {
			return fmt.Errorf("passive variable %v outside a passive part", t.Ref)
		}
		if t.Ref.Scope == Global && (t.Ref.Index < 0 || t.Ref.Index >= len(p.Globals)) ||
			t.Ref.Scope == Local && (t.Ref.Index < 0 || t.Ref.Index >= len(pr.Locals)) {
			return fmt.Errorf("variable slot %v out of range", t.Ref)
		}
		if t.Primed && st.Kind != Assign {
			return fmt.Errorf("primed variable outside an assignment")
		}
	case TNondet, TChoose:
		if t.Choice < 0 || t.Choice >= choices {
			return fmt.Errorf("choice %d out of range %d", t.Choice, choices)
		}
	}
	want := map[TermOp]int{TConst: 0, TVar: 0, TNondet: 0, TNot: 1, TChoose: 2}
	n, ok := want[t.Op]
	if !ok {
		n = 2
	}
	if len(t.Args) != n {
		return fmt.Errorf("operator %d with %d operands", t.Op, len(t.Args))
	}
	for _, a := range t.Args {
		if err := p.validTerm(pr, st, a, passive); err != nil {
			return err
		}
	}
	return nil
}
