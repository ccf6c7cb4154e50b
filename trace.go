package bopgo

import "github.com/bopgo/bopgo/trace"

// A counterexample in the program's terms is package trace's; these
// aliases keep the names that a Result's users know.
type (
	Trace        = trace.Trace
	Step         = trace.Step
	Call         = trace.Call
	Value        = trace.Value
	Violation    = trace.Violation
	Effect       = trace.Effect
	ThreadValues = trace.ThreadValues
	Written      = trace.Written
	Choice       = trace.Choice
)
