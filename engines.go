package bopgo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/engine/counter"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/engine/spin"
	"github.com/bopgo/bopgo/engine/symbolic"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/mc/kind"
	"github.com/bopgo/bopgo/mc/sim"
)

// Engine names a checking algorithm.
type Engine string

// The engines of the table.
const (
	Symbolic   Engine = "symbolic" // parametric symbolic states, SAT feasibility, QBF subsumption
	Explicit   Engine = "explicit" // exhaustive explicit-state search
	IC3        Engine = "ic3"      // IC3/PDR on the program as a circuit
	BMC        Engine = "bmc"      // bounded model checking of the program as a circuit
	KInduction Engine = "kind"     // k-induction on the circuit
	Sim        Engine = "sim"      // random simulation of the circuit: finds bugs, never proves
	Counter    Engine = "counter"  // counter abstraction: any number of threads
	Spin       Engine = "spin"     // SPIN, a peer tool: its Unsafe's trail replayed, its Safe not re-checked
	Auto       Engine = "auto"     // the portfolio
)

// EngineInfo describes an engine: one row of the table, the only place
// an engine is described. Check, the portfolio, the command line, JSON
// and the docs read these columns instead of naming engines; engines.go's
// checkTable (run at start-up) and engines_test.go hold the rows to
// their invariants.
type EngineInfo struct {
	Name    Engine
	Summary string // one line, for --engine's help
	// Proves: given time, the engine answers Safe (up to the thread
	// bound) as well as Unsafe. BMC never proves; k-induction may need an
	// unbounded k. Read by the docs and Decides' callers.
	Proves bool
	// Complete: given time, the engine always decides (Safe or Unsafe).
	// Read by Decides.
	Complete bool
	// Threads is how Check sets the engine's thread bound (runEngine).
	Threads ThreadPolicy
	// Certificates: a Safe answer comes with evidence that Check
	// re-checks independently (an inductive invariant, k-induction's k, a
	// basis of an upward-closed set); Check refuses a Safe without one
	// (verify).
	Certificates bool
	// Unchecked: the engine's Safe cannot be checked (SPIN, a peer, gives
	// no certificate); its Unsafe comes with a trace, replayed like any
	// other. Check passes its Safe on marked Result.Unchecked, gives it
	// the program as given (a peer's answer is on the user's program),
	// and the portfolio never races the engine.
	Unchecked bool
	// Broadcasts: the engine reads broadcast assignments (x$), under
	// either reading. Check answers Unknown, with the reason, for an
	// engine that does not and a program that has them; the portfolio
	// leaves it out.
	Broadcasts bool
	// DeepensBounds: under a bound of K rounds or context switches the
	// engine checks the bounds in order in one run, and tells
	// engine.Problem.BoundDone of each bound below K as it ends without a
	// bug, so the root does not deepen it by running it at 1, 2, … K
	// (deepen.go).
	DeepensBounds bool
	// Recursion: the engine runs programs with recursive functions
	// (threads with call stacks). Check answers Unknown, with the reason,
	// for an engine that does not and a program that has them; the
	// portfolio leaves it out.
	Recursion bool
	// Limits are the limits the engine enforces itself and may report
	// (Options.MaxStates is States, Options.MaxDepth is Depth; Threads
	// for an engine with a thread bound; Contexts and Rounds for an
	// engine that honours those bounds, which one that never proves,
	// BMC or simulation, honours without reporting). Time, Memory and
	// Cancelled, which come through the context, any engine may report.
	// The command line's help for --max-states and --max-depth, and its
	// check of --contexts and --rounds, read it.
	Limits []engine.Limit
	// Race is the engine's place in the portfolio's list (1: first), 0
	// for an engine the portfolio never runs; Lead is the feature of a
	// program that moves it to the front (portfolio.go, portfolioOrder).
	Race int
	Lead Feature
	// Share is the engine's weight in the race's schedule (package race):
	// while more engines run than cores, it has Share/S of the cores,
	// one at most, where S is the sum of the raced engines' shares; the
	// engine a feature of the program Leads has at least leadShare.
	// 0 for an engine the portfolio never runs.
	Share int
	// Counters are the counters the engine reports, zero (its package
	// declares them): every result of the engine has them, in this
	// order, before the root's.
	Counters Counters
	// Circuit is the engine on a circuit (mc.System), for the engines
	// that check the program as one: CheckCircuit runs it on AIGER
	// files. nil for the others.
	Circuit mc.Engine

	// new makes the engine's Run for one check under opts (its own
	// options, and a cache for the check's bounds); nil for Auto.
	new func(opts *Options) engine.Run
}

// ThreadPolicy says how Check bounds an engine's threads.
type ThreadPolicy uint8

