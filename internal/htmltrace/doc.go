// Package htmltrace draws a bopgo result as one self-contained HTML page
// (bopgo check --html, bopgo trace --html): for a counterexample, a lane
// per thread and a row per step, each step with its statement, its
// position and the values it changed, thread starts drawn as arrows from
// the creator's lane, ends, blocked threads and atomic sections marked,
// the failing statement marked, the program's source beside it with the
// current step's line highlighted, and the whole state of every thread
// on demand; for a proof, what was proved.
//
// The page is drawn from the JSON result alone (docs/json.md), plus the
// program's source: bopgo check --html encodes its result as JSON and
// decodes it here, so a result saved with --json draws the same page,
// byte for byte, later. Everything the page shows about a step is in the
// JSON, read off the execution's states by package trace (trace.Effect), never
// guessed from a statement's text; what is read off text is cosmetic
// and changes no value: a thread's name from the statement that started
// it, a frame's parameters from its function's header, the variables a
// return sets from the call's left side, and the steps Getafix's
// translation adds from their texts (getafix.go, calls.go). A label
// reached after the last step gets a row of its own (labelRow).
//
// Invariants:
//   - The page is one file: inline CSS and JavaScript, no fonts, no
//     network, no external anything. It opens from a file: URL.
//   - Same result and source, same bytes: no timestamps, and every list
//     is in trace or name order, never in map order.
//   - The browser renders only the rows in view (a fixed row height and a
//     spacer), so a trace of thousands of steps over tens of threads
//     opens and scrolls as fast as a short one. The state of every thread
//     before a step is kept as deltas (model.go) and rebuilt on demand.
//
// Names: a step is numbered from 0 in the data and from 1 on the page, as
// bopgo's text output numbers it; a thread is its JSON number (0 is
// main); a lane is a thread's column.
package htmltrace
