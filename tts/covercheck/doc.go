// Package covercheck re-checks answers to coverability questions on a
// thread-transition system (package tts), with code of its own: it shares
// no code with the algorithms that find the answers (tts/cover), only the
// input types of package tts, and uses another representation (a count
// per local instead of sorted multisets) so that one mistake is unlikely
// to hide in both. It sits beside tts as mc's certificate checks sit
// beside mc, and imports nothing else of the module (deps_test.go pins
// that).
//
// CheckPath replays a path of concrete configurations rule by rule.
// CheckCertificate checks the evidence of safety: a finite basis of an
// upward-closed set U and an invariant I, a finite union of boxes (each a
// shared state and a bound on the threads in each local). It checks that
// I holds every initial configuration and is closed under successors,
// that U holds no initial configuration, that the target is in U or
// outside I, and that every minimal predecessor of every basis element
// under every rule is in U or outside I. Then U ∪ ¬I is upward-closed,
// closed under predecessors, holds the target and no initial
// configuration: the target is not coverable.
//
// The root package runs it on every answer before the answer leaves:
// bopgo.CheckTTS on the search's path or certificate, bopgo.Check on the
// counter engine's certificate (its trace is replayed by bp/interp).
//
// Naming: Config, Step, Path, Certificate, Box and Bound mirror the types
// of tts/cover on purpose, so that tts/cover's Checkable methods are the
// only place the two meet; counts is a configuration as a count per
// local.
package covercheck
