// Package covercheck re-checks the answers of the counter engine
// (engine/counter) on a thread-transition system, with code of its own:
// it shares no code with the engine, only the input types of package tts,
// and uses another representation (a count per local instead of sorted
// multisets) so that one mistake is unlikely to hide in both.
//
// CheckPath replays a path of concrete configurations rule by rule.
// CheckCertificate checks the evidence of safety: a finite basis of an
// upward-closed set U and an invariant I, a finite union of boxes (each a
// shared state and a bound on the threads in each local). It checks that I holds every initial
// configuration and is closed under successors, that U holds no initial
// configuration, that the target is in U or outside I, and that every
// minimal predecessor of every basis element under every rule is in U or
// outside I. Then U ∪ ¬I is upward-closed, closed under predecessors,
// holds the target and no initial configuration: the target is not
// coverable.
//
// It lives apart from the root package so that both bopgo tts and the
// root's Check can run it before an answer is printed.
package covercheck
