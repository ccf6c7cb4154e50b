package race

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// A schedule shares the cores among the engines of a race, so that every
// engine makes progress from the start and none waits for another to
// give up: at most slots engines run at once, and an engine that has run
// for a quantum hands its slot to the waiting engine that has run least
// for its weight (stride scheduling: by time held over weight); an
// engine that holds its slot for overdue quanta without polling gets
// company (rescue); an engine that finishes (Finisher: it builds or
// checks its answer) keeps its slot. Each engine waits for its first turn before it
// starts (turn.acquire), and gives its slot back when it ends
// (turn.release).
//
// Engines need nothing for it but the contract of doc.go: they poll
// their context for cancellation (ctx.Err()) at every state, clause or
// frame, and the context a turn gives them (turn.context) yields there
// when the engine's quantum is up. An engine inside a long step that
// polls nothing keeps its slot until it polls, so the shares are those
// of the quanta give or take one such step.
//
// An engine of weight w among engines of weights W in all has w/W of
// the slots, one at most (while more engines run than slots), so it
// takes at most W/(w·slots) times as long as alone on one core, up to a
// quantum per turn; with equal weights, n engines on 2 cores take at
// most n/2 times as long. When an engine ends, the others share its
// slot in proportion to their weights.
type schedule struct {
	slots   int
	quantum time.Duration
	clock   func() time.Duration // monotonic time; a fake one in tests

	mu    sync.Mutex
	turns []*turn
}

// turn is one engine's place in a schedule.
type turn struct {
	s      *schedule
	index  int // place in the schedule: ties go to the smaller
	weight int // its share of the slots, relative to the others' (≥ 1)

	// Under s.mu:
	held    time.Duration // time holding a slot, over the whole race
	since   time.Duration // when the current slot was granted
	running bool          // holds a slot
	waiting bool          // wants one
	ended   bool
	grant   chan struct{} // receives a slot while waiting
	turns   int           // slots granted, lent ones included
	overdue int           // slots lent to others while it held its own overdue

	// polls of the engine's context, whose every clockEvery-th reads
	// the clock (an engine may poll from more than one goroutine).
	polls atomic.Uint64
	// finishing, if not nil, says whether the engine has an answer and
	// builds or checks it (Finisher): it then keeps its slot past its
	// quanta, as its answer likely ends the race (deepcount d=18's bug:
	// 5 s to build its trace alone, 10 s sharing the cores in the race).
	finishing func() bool
}

// clockEvery is how many polls of an engine's context make one reading
// of the clock: some engines poll for every state, at a few million a
// second, and a reading costs more than the rest of a poll.
const clockEvery = 16

// newSchedule is a schedule of a turn for each weight sharing slots
// slots, with quanta of quantum on clock. A weight below 1 counts as 1.
func newSchedule(weights []int, slots int, quantum time.Duration, clock func() time.Duration) *schedule {
	s := &schedule{slots: max(slots, 1), quantum: quantum, clock: clock}
	for i, w := range weights {
		s.turns = append(s.turns, &turn{s: s, index: i, weight: max(w, 1), grant: make(chan struct{}, 1)})
	}
	return s
}

// behind reports whether t has run less than u for its weight: held
// over weight, compared without division. Each counts a quantum more
// than it has held (stride scheduling's first pass), so that the first
// turns go to the heaviest: a light engine waits until the heavy ones
// have run a quantum for each of its weight's units, and a program
// that they decide in a few quanta never pays for the light ones.
func (t *turn) behind(u *turn) bool {
	q := int64(t.s.quantum)
	return (int64(t.held)+q)*int64(u.weight) < (int64(u.held)+q)*int64(t.weight)
}

// wallClock is the schedule's clock outside tests.
func wallClock() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// acquire waits for t's first slot; false if ctx ended first.
func (t *turn) acquire(ctx context.Context) bool {
	s := t.s
	s.mu.Lock()
	t.waiting = true
	if s.runningLocked() < s.slots {
		s.grantLocked(t)
	}
	s.mu.Unlock()
	return t.wait(ctx)
}

// wait blocks until t is granted a slot or ctx ends.
func (t *turn) wait(ctx context.Context) bool {
	select {
	case <-t.grant:
		return true
	case <-ctx.Done():
		t.s.mu.Lock()
		defer t.s.mu.Unlock()
		select {
		case <-t.grant: // granted meanwhile: hold it until release
			return true
		default:
		}
		t.waiting = false
		return false
	}
}

