package bopgo

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
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
// invariant or k-induction's k is re-checked by SAT calls of the judge's
// (judge.CircuitTrace, CircuitInvariant, CircuitKInductive), on the path
// every answer takes (judged.go). The error is ErrUnknownEngine
// for an engine that is not a circuit engine, ErrInternal for an answer
// that does not check.
func CheckCircuit(ctx context.Context, sys *mc.System, opts CircuitOptions) (Result, error) {
	name := opts.Engine
	if name == "" {
		name = IC3
	}
	info, ok := name.Info()
	if !ok || info.Circuit == nil {
		return Result{}, fmt.Errorf("%w %q (circuit engines: %v)", ErrUnknownEngine, name, CircuitEngines())
	}
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	start := time.Now()
	var checking time.Duration
	answer := func(r *mc.Result) Result {
		return Result{Verdict: r.Verdict, Limit: r.Limit, Reason: r.Reason, Property: circuitProperty, Engine: name,
			Circuit: r, Counters: withTimes(circuit.CountersOf(r.Stats, r.Depth), time.Since(start), checking)}
	}
	return decide(ctx, name,
		func(ctx context.Context) (mc.Result, error) {
			return info.Circuit(ctx, sys, mc.Options{MaxDepth: opts.MaxDepth, Workers: runtime.GOMAXPROCS(0)}), nil
		},
		func(ctx context.Context, r mc.Result) (Result, error) {
			begin := time.Now()
			err := judgeCircuit(sys, r)
			checking = time.Since(begin)
			return answer(&r), err
		},
		func(r mc.Result, why string) Result {
			res := answer(&mc.Result{Depth: r.Depth, Stats: r.Stats})
			res.Limit, res.Reason = engine.Stopped(ctx).Limit, why
			return res
		})
}

// circuitProperty is the property CheckCircuit decides, in words.
const circuitProperty = "no bad state is reachable"

// judgeCircuit is the judge's check of a circuit engine's answer, against
// the circuit that was the question.
func judgeCircuit(sys *mc.System, r mc.Result) error {
	switch r.Verdict {
	case verdict.Unsafe:
		return judge.CircuitTrace(sys, r.Trace)
	case verdict.Safe:
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
