package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// CheckSummaries re-checks the evidence that a program of one thread with
// recursive functions is safe (bp.Summaries) with the reference semantics
// alone: main's context is there, entered with every value Any, and
// every fact of every context is closed under one step of its procedure.
// A step's outcomes must be facts of the same context; a call's entry
// must be covered by the entry of a context of the callee, and every exit
// of that context, returned to the caller, must be a fact of the caller's
// context; a return's exit must be an exit of its context. No fact is at
// the label, and no fact's assertion can fail. Nothing is searched.
// It stops with ctx's cause when ctx ends (a check of a large summary
// set can take longer than the search that made it).
//
// A fact stands for all the values of its Any slots. The step is executed
// on concrete states: every Any slot the step reads takes each of its
// values in turn, and every other Any slot is 0 in one execution and 1
// in another, so that an outcome slot that differs between the two
// carries an unread value and must be Any where it is covered.
func CheckSummaries(ctx context.Context, prog *bp.Program, opts Options, s *bp.Summaries) error {
	if s == nil || len(s.Contexts) == 0 {
		return errors.New("no summaries")
	}
	if prog.StartsThreads() {
		return errors.New("summaries are evidence for a program of one thread")
	}
	c := &summaryCheck{sem: newSemantics(prog, opts), s: s}
	main := s.Contexts[0].Entry
	if main.Proc != 0 || main.PC != prog.Procs[0].Entry || !allAny(main.Globals) || !allAny(main.Locals) {
		return errors.New("context 0 is not main entered with every value Any")
	}
	for ci := range s.Contexts {
		sc := &s.Contexts[ci]
		if err := c.shape(&sc.Entry, sc.Entry.Proc); err != nil {
			return fmt.Errorf("context %d: entry: %w", ci, err)
		}
		if sc.Entry.PC != prog.Procs[sc.Entry.Proc].Entry || !c.covered(ci, sc.Entry) {
			return fmt.Errorf("context %d: its entry is not one of its facts", ci)
		}
		for fi := range sc.Facts {
			if ctx.Err() != nil {
				return fmt.Errorf("summaries not checked: %w", context.Cause(ctx))
			}
			f := &sc.Facts[fi]
			if err := c.shape(f, sc.Entry.Proc); err != nil {
				return fmt.Errorf("context %d, fact %d: %w", ci, fi, err)
			}
			if err := c.fact(ci, f); err != nil {
				st := &prog.Procs[f.Proc].Steps[f.PC]
				return fmt.Errorf("context %d, fact %d (%s): %w", ci, fi, prog.Position(st), err)
			}
		}
	}
	return nil
}

// maxEnum bounds the values a summary check enumerates for one step:
// 2^maxEnum.
const maxEnum = 22

type summaryCheck struct {
	sem *semantics
	s   *bp.Summaries
}

func allAny(ts []bp.Tri) bool {
	for _, t := range ts {
		if t != bp.Any {
			return false
		}
	}
	return true
}

// shape checks that f is a frame of proc that the semantics can run.
func (c *summaryCheck) shape(f *bp.PartialFrame, proc int) error {
	prog := c.sem.prog
	if f.Proc != proc || proc < 0 || proc >= len(prog.Procs) {
		return fmt.Errorf("proc %d, not the context's %d", f.Proc, proc)
	}
	p := prog.Procs[proc]
	if f.PC < 0 || f.PC >= len(p.Steps) || len(f.Locals) != len(p.Locals) || len(f.Globals) != len(prog.Globals) {
		return errors.New("bad pc, locals or globals")
	}
	return nil
}

// covered reports whether a fact of context ci covers p.
func (c *summaryCheck) covered(ci int, p bp.PartialFrame) bool {
	for i := range c.s.Contexts[ci].Facts {
		if covers(&c.s.Contexts[ci].Facts[i], &p) {
			return true
		}
	}
	return false
}

// covers reports whether partial frame g stands for every frame p stands
// for.
func covers(g, p *bp.PartialFrame) bool {
	return g.Proc == p.Proc && g.PC == p.PC && coversAll(g.Globals, p.Globals) && coversAll(g.Locals, p.Locals)
}

