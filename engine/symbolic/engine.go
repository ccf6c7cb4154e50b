package symbolic

import (
	"context"
	"sync"
	"time"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/por"
)

// Options are the symbolic engine's own.
type Options struct {
	// NoPOR turns off partial-order reduction.
	NoPOR bool
	// PlainStates keeps the states as the steps make them (BoPPo's
	// form), for comparison: by default a state whose formulas have grown
	// well past its live variables is replaced by an equivalent one over
	// fresh inputs (re-parameterisation, reparam.go). With procedure
	// summaries it also keeps each exit as its path made it (summary.go,
	// compactExit).
	PlainStates bool
	// IncrementalSAT asks every satisfiability question of a search to
	// one incremental solver, instead of a fresh solver per question on
	// its cone (the default, measured faster).
	IncrementalSAT bool
	// DumpQBF, if not empty, is a directory where every subsumption query
	// is written as a QDIMACS file.
	DumpQBF string
}

// New returns the symbolic engine under opts, for one check: an
// engine.Run that computes the partial-order analysis (por.Analyse) on
// its first bound and keeps it for the others, and numbers the dumped
// queries across bounds. The root runs the bounds one after another.
func New(opts Options) engine.Run {
	var (
		mu       sync.Mutex
		analysed *engine.Problem // the problem info was computed for
		info     *por.Info
		dumped   int // queries written, over every bound: their file names
	)
	independence := func(p *engine.Problem) *por.Info {
		mu.Lock()
		defer mu.Unlock()
		if analysed != p {
			analysed, info = p, por.Analyse(p.Prog, p.Label)
		}
		return info
	}
	return func(ctx context.Context, p *engine.Problem, bound int, _ bool) (engine.Result, error) {
		var st stats
		if why := tooWide(p); why != "" {
			return engine.Result{Limit: engine.Choices, Reason: why, Counters: st.counters()}, nil
		}
		e := &symEngine{
			prob: p, opts: opts, enc: encode.New(p.Prog, bound),
			history: map[string][]int{}, feasible: map[z.Lit]bool{}, stats: &st,
		}
		e.enc.Reading = p.Broadcast
		e.sub = newSubsumer(e.enc.C, opts.DumpQBF, &st, &dumped)
		var res engine.Result
		switch {
		case p.Prog.HasCalls() && p.Prog.StartsThreads():
			res.Reason = "the symbolic engine decides recursive functions in programs of one thread only (the explicit engine searches threads with bounded stacks)"
		case p.Prog.HasCalls():
			res = e.summaries(ctx)
		default:
			if !opts.NoPOR {
				e.por = independence(p)
			}
			res = e.run(ctx)
			if s, ok := res.Evidence.(*engine.Search); ok {
				s.Threads = bound
			}
		}
		res.BoundHit = e.enc.BoundHit
		res.Counters = st.counters()
		return res, nil
	}
}

// stats are the engine's counters during a run.
type stats struct {
	States        int           // symbolic states stored
	Subsumed      int           // symbolic states dropped as covered by stored ones
	CheapSubsumed int           // of those, decided without a QBF query
	SATCalls      int           // feasibility and property queries
	SATTime       time.Duration // time in them
	QBFCalls      int           // subsumption queries solved
	QBFTime       time.Duration // time in them
	CachedQBF     int           // subsumption queries answered from the cache instead
	// Partial-order reduction: parts of states expanded by one ample
	// thread, fully, and fully because the cycle proviso rejected the
	// reduced expansion (those count in FullExpansions too); states split
	// into several regions because different threads are ample in
	// different parts.
	ReducedExpansions, FullExpansions, ProvisoExpansions int
	SplitStates                                          int
	// Symbolic states replaced by equivalent ones over fresh inputs
	// (re-parameterisation, reparam.go).
	Reparameterised int
	Dumped          int // QBF queries written for Options.DumpQBF
}

// Counters are the counters the symbolic engine reports, zero: the
// engine table's declaration.
func Counters() engine.Counters { return (&stats{}).counters() }

// counters are s as the engine reports them, in this order (the names
// are docs/json.md's).
func (s *stats) counters() engine.Counters {
	return engine.Counters{}.
		Count(engine.CountStates, s.States).
		Count("subsumed", s.Subsumed).
		Count("subsumed_without_qbf", s.CheapSubsumed).
		Count(engine.CountSATCalls, s.SATCalls).
		Duration(engine.CountSATSeconds, s.SATTime).
		Count("qbf_calls", s.QBFCalls).
		Duration("qbf_seconds", s.QBFTime).
		Count("qbf_cached", s.CachedQBF).
		Count("reduced_expansions", s.ReducedExpansions).
		Count("full_expansions", s.FullExpansions).
		Count("proviso_expansions", s.ProvisoExpansions).
		Count("split_states", s.SplitStates).
		Count("reparameterised_states", s.Reparameterised).
		Count("qbf_dumped", s.Dumped)
}
