// Package satabs reads a model checker's compact trace the way SatAbs
// reads BoPPo's, and checks that what SatAbs reads is an execution of the
// Boolean program: a test harness for bopgo's BoPPo compatibility mode
// (docs/boppo.md).
//
// Reading follows SatAbs's modelchecker_boolean_program.cpp
// (read_counterexample_boppo_boom): the verdict is the first line equal to
// VERIFICATION SUCCESSFUL or VERIFICATION FAILED; every line that begins
// with "TRACE " is one step; its tokens are labels (no "=") and name=value
// pairs; t=<n> is the thread; PC<n> labels give the statement (a line
// without one is skipped by SatAbs); TAKEN= a branch's outcome; any other
// name has the part up to "::" dropped, and a name that is not a shared
// variable is a local whose k-th occurrence on the line is thread k's
// value. SatAbs asserts that the number of threads so read equals the
// number of threads started so far, counting a start when a line's
// statement is start_thread. "LOOP [" and "LOOP ]" bracket a lasso.
//
// SatAbs maps b<n> to its own predicate n; the harness maps a name to the
// program's variable of that name instead, shared if it is a global
// (not thread_local), so that it also reads programs that do not name
// their variables b<n>.
//
// Checking replays the lines against the program with three-valued
// knowledge of every variable (0, 1, unknown): each thread's program
// counter is followed through the lowered program (TAKEN for branches,
// the next line's labels for a non-deterministic goto); a line's values
// must equal what the previous steps left (unassigned variables keep
// their values), an assignment's targets must be one outcome of its
// right-hand sides for some choice of its `*` values with its constrain
// true, assume must hold, a branch must be able to go the way TAKEN says,
// and the trace must end in a failing assertion or with a thread at the
// label. Every line is checked, also those SatAbs skips.
package satabs
