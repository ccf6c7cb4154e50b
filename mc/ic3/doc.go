// Package ic3 decides a safety problem on a sequential circuit (mc.System)
// by IC3/PDR: Bradley, "SAT-Based Model Checking without Unrolling" (VMCAI
// 2011), in the formulation of Een, Mishchenko and Brayton, "Efficient
// Implementation of Property Directed Reachability" (FMCAD 2011).
//
// Frames F_1 ⊆ F_2 ⊆ ... ⊆ F_N over-approximate the states reachable in at
// most i steps; F_0 is the initial states. A frame is a set of clauses over
// latches, stored as the cubes they block and kept "by delta": a cube at
// level k is blocked in every F_i with i ≤ k. Each level has its own
// incremental gini solver holding the transition relation and the clauses
// of F_k, all behind one activation literal per level so that the solver
// never fixes a latch at its level 0 (gini's Activate, used for the
// temporary clause ¬c of a query, panics on a clause that is trivially
// true there). The alternative, one solver for all levels with "F_k" as the
// assumptions acts[k..N], is kept behind the perFrame switch and tested:
// measured on n-bit counters (cex of 2^n-1 steps) it is 5 to 45 times
// slower (n = 7: 0.62 s against 0.05 s; n = 8: 5.5 s against 0.12 s),
// because every query at a low level carries N assumptions. Lifting
// predecessors saves 5 to 17 times the SAT calls on random circuits of 50
// to 60 latches (for example 705 against 4024 calls, 0.011 s against
// 0.19 s) and halves the time on the larger counters.
//
// A bad state in F_N becomes a proof obligation; obligations are blocked
// lowest level first. A blocked cube is shrunk by the solver's failed
// assumptions, then by dropping literals while it stays inductive relative
// to the frame below and still excludes every initial state, and is pushed
// to the highest level at which it holds. Predecessors are lifted to cubes
// with one more SAT call (the failed assumptions of "this state and these
// inputs cannot miss the target"). When a level's delta becomes empty
// during propagation, two frames are equal and the frames above are an
// inductive invariant.
//
// Naming: a cube is a sorted slice of latch literals (a conjunction); the
// clause learned from it is its negation. Levels are frame indices. The
// variables of the solver are those of the System's circuit (the circuit
// is only read, never extended); activation literals are allocated by the
// solver above the circuit's last variable.
package ic3
