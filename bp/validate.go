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
		if pc, err := p.validProc(pi, pr); err != nil {
			return fmt.Errorf("proc %d (%s) step %d: %w", pi, pr.Name, pc, err)
		}
	}
	return nil
}

// validProc checks proc pi; a violation is at step pc, -1 for the proc's
// own fields.
func (p *Program) validProc(pi int, pr *Proc) (pc int, err error) {
	n := len(pr.Steps)
	if pr.Entry < 0 || pr.Entry >= n {
		return -1, fmt.Errorf("entry %d out of range", pr.Entry)
	}
	for i := range p.ThreadLocals {
		if i >= len(pr.Locals) || !pr.Locals[i].ThreadLocal {
			return -1, fmt.Errorf("thread-local slot %d missing", i)
		}
	}
	for _, s := range pr.Params {
		if s < 0 || s >= len(pr.Locals) {
			return -1, fmt.Errorf("param slot %d out of range", s)
		}
	}
	for pc := range pr.Steps {
		if err := p.validStep(pi, pr, pc); err != nil {
			return pc, err
		}
	}
	return 0, nil
}

// validStep checks step pc of proc pi: its successors, frame and shape,
// its terms, and what it spawns or calls.
func (p *Program) validStep(pi int, pr *Proc, pc int) error {
	st := &pr.Steps[pc]
	for _, s := range pr.Succs(pc) {
		if s < 0 || s >= len(pr.Steps) {
			return fmt.Errorf("successor %d out of range", s)
		}
	}
	if st.Frame < 0 || st.Frame >= len(pr.Frames) {
		return fmt.Errorf("frame %d out of range", st.Frame)
	}
	if st.Kind == Return && (!pr.Callable || len(st.Values) != pr.Returns) {
		return fmt.Errorf("return of %d values from a proc of %d results (callable %v)", len(st.Values), pr.Returns, pr.Callable)
	}
	if st.Kind != Return && len(st.Targets) != len(st.Values) {
		return fmt.Errorf("%d targets, %d values", len(st.Targets), len(st.Values))
	}
	if (st.Kind == Assume || st.Kind == Assert || st.Kind == Branch) && st.Cond == nil {
		return fmt.Errorf("%v without condition", st.Kind)
	}
	if len(st.PassiveTargets) != len(st.PassiveValues) {
		return fmt.Errorf("%d passive targets, %d values", len(st.PassiveTargets), len(st.PassiveValues))
	}
	if st.Broadcast() && (st.Kind != Assign || len(p.Procs) != 1) {
		return fmt.Errorf("broadcast in a %v step or in a program of %d procs", st.Kind, len(p.Procs))
	}
	if err := p.validTerms(pr, st); err != nil {
		return err
	}
	switch st.Kind {
	case Spawn:
		return p.validSpawn(pi, st)
	case Call:
		return p.validCall(st)
	}
	return nil
}

// validTerms checks every term of st, and the variables it assigns, the
// first violation of the active part unless a passive target is not a
// local.
func (p *Program) validTerms(pr *Proc, st *Step) error {
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
	st.activeTerms(check)
	for _, r := range st.RetTargets {
		if r.Index >= 0 {
			check(&Term{Op: TVar, Ref: r})
		}
	}
	passive = true
	for _, r := range st.PassiveTargets {
		if r.Scope != Local {
			return fmt.Errorf("passive target %v is not a local", r)
		}
		check(&Term{Op: TVar, Ref: r, Passive: true})
	}
	st.passiveTerms(check)
	return err
}

// validSpawn checks the thread a Spawn step of proc pi starts.
func (p *Program) validSpawn(pi int, st *Step) error {
	if st.SpawnProc < 0 || st.SpawnProc >= len(p.Procs) {
		return fmt.Errorf("spawn proc %d out of range", st.SpawnProc)
	}
	target := p.Procs[st.SpawnProc]
	if st.SpawnPC < 0 || st.SpawnPC >= len(target.Steps) {
		return fmt.Errorf("spawn pc %d out of range", st.SpawnPC)
	}
	if !st.CopyLocals && len(st.SpawnArgs) != len(target.Params) {
		return fmt.Errorf("%d spawn arguments for %d parameters", len(st.SpawnArgs), len(target.Params))
	}
	if st.CopyLocals && st.SpawnProc != pi {
		return fmt.Errorf("start_thread goto into another proc")
	}
	if target.Callable {
		return fmt.Errorf("a thread started in a callable proc")
	}
	return nil
}

// validCall checks a Call step against its callee.
func (p *Program) validCall(st *Step) error {
	if st.Callee < 0 || st.Callee >= len(p.Procs) || !p.Procs[st.Callee].Callable {
		return fmt.Errorf("call of proc %d, which is not callable", st.Callee)
	}
	callee := p.Procs[st.Callee]
	if st.Constraint != nil || len(st.Args) != len(callee.Params) || (len(st.RetTargets) != 0 && len(st.RetTargets) != callee.Returns) {
		return fmt.Errorf("%d arguments and %d results for %s's %d parameters and %d results", len(st.Args), len(st.RetTargets), callee.Name, len(callee.Params), callee.Returns)
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
