// Package bopgo checks concurrent Boolean programs: can an assertion fail,
// or can a label be reached?
//
// Use it in three lines:
//
//	prog, err := bp.Load("driver.bp", src) // parse, check, lower
//	res, err := bopgo.Check(ctx, prog, bopgo.Options{})
//	fmt.Println(res.Verdict)                // safe, unsafe or unknown
//
// A program is loaded once and can be checked many times, with different
// properties (Options.Label) or bounds. Check returns an error only when the
// check could not run (an unknown engine, a label that no statement
// carries, a peer tool missing) or an engine failed (ErrInternal); a
// timeout (Options.Timeout, the context's deadline), a cancelled context
// or a resource limit is the verdict Unknown with a Limit and a Reason,
// both from the code that hit the limit.
//
// Every answer is judged before Check returns it, by package judge, which
// shares no code with the engines, on the one path every entry point's
// answers take (judged.go): an Unsafe result's Trace is a concrete
// execution that the reference semantics (bp/interp) has replayed, in
// the program's terms (package trace; Trace is its type); a
// Safe result's evidence (an inductive invariant, a k-induction proof,
// the counter engine's proof, procedure summaries) has been checked
// against the program itself, not against the engine's encoding; an
// exhaustive search without a certificate has been repeated by the judge
// where it is small. Result.Evidence says what the answer rests on and
// whether it was checked. An answer the judge refuses, and a panic in an
// engine, are ErrInternal errors naming the engine, never a verdict. The
// one answer with nothing to check is SPIN's Safe (Engine Spin, a peer
// whose trail is replayed like any trace but which gives no certificate):
// it is passed on marked Result.Unchecked, and the portfolio never races
// SPIN.
//
// CheckTTS asks the counter engine's question of a thread-transition
// system (package tts, bfc's format) directly: is a configuration
// coverable, for any number of threads? It runs tts/cover and checks the
// answer the same way (the judge replays the path or checks the
// certificate), an answer that fails its check being ErrInternal too.
// Every entry point returns one Result: CheckTTS's has the search's own
// answer (path, certificate, statistics) in Result.Cover, CheckCircuit's
// the circuit engine's (counterexample, invariant or k, depth) in
// Result.Circuit, and their counts in Result.Counters as Check's have.
//
// Engines live in packages under engine/, one entry point each, and are
// described in one table (EngineTable, engines.go) and nowhere else:
// what they prove, how their thread bound is raised, the limits they
// enforce, their place in the portfolio, the counters they report. The
// table's invariants are checked when the package starts. This package
// keeps the policy engines share: the program facts computed once, the
// thread bound raised as each row says (up to the program's own bound
// when its thread creation is bounded, see bp.Program.MaxThreads), the
// time limit and the memory watchdog (each cancels the context with its
// limit as the cause), progress reports, the counters added up over the
// bounds, the portfolio (Auto: which engines race, and their shares,
// portfolio.go) and the checks above. The race itself, sharing the cores
// and the memory among the engines, is package race, which knows nothing
// of programs or of the table. CheckCircuit runs
// the table's circuit engines on a circuit (an AIGER file's), its
// answers checked the same way.
package bopgo
