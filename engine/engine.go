package engine

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// Verdict and Limit are the verdict leaf's, so that every layer names
// the same types.
type (
	Verdict = verdict.Verdict
	Limit   = verdict.Limit
)

// Verdicts.
const (
	Unknown = verdict.Unknown // the check stopped early; the Limit and Reason say why
	Safe    = verdict.Safe    // no execution violates the property
	Unsafe  = verdict.Unsafe  // some execution does; the trace shows one
)

// Limits. NoLimit is the zero value: a decided check, or an Unknown for
// another reason (an engine that cannot decide, such as BMC's proofs).
const (
	NoLimit   = verdict.NoLimit
	Time      = verdict.Time
	Memory    = verdict.Memory
	States    = verdict.States
	Threads   = verdict.Threads
	Depth     = verdict.Depth
	Cancelled = verdict.Cancelled
	Choices   = verdict.Choices
	Stack     = verdict.Stack
	Contexts  = verdict.Contexts
	Rounds    = verdict.Rounds
)

// Problem is what an engine is given: the program, the property and the
// facts computed once for it, and the limits an engine enforces itself
// (time, memory and cancellation arrive through the context, with their
// words in its cause). An engine's own options are not here: each engine
// package takes them when its Run is made (symbolic.New).
type Problem struct {
	Prog  *bp.Program
	Label string // the label property; empty: assertions
	// Targets[proc][pc]: the steps where the property can fail
	// (bp.Program.Targets), computed once per check.
	Targets [][]bool

	// Broadcast is the reading of broadcast assignments (bp.Blocking or
	// bp.Monotone).
	Broadcast bp.Reading

	MaxStates int // stored states; 0: no bound (the States limit)
	MaxDepth  int // unrolling or frames of the circuit engines; 0: no bound (the Depth limit)
	MaxStack  int // depth of calls of recursive functions (explicit, with threads); 0: the engine's default (the Stack limit)
	Contexts  int // context switches (explicit, the circuit engines); 0: no bound (the Contexts limit)
	Rounds    int // rounds, Getafix's bound (explicit, the circuit engines); 0: no bound (the Rounds limit)
	// Cores is how many cores an engine that runs alone may use (the
	// root sets it for an engine named by the user, not for the race's
	// entrants, which hold one each); 0 is one.
	Cores int
	// BoundDone, if not nil, is told of each bound k below Rounds (or
	// Contexts) that the run has ended without a bug: every execution of
	// at most k rounds (switches) explored, up to the thread bound where
	// the run's bound is the last. Only an engine that checks the bounds
	// in order calls it (the root's DeepensBounds column).
	BoundDone func(k int)

	// Meter, if not nil, receives progress as the engine goes; the root
	// reads it for progress lines.
	Meter *Meter

	// Slice, when set, is how Prog was made from the program asked about
	// (Slice.Orig) by cutting its irrelevant variables (bp.Sliced):
	// engines check Prog, and the root turns their traces into traces of
	// Slice.Orig before it replays them.
	Slice *bp.Slice
}

// Result is what an engine returns for one thread bound.
type Result struct {
	Verdict Verdict
	Limit   Limit  // for Unknown: what stopped the search
	Reason  string // for Unknown: why, in words; for Unsafe: what fails
	// Evidence supports a definite answer (evidence.go): the judge
	// checks it before the answer leaves.
	Evidence Evidence
	// BoundHit: a thread start was suppressed because of the bound, so a
	// Safe verdict only holds up to the bound.
	BoundHit bool
	// Explain, if not nil, describes the evidence of a Safe in the
	// program's terms, for a person (the page of a safe answer): IC3's
	// clauses, the counter engine's basis.
	Explain func() Explanation
	// Counters are the work of this run, in the engine's order (see
	// Counters); the root adds them up over the thread bounds.
	Counters Counters
}

// Counterexample is the trace of an Unsafe result's evidence, or nil.
func (r Result) Counterexample() *bp.Trace {
	if x, ok := r.Evidence.(*Execution); ok && x != nil {
		return x.Trace
	}
	return nil
}

