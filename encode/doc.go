// Package encode is symbolic execution of lowered Boolean programs: states
// whose variables hold AIG literals over choice inputs (a parametric
// representation), and steps that transform them. It builds formulas in a
// gini logic.C and never calls a solver: the search (the root package)
// decides which formulas to ask about.
//
// A symbolic State is (threads with explicit pcs, ω, γ): every variable
// slot maps to a literal over choice inputs, and the guard γ says which
// choices are consistent with the path. One symbolic state stands for the
// set of concrete states {ω(ι) | γ(ι)}.
//
// Invariants:
//   - All literals live in one logic.C (Encoder.C); structural hashing keeps
//     shared structure shared. Choice inputs are allocated with C.Lit() only.
//   - A local slot that is dead at its thread's pc holds z.LitNull: dead
//     values are never read (liveness, see bp.Proc.Liveness) and never
//     compared.
//   - Each `*` and schoose in a step executed once gets one fresh input, so
//     the same symbolic step run twice on the same state is not the same
//     formula; the search runs each step of each state once.
//   - A broadcast (x$, see bp/cfg.go) is one step that rewrites every
//     other thread's passive targets over that thread's own fresh inputs;
//     its passive conjuncts join the guard once per other thread
//     (Encoder.Reading blocking), or, monotone, a thread with no
//     satisfying choice keeps its values (∃ over its choices, expanded
//     into cofactors). Under the blocking reading a start beyond the
//     bound blocks instead of being suppressed.
//
// Reparameterise (reparam.go) replaces a state whose formulas have grown
// with its path by an equivalent one over fresh inputs, computed through a
// small BDD package (bdd.go): the values become inputs or constants and
// the guard the set's BDD. Like the rest of the package it builds formulas
// and calls no solver.
package encode
