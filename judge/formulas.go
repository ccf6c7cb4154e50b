package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/sat"
)

// CheckSummaryFormulas re-checks the evidence that a program of one
// thread with recursive functions is safe, in the symbolic engine's form
// (engine.SummaryFormulas): main's initial frame is in its entry invariant;
// each step maps the invariant of its pc into the invariants of its
// successors; a Call maps it into the callee's entry invariant and,
// through the callee's summary, into the invariant after the call; a
// Return maps it into its proc's summary; no invariant meets a failing
// assertion or the label. Each of these is one SAT question on the
// formulas and the step's relation, which this file writes from the
// lowered step (terms through the judge's own encoding, term.go, as Replay's solver does);
// nothing is searched, and the engine's own steps are not used.
//
// A formula may read only its proc's declared inputs (an invariant its
// Entry and Values, a summary its Entry and Exit), so that it is one set
// of valuations with nothing left to quantify.
//
// The check gives up with ctx's error when ctx ends: on relations of many
// exclusive ors its SAT questions can take longer than the search.
func CheckSummaryFormulas(ctx context.Context, prog *bp.Program, opts Options, f *engine.SummaryFormulas) error {
	if f == nil || f.C == nil {
		return errors.New("no summary formulas")
	}
	if prog.StartsThreads() {
		return errors.New("summary formulas are evidence for a program of one thread")
	}
	if err := formulaShape(prog, f); err != nil {
		return err
	}
	fc := &formulaCheck{ctx: ctx, prog: prog, f: f, sem: newSemantics(prog, opts), ng: len(prog.Globals)}
	main := prog.Procs[0]
	o := fc.obligation()
	w := o.fresh(fc.ng + len(main.Locals))
	if ok, err := o.valid(o.c.T, o.inv(0, main.Entry, w, w)); err != nil || !ok {
		return orErr(err, errors.New("main's initial frame is not in its entry invariant"))
	}
	for pi, p := range prog.Procs {
		for pc := range p.Steps {
			if f.Procs[pi].Invariants[pc] == f.C.F {
				continue
			}
			if err := fc.step(pi, pc); err != nil {
				return fmt.Errorf("%s (%s, step %d): %w", prog.Position(&p.Steps[pc]), p.Name, pc, err)
			}
		}
	}
	return nil
}

// formulaShape checks that f has one entry per proc and step, inputs of
// the right number, each an input of f.C used once.
func formulaShape(prog *bp.Program, f *engine.SummaryFormulas) error {
	if len(f.Procs) != len(prog.Procs) {
		return fmt.Errorf("%d procs, not %d", len(f.Procs), len(prog.Procs))
	}
	ng, nTL := len(prog.Globals), len(prog.ThreadLocals)
	seen := map[z.Var]bool{}
	for pi, p := range prog.Procs {
		pf := &f.Procs[pi]
		n := ng + len(p.Locals)
		exit := 0
		if p.Callable {
			exit = ng + nTL + p.Returns
		}
		if len(pf.Entry) != n || len(pf.Values) != n || len(pf.Exit) != exit || len(pf.Invariants) != len(p.Steps) {
			return fmt.Errorf("%s: inputs or invariants of the wrong number", p.Name)
		}
		for _, m := range append(append(append([]z.Lit(nil), pf.Entry...), pf.Values...), pf.Exit...) {
			if !m.IsPos() || int(m.Var()) >= f.C.Len() || m == f.C.T || seen[m.Var()] {
				return fmt.Errorf("%s: an input that is not a new input of the circuit", p.Name)
			}
			if a, _ := f.C.Ins(m); a != z.LitNull {
				return fmt.Errorf("%s: an input that is a gate", p.Name)
			}
			seen[m.Var()] = true
		}
		for _, m := range append(append([]z.Lit(nil), pf.Invariants...), pf.Summary) {
			if int(m.Var()) >= f.C.Len() {
				return fmt.Errorf("%s: a formula outside the circuit", p.Name)
			}
		}
	}
	return nil
}

type formulaCheck struct {
	ctx  context.Context
	prog *bp.Program
	f    *engine.SummaryFormulas
	sem  *semantics
	ng   int
}

// obligation is a circuit for the questions about one step, with the
// certificate's formulas copied into it under a binding of their inputs.
type obligation struct {
	fc  *formulaCheck
	c   *logic.C
	bad bool // a formula read an input it may not
}

