// Package spin is SPIN as a peer engine: the program exported as Promela
// (bp/promela), SPIN's verifier compiled and run by internal/spin, the
// answer in bopgo's terms. SPIN gives no trace through the export, so its
// Unsafe cannot be replayed: bopgo.Check does not run it; bopgo spin and
// the benchmarks use it to compare.
package spin
