// Package circuit holds the circuit engines: the program as a sequential
// circuit (encode/circuit) with one set of latches per thread slot,
// decided by bounded model checking (mc/bmc), k-induction (mc/kind),
// random simulation (mc/sim) or IC3 (mc/ic3, after one sweep of random
// walks: probeFirst), a counterexample mapped back to a program trace. Each is
// an engine.Run; the root raises the number of slots like the other
// engines' thread bound, except that a program whose control flow bounds
// its threads is searched with a slot for each at once (the engines'
// thread policy in the root's table, FromStaticBound). The counters they
// report are Counters().
//
// Under a bound on rounds or context switches (Problem.Rounds,
// Contexts) the circuit has the bound (encode/circuit's Bound): a bug
// found is a trace within it, and a proof is one of the bounded circuit
// only, so the answer is Unknown with the bound's limit, "no bug within
// K rounds" (engine.Within), never Safe.
//
// A Safe answer carries its evidence for the judge (package judge):
// IC3's inductive invariant as clauses over what the latches stand for
// (engine.SlotInvariant, through encode/circuit's Circuit.Meaning), or
// k-induction's k (engine.KInduction), each with whether Overflow was
// bad; the judge checks them against its own encoding of the program.
// Until the root checks answers through the judge, the answer also
// carries the certificate the root re-checks with mc's SAT calls on the
// circuit.
package circuit