func (fc *formulaCheck) obligation() *obligation { return &obligation{fc: fc, c: logic.NewC()} }

func (o *obligation) fresh(n int) []z.Lit {
	out := make([]z.Lit, n)
	for i := range out {
		out[i] = o.c.Lit()
	}
	return out
}

// inst copies m from the certificate into o, its inputs bound by
// decls[k][i] -> vals[k][i]; any other input makes the obligation fail.
func (o *obligation) inst(m z.Lit, decls, vals [][]z.Lit) z.Lit {
	src := o.fc.f.C
	bind := map[z.Var]z.Lit{}
	for k := range decls {
		for i, d := range decls[k] {
			bind[d.Var()] = vals[k][i]
		}
	}
	memo := map[z.Var]z.Lit{}
	var copyLit func(m z.Lit) z.Lit
	copyLit = func(m z.Lit) z.Lit {
		switch m {
		case src.T:
			return o.c.T
		case src.F:
			return o.c.F
		}
		v := m.Var()
		d, ok := memo[v]
		if !ok {
			a, b := src.Ins(v.Pos())
			switch {
			case a != z.LitNull:
				d = o.c.And(copyLit(a), copyLit(b))
			case bind[v] != z.LitNull:
				d = bind[v]
			default:
				o.bad = true
				d = o.c.Lit()
			}
			memo[v] = d
		}
		if !m.IsPos() {
			return d.Not()
		}
		return d
	}
	return copyLit(m)
}

// inv is the invariant of (proc, pc), entered with entry, at frame vals.
func (o *obligation) inv(proc, pc int, entry, vals []z.Lit) z.Lit {
	pf := &o.fc.f.Procs[proc]
	return o.inst(pf.Invariants[pc], [][]z.Lit{pf.Entry, pf.Values}, [][]z.Lit{entry, vals})
}

// summary is the summary of proc, entered with entry, at exit.
func (o *obligation) summary(proc int, entry, exit []z.Lit) z.Lit {
	pf := &o.fc.f.Procs[proc]
	return o.inst(pf.Summary, [][]z.Lit{pf.Entry, pf.Exit}, [][]z.Lit{entry, exit})
}

// satisfiable reports whether m has a model; a formula that read an
// undeclared input is an error.
func (o *obligation) satisfiable(m z.Lit) (bool, error) {
	if o.bad {
		return false, errors.New("a formula reads an input that is not its proc's")
	}
	if m == o.c.F {
		return false, nil
	}
	s := sat.New(o.c)
	s.Assume(m)
	switch s.SolveContext(o.fc.ctx) {
	case sat.Sat:
		return true, nil
	case sat.Unsat:
		return false, nil
	}
	return false, fmt.Errorf("summary formulas not checked: %w", context.Cause(o.fc.ctx))
}

// valid reports whether premise implies conclusion.
func (o *obligation) valid(premise, conclusion z.Lit) (bool, error) {
	ok, err := o.satisfiable(o.c.And(premise, conclusion.Not()))
	return !ok, err
}

