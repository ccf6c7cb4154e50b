// Package bmc is bounded model checking of an mc.System: the circuit is
// unrolled one frame at a time (logic.Roll) into one incremental solver,
// which receives only the clauses of the new frame (sat, on CnfSince), and
// each depth asks whether Bad holds there. A depth found unsatisfiable
// stays as a unit clause ¬Bad@k, which the deeper queries inherit.
//
// BMC finds shortest counterexamples and never proves safety: past
// Options.MaxDepth, or when the context ends, the answer is Unknown.
// Unroller is the incremental loop on its own, for engines (k-induction)
// that need the same base case.
package bmc
