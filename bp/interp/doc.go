// Package interp is the reference semantics of lowered Boolean programs:
// one step of one thread on a concrete state, the replay that checks every
// counterexample before it leaves bopgo, and the concretization that makes
// an engine's trace one execution, value for value. It has no search of
// its own; the engines (engine/...) search, and this package judges what
// they find.
//
// States are concrete (bp.State): every value 0 or 1, a thread identified
// by the number it got when it was started. A step's non-determinism
// (the successor of a goto, the `*` and schoose choices of its terms,
// each passive thread's choices in a broadcast, the first values of a
// started thread's locals) is fixed by a resolution, and apply (step.go)
// is the only code that says what a step does under one: everything else
// here finds resolutions and runs them through apply.
//
// Questions about a step are answered in two ways, both judged by apply:
//
//   - Replay and Concretize know the state after the step, up to values
//     that do not count (locals dead at the new pc). They solve for the
//     step's choices with SAT (solve.go, on gini) with the values that
//     count as requirements, then execute the solution and compare. Their
//     cost grows with the step's formula, not with 2^choices, so a right
//     answer through a step with dozens of constrained choices is never
//     refused. The solver only proposes: a wrong proposal is a refusal,
//     never an accepted step.
//   - Successors enumerates every outcome of a step, for the engines
//     built on the one-thread semantics (the counter engine's translation,
//     through Stepper) and for the oracle the explicit engine is tested
//     against. Enumeration is bounded (maxEnum); past it the error wraps
//     ErrTooWide.
//
// This package shares no code with any engine's search: the explicit
// engine (engine/explicit) has its own step function over three-valued
// states, so replaying its traces checks it against an independent
// definition. Both read the lowered program (bp) and its liveness.
//
// Broadcasts (x$) are one step of every live thread: the active part,
// then each passive thread with its own choices; under the blocking
// reading (Options.Broadcast) a passive thread with no satisfying choice
// blocks the step, under the monotone one it keeps its values.
//
// Threads of a program with recursive functions have call stacks
// (bp.ThreadState.Stack): apply pushes a frame at a Call step and pops it
// at a Return; replay compares a caller's frame where it counts (live
// where the call returns). CheckSummaries re-checks the procedure
// summaries the explicit engine gives as evidence of Safe for such a
// program of one thread: every fact closed under one step, calls through
// the summaries, with this package's semantics and no search.
//
// Traces are exact only where it matters: a dead local may show any value,
// which Replay accepts. Concretize re-executes a trace's schedule and
// returns the execution with every value real (dead locals keep what the
// steps assigned, every constraint holds for the values shown, suppressed
// starts become threads that never run), for clients that re-simulate
// each step, such as SatAbs reading BoPPo's compact trace.
package interp
