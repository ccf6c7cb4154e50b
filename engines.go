package bopgo

import (
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/engine/counter"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/engine/symbolic"
)

// Engine names a checking algorithm.
type Engine string

// The engines of the table.
const (
	Symbolic   Engine = "symbolic" // parametric symbolic states, SAT feasibility, QBF subsumption
	Explicit   Engine = "explicit" // exhaustive explicit-state search (bp/interp)
	BMC        Engine = "bmc"      // bounded model checking of the program as a circuit
	KInduction Engine = "kind"     // k-induction on the circuit
	IC3        Engine = "ic3"      // IC3/PDR on the circuit
	Counter    Engine = "counter"  // counter abstraction: any number of threads
	Auto       Engine = "auto"     // the portfolio
)

// EngineInfo describes an engine: the one table the command line, the
// portfolio, JSON and docs read.
type EngineInfo struct {
	Name    Engine
	Summary string // one line, for --engine's help
	// Proves: given time, the engine answers Safe (up to the thread
	// bound) as well as Unsafe. BMC never proves; k-induction may need an
	// unbounded k.
	Proves bool
	// Complete: given time, the engine always decides (Safe or Unsafe).
	Complete bool
	// ThreadBound: the engine explores a bounded number of threads, which
	// Check raises from 1 (the first bug found has the fewest threads;
	// but the circuit engines skip the bounds below a program's static
	// thread bound, engine/circuit/doc.go).
	ThreadBound bool
	// Certificates: a Safe answer comes with evidence that Check
	// re-checks independently (an inductive invariant, k-induction's k).
	Certificates bool
	// Depth: the engine unrolls, and Options.MaxDepth bounds it.
	Depth bool
	// Broadcasts: the engine reads broadcast assignments (x$), under
	// either reading. Check answers Unknown, with the reason, for an
	// engine that does not and a program that has them.
	Broadcasts bool

	// new makes the engine's Run for one check under opts (its own
	// options, and a cache for the check's bounds); nil for Auto.
	new func(opts *Options) engine.Run
	// counters are what the engine reports, zero (its package declares
	// them): every result of the engine has them, in this order.
	counters engine.Counters
}

// always makes an engine without options or state.
func always(run engine.Run) func(*Options) engine.Run {
	return func(*Options) engine.Run { return run }
}

// engineTable is the list of engines; the default is Auto.
var engineTable = []EngineInfo{
	{Name: Symbolic, Summary: "SAT and QBF on parametric symbolic states (BoPPo's method)",
		Proves: true, Complete: true, ThreadBound: true, Broadcasts: true, new: func(o *Options) engine.Run { return symbolic.New(o.Symbolic) }, counters: symbolic.Counters()},
	{Name: Explicit, Summary: "every interleaving, state by state",
		Proves: true, Complete: true, ThreadBound: true, Broadcasts: true, new: always(explicit.Run), counters: engine.Counters{}.Count(engine.CountStates, 0)},
	{Name: IC3, Summary: "IC3/PDR on the program as a circuit",
		Proves: true, Complete: true, ThreadBound: true, Certificates: true, Broadcasts: true, new: always(circuit.IC3), counters: circuit.Counters()},
	{Name: BMC, Summary: "bounded model checking of the circuit: finds bugs, never proves",
		ThreadBound: true, Depth: true, Broadcasts: true, new: always(circuit.BMC), counters: circuit.Counters()},
	{Name: KInduction, Summary: "k-induction on the circuit",
		Proves: true, ThreadBound: true, Certificates: true, Depth: true, Broadcasts: true, new: always(circuit.KInduction), counters: circuit.Counters()},
	{Name: Counter, Summary: "identical threads counted: coverability for any number of threads, with a certificate",
		Proves: true, Certificates: true, Broadcasts: true, new: always(counter.Run), counters: counter.Counters()},
	{Name: Auto, Summary: "the portfolio (default): engines race on the available cores, the first checked answer wins (see portfolio.go)",
		Proves: true, Complete: true, ThreadBound: true, Broadcasts: true},
}

// DefaultEngine is the engine used when Options.Engine is empty: the
// portfolio, since no single engine is fastest on every kind of program
// (benchmarks/README.md: narrow data favours explicit, wide data
// symbolic, small invariants IC3).
const DefaultEngine = Auto

// Engines lists the engine names Check accepts, in the table's order.
var Engines = func() []Engine {
	out := make([]Engine, len(engineTable))
	for i, e := range engineTable {
		out[i] = e.Name
	}
	return out
}()

// EngineTable returns a copy of the engine table.
func EngineTable() []EngineInfo { return append([]EngineInfo(nil), engineTable...) }

// Info returns the table entry of e; ok is false for an unknown name.
func (e Engine) Info() (info EngineInfo, ok bool) {
	for _, x := range engineTable {
		if x.Name == e {
			return x, true
		}
	}
	return EngineInfo{}, false
}

// Decides reports whether engine e, given time, always answers Safe or
// Unsafe (up to the thread bound).
func Decides(e Engine) bool {
	info, _ := e.Info()
	return info.Complete
}