func coversAll(g, p []bp.Tri) bool {
	for i := range g {
		if g[i] != bp.Any && g[i] != p[i] {
			return false
		}
	}
	return true
}

// fact checks that the step of f keeps the summaries closed.
func (c *summaryCheck) fact(ci int, f *bp.PartialFrame) error {
	sem := c.sem
	st := &sem.prog.Procs[f.Proc].Steps[f.PC]
	if sem.label != "" && sem.Target(f.Proc, f.PC) {
		return fmt.Errorf("a fact is at label %s", sem.label)
	}
	return c.concretisations(f, st, func(lo, hi *bp.State) error {
		switch st.Kind {
		case bp.Return:
			return c.exit(ci, st, lo, hi)
		case bp.Call:
			return c.call(ci, st, lo, hi)
		}
		a, fails, err := sem.Successors(lo, 0, 0)
		if err != nil {
			return err
		}
		if fails {
			return errors.New("the assertion can fail")
		}
		b, _, err := sem.Successors(hi, 0, 0)
		if err != nil {
			return err
		}
		if len(a) != len(b) {
			return errors.New("the step depends on a value it does not read")
		}
		for k := range a {
			if len(a[k].Next.Threads) == 0 {
				continue // the thread ended: nothing follows
			}
			p := merge(&a[k].Next, &b[k].Next)
			if !c.covered(ci, p) {
				return errors.New("an outcome of the step is not a fact of the context")
			}
		}
		return nil
	})
}

// concretisations calls check with every pair of concrete states of f:
// the Any slots the step reads take every combination of values, the
// other Any slots are all false in lo and all true in hi.
func (c *summaryCheck) concretisations(f *bp.PartialFrame, st *bp.Step, check func(lo, hi *bp.State) error) error {
	readG, readL := map[int]bool{}, map[int]bool{}
	st.Reads(func(r bp.VarRef) {
		if r.Scope == bp.Global {
			readG[r.Index] = true
		} else {
			readL[r.Index] = true
		}
	})
	type slot struct {
		global bool
		i      int
	}
	var read []slot
	for i, t := range f.Globals {
		if t == bp.Any && readG[i] {
			read = append(read, slot{true, i})
		}
	}
	for i, t := range f.Locals {
		if t == bp.Any && readL[i] {
			read = append(read, slot{false, i})
		}
	}
	if len(read) > maxEnum {
		return fmt.Errorf("the step reads %d values that a fact leaves open: %w", len(read), ErrTooWide)
	}
	build := func(mask int, other bool) *bp.State {
		t := bp.ThreadState{Proc: f.Proc, PC: f.PC, Locals: make([]bool, len(f.Locals))}
		s := &bp.State{Globals: make([]bool, len(f.Globals)), Threads: []bp.ThreadState{t}}
		for i, v := range f.Globals {
			s.Globals[i] = v == bp.True || (v == bp.Any && other)
		}
		for i, v := range f.Locals {
			s.Threads[0].Locals[i] = v == bp.True || (v == bp.Any && other)
		}
		for j, r := range read {
			b := mask&(1<<j) != 0
			if r.global {
				s.Globals[r.i] = b
			} else {
				s.Threads[0].Locals[r.i] = b
			}
		}
		return s
	}
	for mask := 0; mask < 1<<len(read); mask++ {
		if err := check(build(mask, false), build(mask, true)); err != nil {
			return err
		}
	}
	return nil
}

// merge is the partial frame of thread 0's frame of two outcomes: a slot
// that differs is Any.
func merge(a, b *bp.State) bp.PartialFrame {
	ta, tb := &a.Threads[0], &b.Threads[0]
	return bp.PartialFrame{Proc: ta.Proc, PC: ta.PC, Globals: mergeVals(a.Globals, b.Globals), Locals: mergeVals(ta.Locals, tb.Locals)}
}

func mergeVals(a, b []bool) []bp.Tri {
	out := make([]bp.Tri, len(a))
	for i := range a {
		switch {
		case a[i] != b[i]:
			out[i] = bp.Any
		case a[i]:
			out[i] = bp.True
		}
	}
	return out
}

