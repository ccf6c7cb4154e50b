package explicit

import (
	"context"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/por"
)

// Search is the explicit engine at one thread bound: every interleaving
// with at most bound live threads. It returns the engine's result
// (Result.BoundHit: a thread start was suppressed by the bound, after
// which Safe holds only up to the bound) and the number of states stored.
// A search that stops early says why with a typed limit: Time or
// Cancelled when ctx ends, States at Options.MaxStates, Choices at a step
// with more non-deterministic values than it enumerates.
func Search(ctx context.Context, prog *bp.Program, opts Options, bound int) (engine.Result, int) {
	e, r := searchRun(ctx, prog, opts, bound)
	return r, len(e.parents)
}

// searchRun is Search, and the search that answered.
func searchRun(ctx context.Context, prog *bp.Program, opts Options, bound int) (*search, engine.Result) {
	e := newSearch(prog, analyse(prog, opts), opts, bound)
	return e, e.answer(ctx, opts, bound)
}

// answer runs the search e and says what it found (Search).
func (e *search) answer(ctx context.Context, opts Options, bound int) engine.Result {
	e.ctx = ctx
	e.maxStack = opts.MaxStack
	r := e.run(ctx)
	if r.Verdict == engine.Safe {
		e.mergedCut()
	}
	r.BoundHit = e.boundHit
	if s, ok := r.Evidence.(*engine.Search); ok {
		s.Threads = bound
	}
	r.Counters = counters(len(e.parents), e.reduced, e.proviso)
	if r.Verdict == engine.Safe && (e.contextHit || e.roundHit) {
		limit, words := engine.Within(opts.Rounds, opts.Contexts)
		how := "context bound reached: "
		if e.roundHit {
			how = "round bound reached: "
		}
		r = engine.Result{Limit: limit, BoundHit: e.boundHit, Reason: how + words, Counters: r.Counters}
	}
	if r.Verdict == engine.Safe && e.stackHit {
		r = engine.Result{Limit: engine.Stack, BoundHit: e.boundHit,
			Reason: fmt.Sprintf("stack bound reached: no bug with calls of recursive functions nested up to %d deep, but deeper calls exist", opts.MaxStack), Counters: r.Counters}
	}
	return r
}

// A stored state keeps only its parent's index (search.parents): the
// step that led to it (which thread moved, the values its X-reads were
// split into, the steps inside an atomic section) is found again when a
// trace passes through it, by running the parent's moves once more
// (rebuildStep). Steps, each with its split values, took most of a
// state's memory in Getafix's SafeStack programs, about 150 of 250
// bytes, and a search there is bounded by memory; traces are rare.

// stepInfo records how a node was reached from its parent: which thread
// moved, from where, and the values its X-reads were split into.
type stepInfo struct {
	thread     int32
	proc, pc   int32
	conc       []concretised
	suppressed bool // a thread start suppressed by the thread bound
	taken      int8 // branch outcome: 1 then, 0 else, -1 not a branch
}

// concretised is one X that a step split into a value: a global, or a
// local of thread id thread (the running one, or a passive one that a
// broadcast reads).
type concretised struct {
	global bool
	thread int32
	slot   int32
	v      val
}

