package symbolic

import (
	"context"
	"fmt"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/sat"
)

// Procedure summaries as formulas: a program of one thread with recursive
// functions (Call and Return steps) is decided whatever the depth of its
// calls, in BoPPo's parametric way.
//
// Each callable procedure is explored in a space of its own, from a
// parametric entry: its frame and the globals at entry are fresh inputs
// E, restricted by the entry state's guard to the entries its calls
// reach (enter), and its states are symbolic states over E and the
// choices made since, so that each stands for a relation between entry
// and current values. Subsumption compares E with the values (the entry
// is part of what a state says), by the same forall-exists query as the
// search's, or by SAT where both sides are written over their values
// (summary_compact.go). A Return step makes an exit (the
// globals, thread-locals and results, over E and choices); an exit not
// covered by the procedure's exits joins its summary. A Call step applies
// the callee's summary: each exit, its E replaced by the call's entry
// values and its other inputs by fresh ones, is one successor — the
// existential over the callee's choices is free in the parametric
// representation. Callers wait on their callee, so an exit found later
// still reaches them; the search ends when nothing is new, a fixed point.
// A call whose callee never returns gets no successor: infinite recursion
// is a call that does not return, never a hang.
//
// The property is searched in one more space, the reach space: main from
// its initial state, calls through summaries, and at every Call also a
// descent into the callee's entry that never comes back (a bug inside a
// call needs no return; the frames it leaves are rebuilt for the trace).
// Its states carry no entry, and every state there is reachable, so the
// assertions and the label are checked only there.
//
// A counterexample is rebuilt from the reach space's path and, for a call
// that returned through an exit, the callee's own path to that exit,
// its choices found by SAT from the entry and exit values the call used
// (summary_trace.go): the search's own model fixes every value, no
// second search builds the trace.
// Safe comes with the summaries and invariants as formulas, for the root
// to re-check without this engine (summary_cert.go).

// sumSpace is one exploration: a callable procedure from its parametric
// entry, or the reach space (proc -1).
type sumSpace struct {
	proc int
	// entry is E, the inputs of the frame at entry, globals then the
	// procedure's locals; entryVals is E as compared (z.LitNull where a
	// local is dead at entry). Both nil in the reach space.
	entry, entryVals []z.Lit
	nodes            []symNode
	links            []sumLink
	history          map[[2]int][]int // (proc, pc) -> stored nodes
	exits            []sumExit
	exitNodes        []symNode // the exits as subsumption compares them
	callers          []sumCaller
}

// linkKind says how a node was reached from its parent.
type linkKind uint8

const (
	linkStep    linkKind = iota // one step of the procedure
	linkReturn                  // a call, returned through an exit of the callee's summary
	linkDescent                 // a call entered, never to return (reach space)
)

// sumLink is how a node was reached.
type sumLink struct {
	kind   linkKind
	taken  int
	callee int // linkReturn: the callee's proc and its exit
	exit   int
	// entry and took are, for linkReturn, what the call gave the
	// callee's E and what it took from the exit (the exit's compact
	// slots after the entry's, z.LitNull where not taken), as literals
	// of the caller's state: the trace fixes the callee's path by them.
	entry, took []z.Lit
}

// sumExit is an exit of a procedure: the Return node and what the caller
// gets back, over E and choices: as the path made it (plain), and
// compact, the same relation re-parameterised (compactExit), which is
// what calls copy.
type sumExit struct {
	node           int
	plain, compact exitForm
}

// exitForm is an exit's guard and values.
type exitForm struct {
	guard                 z.Lit
	globals, tls, results []z.Lit
}

// slots are f's values in the order subsumption compares them, after
// the entry's.
func (f *exitForm) slots(entry []z.Lit) []z.Lit {
	return append(append(append(append([]z.Lit(nil), entry...), f.globals...), f.tls...), f.results...)
}

// sumCaller is a node at a Call step waiting for its callee's exits.
type sumCaller struct {
	space *sumSpace
	node  int
}

type sumItem struct {
	space *sumSpace
	node  int
}

// sumSearch is the search by summaries; it borrows the engine's solver,
// subsumer and counters.
type sumSearch struct {
	*symEngine
	reach  *sumSpace
	spaces []*sumSpace // by proc; nil until called
	queue  []sumItem
	stored int
	done   *engine.Result // a decided search
}

