package race

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sync/atomic"
	"time"

	"github.com/bopgo/bopgo/verdict"
)

// Entrant is one engine of a race, with its answer of type R.
type Entrant[R any] struct {
	Name string
	// Share is the entrant's weight in the schedule: it has Share/S of
	// the slots, one at most, where S is the sum of the shares. A share
	// below 1 counts as 1.
	Share int
	// Meter is the entrant's own count of the memory it holds, for the
	// memory shares; nil for an entrant that counts none.
	Meter Meter
	// Run is the entrant's work, answer and check together. It must keep
	// the contract of the package's doc: poll ctx.Err() of the ctx given,
	// regularly.
	Run func(ctx context.Context) (R, error)
}

// Meter is an entrant's count of the memory it holds, as the entrant
// estimates it (engine.Meter: an engine's stored states).
type Meter interface {
	Bytes() int64
}

// Finisher is a Meter that says when its entrant is finishing: it has
// an answer and builds or checks it (engine.Meter: a phase is set). A
// finishing entrant keeps its slot past its quanta, as its answer
// likely ends the race; the others share the remaining slots.
type Finisher interface {
	Finishing() bool
}

// Config is how a race shares the machine.
type Config struct {
	// Slots is the number of entrants that run at once (the cores);
	// 0 is runtime.GOMAXPROCS(0).
	Slots int
	// Quantum is how long an entrant runs before it hands its slot to
	// one that has run less for its share; 0 is Quantum.
	Quantum time.Duration
	// Budget is the memory, in bytes, the entrants share (Budget); 0
	// watches no memory.
	Budget uint64
}

// Quantum is the default Config.Quantum.
const Quantum = 20 * time.Millisecond

// Outcome is how an entrant of a race ended.
type Outcome string

// Outcomes.
const (
	Won       Outcome = "won"
	Cancelled Outcome = "cancelled" // the race ended first
	Stopped   Outcome = "stopped"   // ended without a definite answer
	Failed    Outcome = "failed"    // Run returned an error, or panicked
)

// Record is how one entrant of a race ran and ended.
type Record[R any] struct {
	Name    string
	Share   int
	Outcome Outcome
	// Answer is what Run returned: the winner's, or a Stopped entrant's
	// that ran.
	Answer R
	// Err is a Failed entrant's error: what Run returned, or its panic
	// (*PanicError).
	Err error
	// Started: the entrant had a turn and Run ran. One Stopped before
	// its first turn has the limit and words of its context's end in
	// Limit and Reason.
	Started bool
	Limit   verdict.Limit
	Reason  string

	// Held is the time the entrant held a slot.
	Held time.Duration
	// Turns is the number of slots it was granted (lent ones included):
	// 1 for an entrant that never handed its slot on.
	Turns int
	// Polls counts its polls of its context's Err: the only place where
	// it can hand its slot on (the package's contract).
	Polls int64
	// Overdue counts the slots lent to others while it held its own for
	// overdue quanta without polling.
	Overdue int
}

// Result is the outcome of a race.
type Result[R any] struct {
	// Winner is the index of the entrant whose definite answer ended the
	// race; -1 when none gave one.
	Winner int
	// Records are the entrants' records, in the entrants' order.
	Records []Record[R]
	// Ended are the indexes of the entrants that ended before the race
	// did, in the order they ended (the winner last).
	Ended []int
}

// PanicError is the panic of an entrant's Run that reached the race: the
// race never lets a panic out of an entrant's goroutine.
type PanicError struct {
	Name  string // the entrant's
	Value any    // what it panicked with
	Stack string // the goroutine's stack at the panic
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("panic in %s: %v", e.Name, e.Value)
}

// answer is one entrant's end.
type answer[R any] struct {
	i       int
	res     R
	err     error
	started bool
	limit   verdict.Limit // the context's end, for an entrant that never started
	reason  string
}