type search struct {
	contextHit bool // a step was not taken because of Options.Contexts
	roundHit   bool // a step was not taken because of Options.Rounds
	// merged are the keys, without threads retired, of the states
	// stored under another's key with threads retired, while no step
	// has been cut (retire.go, mergedCut), and their bytes.
	merged      []string
	mergedBytes int
	// initOutside: thread 0's steps are outside the rounds (Getafix's
	// init, Options.Rounds).
	initOutside bool
	// sections: atomic sections run to their end before a state is
	// stored (section.go).
	sections bool
	// por, if not nil, is the program's static independence: states are
	// expanded by stubborn sets of threads (reduce.go). reduced and
	// proviso count the reduced expansions and those the cycle proviso
	// or a missing key move made full again.
	por              *por.Info
	reduced, proviso int
	// acyclic: the program cannot come back to a state (terminates), so
	// a reduced expansion needs no cycle proviso (reduce.go).
	acyclic bool
	stepper
	opts Options
	// parents[i] is the node whose expansion stored node i (-1 for the
	// initial state); the state itself is in states, under the same index.
	parents []int32
	states  *stateStore
	// byStanding, under a bound on rounds or context switches, orders
	// the expansions by standing (standing.go); without one, nodes are
	// expanded in the order they were stored.
	byStanding *standingQueue
	// level is the round, or the number of switches, of the states being
	// expanded: the levels below it are done.
	level int32
	// pending is a bug found at the level after the one being expanded:
	// the answer once that level is done, unless a bug at a lower level
	// turns up (violation).
	pending *engine.Result
	failure *engine.Result // set when a violation is found or the search gives up
	scratch []byte         // a record, reused
	chain   []link         // a mover's chain, reused (mover)
	// memo, when not nil, remembers the ends of sections (memo.go);
	// violations counts the calls of violation, for it.
	memo       *sectionMemo
	violations int
	moves      int // calls of move, for checking the context
}

func newSearch(prog *bp.Program, an *analysis, opts Options, bound int) *search {
	st := newStateStore(len(prog.Globals))
	st.contexts = opts.Contexts > 0
	st.rounds = opts.Rounds > 0 && opts.Contexts == 0
	if st.rounds || st.contexts {
		st.standing = []uint32{}
	}
	if !opts.KeepDead {
		st.live = liveIndices(an.live)
		st.forgetGlobals(prog.GlobalLive())
	}
	e := &search{stepper: stepper{prog: prog, an: an, bound: bound, arena: &arena{}}, opts: opts, states: st, sections: !prog.HasCalls(),
		initOutside: prog.InitThread()}
	if !opts.NoRetire && !prog.HasBroadcasts() && !prog.HasCalls() {
		k := opts.Rounds // 0: none
		if st.contexts {
			k = opts.Contexts
		}
		st.retireAt(k, e.initOutside)
	}
	if st.standing != nil {
		e.byStanding = &standingQueue{}
	}
	if e.sections && !prog.HasBroadcasts() && !opts.NoMemo {
		e.memo = newSectionMemo(prog, an)
	}
	if !opts.NoCodeSymmetry && e.sections && opts.Contexts == 0 && opts.Rounds == 0 && !prog.HasBroadcasts() {
		st.places = newPlaceClasses(prog, an)
	}
	if !opts.NoPOR && e.sections && opts.Contexts == 0 && opts.Rounds == 0 {
		e.por = por.Analyse(prog, opts.Label)
		e.acyclic = terminates(prog, an)
	}
	return e
}

func (e *search) initial() state {
	main := e.prog.Procs[0]
	s := state{globals: make([]val, len(e.prog.Globals)), nextID: 1, last: -1}
	for i := range s.globals {
		s.globals[i] = vX
	}
	t := thread{id: 0, proc: 0, pc: int32(main.Entry), locals: make([]val, len(main.Locals))}
	for i := range t.locals {
		t.locals[i] = vX
	}
	s.threads = []thread{t}
	return s
}

func (e *search) run(ctx context.Context) engine.Result {
	r := e.explore(ctx)
	if e.pending != nil && r.Verdict != engine.Unsafe {
		return *e.pending // found before a limit stopped the search
	}
	return r
}

