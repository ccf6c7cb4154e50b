// Package trace is a counterexample in the program's terms, as it is
// printed and drawn: the steps of an execution that violates the
// property, each with its thread, its statement and position, the values
// before it, the calls of recursive functions the thread is in and a
// note, and the violation at the end (Trace, New). Exact gives it the
// values of one execution (judge.Concretize) and the value each * of a
// statement took in it (Choice), and Effects says what each
// step did besides moving its thread (threads started and ended, atomic
// sections, changed values, blocked threads), read off the execution's
// full states, never off the statement's text.
//
// A Trace keeps the execution it was made from (Trace.Exec, the
// interpreter's full states), which judge.Replay re-checks; everything
// else in it is derived from that execution and the program, so the
// text output, the JSON (docs/json.md) and the page of a counterexample
// (internal/htmltrace) all show the same facts.
//
// The root package makes a Trace of every Unsafe answer after the judge
// has replayed it (bopgo.Result.Trace); bopgo.Trace and the other names
// here are aliases of this package's.
package trace
