// Package interp is the reference semantics of lowered Boolean programs:
// one step of one thread on a concrete state. It has no search of its own
// and no solver: it says what a step does, and the judge (package judge),
// which checks every answer before it leaves bopgo, asks it. It imports
// bp alone, and no engine imports it, so that the definition the answers
// are judged by is not the code that found them.
//
// States are concrete (bp.State): every value 0 or 1, a thread identified
// by the number it got when it was started. A step's non-determinism
// (the successor of a goto, the `*` and schoose choices of its terms,
// each passive thread's choices in a broadcast, the first values of a
// started thread's locals) is fixed by a Resolution, and Apply (step.go)
// is the only code that says what a step does under one: everything else
// finds resolutions and runs them through Apply. Env.Eval is the value of
// a term.
//
// Successors enumerates every outcome of a step, for the judge's checks
// that compare a translation of the program with its semantics and for
// the oracles engines are tested against. Enumeration is bounded
// (maxEnum); past it the error wraps ErrTooWide. The judge answers the
// questions that would need too many outcomes enumerated (Replay,
// Concretize, Enabled) by solving for a step's choices with SAT and
// running the solution through Apply, so that a solver's mistake can
// refuse a step, never accept one.
//
// Broadcasts (x$) are one step of every live thread: the active part,
// then each passive thread with its own choices; under the blocking
// reading (Options.Broadcast) a passive thread with no satisfying choice
// blocks the step, under the monotone one it keeps its values
// (PassiveCanTake decides which, by trying each choice).
//
// Threads of a program with recursive functions have call stacks
// (bp.ThreadState.Stack): Apply pushes a frame at a Call step and pops it
// at a Return.
package interp
