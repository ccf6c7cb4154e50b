// Package verdict is the vocabulary of answers that every layer shares:
// the Verdict of a check, the Limit that stopped one that ended Unknown,
// and the Cause a context is cancelled with so that the limit and its
// words travel with the cancellation.
//
// It is a leaf (it imports only the standard library) so that the
// circuit engines (mc), the SPIN runner (internal/spin), the engines
// (engine) and the root package can all name the same type: a verdict is
// never converted between packages, and a limit is never guessed from a
// reason's words.
//
// Invariants:
//   - The zero Verdict is Unknown and the zero Limit is NoLimit, so a
//     forgotten assignment never reads as an answer or as a limit.
//   - The code that hits a limit names it: an engine that stops because
//     its context ended reports Stopped(ctx), which reads the context's
//     cause; whoever created the context (the root's time limit, its
//     memory watchdog) put the limit and its words there. Nothing
//     downstream rewrites a limit or a reason.
package verdict
