// Package spin runs the SPIN model checker on a Promela model written by
// bp/promela and turns its output into a verdict: `spin -a`, then gcc on
// the generated pan.c (-DSAFETY, -DMEMLIM), then `./pan -E` (blocked
// processes are not errors), all under one context whose end kills the
// whole process group.
//
// The verdict follows bopgo's rules, in bopgo's types (package verdict).
// An assertion violation is Unsafe. No error in a complete search is
// Safe. A search cut short is Unknown with the reason and the typed limit:
// Memory (pan's budget, or a depth bound whose stack does not fit in it),
// Threads (the thread bound, SPIN's process limit), the context's own
// (verdict.Stopped: its cause says which).
// The models fail the assertion (bp_live<N) when a thread start is
// suppressed by the thread bound; when that is the first error pan finds,
// the model is compiled again with -DBP_BOUND_SILENT (the start is then
// just suppressed) and searched again: a violation there is a real bug
// (Unsafe), none means that the bound was reached (Unknown).
//
// After an assertion violation, pan replays its error trail (`pan -S`):
// the output, the markers the model prints, is Result.Replay, which
// bp/promela.ReadTrace turns into the program's counterexample.
//
// The search depth grows by ten while pan reports that it was too small
// and the memory budget allows the stack; the vector size grows when pan
// asks for more.
package spin
