// Package threads translates a Boolean program into a thread-transition
// system (package tts) for any number of threads, and maps a path of that
// system back to an execution of the program (an bp.Trace that
// bp/interp replays). It is to the counter engine what encode/circuit is
// to the circuit engines: the program's side of the translation, while
// the algorithms (tts/cover) know nothing of programs and the engine
// (engine/counter) is glue.
//
// A fully inlined program is one thread template, and the translation is
// of that template's threads. A thread's local state is its place (proc,
// pc), its in-atomic flag and the values of its live locals (dead ones
// are false, so they do not multiply states); the shared state is the
// globals' values, an atomic lock, and a phase for thread starts. The
// steps come from this package's own one-thread semantics
// (semantics.go), written apart from bp/interp's: the judge (package
// judge) checks every system the counter engine proves safe against
// bp/interp's steps, which it could not do if the two shared code. Only
// the thread states that one thread can reach from the start with some
// values of the globals are made, a superset of those reachable with
// other threads around. What each state stands for is exported
// (SharedMeaning, LocalMeaning) for the evidence the judge checks.
//
// Invariants:
//   - Shared 0 and local 0 are the start (one thread, before the
//     program's non-deterministic initial values are chosen; the initial
//     state is "0|0"); shared 1 and local 1 are the error (the target
//     "1|1": a failing assertion, or a thread at the label, whether or
//     not the lock lets it move); local 2 is an
//     ended thread, which has no rules (threads never leave a
//     thread-transition system).
//   - A start_thread is three rules, because bfc's spawn keeps the
//     creator where it is: the creator moves to a pending local and the
//     shared state to phase 1 (nobody else may move in phases 1 and 2),
//     the new thread is spawned (phase 2), and the creator moves on
//     (phase 0).
//   - A broadcast assignment is a move with passes, under the monotone
//     reading (bfc's, and SatAbs's translation for it): a passive thread
//     with no outcome stays as it is, so passive threads never block the
//     step. The blocking reading is not a thread-transition system; every
//     blocking step is a monotone one, so a proof under the monotone
//     reading holds under both. The rules of one broadcast are one per
//     outcome of the active part, dead locals included (the passive part
//     may read them), so that the passes of a rule are exactly those of
//     its outcome; the passive locals without an outcome are recorded,
//     so that NeedsMonotone can tell a path that the blocking reading
//     does not allow. Passive threads
//     may be in any thread state, so the passes are made once the thread
//     states are known, and the new states they reach are translated in
//     turn, until nothing new appears.
//   - Every rule records the program step it comes from (its origin), so
//     that Trace can name each step's thread, statement and branch;
//     threads in the same local state are interchangeable, so a rule
//     moves any of them. Trace takes tts/cover's Path, the one thing this
//     package uses of tts/cover: the answers' types live with the search,
//     and the search does not depend on this package.
//
// Programs with more than 14 globals are refused (every thread state
// gets a rule per valuation of the globals), as is a main with more than
// 16 locals live at its start.
//
// Naming: the package is threads, not tts, because import sites use
// package tts beside it (tts.Write(w, tp.Sys)) and two packages named tts
// would need a renamed import at every one. Build makes a Program (a
// Boolean program as a thread-transition system, with what it takes to
// map a path back), as circuit.Build makes a Circuit; a "local" is an
// index of a local state of the system, a localState the thread state it
// stands for.
package threads
