// Package gen writes subsumption-shaped 2QBF formulas the way a
// BoPPo-style model checker asks them, to measure QBF solvers on the
// questions symbolic reachability asks rather than on random CNF.
//
// A formula asks whether the states a loop reaches after k rounds (the
// new state) are covered by the states it reaches after other numbers of
// rounds (the old states), each state being parametric in the choices
// made along its rounds:
//
//	∀u ∃e. γn(u) → ∨_o (γo(e_o) ∧ ∧_v ωo,v(e_o) ↔ ωn,v(u))
//
// u are the new state's choices, e_o each old state's own copy of its
// choices, γ the conjunction of the rounds' assumptions and ω the values
// of the state variables after the rounds. Nothing is simplified or
// substituted: every operator of every round of every state is a Tseitin
// variable, in the innermost existential block, with its full definition
// (And, Or, Xor, Xnor, if-then-else, and equivalences for negations), and
// constants are variables fixed by unit clauses. The prefix is the one
// such tools write: the universals first, then the old states' choices,
// then the Tseitin variables.
//
// The same Params always give the same formula. Whether it is true is
// the loop's business: a loop whose reachable set settles within the old
// states' rounds gives true formulas, one still growing false ones.
package gen
