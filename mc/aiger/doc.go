// Package aiger writes and reads sequential circuits (mc.System) in the
// AIGER format (http://fmv.jku.at/aiger, version 1.9), so that ABC and the
// other hardware model checkers can be run on the same problem.
//
// Write emits the binary format with the 1.9 header "aig M I L O A B" and
// one bad-state property (O = 0, B = 1). Latch resets are 0, 1 or the
// latch's own literal for an uninitialised latch. Variables are renumbered
// as AIGER requires: inputs in System.Inputs order, then latches in
// S.Latches order, then the AND gates of the cone of the next-state
// functions and Bad in topological order. gini's own writer
// (logic/aiger, v1.0.4) produces files ABC rejects; this one does not use
// it.
//
// For ABC use "&r FILE; &put; pdr": the older "read_aiger" silently starts
// uninitialised latches at 0, which can turn an unsafe circuit safe.
//
// Read accepts the binary ("aig") and ASCII ("aag") formats. Bad is the
// disjunction of the bad properties, or of the outputs if there are none
// (the HWMCC'10 convention). Invariant constraints and liveness
// (C, J, F > 0) are rejected. Because an mc.System's Bad may depend on
// latches only, a property that reads inputs is recorded by one added
// latch (init 0), which shifts a counterexample by one step and changes no
// verdict. Malformed input yields an error, never a panic.
package aiger
