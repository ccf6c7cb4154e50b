package sat

import (
	"context"
	"runtime"
	"time"

	"github.com/go-air/gini/inter"
)

// Polling bounds for SolveContext. Most queries of the model checker end
// in microseconds, so the first checks spin; a long query is then checked
// with a backoff that keeps the waiting goroutine cheap while bounding
// the delay between cancellation and the stop request.
const (
	spinPolls   = 64
	firstPoll   = 50 * time.Microsecond
	longestPoll = 5 * time.Millisecond
)

// errEvery is how often a long query polls ctx.Err(), with gini paused:
// the race's schedule (package race) takes an engine's core only inside
// Err of the context it gave, so a query that watched Done alone would
// keep its core for as long as it runs.
const errEvery = 2 * time.Millisecond

// SolveContext is Solve that gives up when ctx is done, returning Unknown
// (or the answer, if gini found it in the meantime). The pending
// assumptions are consumed either way, and the solver stays usable:
// clauses learnt before the stop are kept. A query that runs longer than
// errEvery polls ctx.Err() every errEvery with gini paused, so that a
// context whose Err blocks (a race's turn) holds the query, not a core.
func (s *Solver) SolveContext(ctx context.Context) int {
	if ctx.Done() == nil || s.unsat {
		return s.Solve()
	}
	start := time.Now()
	r := s.solveAsync(ctx)
	s.settle(r)
	s.record(r, time.Since(start))
	return r
}

// solveAsync polls gini's background solve. gini offers no channel to
// select on: its Wait holds the lock that Stop needs, so a waiter and a
// canceller in two goroutines would deadlock. Polling with Test (and
// Pause) from one goroutine is the only safe combination of its Solve
// handle's methods.
func (s *Solver) solveAsync(ctx context.Context) int {
	done := ctx.Done()
	h := s.g.GoSolve()
	polled := time.Now()
	for range spinPolls {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-done:
			return h.Stop()
		default:
		}
		// With one P (GOMAXPROCS=1) Gosched hands it to gini until the
		// scheduler preempts it, about 10 ms later, so the spin alone
		// can outlast many errEvery.
		if time.Since(polled) >= errEvery {
			if r, ended := pollErr(ctx, h); ended {
				return r
			}
			polled = time.Now()
		}
		runtime.Gosched()
	}
	wait := firstPoll
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-done:
			// Stop returns the real answer if gini finished meanwhile.
			return h.Stop()
		case <-timer.C:
			wait = min(2*wait, longestPoll)
			timer.Reset(wait)
		}
		if time.Since(polled) >= errEvery {
			if r, ended := pollErr(ctx, h); ended {
				return r
			}
			polled = time.Now()
		}
	}
}

// pollErr pauses the solve h, polls ctx.Err() (which may block for a
// while: a race's turn) and resumes it. ended is true, with the answer,
// when the solve ended: it finished before the pause, or ctx has ended
// and the solve is stopped.
func pollErr(ctx context.Context, h inter.Solve) (r int, ended bool) {
	r, paused := h.Pause()
	if !paused {
		return r, true // gini answered meanwhile
	}
	err := ctx.Err()
	h.Unpause()
	if err != nil {
		return h.Stop(), true
	}
	return 0, false
}
