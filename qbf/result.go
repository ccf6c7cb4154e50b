package qbf

import (
	"time"

	"github.com/bopgo/bopgo/sat"
)

// Truth is the truth value of a formula, or Unknown when the solver was
// stopped first.
type Truth int8

// Truth values. The zero value is Unknown, so an interrupted or failed solve
// never claims an answer.
const (
	Unknown Truth = iota
	True
	False
)

func (v Truth) String() string {
	switch v {
	case True:
		return "true"
	case False:
		return "false"
	default:
		return "unknown"
	}
}

// negate returns the truth value of the negated formula.
func (v Truth) negate() Truth {
	switch v {
	case True:
		return False
	case False:
		return True
	default:
		return Unknown
	}
}

// Result is the answer of Solve.
type Result struct {
	Truth Truth
	// Witness is set when Truth is False: Witness[i] is the value of the
	// literal Forall[i] in an assignment for which no assignment of Exists
	// satisfies the matrix. Universals outside the matrix's cone are false.
	Witness []bool
	// Reason says why the truth value is Unknown, e.g. "context deadline
	// exceeded".
	Reason string
	Stats  Stats
}

// Stats counts the work of one Solve.
type Stats struct {
	// Iterations is the number of candidates proposed, counting the last
	// proposal that failed (formula true) or could not be answered.
	Iterations int64
	// Refinements is the number of constraints ¬φ(X, y) the candidate
	// solver learnt.
	Refinements int64
	// SATCalls is the number of SAT solver calls, both solvers together.
	SATCalls int64
	// Candidate and Check are the two SAT solvers' own counters.
	Candidate sat.Stats
	Check     sat.Stats
	// Time is wall-clock time, the only field that differs between runs.
	Time time.Duration
}