// exit checks that every exit of a Return step from the pair (lo, hi) is
// an exit of context ci.
func (c *summaryCheck) exit(ci int, st *bp.Step, lo, hi *bp.State) error {
	nTL := len(c.sem.prog.ThreadLocals)
	used := interp.UsedChoices(st.Values)
	if len(used) > maxEnum {
		return fmt.Errorf("%s: the step has %d non-deterministic values to enumerate: %w", c.sem.prog.Position(st), len(used), ErrTooWide)
	}
	ch := make([]bool, st.Choices)
	for mask := 0; mask < 1<<len(used); mask++ {
		for j, i := range used {
			ch[i] = mask&(1<<j) != 0
		}
		results := func(s *bp.State) []bool {
			e := &interp.Env{Globals: s.Globals, Locals: s.Threads[0].Locals, Choices: ch}
			out := make([]bool, len(st.Values))
			for j, v := range st.Values {
				out[j] = e.Eval(v)
			}
			return out
		}
		x := bp.SummaryExit{
			Globals:      mergeVals(lo.Globals, hi.Globals),
			ThreadLocals: mergeVals(lo.Threads[0].Locals[:nTL], hi.Threads[0].Locals[:nTL]),
			Results:      mergeVals(results(lo), results(hi)),
		}
		found := false
		for _, y := range c.s.Contexts[ci].Exits {
			if coversAll(y.Globals, x.Globals) && coversAll(y.ThreadLocals, x.ThreadLocals) && coversAll(y.Results, x.Results) {
				found = true
				break
			}
		}
		if !found {
			return errors.New("a return's exit is not an exit of the context")
		}
	}
	return nil
}

// call checks a Call step from the pair (lo, hi): its entry is covered by
// the entry of a context of the callee, and every exit of that context,
// returned to the caller, is a fact of context ci.
func (c *summaryCheck) call(ci int, st *bp.Step, lo, hi *bp.State) error {
	sem := c.sem
	a, _, err := sem.Successors(lo, 0, 0)
	if err != nil {
		return err
	}
	b, _, err := sem.Successors(hi, 0, 0)
	if err != nil {
		return err
	}
	if len(a) != len(b) {
		return errors.New("the call depends on a value it does not read")
	}
	for k := range a {
		entry := merge(&a[k].Next, &b[k].Next)
		// The caller's frame as the call pushed it, values that differ
		// between the two executions Any.
		fa, fb := &a[k].Next.Threads[0].Stack[0], &b[k].Next.Threads[0].Stack[0]
		caller := mergeVals(fa.Locals, fb.Locals)
		// Any context of the callee whose entry covers this one serves,
		// if every return from it is a fact of the caller's context: the
		// engine need not have used the most general one.
		entered, returned := false, false
		for di := range c.s.Contexts {
			if !covers(&c.s.Contexts[di].Entry, &entry) {
				continue
			}
			entered = true
			if c.returns(ci, st, fa.Proc, caller, c.s.Contexts[di].Exits) {
				returned = true
				break
			}
		}
		switch {
		case !entered:
			return errors.New("a call's entry is not covered by a context of the callee")
		case !returned:
			return errors.New("a return to the caller is not a fact of its context")
		}
	}
	return nil
}

// returns reports whether every exit of exits, returned by Call step st
// of proc to a caller frame with locals caller, is a fact of context ci.
func (c *summaryCheck) returns(ci int, st *bp.Step, proc int, caller []bp.Tri, exits []bp.SummaryExit) bool {
	for _, x := range exits {
		p := bp.PartialFrame{Proc: proc, PC: st.Next, Globals: append([]bp.Tri(nil), x.Globals...), Locals: append([]bp.Tri(nil), caller...)}
		copy(p.Locals, x.ThreadLocals)
		for j, ref := range st.RetTargets {
			switch {
			case ref.Index < 0:
			case ref.Scope == bp.Global:
				p.Globals[ref.Index] = x.Results[j]
			default:
				p.Locals[ref.Index] = x.Results[j]
			}
		}
		if !c.covered(ci, p) {
			return false
		}
	}
	return true
}
