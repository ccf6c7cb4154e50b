// Package circuit turns a lowered Boolean program into a sequential circuit
// (an mc.System) for the circuit engines (mc/bmc, mc/kind, mc/ic3), and maps
// their counterexamples back to program traces that bp/interp replays.
//
// One step of the circuit is one step of one thread, exactly as bp/interp
// defines it. The state is:
//
//   - a latch per shared global (initially free);
//   - a fixed number of thread slots, each with an active bit, the proc and
//     pc of its thread (binary), an atomic bit (the thread holds an atomic
//     section) and the local slots (as many as the largest proc has);
//   - Err, set by a step whose assertion fails (assertion property), and
//     Overflow, set by a thread start that found every slot busy.
//
// The inputs are the scheduler's choice (a slot number, binary) and a pool
// of free values shared by all steps: the step that runs reads its `*` and
// schoose choices, the branch index of a goto, and fresh values for a new
// thread's locals from the pool.
//
// Invariants and decisions:
//   - A step that cannot run under the chosen inputs (slot inactive or
//     blocked by another thread's atomic section, an assume that is false,
//     a constraint that fails) changes nothing: a stutter. Reachability is
//     unaffected, and Trace drops stutters.
//   - A new thread takes the lowest inactive slot; an ended thread frees its
//     slot. A start with every slot busy is suppressed, as bp/interp does
//     at its thread bound (the creator goes on, the thread never runs), and
//     sets Overflow: a bug found with a suppressed start is real, but "no
//     bug" is only Safe if Overflow is unreachable too. System(true) makes
//     Overflow bad, so an engine stops at it and the caller can add slots.
//   - Canonical values: a local that is dead at its thread's pc (bp
//     liveness) is false, and an inactive slot is all false. Dead values are
//     never read, so this changes no behaviour; it makes states that differ
//     only in dead values equal, which helps k-induction's simple-path
//     constraints and keeps state sets small for IC3.
//   - A broadcast (x$) writes, in every slot that is active and not the
//     chosen one, the passive targets over that slot's locals and its own
//     block of the pool (after the step's choices); its passive conjuncts,
//     one copy per slot gated by "active and not chosen", join the step's
//     enabling condition (blocking reading), or, monotone, a slot with no
//     satisfying choice keeps its values. Under the blocking reading a
//     start with every slot busy blocks (the step stutters) and sets
//     Overflow, since a thread that never starts would not be passive.
//   - The property's bad states depend on latches only: Err for
//     assertions, "some active slot is at the label" for -l.
//   - Every latch stands for one fact of the program's state (Meaning),
//     so that an invariant over latches can be read, and judged,
//     without the circuit.
//   - A Bound (bound.go) restricts the executions to at most K rounds
//     or K context switches, counted as the explicit engine counts
//     them, with latches of its own; a step past it is disabled (a
//     stutter), so a violation reached is one within the bound, and an
//     invariant of the bounded circuit shows only "no bug within K".
//
// Fault is a test hook that breaks one gate, for the judge's tests; it
// is never set outside tests.
package circuit