// summaries decides the engine's program, of one thread, by procedure
// summaries.
func (e *symEngine) summaries(ctx context.Context) engine.Result {
	x := &sumSearch{symEngine: e, spaces: make([]*sumSpace, len(e.prob.Prog.Procs))}
	x.reach = &sumSpace{proc: -1, history: map[[2]int][]int{}}
	x.add(ctx, x.reach, -1, e.enc.Initial(), sumLink{kind: linkStep, taken: -1})
	for head := 0; head < len(x.queue) && x.done == nil; head++ {
		if ctx.Err() != nil {
			return engine.Stopped(ctx)
		}
		if e.prob.MaxStates > 0 && x.stored >= e.prob.MaxStates {
			return engine.Result{Limit: engine.States, Reason: fmt.Sprintf("state limit reached: %d states", e.prob.MaxStates)}
		}
		x.process(ctx, x.queue[head].space, x.queue[head].node)
	}
	if x.done != nil {
		return *x.done
	}
	cert, err := x.certificate()
	if err != nil {
		return engine.Result{Limit: engine.Choices, Reason: "no certificate for the summaries: " + err.Error()}
	}
	return engine.Result{Verdict: engine.Safe, Evidence: cert}
}

// space is the exploration of callable proc, made on first use (its
// entries come with the calls: enter).
func (x *sumSearch) space(proc int) *sumSpace {
	if s := x.spaces[proc]; s != nil {
		return s
	}
	p := x.prob.Prog.Procs[proc]
	ng := len(x.prob.Prog.Globals)
	s := &sumSpace{proc: proc, history: map[[2]int][]int{}}
	s.entry = make([]z.Lit, ng+len(p.Locals))
	for i := range s.entry {
		s.entry[i] = x.enc.Fresh()
	}
	st := s.entryState(x, x.enc.C.T)
	s.entryVals = append(append([]z.Lit(nil), st.Globals...), st.Threads[0].Locals...)
	x.spaces[proc] = s
	return s
}

// entryState is the state of s at its entry: every value its E, the
// guard restricting E.
func (s *sumSpace) entryState(x *sumSearch, guard z.Lit) encode.State {
	p := x.prob.Prog.Procs[s.proc]
	ng := len(x.prob.Prog.Globals)
	st := encode.State{Globals: append([]z.Lit(nil), s.entry[:ng]...), Guard: guard, NextID: 1,
		Threads: []encode.Thread{{Proc: s.proc, PC: p.Entry, Locals: append([]z.Lit(nil), s.entry[ng:]...)}}}
	x.forgetDead(&st)
	return st
}

// enter makes the entries of a call, the frames w (z.LitNull: any value)
// under guard, entries of space s: an entry state whose guard is their
// set over E (its projection, as in compactExit), unless s's entries
// cover it. A procedure is thus explored only from the entries its calls
// reach, not from every valuation; past the BDD limit the entry is every
// valuation, which is always sound.
func (x *sumSearch) enter(ctx context.Context, s *sumSpace, w []z.Lit, guard z.Lit) {
	c := x.enc.C
	var live, to []z.Lit
	for i, m := range w {
		if m != z.LitNull && s.entryVals[i] != z.LitNull {
			live, to = append(live, m), append(to, s.entry[i])
		}
	}
	set := c.T
	if r, ok := x.enc.Reparameterise(&encode.State{Globals: live, Guard: guard}, encode.DefaultReparamNodes); ok {
		set = x.onto(r, to)
	}
	x.add(ctx, s, -1, s.entryState(x, set), sumLink{kind: linkStep, taken: -1})
}

// forgetDead clears the locals dead at the thread's pc.
func (x *sumSearch) forgetDead(st *encode.State) {
	t := &st.Threads[0]
	live := x.enc.Live[t.Proc][t.PC]
	for i := range t.Locals {
		if !live.Has(i) {
			t.Locals[i] = z.LitNull
		}
	}
}

