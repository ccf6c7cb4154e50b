package spin

import (
	"bytes"
	"context"
	"fmt"

	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/engine"
	pan "github.com/bopgo/bopgo/internal/spin"
)

// Options are internal/spin's: pan's memory budget (-DMEMLIM), SPIN's
// partial-order reduction, the compilation.
type Options = pan.Options

// ErrMissing says that spin or gcc is not installed.
var ErrMissing = pan.ErrMissing

// DefaultMaxMemory is pan's memory budget when Options.MaxMemory is 0.
const DefaultMaxMemory = pan.DefaultMaxMemory

// New returns SPIN under opts as an engine.Run. It checks the program
// with the bound it is given as the model's thread bound; a start the
// bound suppresses gives Unknown with the Threads limit, never Safe.
func New(opts Options) engine.Run {
	return func(ctx context.Context, p *engine.Problem, bound int, _ bool) (engine.Result, error) {
		if err := pan.Available(); err != nil {
			return engine.Result{}, err
		}
		var model bytes.Buffer
		popts := promela.Options{Label: p.Label, MaxThreads: bound, Broadcast: p.Broadcast}
		if err := promela.Write(&model, p.Prog, popts); err != nil {
			// A program the export declines (too many passive choices,
			// a bound SPIN cannot run): no answer, and no bug of bopgo.
			return engine.Result{Reason: err.Error(), Counters: Counters()}, nil
		}
		d, err := pan.Check(ctx, model.Bytes(), opts)
		if err != nil {
			return engine.Result{}, err
		}
		p.Meter.AddStates(int(d.States))
		res := engine.Result{Verdict: d.Verdict, Limit: d.Limit, Reason: d.Reason, Counters: counters(d)}
		switch d.Verdict {
		case engine.Safe:
			res.Reason = ""
			res.Evidence = &engine.Unchecked{Tool: "spin", Why: whyUnchecked}
		case engine.Unsafe:
			res.Reason = "assertion can fail (pan: " + d.Reason + ")"
			if p.Label != "" {
				res.Reason = fmt.Sprintf("label %s reached", p.Label)
			}
			// pan's trail, replayed, is the counterexample; one that does
			// not read as a trace is a failure, never a verdict.
			if n := bytes.Count(d.Replay, []byte("@bp step ")); n > engine.MaxTraceSteps {
				r := engine.TraceTooLong(res.Reason, int64(n))
				r.Counters = res.Counters
				return r, nil
			}
			tr, err := promela.ReadTrace(p.Prog, popts, d.Replay)
			if err != nil {
				return engine.Result{}, fmt.Errorf("SPIN's error trail is not a trace of the program: %w", err)
			}
			res.Evidence = &engine.Execution{Trace: tr}
		}
		return res, nil
	}
}

// whyUnchecked says what SPIN's Safe lacks.
const whyUnchecked = "pan gives no certificate of safety (no inductive invariant, nothing to re-check), only the verdict of its own exhaustive search, under its own partial-order reduction"

// Counters are the counters SPIN reports, zero: the engine table's
// declaration.
func Counters() engine.Counters { return counters(pan.Result{}) }

// counters are pan's own counts of its last search: the states it stored,
// the depth its search reached, the memory it used, and how many pan
// searches ran (a thread bound hit runs a second).
func counters(d pan.Result) engine.Counters {
	return engine.Counters{}.
		Count(engine.CountStates, int(d.States)).
		Level("search_depth", d.Depth).
		Size("memory", d.Memory).
		Count("pan_runs", d.Runs)
}
