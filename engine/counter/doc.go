// Package counter is the counter engine of the root package's table
// (bopgo.Counter): identical threads counted, a Boolean program decided
// for any number of threads. It is glue, as engine/circuit is for the
// circuit engines, and owns no algorithm:
//
//   - encode/threads makes the program a thread-transition system
//     (broadcast assignments under the monotone reading) and maps a path
//     back to an execution;
//   - tts/cover decides coverability of the error state;
//   - Run maps the answer into the engine vocabulary: Safe with its
//     evidence, an engine.CounterProof (the system, what each of its
//     states stands for in the program's terms, and the certificate),
//     which the judge checks against the program itself (package judge:
//     the system simulates the program, and the certificate holds);
//     Unsafe with the trace as an engine.Execution, marked
//     MonotoneOnly when the program has broadcasts (the path is one
//     under the monotone reading; the judge replays it under the reading
//     asked, and one that does not replay is no answer), dropped at once
//     where the translation says a passive thread had no outcome under
//     the blocking reading (threads.Program.NeedsMonotone); Unknown with
//     the limit that tts/cover returned (elements become engine.States).
//     It never imports bp/interp, which judges it.
//
// Where the threads read local data, Run first searches the program with
// that data forgotten (bp.Havocked: every local read a fresh choice),
// within forgetfulElements. Its Safe answer is the program's: the
// proof says so (CounterProof.Abstraction), and the judge checks the
// abstraction (judge.VerifyHavocked) before the proof itself. Any other answer, and Run searches the program.
// Forgetting pays where locals only decide when a thread moves on
// (TangledWorkers n=8: 1.0 s, where the program's own search ends in no
// answer in 20 s and IC3 takes 8.5 s; the scaled programs 0005, 0193
// and 0500: 7.7, 6.6 and 5.5 s to 0.3 to 0.4 s). Where locals matter the
// abstraction's bug comes quickly: the 166 programs of benchmarks/vbs.tsv
// and vbs-heldout.tsv that the engine decided before took it 46.4 s
// instead of 70.7 s, with the same answers, none slower by more than
// 0.1 s (one run each: scaled-0050 5.09 to 5.19 s, deepcount d=6 bug 0.15
// to 0.20 s).
//
// Run ignores the thread bound: Safe holds for every number of threads,
// and an Unsafe trace has as few threads as the bounded forward search
// of tts/cover could show.
package counter
