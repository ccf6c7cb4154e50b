package sat

import (
	"context"
	"runtime"
	"time"
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

// SolveContext is Solve that gives up when ctx is done, returning Unknown
// (or the answer, if gini found it in the meantime). The pending
// assumptions are consumed either way, and the solver stays usable:
// clauses learnt before the stop are kept.
func (s *Solver) SolveContext(ctx context.Context) int {
	done := ctx.Done()
	if done == nil || s.unsat {
		return s.Solve()
	}
	start := time.Now()
	r := s.solveAsync(done)
	s.settle(r)
	s.record(r, time.Since(start))
	return r
}

// solveAsync polls gini's background solve. gini offers no channel to
// select on: its Wait holds the lock that Stop needs, so a waiter and a
// canceller in two goroutines would deadlock. Polling with Test from one
// goroutine is the only safe combination of its Solve handle's methods.
func (s *Solver) solveAsync(done <-chan struct{}) int {
	h := s.g.GoSolve()
	for range spinPolls {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-done:
			return h.Stop()
		default:
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
	}
}
