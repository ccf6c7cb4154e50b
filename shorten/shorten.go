package shorten

import (
	"context"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/judge"
)

// DefaultBudget is the time Trace spends when its budget argument is not
// positive, and the most Budget gives. The replay work cap (maxWork)
// ends a shortening sooner on all but very long traces.
const DefaultBudget = 2 * time.Second

// MinBudget is the least time Budget gives.
const MinBudget = 250 * time.Millisecond

// Budget is the time a shortening may take after a check that took
// elapsed: half of it, at least MinBudget and at most DefaultBudget, so
// that presenting a trace never costs much more than finding it did.
func Budget(elapsed time.Duration) time.Duration {
	return min(max(elapsed/2, MinBudget), DefaultBudget)
}

// maxWork bounds the steps that one shortening replays, over all its
// candidates: a few hundred replays of a trace of a thousand steps, a
// fraction of a second at the judge's speed (a few hundred nanoseconds a
// step on the corpus). Counting work, not time, keeps the result the
// same from run to run.
const maxWork = 2_000_000

// maxRounds bounds the rounds of the passes: a round that changes
// nothing ends them sooner.
const maxRounds = 8

// Shape is a trace's length and context switches.
type Shape struct {
	Steps, Switches int
}

// Stats is what one shortening did.
type Stats struct {
	Before, After Shape
	Replays       int           // candidates replayed by the judge
	Elapsed       time.Duration // the shortening's wall time
	// Stopped: the budget, the work cap or ctx ended the search, so a
	// shorter trace may exist that it would have found.
	Stopped bool
}

// Trace returns a trace of prog, violating the property of opts as tr
// does, that is no longer than tr and replays (judge.Replay); or tr
// itself when it finds none, or tr does not replay. tr must be a
// counterexample of prog (the program asked about, not a slice of it).
// It spends at most budget (DefaultBudget when not positive) and stops
// when ctx ends.
func Trace(ctx context.Context, prog *bp.Program, opts judge.Options, tr *bp.Trace, budget time.Duration) (short *bp.Trace, stats Stats) {
	start := time.Now()
	shape := ShapeOf(tr)
	short, stats = tr, Stats{Before: shape, After: shape}
	defer func() {
		if recover() != nil {
			// A bug of this package: the engine's trace, which the
			// judge accepted, is still right.
			short, stats.After, stats.Stopped = tr, shape, true
		}
		stats.Elapsed = time.Since(start)
	}()
	if tr != nil && len(tr.Steps) > maxWork {
		// Replaying it alone would spend the work cap, and merely keying
		// its states took seconds (deepcount d=18: 5.5 million steps).
		stats.Stopped = true
		return tr, stats
	}
	if tr == nil || len(tr.Steps) < 2 || judge.Replay(prog, opts, tr) != nil {
		return tr, stats
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	s := newShortener(ctx, prog, opts, tr, start.Add(budget))
	s.run()
	stats.Replays, stats.Stopped = s.replays, s.cut
	if s.best == nil {
		return tr, stats
	}
	stats.After = ShapeOf(s.best)
	return s.best, stats
}

// ShapeOf is tr's length and context switches.
func ShapeOf(tr *bp.Trace) Shape {
	if tr == nil {
		return Shape{}
	}
	sh := Shape{Steps: len(tr.Steps)}
	for i := 1; i < len(tr.Steps); i++ {
		if tr.Steps[i].Thread != tr.Steps[i-1].Thread {
			sh.Switches++
		}
	}
	return sh
}

// shortener is one shortening: the engine's trace, and the best order
// found so far with its trace.
type shortener struct {
	ctx      context.Context
	deadline time.Time
	prog     *bp.Program
	opts     judge.Options
	sem      *interp.Semantics // liveness, for comparing states
	orig     *bp.Trace
	after    []*bp.State // the state after each of orig's steps (nil after a failing assertion)
	writes   [][]int     // the globals each of orig's steps assigns
	live     int         // the most threads live at once in orig
	order    []int       // the best order so far
	best     *bp.Trace   // its trace, replayed; nil while order is orig's
	replays  int
	work     int
	cut      bool // the budget or ctx ended the search
}

func newShortener(ctx context.Context, prog *bp.Program, opts judge.Options, tr *bp.Trace, deadline time.Time) *shortener {
	s := &shortener{ctx: ctx, deadline: deadline, prog: prog, opts: opts, sem: interp.New(prog, opts), orig: tr}
	n := len(tr.Steps)
	s.order = make([]int, n)
	s.after = make([]*bp.State, n)
	s.writes = make([][]int, n)
	for i := range tr.Steps {
		s.order[i] = i
		switch {
		case i+1 < n:
			s.after[i] = &tr.Steps[i+1].Before
		case tr.Kind != bp.AssertionFails:
			s.after[i] = &tr.Final
		}
		s.writes[i] = s.globalsWritten(&tr.Steps[i])
		s.live = max(s.live, len(tr.Steps[i].Before.Threads))
	}
	s.live = max(s.live, len(tr.Final.Threads))
	return s
}

// globalsWritten are the globals that step assigns: an assignment's
// global targets, a return's into globals of the caller.
func (s *shortener) globalsWritten(step *bp.TraceStep) []int {
	st := &s.prog.Procs[step.Proc].Steps[step.PC]
	refs := st.Targets
	if st.Kind == bp.Return {
		refs = nil
		if t := step.Before.Thread(step.Thread); t != nil && len(t.Stack) > 0 {
			f := t.Stack[len(t.Stack)-1]
			refs = s.prog.Procs[f.Proc].Steps[f.PC].RetTargets
		}
	}
	var out []int
	for _, ref := range refs {
		if ref.Scope == bp.Global && ref.Index >= 0 {
			out = append(out, ref.Index)
		}
	}
	return out
}

// stopped reports whether the search must end: ctx ended, the time
// budget or the work cap is spent.
func (s *shortener) stopped() bool {
	if !s.cut && (s.ctx.Err() != nil || s.work >= maxWork || time.Now().After(s.deadline)) {
		s.cut = true
	}
	return s.cut
}

// try builds the trace of order and replays it; if it replays, order
// becomes the best.
func (s *shortener) try(order []int) bool {
	if s.stopped() {
		return false
	}
	tr := s.build(order)
	if tr == nil {
		return false
	}
	s.replays++
	s.work += len(tr.Steps)
	if judge.Replay(s.prog, s.opts, tr) != nil {
		return false
	}
	s.order, s.best = order, tr
	return true
}

// current is the trace of the best order.
func (s *shortener) current() *bp.Trace {
	if s.best != nil {
		return s.best
	}
	return s.orig
}
