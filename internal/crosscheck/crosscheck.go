// Package crosscheck asks every engine of the table one question about
// one program and says what is wrong with the answers: an error (an
// internal one above all: a panic, an answer that failed its check), an
// Unsafe without a counterexample that replays, a bounded engine's Safe
// where a target is reachable, an Unknown without a limit from an engine
// that decides, two definite answers that disagree. FuzzEngines and the
// no-panic benchmark (benchmarks/cmd/nopanic) run it on random programs;
// a fault is a bug in bopgo, a wrong verdict the worst kind.
package crosscheck

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// Limits bound every engine's check: small, so that an arbitrary program
// ends quickly, Unknown if need be.
type Limits struct {
	Options bopgo.Options        // the limits every engine shares (MaxThreads, MaxStates)
	Depth   map[bopgo.Engine]int // Options.MaxDepth per engine
	// Timeout only guards against programs on which an engine runs away:
	// on small random programs every engine ends well before it.
	Timeout time.Duration
}

// Fuzz are FuzzEngines' limits. k-induction's cost grows fastest with
// its depth: at 6 it decides about 60% of the random seeds, at 8 about
// 80% for three times the time.
var Fuzz = Limits{
	Options: bopgo.Options{MaxThreads: 3, MaxStates: 2000},
	Depth:   map[bopgo.Engine]int{bopgo.BMC: 10, bopgo.Sim: 10, bopgo.KInduction: 6},
	Timeout: 2 * time.Second,
}

// Engines are the engines Check runs: the table's but those whose
// answers cannot be checked (SPIN, a peer, which cmd/bopgo's tests run).
func Engines() []bopgo.Engine {
	var out []bopgo.Engine
	for _, e := range bopgo.Engines {
		if info, _ := e.Info(); !info.Unchecked {
			out = append(out, e)
		}
	}
	return out
}

// Answer is one engine's answer.
type Answer struct {
	Engine bopgo.Engine
	Result bopgo.Result
	Err    error
	Time   time.Duration
}

// Kind is the kind of a Fault, worst first.
type Kind uint8

// Kinds of faults.
const (
	Disagree       Kind = iota // two definite answers differ: one is a wrong verdict
	FalseProof                 // bmc or sim proves safety where a target is reachable
	Internal                   // ErrInternal: a panic, an answer that failed its check, a raced engine's failure
	Failed                     // any other error
	NoReplay                   // an Unsafe whose counterexample is missing or does not replay
	UnknownNoLimit             // a deciding engine's Unknown without a limit
)

var kindNames = [...]string{"disagreement", "false proof", "internal error", "error", "no replay", "unknown without a limit"}

func (k Kind) String() string { return kindNames[k] }

// Fault is something wrong with an engine's answer.
type Fault struct {
	Kind   Kind
	Engine bopgo.Engine
	Msg    string
}

func (f Fault) Error() string { return fmt.Sprintf("%s: %s: %s", f.Engine, f.Kind, f.Msg) }

// Check asks each of Engines whether p reaches label (the program's own
// property when empty), under lim, and returns the answers in the
// engines' order and the faults found in them.
func Check(p *bp.Program, label string, lim Limits) ([]Answer, []Fault) {
	property := p.CheckedLabel(label)
	reachable, _ := p.TargetReachable(p.Targets(property), property)
	var answers []Answer
	var faults []Fault
	definite := -1 // the first definite answer
	for _, e := range Engines() {
		opts := lim.Options
		opts.Engine, opts.Label, opts.MaxDepth = e, label, lim.Depth[e]
		ctx, cancel := context.WithTimeout(context.Background(), lim.Timeout)
		start := time.Now()
		res, err := bopgo.Check(ctx, p, opts)
		a := Answer{Engine: e, Result: res, Err: err, Time: time.Since(start)}
		cancel()
		answers = append(answers, a)
		fault := func(k Kind, format string, args ...any) {
			faults = append(faults, Fault{Kind: k, Engine: e, Msg: fmt.Sprintf(format, args...)})
		}
		for _, f := range res.Failures {
			fault(Internal, "a raced engine failed: %v", f)
		}
		switch {
		case errors.Is(err, bopgo.ErrInternal):
			fault(Internal, "%v", err)
			continue
		case err != nil:
			fault(Failed, "%v", err)
			continue
		}
		switch res.Verdict {
		case verdict.Unsafe:
			if res.Trace == nil {
				fault(NoReplay, "unsafe without a counterexample")
				continue
			}
			if err := judge.Replay(p, judge.Options{Label: property, Broadcast: opts.Broadcast}, res.Trace.Exec); err != nil {
				fault(NoReplay, "the counterexample does not replay: %v", err)
				continue
			}
		case verdict.Safe:
			if (e == bopgo.BMC || e == bopgo.Sim) && reachable {
				fault(FalseProof, "proves safety: %s", res.Reason)
				continue
			}
		case verdict.Unknown:
			if !MayBeUnknown(p, e, res) {
				fault(UnknownNoLimit, "%s", res.Reason)
			}
			continue
		}
		if definite < 0 {
			definite = len(answers) - 1
		} else if d := answers[definite]; d.Result.Verdict != res.Verdict {
			fault(Disagree, "%s says %v (%s), %s says %v (%s)", d.Engine, d.Result.Verdict, d.Result.Reason, e, res.Verdict, res.Reason)
		}
	}
	return answers, faults
}

// MayBeUnknown reports whether engine may answer res, an Unknown, on p:
// the engines that decide (symbolic, explicit, ic3, auto) only at a limit
// (explicit's Choices limit too: a step with too many choices to
// enumerate) or where the table says they decline p (recursion,
// broadcasts; the symbolic engine's recursion in one thread only);
// k-induction and the counter engine at any time.
func MayBeUnknown(p *bp.Program, engine bopgo.Engine, res bopgo.Result) bool {
	info, _ := engine.Info()
	switch {
	case res.Limit != verdict.NoLimit:
		return true
	case engine == bopgo.KInduction, engine == bopgo.Counter:
		return true // k-induction may need an unbounded k; the counter engine declines some programs
	case !info.Recursion && p.HasCalls(), !info.Broadcasts && p.HasBroadcasts():
		return true
	case engine == bopgo.Symbolic && p.HasCalls() && p.StartsThreads():
		return true
	}
	return false
}
