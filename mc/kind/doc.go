// Package kind is k-induction on an mc.System (Sheeran, Singh and
// Stålmarck, "Checking Safety Properties Using Induction and a SAT-Solver",
// FMCAD 2000), with simple-path constraints, so it is complete for finite
// systems.
//
// For k = 0, 1, …: the base case asks, by incremental BMC from the initial
// states (mc/bmc.Unroller), whether Bad holds after k steps; a model is a
// counterexample. The step case asks, on a second unrolling whose first
// state is arbitrary, for a path of k+1 steps whose first k+1 states are
// good and pairwise different and whose last state is bad. If there is
// none, every reachable bad state would need a shorter counterexample,
// which the base cases excluded: the property holds, and it is
// (k+1)-inductive (Result.K).
//
// The all-different constraints are added lazily: the step case is solved
// without them, and a model with two equal states gets the constraint for
// that pair, for good (it holds at every later k too), and is solved again.
package kind
