// Package sat is bopgo's facade over the gini SAT solver (IC3 runs on a
// solver of its own, package sat/cone, which decides only a query's
// cone; the judge stays on this one). It keeps one
// incremental gini instance in step with one And-Inverter graph
// (github.com/go-air/gini/logic.C), so that formulas are built as circuits
// and only their new parts are ever turned into clauses.
//
// # Invariants
//
// A Solver is bound to exactly one circuit for its whole life. gini's
// circuits and its solver share variable numbers: the literal a circuit
// returns is the literal the solver uses, with no translation table in
// between. Variable 1 is the circuit's constant (c.T is true, c.F false);
// New adds the unit clause that pins it.
//
// Every variable must be allocated through the circuit (c.Lit(), or
// Solver.NewActivation, which calls it). Never call gini's own Lit or
// ActivationLit on a solver that shares a circuit: the solver would hand
// out a number the circuit later reuses for a gate, and the two meanings
// would silently collide. Add and Assume panic on a literal whose variable
// the circuit has not allocated, because such a literal is always a
// programming error and an answer computed with it would be wrong.
//
// The Tseitin clauses of a gate are added the first time the solver sees a
// literal that depends on it: Add, AddUnder, Assume and AddCircuit all
// encode the cone of their literals that is not yet encoded
// (logic.C.CnfSince with a mark remembered by the Solver). A growing
// circuit therefore costs clauses only for what is new, and no caller can
// forget to encode a gate before using it. Tseitin clauses only define
// gates; they never constrain the inputs, so encoding more than needed
// does not change any answer.
//
// # Assumptions and activation literals
//
// Assumptions hold for the next Solve only. gini turns them into
// decisions in the order given, each followed by unit propagation, so an
// assumption list doubles as a decision prefix (the model checker puts its
// thread selectors first to steer the case split). After an unsatisfiable
// answer, Why lists the assumptions that were needed.
//
// Constraints that should hold for one query only are added under an
// activation literal: AddUnder(act, ...) adds the clause ¬act ∨ ...,
// Assume(act) switches it on for one Solve, and Release(act) switches it
// off for good by adding the unit ¬act. gini's own Activate/Deactivate are
// not used: they allocate variables behind the circuit's back and panic on
// clauses that are already satisfied or falsified at level zero.
//
// # Cancellation
//
// SolveContext runs gini in its background goroutine (GoSolve) and stops
// it when the context is done; gini notices the request every few
// thousand propagations, so cancellation is prompt but not instantaneous.
// A long query also polls ctx.Err() every few milliseconds with gini
// paused: the race's schedule (package race) hands an engine's core to
// another only inside Err, and a paused search holds no core meanwhile.
// gini's Try is deliberately not used: it leaves its deadline armed for
// every later Solve on the same instance.
//
// A Solver is not safe for concurrent use.
package sat
