// Package symbolic is BoPPo's method (Cook, Kroening, Sharygina, SPIN
// 2005): states keep program counters explicit and data symbolic
// (encode.State, formulas over choice inputs); a breadth-first search
// executes steps symbolically, drops states whose guard is unsatisfiable
// (sat), and drops states subsumed by what is already stored at the same
// program counters, a forall-exists question (subsume.go, qbf).
// Partial-order reduction picks an ample thread in the solver's case split
// (ample.go), and states whose formulas outgrow their live variables are
// re-parameterised (reparam.go).
//
// A program of one thread with recursive functions (Call and Return
// steps) is decided by procedure summaries as formulas (summary.go):
// each procedure explored from parametric entries, its exits applied at
// its calls, to a fixed point decided by the same subsumption; the
// property searched from main with calls through the summaries and
// descents into callees. Its counterexamples carry the call stack
// (summary_trace.go), and its Safe carries invariants and summaries as
// formulas (summary_cert.go, engine.SummaryFormulas) that the root re-checks
// with bp/interp. With threads and recursion the engine answers Unknown
// with the reason: the explicit engine's bounded stacks search those.
//
// New makes the engine's engine.Run from its Options; the Run keeps the
// partial-order analysis across the thread bounds of one check. The
// counters it reports are Counters(), in that order; their names are
// docs/json.md's.
package symbolic
