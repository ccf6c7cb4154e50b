package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// CircuitOptions configure CheckCircuit.
type CircuitOptions struct {
	// Engine is a circuit engine of the table (a row with a Circuit);
	// empty means IC3.
	Engine Engine
	// MaxDepth bounds the unrolling (bmc, kind) or the frames (ic3): past
	// it the verdict is Unknown with the Depth limit. 0 means no bound.
	MaxDepth int
	// Timeout bounds the wall time: past it the verdict is Unknown with
	// the Time limit, "timeout after" it. 0 means no bound.
	Timeout time.Duration
}

// CircuitEngines lists the engines of the table that check a circuit
// (their Circuit column), in the table's order.
func CircuitEngines() []Engine {
	var out []Engine
	for _, e := range engineTable {
		if e.Circuit != nil {
			out = append(out, e.Name)
		}
	}
	return out
}

// CheckCircuit decides the bad-state property of a circuit (an AIGER
// file's, say) with a circuit engine of the table, under the root's time
// limit, and checks the answer as Check does before it returns it: a
// counterexample is simulated and must reach a bad state, an inductive
// invariant or k-induction's k is re-checked by independent SAT calls
// (mc.CheckInvariant, mc.CheckKInductive). The error is ErrUnknownEngine
// for an engine that is not a circuit engine, ErrInternal for an answer
// that does not check.
func CheckCircuit(ctx context.Context, sys *mc.System, opts CircuitOptions) (res mc.Result, err error) {
	name := opts.Engine
	if name == "" {
		name = IC3
	}
	info, ok := name.Info()
	if !ok || info.Circuit == nil {
		return mc.Result{}, fmt.Errorf("%w %q (circuit engines: %v)", ErrUnknownEngine, name, CircuitEngines())
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = mc.Result{}, fmt.Errorf("%w in the %s engine: %v\n%s", ErrInternal, name, r, debug.Stack())
		}
	}()
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	res = info.Circuit(ctx, sys, mc.Options{MaxDepth: opts.MaxDepth})
	if err := checkCircuitAnswer(sys, res); err != nil {
		return mc.Result{}, fmt.Errorf("%w: the %s engine's answer %s does not check: %w", ErrInternal, name, res.Verdict, err)
	}
	return res, nil
}

// checkCircuitAnswer is the check a circuit engine's answer passes.
func checkCircuitAnswer(sys *mc.System, r mc.Result) error {
	switch r.Verdict {
	case mc.Unsafe:
		if r.Trace == nil {
			return errors.New("no counterexample")
		}
		bad, err := mc.Simulate(sys, r.Trace)
		if err == nil && !bad {
			err = errors.New("the counterexample does not reach a bad state")
		}
		return err
	case mc.Safe:
		if r.K > 0 {
			return judge.CircuitKInductive(sys, r.K)
		}
		inv := r.Invariant
		if inv == nil {
			inv = [][]z.Lit{} // no clause: no bad state at all
		}
		return judge.CircuitInvariant(sys, inv)
	}
	return nil
}
