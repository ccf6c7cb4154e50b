// Package engine is what every engine shares and what the root package
// (bopgo) asks of them: the verdict, the typed limit that ended a search,
// the problem an engine is given (a program with the facts computed once
// for it), the result it returns, and the statistics core.
//
// Each engine lives in a subpackage (engine/symbolic, engine/explicit,
// engine/circuit, engine/spin) and owns its search loop. An engine runs
// at one thread bound; the policy around it (raising the bound, limits,
// the portfolio, checking every answer before it leaves) is the root's.
//
// Invariants:
//   - The zero Verdict is Unknown, so a forgotten assignment can never
//     read as Safe.
//   - An Unsafe result carries a trace (Result.Trace) that bp/interp can
//     replay; the root refuses one that does not replay.
//   - A Safe result at a bound with BoundHit set means only "no bug with
//     this many threads": the root never reports it as Safe.
package engine
