package bopgo

import (
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/engine/spin"
	"github.com/bopgo/bopgo/engine/symbolic"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/race"
	"github.com/bopgo/bopgo/shorten"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// Explanation is a certificate as a person reads it.
type Explanation = engine.Explanation

// Evidence is what an answer rests on (judge.Evidence).
type Evidence = judge.Evidence

// Counters are a result's counters, in order: the answering engine's own
// (each engine package declares them; the table's Counters column), added
// up over the thread bounds tried, then the root's (CounterThreadBound,
// CounterSeconds, CounterCheckSeconds). Durations are in seconds.
type Counters = engine.Counters

// The counters Check adds to every result, after the engine's.
const (
	CounterThreadBound  = "thread_bound"  // the bound of the last search (0: none ran)
	CounterSeconds      = "seconds"       // wall time of the check
	CounterCheckSeconds = "check_seconds" // of that, checking the answer (replay, certificate)
)

// DefaultSpinMemory is SPIN's memory budget (pan's -DMEMLIM) when
// SpinOptions.MaxMemory is 0.
const DefaultSpinMemory = spin.DefaultMaxMemory

// SymbolicOptions, ExplicitOptions and SpinOptions are the options of
// the engines that have their own.
type (
	SymbolicOptions = symbolic.Options
	ExplicitOptions = explicit.Config
	SpinOptions     = spin.Options
)

// Options configure Check. The zero value checks assertions with the
// default engine and bounds.
type Options struct {
	// Label, if not empty, makes the property "no statement labelled
	// Label is reached"; assertions are then not checked. A label that no
	// statement carries is an error (ErrNoSuchLabel). Empty means the
	// program's own property (bp.Program.DefaultLabel: SLIC_ERROR in
	// Getafix's dialect, else the assertions).
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
	// MaxStack bounds the depth of calls of recursive functions that the
	// explicit engine explores in a program with threads (one thread is
	// decided with procedure summaries, whatever the depth): past it the
	// verdict is Unknown with the Stack limit. 0 means DefaultMaxStack.
	MaxStack int
	// Contexts, when positive, makes the engines that honour it (their
	// rows list the Contexts limit: the explicit engine, and the circuit
	// engines on the circuit with the bound as latches) explore only
	// the executions with at most that many context switches (a step of
	// another thread than the last one's; the bound of Lal and Reps, and
	// of Getafix): bugs found are real; where they find none, the verdict
	// is Unknown with the Contexts limit. The other engines ignore it and
	// answer for every interleaving. CheckBounded deepens it.
	Contexts int
	// Rounds, when positive, makes the engines that honour it (as for
	// Contexts, the Rounds limit) explore only the executions of at most
	// that many rounds (Getafix's bound): the threads take turns in the
	// order of their ids (creation order; in Getafix's dialect the source
	// order, init's steps outside the rounds), and a round runs each for
	// a context, possibly empty, in that order. Bugs found are real;
	// where they find none, the verdict is Unknown with the Rounds limit.
	// The other engines ignore it, as they ignore Contexts; Check refuses
	// Contexts and Rounds together. CheckBounded deepens it.
	Rounds int
	// Timeout bounds the check's wall time: past it the verdict is
	// Unknown with the Time limit and the reason "timeout after" it. 0
	// means no bound (the context's deadline, if any, still holds).
	Timeout time.Duration
	// NoSlice checks the program as given: by default the variables that
	// cannot affect the property (bp.Sliced) are cut out before any
	// engine runs, and traces are given back with their values.
	NoSlice bool
	// RawTrace keeps an Unsafe's counterexample as the engine found it.
	// By default it is shortened first (package shorten: steps that no
	// later step needs dropped, each thread's steps gathered), within a
	// budget of its own, and the shorter trace is replayed by the judge.
	RawTrace bool
	// Symbolic are the symbolic engine's options (partial-order
	// reduction, re-parameterisation, the SAT mode, QBF dumps); the
	// portfolio runs it with them too.
	Symbolic SymbolicOptions
	// Explicit are the explicit engine's options (partial-order
	// reduction); the portfolio runs it with them too.
	Explicit ExplicitOptions
	// Spin are SPIN's options (pan's memory budget, its partial-order
	// reduction, the compilation), for Engine Spin.
	Spin SpinOptions
	// Broadcast is the reading of broadcast assignments (x$): bp.Blocking
	// (the default) or bp.Monotone, where a passive thread that cannot
	// take a broadcast stays unchanged.
	Broadcast bp.Reading
	// Progress, if not nil, is called every ProgressEvery while the check
	// runs, from another goroutine.
	Progress func(Progress)
	// ProgressEvery is how often Progress is called (0: once a second).
	ProgressEvery time.Duration
}

// SliceCounts are the variables and assignment targets that slicing cut
// from a program: they cannot affect its property (docs/semantics.md,
// "Slicing").
type SliceCounts struct {
	Globals, Locals, Targets int
}

// Property describes the property of opts, as results print it.
func (o Options) Property() string {
	if o.Label != "" {
		return "label " + o.Label + " is unreachable"
	}
	return "assertions hold"
}

// Result is the outcome of Check, CheckTTS and CheckCircuit: the fields
// down to Counters are every entry point's, the rest one's own (nil or
// empty from the others).
type Result struct {
	Verdict verdict.Verdict
	Limit   verdict.Limit // for Unknown: what stopped the check (NoLimit: nothing did)
	Reason  string        // why Unknown; what was violated for Unsafe; how Safe was shown
	// Property is what was checked, in words.
	Property string
	Engine   Engine // for CheckTTS, Counter: its coverability search
	// Trace, from Check for Unsafe, is the counterexample in the
	// program's terms, replayed by bp/interp before Check returns.
	Trace *Trace
	// Unchecked: the answer is a peer's Safe (SPIN: its row in the
	// table is Unchecked) and was not checked, as the peer gives no
	// certificate; every other answer (a peer's Unsafe too: its trace is
	// replayed) was checked before Check returned it.
	Unchecked bool
	// Evidence is what the answer rests on, as the judge ruled: checked
	// against the program (a counterexample replayed, a certificate
	// checked), or, for an engine's exhaustive search and a peer's Safe,
	// trusted (Evidence.Checked false, Evidence.Words says what).
	Evidence Evidence
	// Certificate, for Safe from an engine whose certificate explains
	// itself (IC3's invariant, k-induction's k, the counter engine's
	// basis), is that certificate in the program's terms.
	Certificate *Explanation
	// Counters are the answering engine's counters, then the root's
	// (CounterThreadBound from Check only; CounterSeconds, the wall
	// time, and CounterCheckSeconds, the judge's share of it, from every
	// entry point). CheckTTS reports the counter engine's
	// (counter.CountersOf), CheckCircuit the circuit engines'
	// (circuit.CountersOf).
	Counters Counters

	// Cover, from CheckTTS, is the coverability search's answer as the
	// judge checked it: its Path (Unsafe: from an initial configuration
	// to one that covers the target, replayed rule by rule), its Cert
	// (Safe: re-checked) and its Stats (with the flags that Counters,
	// numbers only, leave out). When the check was cut short it holds the
	// Stats alone. Its Verdict, Limit and Reason repeat the Result's.
	Cover *cover.Result
	// Circuit, from CheckCircuit, is the circuit engine's answer as the
	// judge checked it: its Trace (Unsafe: simulated to a bad state), its
	// Invariant or K (Safe: re-checked by SAT calls), its Depth and Stats.
	// When the check was cut short it holds the Depth and Stats alone.
	// Its Verdict, Limit and Reason repeat the Result's.
	Circuit *mc.Result

	// Failures are the internal errors of engines that the portfolio
	// raced and that lost (an answer that failed its check, say): the
	// answer above is sound, but each of these is a bug in bopgo.
	Failures []error
	// Race, from the portfolio (Auto), is each raced engine's share of
	// the cores and how it ended, in the race's order.
	Race []RaceEntry
	// Sliced counts what Check cut from the program before the engines
	// ran (bp.Sliced); nil when nothing was cut.
	Sliced *SliceCounts
	// Shortened, for Unsafe, is the length and context switches of the
	// engine's counterexample when Trace is a shorter one (package
	// shorten); nil when Trace is the engine's.
	Shortened *TraceShape
}

// TraceShape is a trace's length in steps and its context switches.
type TraceShape = shorten.Shape

// RaceEntry is one engine of the portfolio's race.
type RaceEntry struct {
	Engine Engine
	// Unbounded: the engine ran for every interleaving in a race under a
	// bound on rounds or context switches (the explicit engine runs
	// twice there: portfolio.go, unboundedExplicit).
	Unbounded bool
	// Share is the engine's weight in the race (EngineInfo.Share, raised
	// for the engine a feature of the program leads: portfolio.go).
	Share int
	// Held is the time the engine held a core (its turns in the race's
	// schedule, race/schedule.go):
	// about its share of the cores times the race's wall time while all
	// run, so Held against the engine's time alone shows what the
	// schedule cost it.
	Held time.Duration
	// Outcome is how the engine ended: OutcomeWon, OutcomeCancelled (the
	// race ended first), OutcomeStopped (Limit and Reason say why: a
	// limit, its memory share) or OutcomeFailed (Reason is the error).
	Outcome Outcome
	Limit   verdict.Limit
	Reason  string
	// Stack, for an engine that failed by panicking, is where (its
	// PanicError's stack).
	Stack string
}

// Outcome is how an engine of a race ended (RaceEntry): the race's.
type Outcome = race.Outcome

// Outcomes, the race's.
const (
	OutcomeWon       = race.Won
	OutcomeCancelled = race.Cancelled
	OutcomeStopped   = race.Stopped
	OutcomeFailed    = race.Failed
)

// DefaultMaxStack is the bound on the depth of calls of recursive
// functions in a program with threads when Options.MaxStack is 0.
const DefaultMaxStack = explicit.DefaultMaxStack
