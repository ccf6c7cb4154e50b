// Package explicit is the explicit-state engine: every interleaving, state
// by state. It is exact and fast where data is narrow, and declines a step
// with more non-deterministic choices than it enumerates (the Choices
// limit).
//
// It owns its whole search: the states (state.go), three-valued so that a
// value nobody has read yet is X, "any value", and split into 0 and 1
// only by the first step that reads it (lazy non-determinism: a program
// of 30 variables starts in one state, not 2^30); its own step function
// (step.go, broadcast.go, eval.go); the packed state store (store.go),
// which keeps one state per multiset of thread states (threads are
// symmetric, also those of different procs that run the same code:
// symmetry.go), only the locals live at each thread's pc and the globals
// some thread has live (bp.Program.GlobalLive), and nothing the garbage
// collector scans; the breadth-first search (search.go,
// expand.go), which runs an atomic section whole before it stores a
// state (section.go: Getafix's programs run their threads in sections
// from one yield point to the next) and runs on through the yields after
// which a thread touches nothing another thread does (yields.go) and
// into the end of a thread that reaches it (ends.go), stores
// the ends of a section run before from the same thread place and locals
// and the same values of the globals that run touched, without running it
// again (memo.go), expands a state by a stubborn set
// of threads (reduce.go: partial-order reduction, Options.NoPOR) and
// takes its successors' arrays from an arena that the next expansion
// reuses (arena.go);
// and the trace builder (trace.go), which rebuilds the step that led to
// each state of the path from its parent (a stored state keeps only its
// parent's index), with the steps inside sections, and turns the path of
// three-valued states into a concrete execution.
//
// It never imports bp/interp: the reference semantics there is written
// separately, and the root replays every counterexample of this engine
// with it, so the search is checked against an independent definition
// (and tested against a naive search on bp/interp's semantics,
// naive_test.go).
//
// A thread start that would exceed the thread bound is suppressed (the
// new thread never runs), a real behaviour, so bugs found are real; a
// search that suppressed a start reports BoundHit, and the root then
// never calls the program safe. Under the blocking reading of a program
// with broadcasts such a start blocks its creator instead: a thread that
// never starts would not be a passive thread, and passive threads can
// block a broadcast.
//
// Recursion: a thread's state holds its stack of callers' frames (the
// Call and Return steps of bp's Callable procs). A program of one thread
// is decided by procedure summaries (summary.go), whose fixed point is
// the evidence of Safe that the root re-checks with bp/interp. With
// threads, the search bounds the depth of calls (Options.MaxStack; Run
// raises it by steps) and, optionally, context switches
// (Options.Contexts) or rounds (Options.Rounds); a bound that stopped the
// search makes the answer Unknown with the Stack, Contexts or Rounds
// limit. Under a bound on rounds (context switches) a state is stored
// once, with the best round and last thread (the fewest switches) it was
// reached with, and states are expanded best first, so that one search
// passes the bounds 1, 2, … K in order (standing.go). At the bound's
// last level, the threads that can no longer move are keyed by a flag
// alone (retire.go).
//
// Its options are declared once, in options.go: Config, the engine's own
// (what bopgo.ExplicitOptions sets), which a search's Options embed.
package explicit
