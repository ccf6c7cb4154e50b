package mc

import (
	"context"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/verdict"
)

// System is a safety problem: can a state in which Bad holds be reached
// from an initial state of S?
//
// Invariants the engines rely on:
//   - Bad is a function of the latches of S only (no inputs), so that "a bad
//     state" is a set of states. An encoder whose property depends on
//     inputs adds a latch that records the violation.
//   - A latch with init z.LitNull starts with either value (AIGER 1.9
//     "uninitialised").
//   - Inputs lists every input of S, in a fixed order: counterexamples and
//     AIGER files number inputs in this order.
type System struct {
	S      *logic.S
	Inputs []z.Lit
	Bad    z.Lit
}

// Trace is a counterexample: the initial values of the latches (every
// latch, also those with a fixed init) and the inputs of each step. Step i
// goes from state i to state i+1; Bad holds in state len(Inputs).
type Trace struct {
	Init   []bool   // by index in S.Latches
	Inputs [][]bool // [step][index in System.Inputs]
}

// Result is an engine's answer.
type Result struct {
	Verdict verdict.Verdict
	Trace   *Trace // when Unsafe
	// Invariant, when Safe and the engine has one, is a set of clauses over
	// latches (CNF; each clause a slice of latch literals) that holds
	// initially, is closed under a step and excludes Bad. CheckInvariant
	// verifies one.
	Invariant [][]z.Lit
	// K, when Safe from k-induction, is the k for which the property was
	// proved k-inductive.
	K int
	// Depth is the deepest bound the engine finished (BMC, k-induction) or
	// the number of frames (IC3).
	Depth int
	// Limit is what stopped an Unknown run: Depth at Options.MaxDepth,
	// the context's limit (verdict.Stopped) when it ended, NoLimit for the
	// SAT call budget.
	Limit  verdict.Limit
	Reason string // why Unknown
	Stats  Stats
}

// Stats count an engine's work.
type Stats struct {
	SATCalls int
	SATTime  time.Duration // time in the SAT calls
	Clauses  int           // learned/invariant clauses (IC3)
	// RivalSATCalls are, of SATCalls, those of searches run beside the
	// one whose answer this is (ic3 with Workers: the configurations
	// whose answers lost, or were not found); 0 for one search.
	RivalSATCalls int
}

// Options bound an engine. The zero value means no bound: the engine runs
// until it has an answer or its context ends.
type Options struct {
	// MaxDepth bounds the unrolling depth (BMC, k-induction) or the number
	// of frames (IC3); past it the answer is Unknown.
	MaxDepth int
	// MaxSATCalls bounds IC3's SAT calls; past it the answer is Unknown.
	// A budget in calls rather than time keeps answers the same on every
	// machine. Other engines ignore it. Where an engine runs several
	// searches at once (Workers), each has this budget.
	MaxSATCalls int
	// Workers is how many searches the engine may run at once, one a
	// core: IC3 races that many of its configurations (ic3.Check). 0 or
	// 1 is one, and the run is the same on every machine.
	Workers int
}

// Engine is the signature every engine package exports as Check: it
// decides sys, honouring ctx (Unknown when ctx ends).
type Engine func(ctx context.Context, sys *System, opts Options) Result
