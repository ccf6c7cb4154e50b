// Package promela translates a lowered Boolean program into a Promela
// model for SPIN with the interleaving semantics of bp/interp, so that
// SPIN can check the same programs as bopgo.
//
// The translation, step by step (docs/promela.md has the full account):
//
//   - Every lowered step of a proc is one labelled Promela step
//     `S<pc>: atomic { guard -> effect; goto S<next> }`. A step blocks only
//     at its start: its guard says whether some choice of its `*`s lets it
//     happen, and everything after the guard is always executable. SPIN
//     does not store the states inside an atomic sequence, so each lowered
//     step is one transition, as in bp/interp.
//   - Non-deterministic values are choices inside the step
//     (`if :: c = 0 :: c = 1 fi`) into hidden variables, which are not
//     part of SPIN's state. A guard over choices (constrain, assume with
//     `*`) is a guarded choice over the choices' values; past a few
//     choices, the step chooses them, tests the guard, and on failure
//     starts again (a transition back to the same state).
//   - Every variable starts non-deterministic, except where no step can
//     read the initial value: globals that main writes before anything
//     reads them and locals that are dead at a thread's start start at 0.
//     Locals are set to 0 when they die (liveness of bp), as bp/interp
//     forgets them, so SPIN does not tell apart states that differ only in
//     dead values.
//   - atomic_begin/atomic_end: a global bp_holder (the holding process's
//     _pid+1, 0 for none) that every step of every other process waits on.
//   - Thread starts are `run` with the new thread's locals as arguments; a
//     counter bp_live of live threads mirrors --max-threads: a start beyond
//     the bound is suppressed and, unless the model is preprocessed with
//     -DBP_BOUND_SILENT, fails the assertion (bp_live<N), so a "no error"
//     answer from SPIN always means that the bound was never reached.
//   - The property: an assertion is a Promela assert; with a label, the
//     labelled steps are assert(false) and assertions are not checked.
//     Blocked threads are not errors: run pan with -E.
//   - Markers: every step prints, with printf, the thread's proc, pc and
//     successor and SPIN's values after it (mark.go). pan is silent
//     while it searches and prints them when it replays an error trail;
//     ReadTrace turns that output into the program's counterexample, for
//     bp/interp to replay. They read only the process's own locals and
//     the globals the step writes, so SPIN searches the same states.
//
// The output is a function of the program and the options only.
package promela
