// Package shorten makes a counterexample shorter before it is printed or
// drawn: the shortest story of the violation that bopgo can find in a
// small budget, never a different one.
//
// An engine's trace is a valid execution, but rarely the clearest: a
// thread spins in a busy loop that changes nothing the violation needs,
// threads that never influence it take steps, and the interleaving
// switches threads where another order of the same steps would not.
// Trace rewrites the trace as a new schedule of the engine's own steps,
// a sub-sequence of them in another order, by passes that each try
// candidates (passes.go):
//
//   - cycles: a stretch between two equal states (every thread and the
//     globals alike, live values only) is cut; so is a stretch of one
//     thread's steps between two equal states of that thread (a loop
//     iteration), the other threads' steps in it kept;
//   - threads: every step of a thread but the violating one's is dropped
//     (its start, a step of its creator, stays); then, of each thread,
//     the longest tail of its steps that can go;
//   - switches: a thread's later block of steps is moved up to its
//     earlier one, or the earlier one down to the later, so that one
//     thread runs longer at a time.
//
// A candidate's states are built from the engine's (build.go): each step
// does what it did in the engine's trace (the moving thread's new state,
// the globals it wrote, the thread it started, a broadcast's passive
// targets) to the state the new schedule reaches. Every candidate is
// then replayed by the judge (judge.Replay) and kept only if it replays
// to the same violation: the same failing assertion as the engine's last
// step, or the label reached in the final state. The engine's last step
// stays last, and no candidate has more threads live at once than the
// engine's trace (which kept to the thread bound the check was asked). A
// candidate that does not replay is dropped, so the result is the
// engine's trace or a trace the judge has accepted; it is never longer,
// and never has more context switches unless it is shorter.
//
// Shortening is presentation: it must not make an answer wrong, slow or
// crashed. It stops at ctx's end, at a time budget (Trace's argument;
// DefaultBudget; Check gives Budget of its own time) and after a fixed
// amount of replay work (maxWork steps replayed), so that the same trace
// gives the same result unless the time budget cuts in first; a panic in
// it gives back the engine's trace. Stats says what it did.
//
// Naming: an order is a schedule, a slice of indices of the engine's
// steps; a block is a maximal run of one thread's steps in an order; a
// switch is a step of another thread than the step before it.
package shorten