// add stores st in space s, reached from node parent by link, unless its
// guard is unsatisfiable or it is covered by what s stores at its pc; in
// the reach space it checks the label first.
func (x *sumSearch) add(ctx context.Context, s *sumSpace, parent int, st encode.State, link sumLink) {
	if parent >= 0 && st.Guard != s.nodes[parent].st.Guard && !x.isFeasible(ctx, st.Guard) {
		if ctx.Err() != nil {
			x.stop(engine.Stopped(ctx))
		}
		return
	}
	t := &st.Threads[0]
	n := symNode{st: st, parent: parent, thread: t.ID, proc: t.Proc, pc: t.PC, taken: link.taken}
	n.vals = append(append(append([]z.Lit(nil), s.entryVals...), st.Globals...), t.Locals...)
	s.nodes = append(s.nodes, n)
	s.links = append(s.links, link)
	i := len(s.nodes) - 1
	if s == x.reach && x.prob.Label != "" && x.prob.Targets[t.Proc][t.PC] {
		if x.solve(ctx, st.Guard) == sat.Sat {
			x.stop(x.unsafe(i, false, "label "+x.prob.Label+" reached"))
			return
		}
	}
	k := [2]int{t.Proc, t.PC}
	olds := make([]*symNode, len(s.history[k]))
	for j, o := range s.history[k] {
		olds[j] = &s.nodes[o]
	}
	covered, compact, err := x.compactCovered(ctx, &s.nodes[i], olds)
	if !compact {
		covered, err = x.sub.covered(ctx, &s.nodes[i], olds)
	}
	if err != nil {
		x.stopErr(ctx, err)
		return
	}
	if covered {
		x.stats.Subsumed++
		s.nodes, s.links = s.nodes[:i], s.links[:i]
		return
	}
	s.history[k] = append(s.history[k], i)
	x.queue = append(x.queue, sumItem{s, i})
	x.stored++
	x.stats.States++
	x.prob.Meter.AddStates(1)
}

// stop ends the search with r, unless it has ended already.
func (x *sumSearch) stop(r engine.Result) {
	if x.done == nil {
		x.done = &r
	}
}

// stopErr ends the search after a solver error: stopped if ctx ended,
// else Unknown with the error.
func (x *sumSearch) stopErr(ctx context.Context, err error) {
	if ctx.Err() != nil {
		x.stop(engine.Stopped(ctx))
		return
	}
	x.stop(engine.Result{Reason: err.Error()})
}

// process takes the step of node i of space s.
func (x *sumSearch) process(ctx context.Context, s *sumSpace, i int) {
	cur := s.nodes[i].st
	th := cur.Threads[0]
	prog := x.prob.Prog
	st := &prog.Procs[th.Proc].Steps[th.PC]
	switch st.Kind {
	case bp.Call:
		callee := x.space(st.Callee)
		x.enter(ctx, callee, x.entryValues(&cur, st), cur.Guard)
		callee.callers = append(callee.callers, sumCaller{s, i})
		if s == x.reach {
			x.descend(ctx, i, st)
		}
		for k := 0; k < len(callee.exits) && x.done == nil; k++ {
			x.apply(ctx, s, i, callee, k)
		}
	case bp.Return:
		if s != x.reach {
			x.addExit(ctx, s, i)
		}
		// In the reach space the frame below was dropped at the descent:
		// what follows the return is the summaries' business.
	default:
		succs, fail := x.enc.Step(&cur, 0, s == x.reach && x.prob.Label == "")
		if fail != z.LitNull && fail != x.enc.C.F {
			switch x.solve(ctx, fail) {
			case sat.Sat:
				x.stop(x.unsafe(i, true, "assertion can fail"))
				return
			case sat.Unknown:
				x.stop(engine.Stopped(ctx))
				return
			}
		}
		for _, succ := range succs {
			if len(succ.State.Threads) == 0 || x.done != nil {
				continue // the thread ended: nothing follows
			}
			x.add(ctx, s, i, succ.State, sumLink{kind: linkStep, taken: succ.Taken})
		}
	}
}

// entryValues are the callee's frame at entry for Call step st from
// state c, globals then locals: the parameters take the arguments, the
// thread-locals the caller's, every other local is z.LitNull (any value).
func (x *sumSearch) entryValues(c *encode.State, st *bp.Step) []z.Lit {
	prog := x.prob.Prog
	g := prog.Procs[st.Callee]
	ng := len(prog.Globals)
	w := make([]z.Lit, ng+len(g.Locals))
	copy(w, c.Globals)
	for t := range prog.ThreadLocals {
		w[ng+t] = c.Threads[0].Locals[t]
	}
	for j, a := range st.Args {
		if j < len(g.Params) {
			w[ng+g.Params[j]] = x.enc.Cond(c, 0, a, st.Choices)
		}
	}
	return w
}

