package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/por"
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
)

// Problem is what an engine is given: the program, the property and the
// facts computed once for it, and the limits an engine enforces itself
// (time, memory and cancellation arrive through the context).
type Problem struct {
	Prog  *bp.Program
	Label string // the label property; empty: assertions
	// Targets[proc][pc]: the steps where the property can fail
	// (bp.Program.Targets), computed once per check.
	Targets [][]bool

	MaxStates int // stored states; 0: no bound
	MaxDepth  int // circuit engines' unrolling; 0: no bound

	// Broadcast is the reading of broadcast assignments (bp.Blocking or
	// bp.Monotone).
	Broadcast bp.Reading

	NoPOR          bool   // symbolic: no partial-order reduction
	PlainStates    bool   // symbolic: no re-parameterisation (BoPPo's form)
	IncrementalSAT bool   // symbolic: one incremental solver per search
	DumpQBF        string // symbolic: write every subsumption query here

	// Meter, if not nil, receives progress as the engine goes; the root
	// reads it for progress lines.
	Meter *Meter

	porOnce sync.Once
	por     *por.Info
}

// Independence is the partial-order analysis of the program for the
// property (por.Analyse), computed on first use and shared by every
// thread bound and engine of the check.
func (p *Problem) Independence() *por.Info {
	p.porOnce.Do(func() { p.por = por.Analyse(p.Prog, p.Label) })
	return p.por
}

// Result is what an engine returns for one thread bound.
type Result struct {
	Verdict Verdict
	Limit   Limit  // for Unknown: what stopped the search
	Reason  string // for Unknown: why, in words; for Unsafe: what fails
	Trace   *bp.Trace
	// BoundHit: a thread start was suppressed because of the bound, so a
	// Safe verdict only holds up to the bound.
	BoundHit bool
	// Invariant, from an engine that proves with one (IC3), is checked by
	// the root before Safe leaves: see Certificate.
	Certificate Certificate
}

// Certificate is an engine's evidence for Safe that the root can check
// independently of the engine that found it.
type Certificate interface {
	// Check re-verifies the certificate; nil means it holds. It may give
	// up with ctx's error when ctx ends.
	Check(ctx context.Context) error
	// String describes it for the result's reason, e.g. "inductive
	// invariant of 12 clauses".
	String() string
}

// Stats are the counters of a check: a core every engine fills, and the
// symbolic engine's own counters. They add up over the thread bounds
// tried.
type Stats struct {
	States      int           // states stored (explored, for SPIN)
	ThreadBound int           // thread bound of the last search
	Depth       int           // circuit engines: the deepest bound finished
	SATCalls    int           // satisfiability queries
	SATTime     time.Duration // time in them
	Duration    time.Duration // wall time of the check
	// CheckTime is the time the root spent checking the answer (replaying
	// the trace, re-checking the certificate); included in Duration.
	CheckTime time.Duration
	SymbolicStats
}

// SymbolicStats are the symbolic engine's counters.
type SymbolicStats struct {
	Subsumed      int           // symbolic states dropped as covered by stored ones
	CheapSubsumed int           // of those, decided without a QBF query
	QBFCalls      int           // subsumption queries solved
	QBFTime       time.Duration // time in them
	CachedQBF     int           // subsumption queries answered from the cache instead
	// Symbolic states replaced by equivalent ones over fresh inputs
	// (re-parameterisation, engine/symbolic/reparam.go).
	Reparameterised int
	// Partial-order reduction: parts of states expanded by one ample
	// thread, fully, and fully because the cycle proviso rejected the
	// reduced expansion (those count in FullExpansions too); states split
	// into several regions because different threads are ample in
	// different parts.
	ReducedExpansions, FullExpansions, ProvisoExpansions int
	SplitStates                                          int
	Dumped                                               int // QBF queries written for Problem.DumpQBF
}

// Meter is the progress of a running check, safe to read from another
// goroutine while engines write it.
type Meter struct {
	states atomic.Int64
	bound  atomic.Int64
}

// AddStates counts n more stored states. A nil Meter ignores it.
func (m *Meter) AddStates(n int) {
	if m != nil {
		m.states.Add(int64(n))
	}
}

// SetBound records the thread bound being searched.
func (m *Meter) SetBound(b int) {
	if m != nil {
		m.bound.Store(int64(b))
	}
}

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

// Run is an engine's entry point: check p with at most bound live threads
// (the root raises the bound), adding to stats. last says that bound is
// the final one the root will try, so an engine that treats a suppressed
// thread start as a reason to stop early (the circuit engines) must look
// for bugs past it instead.
type Run func(ctx context.Context, p *Problem, bound int, last bool, stats *Stats) (Result, error)