// Run runs the entrants at once, sharing the slots of cfg (schedule),
// until one gives an answer that decided reports definite, and cancels
// the others. Each runs in its own turns of the schedule under a context
// of its own, so that one that takes more than its share of cfg.Budget
// can be stopped alone (with the Memory limit as its context's cause). An
// entrant that fails (an error, a panic) or ends without a definite
// answer leaves its share to the others, who race on. Run returns when
// the race is decided or every entrant has ended; entrants cancelled
// after a winner stop on their own, and nobody waits for them.
func Run[R any](parent context.Context, entrants []Entrant[R], decided func(R) bool, cfg Config) Result[R] {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	n := len(entrants)
	// The channel has room for every answer: nobody waits for those that
	// come after the winner's.
	answers := make(chan answer[R], n)
	shares := make([]int, n)
	for i, e := range entrants {
		shares[i] = e.Share
	}
	slots := cfg.Slots
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	sched := newSchedule(shares, slots, cmp.Or(cfg.Quantum, Quantum), wallClock())
	meters := make([]Meter, n)
	stops := make([]context.CancelCauseFunc, n)
	live := make([]atomic.Bool, n)
	for i, e := range entrants {
		ectx, stop := context.WithCancelCause(ctx)
		meters[i], stops[i] = e.Meter, stop
		if f, ok := e.Meter.(Finisher); ok {
			sched.turns[i].finishing = f.Finishing
		}
		live[i].Store(true)
		go run(ectx, e, sched.turns[i], answers, i, func() { stop(nil); live[i].Store(false) })
	}
	go watchShares(ctx, cfg.Budget, meters, stops, live)
	go sched.watch(ctx)
	return collect(entrants, answers, decided, sched)
}

// run is entrant e's goroutine: its first turn, its Run under the turn's
// context, its answer, and its end (done, then its slot freed).
func run[R any](ctx context.Context, e Entrant[R], t *turn, answers chan<- answer[R], i int, done func()) {
	defer t.release()
	defer done()
	if !t.acquire(ctx) {
		limit, reason := verdict.Stopped(ctx)
		answers <- answer[R]{i: i, limit: limit, reason: reason}
		return
	}
	res, err := guarded(t.context(ctx), e)
	answers <- answer[R]{i: i, res: res, err: err, started: true}
}

// guarded is e.Run with its panic turned into a *PanicError.
func guarded[R any](ctx context.Context, e Entrant[R]) (res R, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Name: e.Name, Value: r, Stack: string(debug.Stack())}
		}
	}()
	pprof.Do(ctx, pprof.Labels("entrant", e.Name), func(ctx context.Context) { res, err = e.Run(ctx) })
	return res, err
}

// collect reads the entrants' answers until one is definite or all have
// come, and reads the schedule's use as the race ends.
func collect[R any](entrants []Entrant[R], answers <-chan answer[R], decided func(R) bool, sched *schedule) Result[R] {
	out := Result[R]{Winner: -1, Records: make([]Record[R], len(entrants))}
	for i, e := range entrants {
		out.Records[i] = Record[R]{Name: e.Name, Share: max(e.Share, 1), Outcome: Cancelled}
	}
	for range entrants {
		a := <-answers
		r := &out.Records[a.i]
		out.Ended = append(out.Ended, a.i)
		r.Answer, r.Err, r.Started = a.res, a.err, a.started
		switch {
		case a.err != nil:
			r.Outcome = Failed
		case !a.started:
			r.Outcome, r.Limit, r.Reason = Stopped, a.limit, a.reason
		case decided(a.res):
			r.Outcome, out.Winner = Won, a.i
		default:
			r.Outcome = Stopped
		}
		if out.Winner >= 0 {
			break
		}
	}
	for i, u := range sched.usages() {
		r := &out.Records[i]
		r.Held, r.Turns, r.Polls, r.Overdue = u.held, u.turns, u.polls, u.overdue
	}
	return out
}
