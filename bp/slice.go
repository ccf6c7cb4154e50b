package bp

import (
	"slices"
)

// Slicing by the cone of influence: the variables that cannot change
// whether the property fails are cut out of the program before an engine
// sees it. Predicate abstraction keeps predicates that only feed one
// another (a worker's local data recomputed every round from fresh bits),
// and every engine pays for them: the explicit one in states, the circuit
// ones in latches, the counter one in thread states. ABC's pdr drops them
// from its circuit (scl); bopgo drops them from the program, so every
// engine gains.
//
// A variable is relevant when the property, the control or a constraint
// reads it: a condition of an assume, assert or branch, a constraint of an
// assignment (primed or not), or the value given to a relevant variable
// (an assignment's target, a started thread's parameter), where a value
// x ^ * reads nothing, as it takes either value whatever x is (absorb.go:
// GuardedWorkers' locals, each recomputed from another with a fresh bit,
// all looked relevant through the one a branch reads). The relevant
// set is the least one closed under those rules; the others are
// irrelevant. Cutting them keeps every step and every pc: an assignment
// loses its irrelevant targets (and becomes a skip when nothing is left),
// and irrelevant globals disappear; a started thread's irrelevant parameter
// gets F (its argument may read what was cut). Irrelevant locals stay declared but
// are neither read nor written, so they are dead everywhere (Prog's
// liveness says so, also where a thread start copies them) and engines
// ignore them.
//
// The sliced program has exactly the executions of the original projected
// on the relevant variables: the relevant values of a step depend only on
// relevant values and on choices, a constraint only on relevant values
// and choices, and the control only on relevant values. So the property
// has the same answer, and a trace of the sliced program becomes one of
// the original by giving the irrelevant variables the values the
// original's steps compute (judge.ConcretizeSlice), which is then replayed
// on the original like any trace.
//
// Programs with recursive functions or broadcasts are not sliced: their
// data also flow through calls, returns and passive threads, which the
// rules above do not follow. The judge checks a slice without trusting the
// computation of the relevant set (judge.VerifySlice).

// Slice is a program with its irrelevant variables cut out.
type Slice struct {
	Orig, Prog *Program
	// Relevant globals (of Orig), and relevant local slots of each proc.
	Globals Bits
	Locals  []Bits
	// globalIn maps a global of Orig to its index in Prog, -1 if cut.
	globalIn []int
	// CutGlobals, CutLocals and CutTargets count what was cut: globals,
	// local slots, and assignment targets.
	CutGlobals, CutLocals, CutTargets int
}

// Sliced returns p without its irrelevant variables, or nil when p has
// none to cut or is not sliced (recursive functions, broadcasts).
func Sliced(p *Program) *Slice {
	if p.HasCalls() || p.HasBroadcasts() {
		return nil
	}
	s := &Slice{Orig: p}
	s.relevance()
	cut := 0
	for pi, proc := range p.Procs {
		for i := range proc.Steps {
			for _, t := range proc.Steps[i].Targets {
				if !s.Relevant(pi, t) {
					cut++
				}
			}
		}
	}
	if cut == 0 && s.Globals.Len() == len(p.Globals) {
		return nil
	}
	s.CutTargets = cut
	s.CutGlobals = len(p.Globals) - s.Globals.Len()
	for pi, proc := range p.Procs {
		s.CutLocals += len(proc.Locals) - s.Locals[pi].Len()
	}
	s.build()
	return s
}

// SlicedTo is p cut to the given relevant globals and locals (of each
// proc), whether or not they are closed as slicing requires: for tests of
// the judge's check of a slice (judge.VerifySlice), which must refuse
// those that are not.
func SlicedTo(p *Program, globals Bits, locals []Bits) *Slice {
	s := &Slice{Orig: p, Globals: globals, Locals: locals}
	s.build()
	return s
}

