// Package cover decides coverability of thread-transition systems
// (package tts) for any number of threads: can a configuration be reached
// whose shared state is the target's and which has a thread in each of
// the target's locals (a multiset)?
//
// It holds the algorithms on thread-transition systems, as mc/bmc, mc/kind
// and mc/ic3 hold those on circuits: it knows nothing of Boolean programs
// (encode/threads makes a program a system, engine/counter is the
// engine's glue), and the checks of its answers live apart, in the
// judge (package judge), which shares no code with it.
//
// Threads are identical, so a configuration is a shared state and a
// multiset of local states (a vector of counters). Moves, spawns,
// broadcasts and transfers are monotone: more threads never disable a
// rule. The system is well-structured and coverability is decidable by
// backward reachability over upward-closed sets, each kept as its finite
// basis of minimal elements (Abdulla, Cerans, Jonsson, Tsay, LICS 1996;
// the backward part of bfc, Kaiser, Kroening, Wahl, CONCUR 2012).
//
// The search (Check) runs in these parts:
//
//   - a bounded forward search (forward.go) over concrete configurations
//     with 1, 2, 3... threads, for quick bugs with a minimal number of
//     threads;
//   - a thread-modular forward overapproximation (reach.go): how many
//     threads each local may hold with each shared state. It is an
//     inductive invariant; backward elements outside it are dropped;
//   - a Karp–Miller search (karpmiller.go) with acceleration, whose
//     ω-configurations, once it ends, cover every reachable configuration:
//     a certificate when they miss the target, a stronger invariant for
//     the backward search otherwise;
//   - backward reachability from the target (backward.go) over minimal
//     bases, smallest elements first, run by turns with the Karp–Miller
//     search. When an element is covered by an initial configuration, or
//     by a configuration the forward search reached (projections.go), its
//     chain of successors completes a concrete path.
//
// Check returns a Result. Answers carry their evidence. Unsafe: a Path from a concrete initial
// configuration through concrete configurations, each step naming its
// rule, ending in a configuration that covers the target; Threads is the
// number of threads that ever exist on it, Minimal says whether no path
// with fewer exists (every smaller bound was searched exhaustively).
// Safe: a Certificate, the basis of an upward-closed set U together with
// the invariant I; the set U ∪ ¬I contains the target, excludes every
// initial configuration and is closed under predecessors. Checkable
// (checkable.go, the only place this package meets the judge) gives both
// as the format's answer types (tts/answer.go); the judge checks them
// before an answer of bopgo.CheckTTS or of the counter engine leaves.
// Unknown: the Limit that stopped the search, returned by the code that
// hit it (the backward search, which alone can end an undecided search:
// Options.MaxElements gives Elements, an ended context Time for a
// deadline and Cancelled otherwise, with the context's cause in Reason),
// never inferred from counts afterwards. The forward and Karp–Miller
// searches only give up quietly (their budgets, or the context), leaving
// the backward search to decide or to stop.
//
// Naming: a "config" is a shared state plus a sorted multiset of locals
// (type ms internally); "pre" computes minimal predecessors of an upward
// closure, "post" concrete successors; an "element" is a minimal
// configuration of the backward search's basis (type node), a "node" of
// the Karp–Miller search an ω-configuration (type kmNode); the "outcome"
// of a call of the backward search is decided, stopped by a limit, or
// neither (its turn is over).
package cover