// Thread policies.
const (
	// AnyThreads: the engine takes no bound; its Safe holds for any
	// number of threads (the counter engine). The portfolio leaves it out
	// when Options.MaxThreads asks a bounded question.
	AnyThreads ThreadPolicy = iota
	// FromOne: Check raises the bound 1, 2, … to the final bound, so the
	// first bug found has the fewest threads.
	FromOne
	// FromStaticBound: as FromOne, but from the program's own bound
	// (bp.Program.MaxThreads) when its control flow bounds the threads
	// (and the final bound is not smaller): every bug with fewer threads
	// is found there too, and the circuit engines would spend most of a
	// smaller bound finding the thread start that overflows it (on the
	// scaled programs, 3 threads, bounds 1 and 2 took 90% of IC3's time).
	FromStaticBound
	// AtFinalBound: one run, at the final bound (SPIN: a run costs a
	// compilation, and its model looks past the bound itself).
	AtFinalBound
)

// Feature is a cheap feature of a program that puts an engine first in
// the portfolio's list, where it was measured to win by far. Features
// apply in the order of portfolio.go's featureOrder, so an engine led by
// a later one ends in front.
type Feature uint8

// Features.
const (
	NoFeature Feature = iota
	// WideStep: a constrained step with at least wideChoices
	// non-deterministic choices.
	WideStep
	// ManyThreads: thread creation without bound, a kind of thread with
	// identicalThreads or more threads, or manyThreads in all.
	ManyThreads
)

// engineTable is the list of engines; the default is Auto, the last.
var engineTable = []EngineInfo{
	{Name: Symbolic, Summary: "SAT and QBF on parametric symbolic states (BoPPo's method); recursion by procedure summaries as formulas (one thread)",
		Proves: true, Complete: true, Threads: FromOne, Broadcasts: true, Recursion: true,
		Limits: []engine.Limit{engine.States, engine.Threads, engine.Choices},
		Race:   3, Share: 1, Lead: WideStep, Counters: symbolic.Counters(),
		new: func(o *Options) engine.Run { return symbolic.New(o.Symbolic) }},
	{Name: Explicit, Summary: "every interleaving, state by state; recursion by procedure summaries (one thread) or bounded stacks (threads)",
		Proves: true, Complete: true, Threads: FromOne, Broadcasts: true, Recursion: true, DeepensBounds: true,
		Limits: []engine.Limit{engine.States, engine.Threads, engine.Choices, engine.Stack, engine.Contexts, engine.Rounds},
		Race:   1, Share: 6, Counters: explicit.Counters(),
		new: func(o *Options) engine.Run { return explicit.New(o.Explicit) }},
	{Name: IC3, Summary: "IC3/PDR on the program as a circuit, after a few random walks for a shallow bug; named alone on two or more cores, two configurations of IC3 run at once and the answer found with fewer SAT calls wins",
		Proves: true, Complete: true, Threads: FromStaticBound, Certificates: true, Broadcasts: true,
		Limits: []engine.Limit{engine.Depth, engine.Threads, engine.Contexts, engine.Rounds},
		Race:   2, Share: 6, Counters: circuit.Counters(), Circuit: ic3.Check,
		new: always(circuit.IC3)},
	{Name: BMC, Summary: "bounded model checking of the circuit: finds bugs, never proves",
		Threads: FromStaticBound, Broadcasts: true,
		Limits:   []engine.Limit{engine.Depth, engine.Threads, engine.Contexts, engine.Rounds},
		Counters: circuit.Counters(), Circuit: bmc.Check,
		new: always(circuit.BMC)},
	{Name: Sim, Summary: "random simulation of the circuit, 63 walks at a time: finds bugs, never proves",
		Threads: FromStaticBound, Broadcasts: true,
		Limits:   []engine.Limit{engine.Depth, engine.Threads, engine.Contexts, engine.Rounds},
		Counters: circuit.Counters(), Circuit: sim.Check,
		new: always(circuit.Sim)},
	{Name: KInduction, Summary: "k-induction on the circuit",
		Proves: true, Threads: FromStaticBound, Certificates: true, Broadcasts: true,
		Limits:   []engine.Limit{engine.Depth, engine.Threads, engine.Contexts, engine.Rounds},
		Counters: circuit.Counters(), Circuit: kind.Check,
		new: always(circuit.KInduction)},
	{Name: Counter, Summary: "identical threads counted: coverability for any number of threads, with a certificate",
		Proves: true, Threads: AnyThreads, Certificates: true, Broadcasts: true,
		Limits: []engine.Limit{engine.States, engine.Choices},
		Race:   4, Share: 1, Lead: ManyThreads, Counters: counter.Counters(),
		new: always(counter.Run)},
	{Name: Spin, Summary: "SPIN on the Promela export, a peer: needs spin and gcc; its trail is replayed, its Safe (no certificate) is not re-checked",
		Proves: true, Complete: true, Threads: AtFinalBound, Unchecked: true, Broadcasts: true,
		Limits:   []engine.Limit{engine.Threads, engine.Memory},
		Counters: spin.Counters(),
		new:      func(o *Options) engine.Run { return spin.New(o.Spin) }},
	{Name: Auto, Summary: "the portfolio (default): engines race on the available cores, the first checked answer wins (see portfolio.go)",
		Proves: true, Complete: true, Threads: FromOne, Broadcasts: true, Recursion: true,
		Limits: []engine.Limit{engine.States, engine.Threads, engine.Choices, engine.Depth, engine.Stack, engine.Contexts, engine.Rounds}},
}

