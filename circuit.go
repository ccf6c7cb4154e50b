package bopgo

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/mc/kind"
)

// The circuit engines: the program as a sequential circuit
// (encode/circuit), decided by an mc engine, the counterexample mapped
// back to a program trace.

// circuitEngines maps each circuit engine to its package's Check.
var circuitEngines = map[Engine]mc.Engine{
	BMC:        bmc.Check,
	KInduction: kind.Check,
	IC3:        ic3.Check,
}

// IsCircuitEngine reports whether e decides the program as a sequential
// circuit. BMC among them never answers Safe, and k-induction may need
// Options.MaxDepth to stop; tests that expect every engine to decide use
// it to pick the search engines.
func IsCircuitEngine(e Engine) bool {
	_, ok := circuitEngines[e]
	return ok
}

// Decides reports whether engine e, given time, always answers Safe or
// Unsafe (up to the thread bound): every engine but BMC, which never
// proves, and k-induction, which may need an unbounded k.
func Decides(e Engine) bool {
	return e != BMC && e != KInduction
}

// circuitCheck raises the number of thread slots from 1 like the other
// engines raise their thread bound: a circuit whose thread starts always
// find a free slot decides; one that overflows is rebuilt with one slot
// more, and at MaxThreads a program that can still overflow and has no bug
// is Unknown.
func circuitCheck(ctx context.Context, prog *bp.Program, opts Options, check mc.Engine, stats *Stats) (Result, error) {
	maxThreads := opts.MaxThreads
	if maxThreads <= 0 {
		maxThreads = DefaultMaxThreads
	}
	if ok, why := prog.TargetReachable(prog.Targets(opts.Label), opts.Label); !ok {
		return Result{Verdict: Safe, Reason: why}, nil
	}
	mopts := mc.Options{MaxDepth: opts.MaxDepth}
	for slots := 1; ; slots++ {
		c, err := circuit.BuildReading(prog, opts.Label, slots, opts.Broadcast)
		if err != nil {
			return Result{}, err
		}
		stats.ThreadBound = slots
		run := func(stopAtOverflow bool) mc.Result {
			r := check(ctx, c.System(stopAtOverflow), mopts)
			stats.SATCalls += r.Stats.SATCalls
			stats.Depth = r.Depth
			return r
		}
		r := run(true)
		switch r.Verdict {
		case mc.Safe:
			return Result{Verdict: Safe, Reason: safeReason(r)}, nil
		case mc.Unknown:
			return Result{Verdict: Unknown, Reason: r.Reason}, nil
		}
		res, err := circuitTrace(c, r)
		if !errors.Is(err, circuit.ErrOverflow) {
			return res, err
		}
		if slots < maxThreads {
			continue
		}
		// At the bound: a bug that needs a suppressed start is still a bug.
		r = run(false)
		if r.Verdict == mc.Unsafe {
			return circuitTrace(c, r)
		}
		return Result{Verdict: Unknown, Reason: fmt.Sprintf("thread bound reached: the program can have more live threads than the bound of %d (raise --max-threads)", maxThreads)}, nil
	}
}

func safeReason(r mc.Result) string {
	if r.K > 0 {
		return fmt.Sprintf("the property is %d-inductive", r.K)
	}
	return ""
}

// circuitTrace maps an Unsafe answer to a result with a program trace.
func circuitTrace(c *circuit.Circuit, r mc.Result) (Result, error) {
	ex, err := c.Trace(r.Trace)
	if err != nil {
		if errors.Is(err, circuit.ErrOverflow) {
			return Result{}, err
		}
		return Result{}, fmt.Errorf("mapping the counterexample: %w", err)
	}
	return Result{Verdict: Unsafe, Reason: violationReason(c.Label), Trace: &Trace{Exec: ex}}, nil
}

func violationReason(label string) string {
	if label != "" {
		return fmt.Sprintf("label %s reached", label)
	}
	return "assertion can fail"
}
