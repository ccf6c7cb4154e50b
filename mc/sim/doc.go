// Package sim looks for a counterexample of a safety problem on a
// sequential circuit (mc.System) by random simulation: walks from the
// initial states under random inputs, 63 at a time as the bits of machine
// words (gini's Eval64; its 64th lane reads the constant true as false, so
// it is not used). It finds bugs, never proves: the answer is Unsafe with
// a trace, or Unknown.
//
// Why it exists (issue 21 item 4). On benchmarks.LocalWorkers with the
// bug, 6 workers and 8 locals, the shortest counterexample has about 24
// steps, and BMC's queries near that depth are out of reach: the
// unsatisfiable ones below it must rule out every interleaving of the
// workers' local steps (a counting argument, hard for resolution), and
// the satisfiable ones just above it are needles in that haystack. Per
// depth, bopgo's BMC took 5.6 s for the query at 16 steps alone, and
// none of the single queries at 20, 24, 28 or 32 steps answered in 30 s
// (40 steps: 4.5 s); ABC's bmc3 on the same circuit doubles its
// conflicts per depth and needs 10 s to depth 22, so the solver is not
// the cause. The bug itself is not rare: two workers meet in the critical
// section whenever one passes its unguarded lock step while the other is
// inside, which random schedules do within a few hundred steps.
//
// Walks are restarted with lengths 16, 32, ... up to maxLen (or
// Options.MaxDepth), then from 16 again (with MaxDepth, sweeps times,
// then the answer is Unknown at the depth limit), with a fixed seed, so
// the same circuit gives the same answer. The trace is the walk's lane replayed:
// its initial values and the inputs of each step up to the first bad
// state.
package sim
