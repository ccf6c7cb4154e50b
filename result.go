package bopgo

import (
	"fmt"
	"time"

	"github.com/bopgo/bopgo/bp/interp"
)

// Verdict is the answer of a check.
type Verdict int

// Verdicts.
const (
	Safe    Verdict = iota // no execution violates the property
	Unsafe                 // some execution does; Result.Trace shows one
	Unknown                // the check stopped early; Result.Reason says why
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

// Engine names a checking algorithm.
type Engine string

// Engines.
const (
	Symbolic Engine = "symbolic" // parametric symbolic states, SAT feasibility, QBF subsumption
	Explicit Engine = "explicit" // bp/interp: exhaustive explicit-state search
	// The circuit engines (circuit.go): the program as a sequential circuit.
	BMC        Engine = "bmc"  // bounded model checking: finds bugs, never proves
	KInduction Engine = "kind" // k-induction with simple-path constraints
	IC3        Engine = "ic3"  // IC3/PDR: proves with an inductive invariant, finds bugs
)

// Engines lists the engines Check accepts, the default first.
var Engines = []Engine{Symbolic, Explicit, BMC, KInduction, IC3, Auto}

// Options configure Check. The zero value checks assertions with the
// default engine and bounds.
type Options struct {
	// Label, if not empty, makes the property "no statement labelled
	// Label is reached"; assertions are then not checked.
	Label string
	// Engine selects the algorithm; empty means the default.
	Engine Engine
	// MaxThreads bounds the number of live threads, main included; 0 means
	// 8. A program that can exceed it and is not found unsafe gets Unknown.
	MaxThreads int
	// MaxStates bounds the states an engine stores; 0 means no bound.
	MaxStates int
	// MaxMemory bounds the live heap in bytes; past it the check stops with
	// Unknown. 0 means no bound. The heap is the process's, so concurrent
	// checks in one process share the budget.
	MaxMemory uint64
	// MaxDepth bounds the unrolling of the circuit engines (bmc, kind):
	// past it the verdict is Unknown. 0 means no bound.
	MaxDepth int
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
	Verdict  Verdict
	Reason   string // why Unknown; what was violated for Unsafe
	Property string
	Engine   Engine
	Trace    *Trace // for Unsafe
	Stats    Stats
}

// Stats are an engine's counters, summed over the thread bounds tried.
type Stats struct {
	States        int           // states stored
	Subsumed      int           // symbolic states dropped as covered by stored ones
	CheapSubsumed int           // of those, decided without a QBF query
	SATCalls      int           // feasibility and property queries
	SATTime       time.Duration // time in them
	QBFCalls      int           // subsumption queries
	QBFTime       time.Duration // time in them
	// Symbolic states replaced by equivalent ones over fresh inputs
	// (re-parameterisation, reparam.go).
	Reparameterised int
	// Partial-order reduction: parts of states (regions, see ample.go)
	// expanded by one ample thread, fully, and fully because the cycle
	// proviso rejected the reduced expansion (those count in
	// FullExpansions too); states split into several regions because
	// different threads are ample in different parts.
	ReducedExpansions, FullExpansions, ProvisoExpansions int
	SplitStates                                          int
	ThreadBound                                          int           // thread bound of the last search
	Depth                                                int           // circuit engines: the deepest bound finished
	Duration                                             time.Duration // wall time of the check

	dumped int // QBF queries written by --dump-qbf
}

// DefaultEngine is the engine used when Options.Engine is empty.
const DefaultEngine = Symbolic

func fromOutcome(o interp.Outcome) Verdict {
	switch o {
	case interp.Safe:
		return Safe
	case interp.Unsafe:
		return Unsafe
	}
	return Unknown
}
