package sat

import "time"

// Stats counts a solver's work. Every field but Time depends only on the
// sequence of calls made, so it is the same on every run; Time is wall
// clock and is not.
type Stats struct {
	Calls       int64 // Solve and SolveContext calls
	Sat         int64 // answers Sat
	Unsat       int64 // answers Unsat
	Unknown     int64 // answers Unknown (stopped by a context)
	Clauses     int64 // clauses added by Add, AddUnder, Assert, Release
	Gates       int64 // gates whose Tseitin clauses were added
	Assumptions int64 // literals passed to Assume
	Time        time.Duration
}

// Plus returns the field-wise sum of st and o, for callers that run
// several solvers.
func (st Stats) Plus(o Stats) Stats {
	return Stats{
		Calls:       st.Calls + o.Calls,
		Sat:         st.Sat + o.Sat,
		Unsat:       st.Unsat + o.Unsat,
		Unknown:     st.Unknown + o.Unknown,
		Clauses:     st.Clauses + o.Clauses,
		Gates:       st.Gates + o.Gates,
		Assumptions: st.Assumptions + o.Assumptions,
		Time:        st.Time + o.Time,
	}
}