// release ends t: its slot goes to the waiting turn that has run least
// for its weight.
func (t *turn) release() {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if t.running {
		t.held += s.clock() - t.since
	}
	t.running, t.waiting, t.ended = false, false, true
	if next := s.nextLocked(); next != nil && s.runningLocked() < s.slots {
		s.grantLocked(next)
	}
}

// poll is called at every poll of the engine's context: when t's quantum
// is up and another turn waits that has run less for its weight, t
// hands its slot to the one that has run least for its weight and waits
// for its next turn (or for ctx to end).
func (t *turn) poll(ctx context.Context) {
	if t.polls.Add(1)%clockEvery != 0 {
		return
	}
	s := t.s
	s.mu.Lock()
	now := s.clock()
	if !t.running || now-t.since < s.quantum {
		s.mu.Unlock()
		return
	}
	t.held += now - t.since
	t.since = now
	next := s.nextLocked()
	switch {
	case s.runningLocked() > s.slots:
		// A slot lent while t polled nothing (rescue): give it back.
		t.running, t.waiting = false, true
	case next == nil || t.behind(next) || t.finishing != nil && t.finishing():
		s.mu.Unlock()
		return // nobody waits that has run less for its weight, or t finishes: a new quantum
	default:
		t.running, t.waiting = false, true
		s.grantLocked(next)
	}
	s.mu.Unlock()
	t.wait(ctx)
}

// overdue is how long a turn may hold a slot without polling its
// context before rescue lends another slot to a waiting turn.
const overdue = 3

// rescue lends a slot to the waiting turn that has run least for its
// weight when some running turn has held its slot for overdue quanta
// without polling (an engine in a long step: IC3 building its circuit,
// one hard SAT call), so that no engine waits for another's step to
// end: more engines than slots then run, shared by the Go runtime as
// without a schedule, until the overdue one polls and steps down. It
// reports whether it lent one.
func (s *schedule) rescue() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock()
	next := s.nextLocked()
	if next == nil {
		return false
	}
	for _, u := range s.turns {
		if u.running && now-u.since >= overdue*s.quantum {
			u.held += now - u.since
			u.since = now // counted; lend once per overdue stretch
			u.overdue++
			s.grantLocked(next)
			return true
		}
	}
	return false
}

// watch calls rescue every quantum until ctx ends.
func (s *schedule) watch(ctx context.Context) {
	tick := time.NewTicker(s.quantum)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			s.rescue()
		}
	}
}

// usage is how a turn used the schedule so far (Record's fields of the
// same names).
type usage struct {
	held           time.Duration // the current slot included
	turns, overdue int
	polls          int64
}

// usages is each turn's usage so far.
func (s *schedule) usages() []usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock()
	us := make([]usage, len(s.turns))
	for i, u := range s.turns {
		us[i] = usage{held: u.held, turns: u.turns, overdue: u.overdue, polls: int64(u.polls.Load())}
		if u.running {
			us[i].held += now - u.since
		}
	}
	return us
}

// nextLocked is the waiting turn that has held a slot least for its
// weight, the first in the schedule among equals; nil when none waits.
func (s *schedule) nextLocked() *turn {
	var best *turn
	for _, u := range s.turns {
		if u.waiting && !u.running && (best == nil || u.behind(best)) {
			best = u
		}
	}
	return best
}

// grantLocked gives u a slot.
func (s *schedule) grantLocked(u *turn) {
	u.running, u.waiting = true, false
	u.since = s.clock()
	u.turns++
	u.grant <- struct{}{}
}

func (s *schedule) runningLocked() int {
	n := 0
	for _, u := range s.turns {
		if u.running {
			n++
		}
	}
	return n
}

// context is ctx for the engine of t: its Err, which every engine polls,
// takes t's turns.
func (t *turn) context(ctx context.Context) context.Context {
	return turnContext{ctx, t}
}

// turnContext is a context whose Err yields the engine's slot when its
// quantum is up (turn.poll). Everything else is the parent's: Done (a
// channel cannot hold its reader for a turn, so a poll of Done alone
// never yields: doc.go's contract), and the cause (context.Cause reads
// it through Value), for the words of a limit.
type turnContext struct {
	context.Context
	t *turn
}

func (c turnContext) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	c.t.poll(c.Context)
	return c.Context.Err()
}
