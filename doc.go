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
// check could not run; a timeout, a cancelled context or a resource limit
// is the verdict Unknown with a Reason. An Unsafe result carries a Trace:
// a concrete execution, step by step, that the explicit interpreter
// (bp/interp) has replayed.
//
// Engines: "explicit" searches all interleavings state by state
// (bp/interp). See DESIGN.md for the symbolic engine that follows. The
// circuit engines "bmc" and "kind" encode the program as a sequential
// circuit (encode/circuit) and run bounded model checking (mc/bmc) or
// k-induction (mc/kind) on it; circuit.go is their one entry point.
package bopgo
