package engine

import "time"

// Counters are an engine's report of its work: (name, value) pairs in the
// engine's order, so that the command line and the JSON print any
// engine's counters without knowing them. Names are snake_case and
// stable (scripts read them: docs/json.md); a duration's name ends in
// "seconds".
//
// Each engine package declares the counters it reports (the table's
// Counters column, zero-valued) and returns them filled in every Result;
// the root adds them up over the thread bounds (Add) and appends its
// own.
type Counters []Counter

// Counter is one named count.
type Counter struct {
	Name  string
	Kind  Kind
	Value float64 // seconds for a duration
}

// Kind says how a counter is added up and printed.
type Kind uint8

// Kinds.
const (
	Amount    Kind = iota // how many: summed over runs, an integer
	Seconds               // how long: summed over runs
	Level                 // how far (a depth, a bound): the last run's value stands, an integer
	Megabytes             // how big: the last run's value stands
)

// Names of counters that several engines report, so that they add up and
// print under one name.
const (
	CountStates     = "states"      // states stored (or explored, for SPIN)
	CountSATCalls   = "sat_calls"   // satisfiability queries
	CountSATSeconds = "sat_seconds" // time in them
	CountDepth      = "depth"       // the deepest unrolling or frame finished
	// CountAnswerSATCalls are, of the SAT calls, those of the searches
	// whose answers were taken, where an engine runs several at once
	// (IC3 named alone): the number to compare with another IC3's.
	CountAnswerSATCalls = "answer_sat_calls"
)

// Count appends an Amount.
func (cs Counters) Count(name string, n int) Counters {
	return append(cs, Counter{Name: name, Kind: Amount, Value: float64(n)})
}

// Duration appends a duration, in Seconds.
func (cs Counters) Duration(name string, d time.Duration) Counters {
	return append(cs, Counter{Name: name, Kind: Seconds, Value: d.Seconds()})
}

// Level appends a Level.
func (cs Counters) Level(name string, n int) Counters {
	return append(cs, Counter{Name: name, Kind: Level, Value: float64(n)})
}

// Size appends a size in Megabytes.
func (cs Counters) Size(name string, mb float64) Counters {
	return append(cs, Counter{Name: name, Kind: Megabytes, Value: mb})
}

// Add adds more to cs by name, in cs's order, a name cs does not have
// appended in more's order: amounts and durations are summed, levels and
// sizes take more's value. cs is not modified.
func (cs Counters) Add(more Counters) Counters {
	out := append(Counters(nil), cs...)
	for _, m := range more {
		i := out.index(m.Name)
		switch {
		case i < 0:
			out = append(out, m)
		case m.Kind == Amount || m.Kind == Seconds:
			out[i].Value += m.Value
		default:
			out[i].Value = m.Value
		}
	}
	return out
}

// Zero is cs with every value 0: the declaration of what an engine
// reports.
func (cs Counters) Zero() Counters {
	out := append(Counters(nil), cs...)
	for i := range out {
		out[i].Value = 0
	}
	return out
}

// Get is the value of the counter name, 0 if cs has none.
func (cs Counters) Get(name string) float64 {
	if i := cs.index(name); i >= 0 {
		return cs[i].Value
	}
	return 0
}

// Int is Get as an integer, for amounts and levels.
func (cs Counters) Int(name string) int { return int(cs.Get(name)) }

// Time is Get as a duration, for Seconds.
func (cs Counters) Time(name string) time.Duration {
	return time.Duration(cs.Get(name) * float64(time.Second))
}

// Has reports whether cs has the counter name.
func (cs Counters) Has(name string) bool { return cs.index(name) >= 0 }

func (cs Counters) index(name string) int {
	for i := range cs {
		if cs[i].Name == name {
			return i
		}
	}
	return -1
}
