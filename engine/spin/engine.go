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
		if err := promela.Write(&model, p.Prog, promela.Options{Label: p.Label, MaxThreads: bound, Broadcast: p.Broadcast}); err != nil {
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
		case engine.Unsafe:
			res.Reason = "assertion can fail (pan: " + d.Reason + ")"
			if p.Label != "" {
				res.Reason = fmt.Sprintf("label %s reached", p.Label)
			}
		}
		return res, nil
	}
}

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
