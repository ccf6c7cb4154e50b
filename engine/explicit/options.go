package explicit

import "github.com/bopgo/bopgo/bp"

// The explicit engine's options, in one place: Config, what a user sets
// through the root, and Options, a search's, which embed Config and add
// what the problem and the caller give.

// Config are the explicit engine's own options: what the root's table
// passes (bopgo.ExplicitOptions). They are declared here once; a
// search's Options embed them.
type Config struct {
	// NoPOR turns off partial-order reduction (reduce.go).
	NoPOR bool
}

// Options configure a search: the engine's own options (Config, what
// the root's table passes), then what the problem and the caller give.
type Options struct {
	Config
	// Label, if set, makes the property "no statement labelled Label is
	// reached"; assertions are then not checked. Otherwise the property is
	// "no assertion fails".
	Label string
	// MaxStates stops the search with the States limit after this many
	// states; 0 means no limit.
	MaxStates int
	// KeepDead disables forgetting dead locals and globals; for
	// differential tests of the liveness analyses.
	KeepDead bool
	// NoMemo runs every section instead of storing the ends remembered
	// for its key (memo.go); for differential tests.
	NoMemo bool
	// NoRetire keeps the threads that can no longer run in the last
	// round under Options.Rounds (retire.go); for differential tests.
	NoRetire bool
	// KeepYields stops at every yield, also those the search passes
	// (yields.go); for differential tests of that reduction.
	KeepYields bool
	// KeepEnds stores a thread waiting at its end instead of ending it
	// in the move that brought it there (ends.go); for differential
	// tests of that reduction.
	KeepEnds bool
	// NoCodeSymmetry keys threads of different procs apart even where
	// they run the same code (symmetry.go); for differential tests.
	NoCodeSymmetry bool
	// Broadcast is the reading of broadcast assignments (x$): blocking
	// (the zero value) or monotone.
	Broadcast bp.Reading
	// Stored, if not nil, is called with the number of new states stored,
	// every StoredEvery states, for progress reports.
	Stored func(n int)
	// Footprint, if not nil, is called with the bytes the stored states
	// take (the store, the search tree), every StoredEvery states.
	Footprint func(bytes int64)
	// Phase, if not nil, is told what the search does when it is not
	// storing states: "building a counterexample" (a path of millions of
	// steps takes seconds), and "" when it goes on.
	Phase func(what string)
	// Contexts, when positive, bounds the context switches of an
	// execution (a step by another thread than the last one's is a
	// switch; Lal and Reps's, and Getafix's, bound): executions with more
	// are not explored, and a search that met the bound and found no bug
	// ends Unknown with the Contexts limit. It finds bugs in programs
	// whose stacks or states are too many otherwise.
	Contexts int
	// Rounds, when positive, bounds the rounds of an execution
	// (Getafix's bound, La Torre, Madhusudan and Parlato): the threads
	// take turns in the order of their ids, and a round runs each thread
	// for a context, possibly empty, in that order. A step by a thread
	// whose id is below that of the thread whose step counted last
	// starts the next round; executions of more rounds are not explored,
	// and a search that met the bound and found no bug ends Unknown with
	// the Rounds limit. In Getafix's dialect the steps of thread 0 (init,
	// which starts the threads in source order, ids 1..N) are outside
	// the rounds (bp.Program.InitThread). Not together with Contexts.
	Rounds int
	// BoundDone, if not nil, is told of each bound k below Rounds (or
	// Contexts) as the search ends it without a bug: the search expands
	// its states round by round, or by their switches (standing.go), so
	// when it takes the first state of round (switches) k+1, every
	// execution of at most k has been explored. Not where a bound on
	// calls or, short of FinalBound, on threads has cut a step so far:
	// the root then runs the search again, further.
	BoundDone func(k int)
	// FinalBound: the thread bound is the last the root tries, so a
	// thread start it suppressed does not hold back BoundDone.
	FinalBound bool
	// MaxStack bounds the depth of a thread's calls of recursive
	// functions: a call beyond it is not explored, and a search that met
	// the bound and found no bug ends Unknown with the Stack limit. 0: no
	// bound (the search may not end on a program whose stacks grow
	// without bound).
	MaxStack int
}

// StoredEvery is how many stored states make one Options.Stored call.
const StoredEvery = 1024

// DefaultMaxStack is the bound on the depth of calls of recursive
// functions in a program with threads when the problem gives none.
const DefaultMaxStack = 32