// explore is the search from the initial state.
func (e *search) explore(ctx context.Context) engine.Result {
	init := e.initial()
	e.add(init, -1)
	if r := e.labelReached(0); r != nil {
		return *r
	}
	for next := int32(0); ; next++ {
		head, ok := e.nextHead(next)
		if !ok {
			break
		}
		// Every state: one expansion can enumerate 2^k choices (a
		// constrained assignment of k variables), so a coarser check let
		// a 5 s timeout run for minutes.
		if ctx.Err() != nil {
			return engine.Stopped(ctx)
		}
		if e.opts.MaxStates > 0 && len(e.parents) >= e.opts.MaxStates {
			return engine.Result{Limit: engine.States, Reason: fmt.Sprintf("state limit reached: %d states", e.opts.MaxStates)}
		}
		// The states of the last expansion are stored or dropped.
		e.arena.reset()
		s := e.states.stateIn(head, e.arena)
		if e.states.superseded(&s) {
			continue
		}
		holder := s.atomicHolder()
		if e.por != nil && holder < 0 && len(s.threads) > 1 && e.expandReduced(head, &s) {
			if e.failure != nil {
				return *e.failure
			}
			continue
		}
		m := e.mover(head)
		for ti := range s.threads {
			if holder >= 0 && ti != holder {
				continue
			}
			if e.memo != nil {
				e.moveMemo(m, &s, ti)
			} else {
				e.move(m, &s, ti)
			}
			if e.failure != nil {
				return *e.failure
			}
		}
		e.chain = m.chain[:0]
	}
	return engine.Result{Verdict: engine.Safe, Evidence: &engine.Search{States: int64(len(e.parents))}}
}

// nextHead is the node to expand after node next-1: next, or under a
// bound on rounds or context switches the best queued (standing.go). It
// is false when none is left, or when a bug found at the next level is
// the answer.
func (e *search) nextHead(next int32) (int32, bool) {
	if e.byStanding == nil {
		return next, int(next) < len(e.parents)
	}
	head, ok := e.byStanding.pop(e.states)
	switch {
	case ok && e.levelsDone(int32(e.states.standing[head]>>16)):
		return 0, false
	case !ok && e.pending != nil:
		e.levelsDone(e.level + 1)
	}
	return head, ok
}

// levelsDone notes that the search takes a state of level l (its round,
// or its switches): the levels before it are done, and
// Options.BoundDone hears of each from 1 (unless a bound on calls or
// threads, short of the final one, cut a step), up to the level before
// a bug found (pending), which it reports is the answer. When no state
// is left, the search's result says the rest.
func (e *search) levelsDone(l int32) bool {
	for ; e.level < l; e.level++ {
		if e.level > 0 && e.opts.BoundDone != nil && !e.stackHit && (!e.boundHit || e.opts.FinalBound) {
			e.opts.BoundDone(int(e.level))
		}
		if e.pending != nil {
			return true
		}
	}
	return false
}

// add stores s, reached from node parent, unless an equivalent state is
// known; it returns the index of the node, and whether it is new. Under
// a bound on rounds or context switches, a known node reached with a
// better standing is improved and queued again (standing.go).
func (e *search) add(s state, parent int32) (int32, bool) {
	i, fresh := e.states.add(&s)
	if e.states.mergedRetired && !e.contextHit && !e.roundHit {
		e.noteMerged(recordKey(e.states.whole))
	}
	if !fresh {
		if e.byStanding != nil && e.states.improve(i, &s) {
			e.parents[i] = parent
			e.byStanding.push(i, e.states.standing[i])
		}
		return i, false
	}
	e.parents = append(e.parents, parent)
	if e.byStanding != nil {
		e.byStanding.push(i, e.states.standing[i])
	}
	if len(e.parents)%StoredEvery == 0 {
		if e.opts.Stored != nil {
			e.opts.Stored(StoredEvery)
		}
		if e.opts.Footprint != nil {
			e.opts.Footprint(e.footprint())
		}
	}
	return i, true
}

// footprint is the bytes the search's stored states take: the store's
// records and index, and the parents.
func (e *search) footprint() int64 {
	n := e.states.bytes() + 4*int64(cap(e.parents))
	if e.memo != nil {
		n += e.memo.bytes
	}
	return n
}

// labelReached reports a violation if a thread of node i is at a target
// label.
func (e *search) labelReached(i int32) *engine.Result {
	if e.opts.Label == "" {
		return nil
	}
	s := e.states.state(i)
	for _, t := range s.threads {
		if e.an.target[t.proc][t.pc] {
			var tr *bp.Trace
			if states, steps := e.path(i); states != nil {
				tr = buildTrace(e.prog, states, steps, nil, e.stoppedAt)
			}
			return unsafeOrStopped(e.ctx, fmt.Sprintf("label %s reached", e.opts.Label), tr)
		}
	}
	return nil
}
