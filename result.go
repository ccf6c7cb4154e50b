package bopgo

import (
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// Verdict is the answer of a check; the zero value is Unknown.
type Verdict = engine.Verdict

// Verdicts.
const (
	Unknown = engine.Unknown // the check stopped early; Result.Limit and Reason say why
	Safe    = engine.Safe    // no execution violates the property
	Unsafe  = engine.Unsafe  // some execution does; Result.Trace shows one
)

// Limit says what stopped a check that ended Unknown.
type Limit = engine.Limit

// Limits; NoLimit is the zero value.
const (
	NoLimit         = engine.NoLimit
	TimeLimit       = engine.Time
	MemoryLimit     = engine.Memory
	StateLimit      = engine.States
	ThreadLimit     = engine.Threads
	DepthLimit      = engine.Depth
	CancelledByUser = engine.Cancelled
	ChoiceLimit     = engine.Choices
)

// Stats are an engine's counters, summed over the thread bounds tried:
// a core that every engine fills, and the symbolic engine's own.
type Stats = engine.Stats

// Options configure Check. The zero value checks assertions with the
// default engine and bounds.
type Options struct {
	// Label, if not empty, makes the property "no statement labelled
	// Label is reached"; assertions are then not checked. A label that no
	// statement carries is an error (ErrNoSuchLabel).
	Label string
	// Engine selects the algorithm (see Engines); empty means the default.
	Engine Engine
	// MaxThreads bounds the number of live threads, main included. 0 means
	// the program's own bound when its thread creation is bounded
	// (bp.Program.MaxThreads), else DefaultMaxThreads. A program that can
	// exceed the bound and is not found unsafe gets Unknown.
	MaxThreads int
	// MaxStates bounds the states an engine stores; 0 means no bound.
	MaxStates int
	// MaxMemory bounds the live heap in bytes; past it the check stops with
	// Unknown. 0 means no bound. The heap is the process's, so concurrent
	// checks in one process share the budget.
	MaxMemory uint64
	// MaxDepth bounds the unrolling of the circuit engines (bmc and kind
	// unroll, ic3 adds frames): past it the verdict is Unknown with the
	// Depth limit. 0 means no bound.
	MaxDepth int
	// Timeout bounds the check's wall time: past it the verdict is
	// Unknown with the Time limit and the reason "timeout after" it. 0
	// means no bound (the context's deadline, if any, still holds).
	Timeout time.Duration
	// NoPOR turns off partial-order reduction in the symbolic engine.
	NoPOR bool
	// IncrementalSAT makes the symbolic engine ask every satisfiability
	// question of a search to one incremental solver, instead of a fresh
	// solver per question on its cone (the default, measured faster).
	IncrementalSAT bool
	// PlainStates keeps the symbolic engine's states as the steps make
	// them (BoPPo's form), for comparison: by default a state whose
	// formulas have grown well past its live variables is replaced by an
	// equivalent one over fresh inputs (re-parameterisation).
	PlainStates bool
	// DumpQBF, if not empty, is a directory where the symbolic engine
	// writes every subsumption query as a QDIMACS file.
	DumpQBF string
	// Broadcast is the reading of broadcast assignments (x$): bp.Blocking
	// (the default) or bp.Monotone, where a passive thread that cannot
	// take a broadcast stays unchanged.
	Broadcast bp.Reading
	// Progress, if not nil, is called about once a second while the check
	// runs, from another goroutine.
	Progress func(Progress)
}

// Property describes the property of opts, as results print it.
func (o Options) Property() string {
	if o.Label != "" {
		return "label " + o.Label + " is unreachable"
	}
	return "assertions hold"
}

// Result is the outcome of Check.
type Result struct {
	Verdict Verdict
	Limit   Limit  // for Unknown: what stopped the check (NoLimit: nothing did)
	Reason  string // why Unknown; what was violated for Unsafe; how Safe was shown
	// Property is what was checked, in words.
	Property string
	Engine   Engine
	Trace    *Trace // for Unsafe; replayed by bp/interp before Check returns
	Stats    Stats
	// Failures are the internal errors of engines that the portfolio
	// raced and that lost (an answer that failed its check, say): the
	// answer above is sound, but each of these is a bug in bopgo.
	Failures []error
}