// step checks the step at (pi, pc) against its invariant.
func (fc *formulaCheck) step(pi, pc int) error {
	p := fc.prog.Procs[pi]
	st := &p.Steps[pc]
	ng := fc.ng
	o := fc.obligation()
	e, v := o.fresh(ng+len(p.Locals)), o.fresh(ng+len(p.Locals))
	pre := o.inv(pi, pc, e, v)
	if fc.sem.label != "" && fc.sem.Target(pi, pc) {
		if ok, err := o.satisfiable(pre); err != nil || ok {
			return orErr(err, fmt.Errorf("the invariant meets label %s", fc.sem.label))
		}
	}
	l := &lits{c: o.c, g: v[:ng], l: v[ng:], ch: o.fresh(st.Choices)}
	next := func(premise z.Lit, to int, vals []z.Lit) error {
		ok, err := o.valid(premise, o.inv(pi, to, e, vals))
		if err != nil || !ok {
			return orErr(err, fmt.Errorf("a successor at step %d is not in its invariant", to))
		}
		return nil
	}
	switch st.Kind {
	case bp.Skip, bp.AtomicBegin, bp.AtomicEnd:
		return next(pre, st.Next, v)
	case bp.Assume:
		return next(o.c.And(pre, l.enc(st.Cond)), st.Next, v)
	case bp.Assert:
		if fc.sem.label == "" {
			if ok, err := o.satisfiable(o.c.And(pre, l.enc(st.Cond).Not())); err != nil || ok {
				return orErr(err, errors.New("the assertion can fail"))
			}
		}
		return next(pre, st.Next, v)
	case bp.Branch:
		cond := l.enc(st.Cond)
		if err := next(o.c.And(pre, cond), st.Then, v); err != nil {
			return err
		}
		return next(o.c.And(pre, cond.Not()), st.Else, v)
	case bp.Goto:
		for _, to := range st.Succs {
			if err := next(pre, to, v); err != nil {
				return err
			}
		}
		return nil
	case bp.Assign:
		if st.Broadcast() {
			return errors.New("a broadcast in a program of one thread")
		}
		nv := append([]z.Lit(nil), v...)
		for j, t := range st.Targets {
			at := t.Index
			if t.Scope == bp.Local {
				at += ng
			}
			nv[at] = l.enc(st.Values[j])
		}
		if st.Constraint != nil {
			l.ng, l.nl = nv[:ng], nv[ng:]
			pre = o.c.And(pre, l.enc(st.Constraint))
		}
		return next(pre, st.Next, nv)
	case bp.EndThread:
		return nil
	case bp.Call:
		return fc.call(o, pi, st, pre, e, v, l)
	case bp.Return:
		return fc.ret(o, pi, st, pre, e, v, l)
	}
	return fmt.Errorf("a %s step in a program of one thread with calls", st.Kind)
}

// ret checks Return step st of proc pi: from the invariant pre (over
// entry e and values v), the exit it makes is in pi's summary.
func (fc *formulaCheck) ret(o *obligation, pi int, st *bp.Step, pre z.Lit, e, v []z.Lit, l *lits) error {
	p := fc.prog.Procs[pi]
	if !p.Callable || len(st.Values) != p.Returns {
		return errors.New("a return from a proc that is not called, or with the wrong number of values")
	}
	exit := append([]z.Lit(nil), v[:fc.ng+len(fc.prog.ThreadLocals)]...)
	for _, t := range st.Values {
		exit = append(exit, l.enc(t))
	}
	ok, err := o.valid(pre, o.summary(pi, e, exit))
	if err != nil || !ok {
		return orErr(err, errors.New("a return's exit is not in the summary"))
	}
	return nil
}

// call checks Call step st of proc pi: the callee's entry frame is in the
// callee's entry invariant, and every exit of its summary from that entry,
// returned to the caller, is in the invariant after the call.
func (fc *formulaCheck) call(o *obligation, pi int, st *bp.Step, pre z.Lit, e, v []z.Lit, l *lits) error {
	prog := fc.prog
	if st.Callee < 0 || st.Callee >= len(prog.Procs) || !prog.Procs[st.Callee].Callable {
		return errors.New("a call of a proc that is not callable")
	}
	g := prog.Procs[st.Callee]
	ng, nTL := fc.ng, len(prog.ThreadLocals)
	w := o.fresh(ng + len(g.Locals))
	copy(w, v[:ng+nTL])
	for j, a := range st.Args {
		if j < len(g.Params) {
			w[ng+g.Params[j]] = l.enc(a)
		}
	}
	ok, err := o.valid(pre, o.inv(st.Callee, g.Entry, w, w))
	if err != nil || !ok {
		return orErr(err, errors.New("the callee's entry frame is not in its entry invariant"))
	}
	exit := o.fresh(ng + nTL + g.Returns)
	nv := append([]z.Lit(nil), v...)
	copy(nv, exit[:ng+nTL])
	for j, ref := range st.RetTargets {
		switch {
		case ref.Index < 0:
		case j >= g.Returns:
			return errors.New("a call takes more results than the callee returns")
		case ref.Scope == bp.Global:
			nv[ref.Index] = exit[ng+nTL+j]
		default:
			nv[ng+ref.Index] = exit[ng+nTL+j]
		}
	}
	ok, err = o.valid(o.c.And(pre, o.summary(st.Callee, w, exit)), o.inv(pi, st.Next, e, nv))
	if err != nil || !ok {
		return orErr(err, errors.New("a return through the callee's summary is not in the invariant after the call"))
	}
	return nil
}

// orErr is err if not nil, else fallback.
func orErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}
