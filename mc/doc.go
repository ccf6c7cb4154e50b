// Package mc holds what the circuit engines share: a safety problem on a
// sequential circuit (System), its answers (Result, with a counterexample
// as input values per step, or an inductive invariant), and the checks that
// let a test trust an answer without trusting the engine that gave it
// (Simulate, CheckInvariant). A Result's Verdict and Limit are the
// verdict leaf's: an engine names the limit that stopped it (Depth at
// Options.MaxDepth, the context's cause through verdict.Stopped), so no
// layer above guesses it.
//
// The engines live in subpackages, each owning its loop: mc/bmc (bounded
// model checking), mc/kind (k-induction), mc/ic3 (IC3/PDR). mc/aiger writes
// a System as binary AIGER 1.9 for ABC and other peers. None of them knows
// Boolean programs: encode/circuit turns a program into a System and maps
// answers back.
package mc
