package bopgo

import (
	"context"
	"fmt"
	"time"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/trace"
	"github.com/bopgo/bopgo/verdict"
)

// Every answer of every entry point (Check, CheckTTS, CheckCircuit)
// takes one path: the search runs, its answer goes to the judge (package
// judge, which shares no code with the engines and checks the answer
// against the question asked), and the ruling is reported. A panic in
// either is the engine's internal error (PanicError), an answer the judge
// refuses is an internal error naming the engine, never a verdict, and an
// answer whose judging the context cut short is no answer (Unknown with
// the context's limit).

// decide runs search, then rule on its answer, under one recover. stopped
// is the report of an answer whose ruling ctx cut short, given the
// context's words.
func decide[A, R any](ctx context.Context, name Engine, search func(context.Context) (A, error),
	rule func(context.Context, A) (R, error), stopped func(A, string) R) (res R, err error) {
	defer recovered(name, &err)
	a, err := search(ctx)
	if err != nil {
		return res, err
	}
	res, err = rule(ctx, a)
	if err != nil {
		if ctx.Err() != nil {
			return stopped(a, engine.Stopped(ctx).Reason), nil
		}
		return res, fmt.Errorf("%w: the %s engine's answer does not check: %w", ErrInternal, name, err)
	}
	return res, nil
}

// runAndJudge runs one engine of Check under the shared policy (thread
// bounds) and has the judge rule on its answer.
func runAndJudge(ctx context.Context, info EngineInfo, p *engine.Problem, opts Options) (Result, error) {
	var checking time.Duration
	defer p.Meter.SetPhase("") // also for an engine stopped while it built an answer
	return decide(ctx, info.Name,
		func(ctx context.Context) (engine.Result, error) { return runEngine(ctx, info, p, opts) },
		func(ctx context.Context, r engine.Result) (Result, error) {
			start := time.Now()
			defer func() { checking = time.Since(start) }()
			return ruled(ctx, info, p, r)
		},
		func(r engine.Result, why string) Result {
			s := engine.Stopped(ctx)
			return Result{Engine: info.Name, Limit: s.Limit, Counters: withCheckTime(r.Counters, checking),
				Reason: fmt.Sprintf("%s while checking the %s engine's answer %s", why, info.Name, r.Verdict)}
		})
}

// withCheckTime is an engine's counters with the time its answer's check
// took (Check adds the wall time once the check is over: withRoot).
func withCheckTime(cs Counters, d time.Duration) Counters { return withTimes(cs, 0, d) }

// withTimes is an answer's counters followed by the root's times: the
// wall time of the whole (CounterSeconds) and, of that, the time its
// check took (CounterCheckSeconds).
func withTimes(cs Counters, total, checking time.Duration) Counters {
	return cs.Add(Counters{}.Duration(CounterSeconds, total).Duration(CounterCheckSeconds, checking))
}

// checkingPhase is what the progress lines say while the judge checks
// r, the answer of engine name.
func checkingPhase(name Engine, r engine.Result) string {
	if ex, ok := r.Evidence.(*engine.Execution); ok && ex != nil && ex.Trace != nil {
		return fmt.Sprintf("checking the %s engine's counterexample of %d steps", name, len(ex.Trace.Steps))
	}
	return fmt.Sprintf("checking the %s engine's proof", name)
}

// ruled is the judge's ruling on an engine's answer r as a Result.
func ruled(ctx context.Context, info EngineInfo, p *engine.Problem, r engine.Result) (Result, error) {
	start := time.Now()
	defer p.Meter.SetPhase("")
	res := Result{Verdict: r.Verdict, Limit: r.Limit, Reason: r.Reason, Engine: info.Name}
	if r.Verdict == verdict.Unknown {
		res.Counters = withCheckTime(r.Counters, 0)
		return res, nil
	}
	res.Limit = verdict.NoLimit
	p.Meter.SetPhase(checkingPhase(info.Name, r))
	ruling, err := judge.Judge(ctx, judge.Problem{Prog: p.Prog, Slice: p.Slice, Label: p.Label, Reading: p.Broadcast}, r.Verdict, r.Evidence)
	if err == nil && info.Certificates && ruling.Verdict == verdict.Safe && !ruling.Evidence.Checked {
		err = fmt.Errorf("the %s engine proves with a certificate, and gave %s", info.Name, ruling.Evidence.Words)
	}
	res.Counters = withCheckTime(r.Counters, time.Since(start))
	if err != nil {
		return res, err
	}
	res.Verdict, res.Evidence = ruling.Verdict, ruling.Evidence
	// A peer's answer that the judge could not check (SPIN's Safe).
	res.Unchecked = info.Unchecked && !ruling.Evidence.Checked
	switch ruling.Verdict {
	case verdict.Unsafe:
		prog := p.Prog
		if p.Slice != nil {
			prog = p.Slice.Orig
		}
		res.Trace = trace.New(prog, ruling.Trace, p.Label)
	case verdict.Unknown:
		res.Reason = ruling.Reason
	case verdict.Safe:
		if res.Reason == "" && ruling.Evidence.Checked {
			res.Reason = ruling.Evidence.Words
		}
		if r.Explain != nil {
			e := r.Explain()
			res.Certificate = &e
		}
	}
	return res, nil
}
