// Package engine is the vocabulary every engine shares and nothing else:
// the Problem an engine is given (a program with the facts computed once
// for it, and the limits it enforces itself), the Result it returns (the
// verdict, the typed limit that ended a search, a trace, a certificate,
// and its Counters), and Run, an engine's entry point. Verdict and Limit
// are the verdict leaf's. It is a leaf above bp: it imports bp and verdict
// only, so that every engine, and the root, can import it.
//
// Each engine lives in a subpackage (engine/symbolic, engine/explicit,
// engine/circuit, engine/counter, engine/spin), owns its search loop and
// its options, and declares the counters it reports. An engine runs at
// one thread bound; the policy around it (raising the bound, limits, the
// portfolio, checking every answer before it leaves) is the root's, and
// the root's engine table is the only place an engine is described.
//
// Invariants:
//   - The zero Verdict is Unknown, so a forgotten assignment can never
//     read as Safe.
//   - An Unsafe result carries a trace (Result.Trace) that bp/interp can
//     replay; the root refuses one that does not replay.
//   - A Safe result at a bound with BoundHit set means only "no bug with
//     this many threads": the root never reports it as Safe.
//   - A limit is reported by the code that hits it: an engine that stops
//     because its context ended returns Stopped(ctx), whose limit and
//     words are the context's cause; nothing above rewrites them.
//   - A Run writes nowhere but its Result: counters travel in
//     Result.Counters, never through an out-parameter.
//
// # Polling the context
//
// A Run polls ctx.Err() of the context it is given, regularly: at every
// state, clause, frame or SAT call, and every few milliseconds inside a
// long step (a SAT query: sat.Solver.SolveContext does it, IC3's slices
// do). That poll is not only how an engine learns it must stop: the
// portfolio's race (package race, its doc's contract) hands an engine's
// core to another engine only there, by blocking inside Err while the
// engine's quantum is up. An engine that polls only ctx.Done(), or only
// a context of its own derived from ctx (whose Err never calls ctx's),
// silently leaves the race's schedule and keeps its core. Work running in
// another goroutine while Err blocks (a background SAT search) must be
// paused around the poll. The root's TestRacedEnginesKeepTheSchedule
// holds every raced engine to this.
package engine
