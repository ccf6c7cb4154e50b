// Package counter is the counter engine of the root package's table
// (bopgo.Counter): identical threads counted, a Boolean program decided
// for any number of threads. It is glue, as engine/circuit is for the
// circuit engines, and owns no algorithm:
//
//   - encode/threads makes the program a thread-transition system
//     (broadcast assignments under the monotone reading) and maps a path
//     back to an execution;
//   - tts/cover decides coverability of the error state;
//   - Run maps the answer into the engine vocabulary: Safe with a
//     certificate that tts/covercheck re-checks (the root runs the check
//     before the answer leaves), Unsafe with the trace (kept only if
//     bp/interp replays it under the reading of broadcasts asked for;
//     the root replays it again), Unknown with the limit that tts/cover
//     returned (elements become engine.States).
//
// Run ignores the thread bound: Safe holds for every number of threads,
// and an Unsafe trace has as few threads as the bounded forward search
// of tts/cover could show.
package counter
