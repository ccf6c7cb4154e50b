// Package cone is a small CDCL SAT solver for IC3's queries (package
// mc/ic3): many small incremental calls on one growing clause set, each
// under a few assumptions, most answered after a handful of conflicts.
//
// It follows Su, Yang, Ci, Li, Bu and Huang, "Deeply Optimizing the SAT
// Solver for the IC3 Algorithm" (GipSAT, CAV 2025) in one respect: a query
// may name a domain, the variables it has to decide. A model then assigns
// the domain only; every other variable stays unassigned, is never decided
// and is never propagated at a decision level above 0. That is sound when
// the caller chooses the domain so that any assignment of the domain that
// satisfies the clauses over the domain alone extends to a model of all
// clauses. IC3's queries have such a domain: the cone of the query's
// literals in the transition relation, together with every variable of a
// frame clause. The gates outside the cone are then functions of
// variables the caller can choose freely (package mc/ic3, cnf.go, says
// why), and a query costs in proportion to its cone, not to the solver.
//
// The rest is the usual design of MiniSat (Een and Sorensson, SAT 2003):
// two watched literals with a blocking literal, binary clauses in the
// watch lists, clauses in one arena (clause.go), first-UIP learning with
// recursive minimization, phase saving, Luby restarts, and learned clauses
// kept by their LBD (Audemard and Simon, IJCAI 2009). Assumptions are
// decided first, one level each; an unsatisfiable query reports which of
// them it needed (Why). The other decisions follow the domain's order as
// the caller lists it until the query has made 50 conflicts, and VSIDS
// after (pick): most of IC3's queries end after a few conflicts and a few
// dozen decisions, fewer than a heap of the domain would cost to build.
//
// A temporary clause (Query.Temp) lives for one query: it is added as
// "clause ∨ ¬t" for one activation variable t, assumed last, and it and
// every clause learned from it (they all contain ¬t, as t is a decision)
// are removed when the query ends. Unlike gini's Activate, no variable is
// spent per query.
//
// After Solve the assignment stays until the next AddClause or Solve, so
// reading a model costs nothing per variable; Value reads it. The next
// Solve keeps the decision levels of the assumptions its own begin with
// (reuse.go): IC3 asks many queries in a row whose assumptions share a
// prefix, and most of a query's propagation is of its assumptions.
package cone
