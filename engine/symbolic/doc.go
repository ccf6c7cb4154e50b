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
// New makes the engine's engine.Run from its Options; the Run keeps the
// partial-order analysis across the thread bounds of one check. The
// counters it reports are Counters(), in that order; their names are
// docs/json.md's.
package symbolic
