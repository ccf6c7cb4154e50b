// Package judge checks every answer before it leaves bopgo, with code
// that shares nothing with the engines that found it: not their searches,
// not their encodings of the program (encode, encode/circuit,
// encode/threads), not tts/cover. It is the one place where an answer is
// checked; the root sends every answer of every entry point here
// (bopgo.Check, CheckTTS, CheckCircuit: judged.go), and an answer the
// judge refuses is an internal error, never a verdict.
//
// An engine gives its answer with evidence, as data (engine.Evidence, a
// closed set of types), and Judge handles each type:
//
//   - a counterexample (engine.Execution) is replayed step by step by the
//     reference semantics (bp/interp), each step's choices solved for
//     with SAT (solve.go) and the solution executed by bp/interp, so that
//     the solver can refuse a step but never accept a wrong one; a trace
//     of a sliced program is first made one of the original
//     (ConcretizeSlice) and replayed there;
//   - procedure summaries (the explicit engine's, engine.Summaries) are
//     checked closed under every step by the reference semantics, and
//     summary formulas (the symbolic engine's) with SAT over the judge's
//     own encoding of the steps (term.go);
//   - an inductive invariant of the program with thread slots (IC3's,
//     engine.SlotInvariant) and k-induction's proof are checked against
//     the judge's own encoding of the program run with that many slots,
//     not against the circuit the engine built;
//   - the counter engine's proof (engine.CounterProof) is checked by
//     translation validation against the reference semantics (every step
//     of the program is a rule of the thread-transition system) and then
//     as a certificate of the system (cover_certificate.go);
//   - a slice (bp.Sliced) and the abstraction that forgets the threads'
//     local data (bp.Havocked) are checked rewrites (VerifySlice,
//     VerifyHavocked);
//   - the answers to questions asked as a thread-transition system or a
//     circuit (CheckTTS, CheckCircuit) are checked against that system or
//     circuit, which is then the question itself.
//
// What a Safe answer trusts, beyond this package: the parser and checker
// of bp/syntax and the lowering of bp (and the static thread bound it
// computes; its liveness is checked, liveness.go), the reference
// semantics bp/interp, and the SAT solver (gini, through package sat).
// What an Unsafe answer trusts: bp/syntax, bp and bp/interp (the solver
// only proposes resolutions that bp/interp executes). Two kinds of Safe carry nothing to check and say so in their
// ruling (Evidence.Checked false): the exhaustive search of the explicit
// and symbolic engines on programs without recursion (engine.Search),
// which the answer trusts as it trusts the engine, and a peer's (SPIN's)
// Safe (engine.Unchecked).
//
// Naming: Judge and Ruling for a program's answers; Coverability for a
// thread-transition system's question, Circuit* for a circuit's.
package judge
