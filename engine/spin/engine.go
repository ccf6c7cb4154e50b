package spin

import (
	"bytes"
	"context"
	"fmt"

	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/engine"
	pan "github.com/bopgo/bopgo/internal/spin"
)

// Options and Details are internal/spin's: SPIN's limits, and its own
// counts of a run.
type (
	Options = pan.Options
	Details = pan.Result
)

// ErrMissing says that spin or gcc is not installed.
var ErrMissing = pan.ErrMissing

// DefaultMaxMemory is pan's memory budget when Options.MaxMemory is 0.
const DefaultMaxMemory = pan.DefaultMaxMemory

// Verify checks p with SPIN at a fixed thread bound: the program exported
// as Promela, SPIN's verifier compiled and run.
func Verify(ctx context.Context, p *engine.Problem, maxThreads int, opts Options) (engine.Result, Details, error) {
	if err := pan.Available(); err != nil {
		return engine.Result{}, Details{}, err
	}
	var model bytes.Buffer
	if err := promela.Write(&model, p.Prog, promela.Options{Label: p.Label, MaxThreads: maxThreads}); err != nil {
		return engine.Result{}, Details{}, err
	}
	d, err := pan.Check(ctx, model.Bytes(), opts)
	if err != nil {
		return engine.Result{}, d, err
	}
	var res engine.Result
	switch d.Verdict {
	case pan.Safe:
		res.Verdict = engine.Safe
	case pan.Unsafe:
		res.Verdict, res.Reason = engine.Unsafe, "assertion can fail (pan: "+d.Reason+")"
		if p.Label != "" {
			res.Reason = fmt.Sprintf("label %s reached", p.Label)
		}
	default:
		res.Limit, res.Reason = d.Limit, d.Reason
	}
	return res, d, nil
}
