package explicit

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/bopgo/bopgo/engine"
)

// Atomic sections run to their end before a state is stored.
//
// While a thread holds an atomic section no other thread moves, so the
// states inside a section form a tree hanging off the state where the
// section began, and no interleaving is lost by storing only the states
// where no thread holds one (the section's ends). Getafix's programs run
// each thread in a section from one yield point to the next (bp's
// Lipton reduction), about ten steps a section in the SafeStack programs:
// storing each of them cost nine states in ten. A section is run depth
// first with the property checked at every step; it forgets nothing the
// trace needs, because the steps inside are rebuilt when a trace passes
// through them (rebuildStep). States at a loop head of the holder are
// remembered for the one run (mover.seen), so a section that loops for
// ever inside ends.
//
// Not for programs with calls (e.sections false): a thread's stack can
// then grow inside a section without a loop head, and the search stores
// every state as before.

// link is one step taken inside a section: the step and its state.
type link struct {
	info stepInfo
	s    state
}

// mover is one run of a thread's step from a stored state, through the
// section it may enter, to the states where no thread holds one.
type mover struct {
	head  int32  // the stored node moved from
	chain []link // the steps inside a section so far
	seen  map[string]bool
	// revisit: a state the run ended in was stored before head's
	// expansion ended (the cycle proviso of partial-order reduction).
	revisit bool
	// rebuild, when not nil, is the record of the state sought: the run
	// stores nothing, and found is the chain that reaches that state.
	rebuild []byte
	found   []link
	// rec, when not nil, records the run's ends for the memo (memo.go).
	rec *recording
}

func (m *mover) done() bool { return m.found != nil }

// mover is a run from node head, its chain the array of the last
// expansion's: a section's steps grew a new one at every expansion, an
// eighth of the search's time on Getafix's SafeStack programs. Nothing
// keeps a chain past its expansion (violation copies it).
func (e *search) mover(head int32) *mover {
	return &mover{head: head, chain: e.chain[:0]}
}

// move runs the step of thread ti of s and settles each successor. It
// reports whether every value of the unknown slots the step reads leads
// to a state that ends the run (is stored): the step is then enabled in
// every concrete state that s stands for.
func (e *search) move(m *mover, s *state, ti int) bool {
	if e.stopped(m) {
		return false
	}
	th := s.threads[ti]
	last, switches, round, ok := e.counted(s, th.id)
	if !ok {
		return false
	}
	if m.rec != nil {
		m.rec.touch(e.memo, th.proc, th.pc)
	}
	level := e.levelOf(switches, round)
	xs := e.an.unknownReads(s, ti)
	if len(xs) > maxEnum {
		e.fail(engine.Choices, tooManyReads(e.prog, &e.prog.Procs[th.proc].Steps[th.pc], len(xs)))
		return false
	}
	all := true
	for mask := 0; mask < 1<<len(xs); mask++ {
		c, conc := concretise(s, xs, mask, e.arena)
		reached := false
		fails := e.stepper.exec(&c, ti, stepInfo{conc: conc}, func(n state, moved, created int, info stepInfo) {
			if e.failure != nil || m.done() {
				return
			}
			n.last, n.switches, n.round = last, switches, round
			if e.settle(m, n, moved, created, info) {
				reached = true
			}
		})
		if fails && m.rebuild == nil && e.failure == nil {
			info := stepInfo{thread: th.id, proc: th.proc, pc: th.pc, conc: conc, taken: -1}
			e.violation(m, &info, nil, level, "assertion can fail")
		}
		if err := e.stepper.err; err != nil && e.failure == nil {
			if e.ctx.Err() != nil {
				r := engine.Stopped(e.ctx)
				e.failure = &r
			} else {
				e.fail(engine.Choices, err.Error())
			}
		}
		if e.failure != nil || m.done() {
			return false
		}
		all = all && reached
	}
	return all
}

// stopped counts a move of m and reports whether the search has ended:
// a failure, or every 4096 moves its context checked. A section can run
// long (a loop inside it), and the search checks its context only
// between stored states: check here too, but not while a trace is built
// (a violation found must keep its trace).
func (e *search) stopped(m *mover) bool {
	if e.moves++; e.moves&0xfff == 0 && m.rebuild == nil {
		e.checkContext()
	}
	return e.failure != nil
}

// checkContext sets the failure when the search's context has ended;
// apart from stopped, which is inlined on the hot path.
func (e *search) checkContext() {
	if e.ctx != nil && e.ctx.Err() != nil && e.failure == nil {
		r := engine.Stopped(e.ctx)
		e.failure = &r
	}
}

// counted is where a step of thread id from s stands under the bound on
// context switches or on rounds: the thread that counts as the last to
// run after it, the switches and the round; ok is false when the step
// would exceed the bound. Without a bound it is s's, unchanged.
func (e *search) counted(s *state, id int32) (last, switches, round int32, ok bool) {
	last, switches, round = s.last, s.switches, s.round
	switch {
	case e.opts.Contexts > 0:
		if last != -1 && last != id {
			if switches++; int(switches) > e.opts.Contexts {
				e.contextHit = true
				return last, switches, round, false
			}
		}
		last = id
	case e.opts.Rounds > 0 && (id != 0 || !e.initOutside):
		// A thread after the last in the order runs on in its round;
		// one before it (or the first to run) starts the next.
		if last < 0 || id < last {
			if round++; int(round) > e.opts.Rounds {
				e.roundHit = true
				return last, switches, round, false
			}
		}
		last = id
	}
	return last, switches, round, true
}

// levelOf is what the bound counts of a state with these switches and
// round: the switches under Options.Contexts, else the round.
func (e *search) levelOf(switches, round int32) int32 {
	if e.opts.Contexts > 0 {
		return switches
	}
	return round
}

