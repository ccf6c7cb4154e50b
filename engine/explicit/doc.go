// Package explicit is the explicit-state engine: every interleaving, state
// by state, with bp/interp's semantics (lazy non-determinism, thread
// symmetry, dead locals forgotten). It is the reference the other engines
// are tested against; it is exact and fast where data is narrow, and
// refuses a step that reads too many unknown values at once.
//
// The search itself is still bp/interp's (interp.Search), next to the
// one-step semantics whose internal state type it shares; this package
// is its entry in the engine table.
package explicit
