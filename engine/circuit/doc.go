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
// A Safe answer carries its certificate (IC3's inductive invariant,
// k-induction's k), which the root re-checks with mc's independent SAT
// calls before it reports Safe.
package circuit