// settle takes successor n of a step: it forgets the dead locals, checks
// the label property, and either runs on the thread holding a section or
// ends the run in n. It reports whether the run reached an end.
func (e *search) settle(m *mover, n state, moved, created int, info stepInfo) bool {
	if !e.opts.KeepDead {
		if st := &e.prog.Procs[info.proc].Steps[info.pc]; st.Broadcast() {
			// Passive threads were written too.
			for t := range n.threads {
				e.forget(&n, t)
			}
		} else if moved >= 0 {
			e.forget(&n, moved)
		}
		if created >= 0 {
			e.forget(&n, created)
		}
	}
	if m.rec != nil && (created >= 0 || info.suppressed) {
		m.rec.bad = true // a start depends on the threads there are
	}
	if m.rebuild == nil && e.opts.Label != "" {
		for _, t := range []int{moved, created} {
			if t >= 0 && e.an.target[n.threads[t].proc][n.threads[t].pc] {
				e.violation(m, nil, &link{info, n}, e.levelOf(n.switches, n.round), fmt.Sprintf("label %s reached", e.opts.Label))
				return false
			}
		}
	}
	holder := -1
	if e.sections {
		holder = n.atomicHolder()
		if holder < 0 && moved >= 0 && e.an.passYield != nil && e.an.passYield.passes(info.proc, info.pc, n.globals) {
			holder = moved // a yield passed (yields.go): the thread runs on
		}
		if holder < 0 && moved >= 0 && e.an.endsNext(&n.threads[moved]) {
			holder = moved // it ends at once (ends.go)
		}
	}
	if holder < 0 {
		return e.arrive(m, n, info)
	}
	if t := &n.threads[holder]; e.an.loopHead[t.proc][t.pc] {
		// Every global kept: which ones the store forgets depends on
		// the other threads' places, and a run must not (memo.go).
		e.scratch = e.states.appendRecordWhole(e.scratch[:0], &n)
		// With the holder: a state where another thread's run (of the
		// same head) passed through is another thread's loop, and a run
		// must depend on its own thread's section alone (memo.go).
		k := string(binary.AppendUvarint(recordKey(e.scratch), uint64(holder)))
		if m.seen[k] {
			return false
		}
		if m.seen == nil {
			m.seen = map[string]bool{}
		}
		m.seen[k] = true
	}
	m.chain = append(m.chain, link{info, n})
	ok := e.move(m, &n, holder)
	m.chain = m.chain[:len(m.chain)-1]
	return ok
}

// forget forgets the dead locals of thread ti of n where the record
// would keep them: the record of a thread without a stack holds only its
// live locals anyway (stateStore.live), and setting the others to X
// took a quarter of the search's time on the SafeStack programs.
func (e *search) forget(n *state, ti int) {
	if e.states.live == nil || len(n.threads[ti].stack) > 0 {
		e.forgetDead(n, ti)
	}
}

// arrive ends a run in n: it stores n, or when rebuilding compares it
// with the state sought.
func (e *search) arrive(m *mover, n state, info stepInfo) bool {
	if m.rebuild != nil {
		e.scratch = e.states.appendRecord(e.scratch[:0], &n)
		if bytes.Equal(e.scratch, m.rebuild) {
			m.found = append(append([]link(nil), m.chain...), link{info, n})
		}
		return true
	}
	if m.rec != nil {
		m.rec.arrived(&n)
	}
	if i, fresh := e.add(n, m.head); !fresh && i <= m.head {
		m.revisit = true
	}
	return true
}

// violation ends the search with Unsafe: the path to the run's head, the
// steps of its section so far, and last (a state where the label is
// reached) or fail (a failing assertion from the last state). Under a
// bound on rounds or context switches, a bug at a level (round, or
// switches) above the one being expanded waits in pending, as one at a
// lower level may be found still; the first such bug is kept.
func (e *search) violation(m *mover, fail *stepInfo, last *link, level int32, reason string) {
	e.violations++
	later := e.byStanding != nil && level > e.level
	if later && e.pending != nil {
		return
	}
	states, steps := e.path(m.head)
	if states == nil {
		r := engine.Stopped(e.ctx)
		e.failure = &r
		return
	}
	for _, l := range m.chain {
		states, steps = append(states, l.s), append(steps, l.info)
	}
	if last != nil {
		states, steps = append(states, last.s), append(steps, last.info)
	}
	r := unsafeOrStopped(e.ctx, reason, buildTrace(e.prog, states, steps, fail, e.stoppedAt))
	if later && r.Verdict == engine.Unsafe {
		e.pending = r
		e.phase("")
		return
	}
	e.failure = r
}

// rebuildStep returns the steps from node parent (whose state is ps) to
// node child, and their states: one step, or the steps of the section it
// began; and child's state as stored. It runs the moves of ps's threads again until one stores child:
// a move is deterministic, so the one that stored it does.
//
// A move tried on the way may fail where the search never ran it (a
// thread outside a stubborn set, whose step has too many choices), and a
// trace is built after the search's context may have ended: each try
// runs without the context and from no failure, and the search's failure
// and error are as they were afterwards.
func (e *search) rebuildStep(ps *state, child int32) ([]link, state) {
	cs := e.states.state(child)
	want := e.states.appendRecord(nil, &cs)
	failure, err, ctx := e.failure, e.stepper.err, e.stepper.ctx
	defer func() { e.failure, e.stepper.err, e.stepper.ctx = failure, err, ctx }()
	e.stepper.ctx = nil
	for ti := range ps.threads {
		e.failure, e.stepper.err = nil, nil
		m := &mover{rebuild: want}
		if e.move(m, ps, ti); m.found != nil {
			return m.found, cs
		}
	}
	return nil, cs
}
