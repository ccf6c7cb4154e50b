package engine

import (
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/tts"
)

// Evidence is what an engine gives in support of a definite answer, as
// data: the judge (package judge) checks it against the program before
// the answer leaves, with code that shares nothing with the engine. No
// engine checks its own answer, and none supplies a method that would.
//
// The set is closed: only the types of this file implement Evidence, and
// the judge handles each of them (a type it does not know is refused).
//
//   - Unsafe: *Execution, a counterexample.
//   - Safe: *SlotInvariant (IC3), *KInduction (k-induction), *CounterProof
//     (the counter engine), *Summaries (the explicit engine's procedure
//     summaries), *SummaryFormulas (the symbolic engine's), or, where the
//     engine has nothing to show, *Search (the explicit and symbolic
//     engines' exhaustive search) or *Unchecked (a peer's, SPIN's).
type Evidence interface {
	// evidence seals the set: only this package can add a type.
	evidence()
}

// Execution is a counterexample: an execution of the program that ends
// in a violation of the property, replayed by the judge step by step.
type Execution struct {
	Trace *bp.Trace
	// MonotoneOnly: the trace is an execution under the monotone reading
	// of broadcasts, and may not be one under the blocking reading (the
	// counter engine's paths). Where it does not replay under the
	// reading asked, the judge makes the answer Unknown, not an error.
	MonotoneOnly bool
}

// Search is the evidence of an engine that proves by exhausting its
// search and keeps no certificate (explicit, symbolic without
// recursion). Where the search is small the judge repeats it with code
// of its own; where it is not, the answer trusts the engine, and says so.
type Search struct {
	// States is the number of states the search stored, Threads the
	// bound on live threads it searched with (0: none).
	States  int64
	Threads int
}

// Unchecked is the evidence of a peer's Safe (SPIN's): the peer gives
// nothing to check.
type Unchecked struct {
	Tool string // e.g. "spin"
	Why  string // what is missing, e.g. "pan gives no certificate of safety"
}

// SlotInvariant is an inductive invariant of the program run with Slots
// thread slots (IC3's), as clauses over what the circuit's latches mean
// (SlotAtom), not over the circuit: the judge checks it against its own
// encoding of the program.
type SlotInvariant struct {
	Slots int
	// Clauses: the invariant is their conjunction, each clause the
	// disjunction of its literals.
	Clauses [][]SlotLit
	// OverflowBad: the invariant also excludes Overflow (a thread start
	// that found every slot busy), so it holds for the program, whatever
	// its number of threads. Otherwise it holds for the program only where
	// the program's static thread bound (bp.Program.MaxThreads) is at most
	// Slots.
	OverflowBad bool
}

// KInduction is k-induction's proof: the property (and, with
// OverflowBad, the absence of Overflow) holds in the first K states of
// every run of the program with Slots thread slots, and in the state
// after any K distinct states where it held.
type KInduction struct {
	Slots, K    int
	OverflowBad bool
}

// SlotLit is an atom or its negation.
type SlotLit struct {
	Atom SlotAtom
	Neg  bool
}

// SlotAtom is a fact about a state of the program run with thread slots:
// the state is the globals and, per slot, whether a thread runs in it,
// that thread's proc, pc, atomic flag and locals (every one false in an
// empty slot, and a local false where it is dead), plus two flags.
type SlotAtom struct {
	Kind  AtomKind
	Slot  int // the thread slot (main's is 0), for the kinds about a slot
	Index int // the global, the local slot, or the bit of the proc or pc
}

// AtomKind is what a SlotAtom says.
type AtomKind uint8

// Atom kinds.
const (
	AtomGlobal   AtomKind = iota // global Index is true
	AtomActive                   // a thread runs in Slot
	AtomProcBit                  // bit Index of the proc of Slot's thread (its index in Program.Procs)
	AtomPCBit                    // bit Index of the pc of Slot's thread
	AtomAtomic                   // Slot's thread holds an atomic section
	AtomLocal                    // local slot Index of Slot's thread is true
	AtomErr                      // an assertion has failed
	AtomOverflow                 // a thread start found every slot busy
)

// CounterProof is the counter engine's proof of Safe for any number of
// threads: the program as a thread-transition system, what the system's
// states stand for, and a certificate that the system cannot cover its
// target.
type CounterProof struct {
	System       *tts.System
	Init, Target tts.State
	Certificate  *tts.Certificate
	// Abstraction, when not nil, is the program the system was built
	// from: the checked program with its threads' local data forgotten
	// (bp.Havocked). The judge checks that it is that abstraction.
	Abstraction *bp.Program
	// Shared[s] and Locals[l] say what shared state s and local state l
	// of System stand for, in the terms of the program the system was
	// built from. The judge trusts none of it: it finds the local of
	// each thread state and the shared state of each valuation of the
	// globals through them, and checks every step of the program against
	// the rules, so a wrong meaning is a step that no rule matches.
	Shared []CounterShared
	Locals []CounterLocal
}

// CounterShared is what a shared state of a CounterProof's system stands
// for.
type CounterShared struct {
	Kind CounterKind // CounterStart, CounterError or CounterGlobals
	// For CounterGlobals: the globals' values (by index in
	// bp.Program.Globals), whether a thread holds an atomic section, and
	// the phase of a thread start (0: none; 1: the creator has left its
	// state; 2: the new thread has been added, the creator not yet moved
	// on). A thread start is three rules because a spawn rule keeps its
	// thread where it is (tts.Spawn).
	Globals []bool
	Lock    bool
	Phase   int
}

// CounterLocal is what a local state of a CounterProof's system stands
// for.
type CounterLocal struct {
	Kind CounterKind // any but CounterGlobals
	// Thread is, for CounterThread, a thread's state: Proc, PC, Atomic
	// and Locals, those dead at PC false (ID and Stack unused). For
	// CounterStarting, the creator's state at its start_thread.
	Thread bp.ThreadState
	// After is, for CounterStarting, the local the creator moves on to.
	After int
}

// CounterKind is what sort of state a CounterShared or CounterLocal is.
type CounterKind uint8

// Kinds of counter states.
const (
	CounterStart    CounterKind = iota // shared and local: before the program starts (the initial state's)
	CounterError                       // shared and local: the property violated (the target's)
	CounterEnded                       // local: a thread that ended
	CounterThread                      // local: a thread's state
	CounterStarting                    // local: a thread mid-way through starting another
	CounterGlobals                     // shared: the globals, the lock and a thread start's phase
)

// Summaries are the explicit engine's evidence for a program of one
// thread with recursive functions: the fixed point of its procedure
// summaries.
type Summaries struct{ *bp.Summaries }

func (*Execution) evidence()     {}
func (*Search) evidence()        {}
func (*Unchecked) evidence()     {}
func (*SlotInvariant) evidence() {}
func (*KInduction) evidence()    {}
func (*CounterProof) evidence()  {}
func (*Summaries) evidence()     {}
