// Package sim looks for a counterexample of a safety problem on a
// sequential circuit (mc.System) by random simulation: walks from the
// initial states under random inputs, 63 at a time as the bits of machine
// words (gini's Eval64; its 64th lane reads the constant true as false, so
// it is not used). It finds bugs, never proves: the answer is Unsafe with
// a trace, or Unknown.
//
// Why it exists (issue 21 item 4). On benchmarks.LocalWorkersStepwise with the
// bug, 6 workers and 8 locals, the shortest counterexample has 25 to 28
// steps, and BMC's queries near that depth are out of reach: the
// unsatisfiable ones below it must rule out every interleaving of the
// workers' local steps (a counting argument, hard for resolution), and
// the satisfiable ones just above it are needles in that haystack. One
// query per depth (10,000 to 21,000 variables): bopgo's BMC (gini) took
// 5.6 s at 16 steps (unsatisfiable), none of 20, 24, 28 or 32 steps
// answered in 30 s, 40 steps took 4.5 s (satisfiable). CaDiCaL on the
// same queries as DIMACS: 16 steps 0.4 s, 20 2.0 s, 24 9.7 s
// (unsatisfiable), 28 4.7 s (satisfiable): ten times faster than gini,
// but growing as fast, about fivefold every four steps. ABC's bmc3 on the
// circuit doubles its conflicts per depth and needs 10 s to depth 22. So
// the depth and the interleavings are the cause, the solver a factor of
// ten. The bug itself is not rare: two workers meet in the critical
// section whenever one passes its unguarded lock step while the other is
// inside, which random schedules do within a few hundred steps (sim:
// milliseconds for 4 to 8 workers, 4 or 8 locals; IC3 0.2 to 2 s). On
// the 20 scaled programs' circuits sim finds 5 of the 7 bugs within 10 s
// (0146 and 0517 in 6 ms, 0423 0.5 s, 0050 0.7 s, 0040 1.8 s; not 0180,
// 0525), BMC one (0146) within 20 s.
//
// Walks are restarted with lengths 16, 32, ... up to maxLen (or
// Options.MaxDepth), then from 16 again (with MaxDepth, sweeps times,
// then the answer is Unknown at the depth limit), with a fixed seed, so
// the same circuit gives the same answer. The trace is the walk's lane replayed:
// its initial values and the inputs of each step up to the first bad
// state.
//
// Probe is one sweep, up to a given length: the IC3 engine runs it first
// (engine/circuit), as it costs milliseconds where the walks find nothing
// (the 20 scaled programs, IC3 alone side by side: within noise) and
// saves IC3 its slowest kind of bug (TangledWorkers k=8, n = 2, 4, 5, 7
// and 8: 0.17 to 0.55 s to 0.03 to 0.05 s; scaled-0146: 0.8 s to 0.04 s).
package sim
