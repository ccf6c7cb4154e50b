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
// Every answer is checked before Check returns it: an Unsafe result's
// Trace is a concrete execution that the reference interpreter (bp/interp)
// has replayed, and a Safe result's certificate, when the engine gives one
// (IC3's inductive invariant, k-induction's k), has been re-checked by
// independent SAT calls. An answer that fails its check is an ErrInternal
// error naming the engine, never a verdict. The one exception is SPIN's
// Safe (Engine Spin, a peer whose trail is replayed like any trace but
// which gives no certificate): it is passed on marked Result.Unchecked,
// and the portfolio never races SPIN.
//
// CheckTTS asks the counter engine's question of a thread-transition
// system (package tts, bfc's format) directly: is a configuration
// coverable, for any number of threads? It runs tts/cover and checks the
// answer the same way (tts/covercheck replays the path or re-checks the
// certificate), an answer that fails its check being ErrInternal too.
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
// bounds, the portfolio (Auto) and the checks above. CheckCircuit runs
// the table's circuit engines on a circuit (an AIGER file's), its
// answers checked the same way.
package bopgo
