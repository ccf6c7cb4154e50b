package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// ErrUnknownEngine is returned for an engine name Check does not know.
var ErrUnknownEngine = errors.New("unknown engine")

// Check decides whether prog satisfies the property of opts. It honours
// ctx: when ctx ends the verdict is Unknown. The error is non-nil only when
// the check could not run (bad options, an internal failure).
func Check(ctx context.Context, prog *bp.Program, opts Options) (res Result, err error) {
	start := time.Now()
	engine := opts.Engine
	if engine == "" {
		engine = DefaultEngine
	}
	defer func() {
		// An internal failure must not take down a caller that checks
		// many programs in one process.
		if r := recover(); r != nil {
			res, err = Result{}, fmt.Errorf("internal error in the %s engine: %v\n%s", engine, r, debug.Stack())
		}
	}()
	if prog == nil {
		return Result{}, errors.New("no program")
	}
	if engine != Explicit && engine != Symbolic && engine != Auto && !IsCircuitEngine(engine) {
		return Result{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownEngine, engine, Engines)
	}
	ctx, stop := watchMemory(ctx, opts.MaxMemory)
	defer stop()
	defer func() {
		if err == nil {
			limitReason(ctx, &res, opts.MaxMemory)
		}
	}()
	switch engine {
	case Explicit:
		io := interp.Options{Label: opts.Label, MaxThreads: opts.MaxThreads, MaxStates: opts.MaxStates, Broadcast: opts.Broadcast}
		r, err := interp.Check(ctx, prog, io)
		if err != nil {
			return Result{}, err
		}
		res = Result{
			Verdict:  fromOutcome(r.Outcome),
			Reason:   r.Reason,
			Property: opts.Property(),
			Engine:   engine,
			Stats:    Stats{States: r.States, ThreadBound: r.Bound},
		}
		if r.Trace != nil {
			res.Trace = newTrace(prog, r.Trace, opts.Label)
		}
	case Auto:
		r, err := portfolio(ctx, prog, opts)
		if err != nil {
			return Result{}, err
		}
		res = r
	default:
		// The search engines: each fills res.Stats as it goes and puts
		// its interp.Trace in r.Trace.Exec.
		var r Result
		if engine == Symbolic {
			r, err = symbolicCheck(ctx, prog, opts, &res.Stats)
		} else {
			r, err = circuitCheck(ctx, prog, opts, circuitEngines[engine], &res.Stats)
		}
		if err != nil {
			return Result{}, err
		}
		r.Stats = res.Stats
		res = r
		res.Property = opts.Property()
		res.Engine = engine
		if r.Trace != nil {
			res.Trace = newTrace(prog, r.Trace.Exec, opts.Label)
		}
	}
	res.Stats.Duration = time.Since(start)
	return res, nil
}
