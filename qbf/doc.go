// Package qbf decides forall-exists formulas ∀X ∃Y. φ(X, Y), the 2QBF
// questions the model checker asks to decide whether one symbolic state
// subsumes another, and reads and writes QDIMACS so that the answers can
// be checked against other solvers such as DepQBF.
//
// # Algorithm
//
// Solve is the counterexample-guided abstraction refinement of Janota and
// Marques-Silva ("Abstraction-Based Algorithm for 2QBF", SAT 2011), the
// two-level case of RAReQS. Two incremental SAT solvers (package sat)
// take turns:
//
//   - the candidate solver, over copies of X only, proposes an x that no
//     y seen so far satisfies: an assignment that might be a
//     counterexample to the formula;
//   - the check solver, holding φ, looks for a y with φ(x, y).
//
// If the check fails, x is a counterexample and the formula is false. If
// it finds y, the candidate solver learns ¬φ(X, y): φ's cone is copied
// into the candidate's own circuit with every Y input replaced by its
// constant in y, and structural hashing folds the constants away. That
// one constraint rules out x and every other x that the same y answers.
// When the candidate solver runs out of proposals, the formula is true.
// The loop ends because each round removes at least one assignment to X.
//
// A matrix that is a conjunction of parts sharing no variable is split
// and each part solved alone (split.go): CEGAR's candidates range over
// all universals at once, so n independent parts would otherwise cost
// the product of their rounds rather than the sum.
//
// # Problems and variables
//
// A Problem's matrix is a literal of a gini logic.C. Forall and Exists
// list input literals of that circuit; every input in the matrix's cone
// must be in one of them (Solve does not guess a quantifier for a
// forgotten input). Solve never modifies the problem's circuit: the check
// solver shares its numbering and only reads it, and the candidate solver
// has a circuit of its own.
//
// # QDIMACS
//
// ReadQDIMACS and WriteQDIMACS handle the standard CNF format. Adjacent
// blocks with the same quantifier are merged and empty blocks dropped.
// Variables that occur in clauses but in no block are existential in the
// outermost scope, as the standard says. After that, SolveQDIMACS handles
// every prefix with at most two blocks: ∀∃ and ∀ directly, ∃∀ and ∃ as the
// negation ∀∃ ¬φ (the matrix is a circuit, so negating it is free).
// Longer prefixes, including ∀∃ with free variables (which is ∃∀∃), are
// reported as ErrUnsupported. EncodeQDIMACS writes a Problem by Tseitin
// encoding, so that any query can be handed to another solver.
//
// CEGAR is only as good as its refinements, and Tseitin variables spoil
// them: fixed by the check solver's answer, they make each refinement
// rule out little more than one candidate. SolveQDIMACS therefore
// recognises And/Or definitions of innermost existential variables and
// rebuilds them as circuit gates (qdimacs_gates.go); on EncodeQDIMACS's
// output this recovers the original circuit exactly. Other encoders
// write Xor, Xnor and if-then-else gates, repeated literals and redundant
// clauses; a variable whose clauses over earlier variables force it one
// way under every assignment is a gate too, found by its truth table
// (qdimacs_semantic.go). Which variable of a clause group is the gate is
// not always clear (the clauses of g ↔ a ⊕ b say a ↔ g ⊕ b as well), and
// a wrong choice makes an old state's choice a gate and the real gate an
// input that every refinement fixes. Gates are therefore found from the
// formula's roots down (qdimacs_roots.go), whatever the numbering: a
// variable is defined once the gates above it have taken their clauses
// and what is left of its own defines it. What the walk leaves is left to
// passes that read direction off the numbering, bottom up, top down, or
// by peeling the circuit from its inputs up (qdimacs_peel.go).
//
// # Command line
//
// `bopgo qbf` (cmd/bopgo/qbf.go) reads QDIMACS, solves with SolveQDIMACS
// and prints the result line of the QDIMACS output format.
//
// Results are deterministic: the same input gives the same truth value, the
// same witness and the same statistics except for Stats.Time.
package qbf
