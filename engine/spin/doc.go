// Package spin is SPIN as a peer engine: the program exported as Promela
// (bp/promela), SPIN's verifier compiled and run by internal/spin, the
// answer in bopgo's terms. New makes its engine.Run; the root runs it at
// the final thread bound only (a run costs a compilation), under the
// root's policy (the label check, the static answer, the limits).
//
// Its Unsafe is checked like every engine's: pan's error trail, replayed
// by pan, prints the model's markers, which promela.ReadTrace turns into
// a trace of the program (Result.Trace, and the Evidence an Execution);
// the root replays it with bp/interp. A trail that does not map is an
// error, never a verdict. Its Safe cannot be checked: pan gives no
// certificate, only the verdict of its own search (Evidence Unchecked).
// Its row in the root's table says so (Unchecked), the portfolio never
// races it, and bopgo.Check marks its Safe Unchecked. bopgo spin and the
// benchmarks use it to compare.
package spin