// descend enters the callee of the reach space's node i, at Call step
// st, for good.
func (x *sumSearch) descend(ctx context.Context, i int, st *bp.Step) {
	c := x.reach.nodes[i].st
	w := x.entryValues(&c, st)
	ng := len(c.Globals)
	for j := range w {
		if w[j] == z.LitNull {
			w[j] = x.enc.Fresh()
		}
	}
	n := encode.State{Globals: w[:ng], Guard: c.Guard, NextID: c.NextID,
		Threads: []encode.Thread{{ID: c.Threads[0].ID, Proc: st.Callee, PC: x.prob.Prog.Procs[st.Callee].Entry, Locals: w[ng:]}}}
	x.forgetDead(&n)
	x.add(ctx, x.reach, i, n, sumLink{kind: linkDescent, taken: -1})
}

// apply continues the node i of space s, at a Call step, with exit k of
// the callee's summary: the exit's entry inputs replaced by the call's
// entry values, its other inputs by fresh ones.
func (x *sumSearch) apply(ctx context.Context, s *sumSpace, i int, callee *sumSpace, k int) {
	c := s.nodes[i].st
	prog := x.prob.Prog
	st := &prog.Procs[c.Threads[0].Proc].Steps[c.Threads[0].PC]
	w := x.entryValues(&c, st)
	inputs := map[z.Var]z.Lit{}
	for j, m := range callee.entry {
		if w[j] == z.LitNull {
			w[j] = x.enc.Fresh()
		}
		inputs[m.Var()] = w[j]
	}
	cp := encode.NewCopier(x.enc.C, x.enc.C, func(in z.Lit) z.Lit {
		if m, ok := inputs[in.Var()]; ok {
			return m
		}
		return x.enc.Fresh()
	})
	ex := &callee.exits[k].compact
	n := c.Clone()
	n.Guard = x.enc.C.And(c.Guard, cp.Copy(ex.guard))
	if n.Guard == x.enc.C.F {
		return
	}
	link := sumLink{kind: linkReturn, taken: -1, callee: callee.proc, exit: k, entry: w}
	t := &n.Threads[0]
	for g, m := range ex.globals {
		n.Globals[g] = cp.Copy(m)
		link.took = append(link.took, n.Globals[g])
	}
	for j, m := range ex.tls {
		t.Locals[j] = cp.Copy(m)
		link.took = append(link.took, t.Locals[j])
	}
	for j, m := range ex.results {
		ref := bp.VarRef{Index: -1}
		if j < len(st.RetTargets) {
			ref = st.RetTargets[j]
		}
		r := z.LitNull
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			r = cp.Copy(m)
			n.Globals[ref.Index] = r
		default:
			r = cp.Copy(m)
			t.Locals[ref.Index] = r
		}
		link.took = append(link.took, r)
	}
	t.PC = st.Next
	x.forgetDead(&n)
	x.add(ctx, s, i, n, link)
}

// addExit makes the exit of node i of space s, at a Return step, and adds
// it to the summary unless the summary covers it; a new exit returns to
// every caller waiting.
func (x *sumSearch) addExit(ctx context.Context, s *sumSpace, i int) {
	r := s.nodes[i].st
	st := &x.prob.Prog.Procs[s.proc].Steps[r.Threads[0].PC]
	nTL := len(x.prob.Prog.ThreadLocals)
	orFresh := func(m z.Lit) z.Lit { // a dead thread-local: any value
		if m == z.LitNull {
			return x.enc.Fresh()
		}
		return m
	}
	ex := sumExit{node: i, plain: exitForm{guard: r.Guard, globals: append([]z.Lit(nil), r.Globals...)}}
	for _, m := range r.Threads[0].Locals[:nTL] {
		ex.plain.tls = append(ex.plain.tls, orFresh(m))
	}
	for _, v := range st.Values {
		ex.plain.results = append(ex.plain.results, x.enc.Cond(&r, 0, v, st.Choices))
	}
	ex.compact = x.compactExit(s, &ex.plain)
	n := symNode{st: encode.State{Guard: ex.compact.guard}, vals: ex.compact.slots(s.entryVals)}
	olds := make([]*symNode, len(s.exitNodes))
	for j := range s.exitNodes {
		olds[j] = &s.exitNodes[j]
	}
	covered, compact, err := x.compactCovered(ctx, &n, olds)
	if !compact {
		covered, err = x.sub.covered(ctx, &n, olds)
	}
	if err != nil {
		x.stopErr(ctx, err)
		return
	}
	if covered {
		x.stats.Subsumed++
		return
	}
	s.exits = append(s.exits, ex)
	s.exitNodes = append(s.exitNodes, n)
	k := len(s.exits) - 1
	for j := 0; j < len(s.callers) && x.done == nil; j++ {
		x.apply(ctx, s.callers[j].space, s.callers[j].node, s, k)
	}
}