// Meter is the progress of a running check, safe to read from another
// goroutine while engines write it.
type Meter struct {
	states atomic.Int64
	bound  atomic.Int64
	bytes  atomic.Int64
	phase  atomic.Pointer[string]
	// parent, if not nil, also receives the states, bound and phase: the
	// portfolio gives each engine of a race a meter of its own (Child),
	// for the memory each one holds, under the check's.
	parent *Meter
}

// Child is a meter whose states and bound also go to m.
func (m *Meter) Child() *Meter { return &Meter{parent: m} }

// AddStates counts n more stored states. A nil Meter ignores it.
func (m *Meter) AddStates(n int) {
	if m != nil {
		m.states.Add(int64(n))
		m.parent.AddStates(n)
	}
}

// SetBound records the thread bound being searched.
func (m *Meter) SetBound(b int) {
	if m != nil {
		m.bound.Store(int64(b))
		m.parent.SetBound(b)
	}
}

// SetBytes records the memory that the engine's stored states take, as
// the engine estimates it; engines that cannot estimate leave it 0. The
// portfolio stops an engine that holds more than its share of the
// race's memory.
func (m *Meter) SetBytes(n int64) {
	if m != nil {
		m.bytes.Store(n)
	}
}

// SetPhase records what the check does now when it is not searching
// ("building a counterexample", "checking ..."; "" when searching
// again), for progress lines: after a bug of millions of steps is found,
// its trace takes seconds to build, check and shorten while no state is
// stored.
func (m *Meter) SetPhase(what string) {
	if m != nil {
		m.phase.Store(&what)
		m.parent.SetPhase(what)
	}
}

// Phase is what SetPhase said last ("" if nothing).
func (m *Meter) Phase() string {
	if p := m.phase.Load(); p != nil {
		return *p
	}
	return ""
}

// Finishing reports whether a phase is set: the engine has an answer
// and builds or checks it (race.Finisher).
func (m *Meter) Finishing() bool { return m.Phase() != "" }

// Bytes is the engine's estimate of the memory its stored states take.
func (m *Meter) Bytes() int64 { return m.bytes.Load() }

// States is the number of states stored so far.
func (m *Meter) States() int64 { return m.states.Load() }

// Bound is the thread bound being searched.
func (m *Meter) Bound() int { return int(m.bound.Load()) }

// Stopped is the result of a search whose context ended: the limit and
// the words of whoever ended it (verdict.Stopped reads the context's
// cause), so that no layer above rewrites them.
func Stopped(ctx context.Context) Result {
	limit, why := verdict.Stopped(ctx)
	return Result{Limit: limit, Reason: why}
}

// Within is what a search that found no bug under a bound on rounds or
// on context switches (whichever is positive) has shown: the bound's
// limit and its words, "no bug within 2 rounds", "no bug with up to 3
// context switches"; NoLimit and "" without a bound. Every engine that
// honours the bounds says it in these words.
func Within(rounds, contexts int) (Limit, string) {
	switch {
	case rounds == 1:
		return Rounds, "no bug within 1 round"
	case rounds > 0:
		return Rounds, fmt.Sprintf("no bug within %d rounds", rounds)
	case contexts > 0:
		return Contexts, fmt.Sprintf("no bug with up to %d context switches", contexts)
	}
	return NoLimit, ""
}

// MaxTraceSteps bounds the counterexamples an engine builds: a path
// through procedure summaries can be exponentially longer than the
// summaries (a call tree of depth d and fan-out k runs its leaves k^d
// times), and its states are full states.
const MaxTraceSteps = 1 << 22

// TraceTooLong is the answer to a bug found, why, whose counterexample
// has n > MaxTraceSteps steps: none, as an answer without a trace to
// replay is no answer, with the reason.
func TraceTooLong(why string, n int64) Result {
	return Result{Reason: fmt.Sprintf("%s, but the counterexample has %d steps or more, over the %d a trace may have; unchecked, so no answer", why, n, MaxTraceSteps)}
}

// Run is an engine's entry point: check p with at most bound live threads
// (the root raises the bound), and return the answer with the counters of
// the work done. last says that bound is the final one the root will try,
// so an engine that treats a suppressed thread start as a reason to stop
// early (the circuit engines) must look for bugs past it instead.
//
// An engine with options or with state kept across bounds (a cache)
// makes its Run with them (symbolic.New): a Run serves one check.
type Run func(ctx context.Context, p *Problem, bound int, last bool) (Result, error)
