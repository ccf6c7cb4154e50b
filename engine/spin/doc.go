// Package spin is SPIN as a peer engine: the program exported as Promela
// (bp/promela), SPIN's verifier compiled and run by internal/spin, the
// answer in bopgo's terms. New makes its engine.Run; the root runs it at
// the final thread bound only (a run costs a compilation), under the
// root's policy (the label check, the static answer, the limits).
//
// SPIN gives no trace through the export, so its Unsafe cannot be
// replayed, nor its Safe re-checked: its row in the root's table says so
// (Unchecked), the portfolio never races it, and bopgo.Check marks its
// answers Unchecked. bopgo spin and the benchmarks use it to compare.
package spin