// Relevant reports whether variable r of a step of Orig's proc pi is
// relevant.
func (s *Slice) Relevant(pi int, r VarRef) bool {
	if r.Scope == Global {
		return s.Globals.Has(r.Index)
	}
	return s.Locals[pi].Has(r.Index)
}

// relevance computes Globals and Locals: the least set that holds every
// variable read by a condition or constraint and is closed under "a
// relevant variable's value reads it". Thread-local slots are one
// variable in every proc: a started thread gets the creator's.
func (s *Slice) relevance() {
	p := s.Orig
	nTL := len(p.ThreadLocals)
	s.Globals = NewBits(len(p.Globals))
	s.Locals = make([]Bits, len(p.Procs))
	for pi, proc := range p.Procs {
		s.Locals[pi] = NewBits(len(proc.Locals))
	}
	// A variable is a node: (proc, ref), with proc ignored for globals
	// and thread-locals (normalised to proc 0).
	type node struct {
		proc int
		ref  VarRef
	}
	norm := func(proc int, r VarRef) node {
		if r.Scope == Global || r.Index < nTL {
			proc = 0
		}
		return node{proc, VarRef{r.Scope, r.Index}}
	}
	deps := map[node][]node{} // a variable's value reads these
	var work []node
	mark := func(n node) {
		set := s.Globals
		if n.ref.Scope == Local {
			set = s.Locals[n.proc]
		}
		if set.Has(n.ref.Index) {
			return
		}
		set.Add(n.ref.Index)
		if n.ref.Scope == Local && n.ref.Index < nTL {
			for _, l := range s.Locals { // one variable in every proc
				l.Add(n.ref.Index)
			}
		}
		work = append(work, n)
	}
	for pi, proc := range p.Procs {
		reads := func(t *Term, f func(node)) {
			walkVars(t, func(r VarRef) { f(norm(pi, r)) })
		}
		for i := range proc.Steps {
			st := &proc.Steps[i]
			ab := newAbsorber(st)
			reads(ab.term(st.Cond), mark)
			reads(ab.term(st.Constraint), mark)
			for j, t := range st.Targets {
				to := norm(pi, t)
				reads(ab.term(st.Values[j]), func(n node) { deps[to] = append(deps[to], n) })
			}
			if st.Kind == Spawn && !st.CopyLocals {
				params := p.Procs[st.SpawnProc].Params
				for j, a := range st.SpawnArgs {
					to := norm(st.SpawnProc, VarRef{Local, params[j]})
					reads(ab.term(a), func(n node) { deps[to] = append(deps[to], n) })
				}
			}
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, d := range deps[n] {
			mark(d)
		}
	}
}

// walkVars calls f for every variable t reads, primed or not (a
// constraint on a target's new value makes the target relevant).
func walkVars(t *Term, f func(VarRef)) {
	if t == nil {
		return
	}
	if t.Op == TVar {
		f(t.Ref)
	}
	for _, a := range t.Args {
		walkVars(a, f)
	}
}

// build makes Prog: Orig's procs with the irrelevant targets cut from
// every assignment and the irrelevant globals from every term.
func (s *Slice) build() {
	p := s.Orig
	q := &Program{File: p.File, ThreadLocals: p.ThreadLocals, Dialect: p.Dialect, DefaultLabel: p.DefaultLabel, Notes: p.Notes}
	s.globalIn = make([]int, len(p.Globals))
	for i, name := range p.Globals {
		s.globalIn[i] = -1
		if s.Globals.Has(i) {
			s.globalIn[i] = len(q.Globals)
			q.Globals = append(q.Globals, name)
		}
	}
	for pi, proc := range p.Procs {
		np := *proc
		np.Steps = make([]Step, len(proc.Steps))
		for i := range proc.Steps {
			np.Steps[i] = s.step(pi, &proc.Steps[i])
		}
		q.Procs = append(q.Procs, &np)
	}
	q.liveOnce.Do(func() { q.live = s.liveness(q) })
	s.Prog = q
}

// liveness is q's liveness with every cut local dead everywhere.
// Proc.Liveness has a thread start read every thread-local (the new
// thread gets copies), cut ones included; but nothing kept reads a cut
// variable, so its value never counts, and a trace of q may show any
// value for it. judge.ConcretizeSlice relies on this: it requires a
// concrete step of Orig to agree with the engine's values of q's live
// locals, and an engine's value of a cut local is not the one Orig
// computes (`decl thread_local t; ... t := T; start_thread goto W`: every
// engine's counterexample was refused as an internal error).
func (s *Slice) liveness(q *Program) [][]Bits {
	var live [][]Bits
	for pi, proc := range q.Procs {
		l := proc.Liveness(len(q.ThreadLocals))
		for pc := range l {
			for i := range l[pc] {
				l[pc][i] &= s.Locals[pi][i]
			}
		}
		live = append(live, l)
	}
	return live
}

// step is st of proc pi in the sliced program, its terms with free
// choices absorbed (absorb.go).
func (s *Slice) step(pi int, st *Step) Step {
	choices := map[int]int{} // a choice kept, renumbered in order of use
	ab := newAbsorber(st)
	var copyRaw func(t *Term) *Term
	copyTerm := func(t *Term) *Term { return copyRaw(ab.term(t)) }
	copyRaw = func(t *Term) *Term {
		if t == nil {
			return nil
		}
		c := *t
		if t.Op == TVar && t.Ref.Scope == Global {
			c.Ref.Index = s.globalIn[t.Ref.Index]
		}
		if t.Op == TNondet || t.Op == TChoose {
			k, ok := choices[t.Choice]
			if !ok {
				k = len(choices)
				choices[t.Choice] = k
			}
			c.Choice = k
		}
		c.Args = nil
		for _, a := range t.Args {
			c.Args = append(c.Args, copyRaw(a))
		}
		return &c
	}
	st = s.withCutArgs(st)
	n := rewriteStep(st, copyTerm, func(t VarRef) (VarRef, bool) {
		if !s.Relevant(pi, t) {
			return t, false
		}
		if t.Scope == Global {
			t.Index = s.globalIn[t.Index]
		}
		return t, true
	})
	n.Choices = len(choices)
	return n
}

// withCutArgs is st with the argument of every cut parameter of the
// thread it starts replaced by F: the parameter is never read, so its
// value does not count, and the argument may read variables that are cut
// themselves (a global read only into the parameter), which the sliced
// program no longer has.
func (s *Slice) withCutArgs(st *Step) *Step {
	if st.Kind != Spawn || st.CopyLocals {
		return st
	}
	params := s.Orig.Procs[st.SpawnProc].Params
	var args []*Term
	for j := range st.SpawnArgs {
		if j < len(params) && !s.Locals[st.SpawnProc].Has(params[j]) {
			if args == nil {
				args = slices.Clone(st.SpawnArgs)
			}
			args[j] = &Term{Op: TConst}
		}
	}
	if args == nil {
		return st
	}
	c := *st
	c.SpawnArgs = args
	return &c
}

// Expand returns tr, a trace of Prog, with the states of Orig: every cut
// global is false. The values of cut variables are not Orig's yet
// (judge.ConcretizeSlice computes them).
func (s *Slice) Expand(tr *Trace) *Trace {
	if tr == nil {
		return nil
	}
	out := &Trace{Kind: tr.Kind, Final: s.expandState(&tr.Final)}
	for _, st := range tr.Steps {
		st.Before = s.expandState(&st.Before)
		out.Steps = append(out.Steps, st)
	}
	return out
}

func (s *Slice) expandState(st *State) State {
	c := st.Clone()
	c.Globals = make([]bool, len(s.Orig.Globals))
	for i, j := range s.globalIn {
		if j >= 0 && j < len(st.Globals) {
			c.Globals[i] = st.Globals[j]
		}
	}
	return c
}
