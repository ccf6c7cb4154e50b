package verdict

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Verdict is the answer of a check. The zero value is Unknown.
type Verdict int

// Verdicts.
const (
	Unknown Verdict = iota // the check stopped early; the Limit and reason say why
	Safe                   // no execution violates the property
	Unsafe                 // some execution does; a trace shows one
)

func (v Verdict) String() string {
	switch v {
	case Safe:
		return "safe"
	case Unsafe:
		return "unsafe"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Limit says what stopped a check that ended Unknown.
type Limit int

// Limits. NoLimit is the zero value: a decided check, or an Unknown for
// another reason (an engine that cannot decide, such as BMC's proofs, or
// one that declines the program).
const (
	NoLimit   Limit = iota
	Time            // the time limit or the caller's deadline
	Memory          // the heap limit (or a peer's memory budget)
	States          // the bound on stored states
	Threads         // the thread bound: more threads may exist than were explored
	Depth           // the unrolling bound of a circuit engine
	Cancelled       // the caller cancelled the context
	// Choices: a step has more non-deterministic choices than the engine
	// enumerates (the explicit engine, SPIN's export).
	Choices
	// Stack: the bound on the depth of calls of recursive functions;
	// deeper calls exist than were explored.
	Stack
	// Contexts: the bound on context switches (--contexts); executions
	// with more switches were not explored.
	Contexts
	// Rounds: the bound on rounds (--rounds, Getafix's bound); executions
	// with more rounds were not explored.
	Rounds
)

var limitNames = [...]string{"", "time", "memory", "states", "threads", "depth", "cancelled", "choices", "stack", "contexts", "rounds"}

// String is the limit's name as JSON prints it ("" for NoLimit).
func (l Limit) String() string {
	if l >= 0 && int(l) < len(limitNames) {
		return limitNames[l]
	}
	return fmt.Sprintf("Limit(%d)", int(l))
}

// Limits lists every limit but NoLimit, in order.
func Limits() []Limit {
	out := make([]Limit, 0, len(limitNames)-1)
	for l := Time; int(l) < len(limitNames); l++ {
		out = append(out, l)
	}
	return out
}

// Cause is the cause a context is cancelled with when a limit ends it
// (context.WithCancelCause, context.WithTimeoutCause): the limit and its
// words, for Stopped to read back.
type Cause struct {
	Limit  Limit
	Reason string // e.g. "timeout after 30s"
}

func (c *Cause) Error() string { return c.Reason }

// Stopped is the limit that ended ctx, and its words: the Cause the
// context was cancelled with; else Time for a deadline without one ("time
// limit reached", the caller's own deadline) and Cancelled for any other
// end, with the words of its cause if it has one. It is NoLimit and "" while ctx has not ended.
func Stopped(ctx context.Context) (Limit, string) {
	if ctx.Err() == nil {
		return NoLimit, ""
	}
	var c *Cause
	if cause := context.Cause(ctx); errors.As(cause, &c) {
		return c.Limit, c.Reason
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return Time, "time limit reached"
	}
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return Cancelled, "cancelled: " + cause.Error() // the canceller's own words
	}
	return Cancelled, "cancelled"
}

// WithTimeout is ctx ended after d with the Time limit and the words
// "timeout after d" (no limit when d is 0).
func WithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, &Cause{Limit: Time, Reason: fmt.Sprintf("timeout after %v", d)})
}