// always makes an engine without options or state.
func always(run engine.Run) func(*Options) engine.Run {
	return func(*Options) engine.Run { return run }
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

// Hits reports whether the engine enforces limit l itself (its Limits).
func (e EngineInfo) Hits(l engine.Limit) bool {
	for _, x := range e.Limits {
		if x == l {
			return true
		}
	}
	return false
}

// The table's invariants are checked when the package is initialised, as
// Go's SSA back end checks its pass table (passOrder): a wrong row fails
// every run and every test at once, not one user's check. Nothing a user
// does can make it fail.
func init() {
	if err := checkTable(engineTable); err != nil {
		panic("bopgo: the engine table is wrong: " + err.Error())
	}
}

// checkTable reports the first row of table that breaks an invariant.
func checkTable(table []EngineInfo) error {
	if len(table) == 0 || table[len(table)-1].Name != Auto {
		return fmt.Errorf("%s must be the last row", Auto)
	}
	seen := map[Engine]bool{}
	races := map[int]Engine{}
	var raced []engine.Limit
	for i, e := range table {
		auto := i == len(table)-1
		switch {
		case e.Name == "" || seen[e.Name]:
			return fmt.Errorf("row %d: name %q empty or not unique", i, e.Name)
		case e.Summary == "":
			return fmt.Errorf("%s: no summary", e.Name)
		case e.Complete && !e.Proves:
			return fmt.Errorf("%s: complete but does not prove", e.Name)
		case e.Certificates && !e.Proves:
			return fmt.Errorf("%s: certificates but does not prove", e.Name)
		case auto != (e.new == nil):
			return fmt.Errorf("%s: only %s has no Run", e.Name, Auto)
		case e.Race < 0 || e.Race > 0 && (auto || races[e.Race] != ""):
			return fmt.Errorf("%s: race position %d not unique, or given to %s", e.Name, e.Race, Auto)
		case e.Race > 0 && e.Unchecked:
			return fmt.Errorf("%s: its Safe is not checked, so the portfolio must not race it", e.Name)
		case e.Lead != NoFeature && e.Race == 0:
			return fmt.Errorf("%s: led by a feature but never raced", e.Name)
		case (e.Race > 0) != (e.Share > 0) || e.Share < 0:
			return fmt.Errorf("%s: a share %d, and race position %d: a raced engine needs a share, and only it", e.Name, e.Share, e.Race)
		case e.Lead != NoFeature && !slices.Contains(featureOrder, e.Lead):
			return fmt.Errorf("%s: led by feature %d, which the portfolio does not apply", e.Name, e.Lead)
		case e.Hits(engine.Threads) == (e.Threads == AnyThreads):
			return fmt.Errorf("%s: the Threads limit is for engines with a thread bound", e.Name)
		case e.Hits(engine.NoLimit):
			return fmt.Errorf("%s: NoLimit is not a limit", e.Name)
		case e.DeepensBounds && (!e.Hits(engine.Rounds) || !e.Hits(engine.Contexts) || !e.Proves):
			return fmt.Errorf("%s: deepens bounds it does not honour, or cannot say there is no bug within", e.Name)
		case e.Circuit != nil && e.Threads != FromStaticBound:
			return fmt.Errorf("%s: a circuit engine starts at the static thread bound", e.Name)
		}
		if err := checkCounters(e.Counters); err != nil {
			return fmt.Errorf("%s: %w", e.Name, err)
		}
		seen[e.Name] = true
		if e.Race > 0 {
			races[e.Race] = e.Name
			for _, l := range e.Limits {
				if !slices.Contains(raced, l) {
					raced = append(raced, l)
				}
			}
		}
	}
	auto := table[len(table)-1]
	for _, l := range raced {
		if !auto.Hits(l) {
			return fmt.Errorf("%s: the portfolio can stop at limit %s of an engine it races", Auto, l)
		}
	}
	if len(auto.Limits) != len(raced) || len(auto.Counters) != 0 {
		return fmt.Errorf("%s: its limits are those of the raced engines, its counters the winner's", Auto)
	}
	return nil
}

// checkCounters reports a declaration that the root could not add up and
// print under its names: a name that is empty, repeated, or the root's
// own; a duration not named "...seconds", or such a name on another kind.
func checkCounters(cs Counters) error {
	seen := map[string]bool{}
	for _, c := range cs {
		switch {
		case c.Name == "" || seen[c.Name] || rootCounters.Has(c.Name):
			return fmt.Errorf("counter %q empty, repeated or the root's", c.Name)
		case (c.Kind == engine.Seconds) != strings.HasSuffix(c.Name, "seconds"):
			return fmt.Errorf("counter %q: a duration's name, and only a duration's, ends in seconds", c.Name)
		case c.Value != 0:
			return fmt.Errorf("counter %q: declared with a value", c.Name)
		}
		seen[c.Name] = true
	}
	return nil
}
