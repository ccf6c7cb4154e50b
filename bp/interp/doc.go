// Package interp is the explicit-state semantics of lowered Boolean
// programs: the reference oracle for the other engines, the replayer that
// validates every counterexample, and an exhaustive engine of its own.
//
// States are explicit: a program counter and a vector of values per thread,
// and the shared globals. Values are three-valued during search: 0, 1, or X,
// "any value, independent of everything else". X stands for a
// non-deterministic value that nobody has read yet (initial values, `*`
// assigned without constraint, dead locals). A step that reads an X first
// splits the state into its two concretisations, so X is exact, never an
// approximation: it only postpones the case split to the first read, which
// keeps the 2^30 initial states of a 30-variable program down to one.
//
// Threads are symmetric: states are stored once per multiset of thread
// states (thread identities are kept for traces but are not part of the
// key). Locals that are dead at a thread's pc are forgotten (set to X).
// The stored states are packed into bytes (store.go), with nothing the
// garbage collector has to scan; a state is decoded when it is expanded.
//
// Thread creation is bounded by Options.MaxThreads live threads. A start
// that would exceed the bound is suppressed, which is a real behaviour (the
// new thread simply never runs), so bugs found are real; but when a
// suppression happened and no bug was found the answer is Unknown, never
// Safe. The search raises the bound from 1 to MaxThreads and stops at the
// first bound that finds a bug or is never hit. In a program with
// broadcasts under the blocking reading a start beyond the bound blocks
// its creator instead: a thread that never starts would not be a passive
// thread, and passive threads can block a broadcast.
//
// Broadcasts (x$, see bp/cfg.go) are one step of every live thread: the
// active part is enumerated like a constrained assignment, then each
// passive thread's outcomes independently, and the successors are their
// product. A broadcast reads y$ in every passive thread, so those X are
// split first; traces show what each passive thread received in the next
// step's Before state, and Replay checks it. Options.Broadcast selects the
// blocking (default) or the monotone reading.
//
// The search itself (Search) is the explicit engine; engine/explicit is
// its entry in the engine table. NewStepper exports the one-thread step
// for engines that build their own view (engine/counter).
//
// Traces are exact only where it matters: a dead local may show any value,
// which Replay accepts. Concretize re-executes a trace's schedule and
// returns the execution with every value real (dead locals keep what the
// steps assigned, every constraint holds for the values shown, suppressed
// starts become threads that never run), for clients that re-simulate
// each step, such as SatAbs reading BoPPo's compact trace.
package interp
