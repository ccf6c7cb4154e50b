package ic3

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
	"github.com/bopgo/bopgo/verdict"
)

// agree checks ic3 on sys against the brute-force oracle and verifies the
// answer independently: the trace by simulation, the invariant by SAT.
func agree(t *testing.T, seed int64, sys *mc.System) mc.Result {
	t.Helper()
	return agreeWith(t, seed, sys, Check(context.Background(), sys, mc.Options{}))
}

// agreeWith checks res, an answer for sys, as agree does.
func agreeWith(t *testing.T, seed int64, sys *mc.System, res mc.Result) mc.Result {
	t.Helper()
	want, depth := mctest.Reachable(sys)
	switch res.Verdict {
	case verdict.Unsafe:
		if !want {
			t.Fatalf("seed %d: ic3 says unsafe, the oracle safe", seed)
		}
		bad, err := mc.Simulate(sys, res.Trace)
		if err != nil || !bad {
			t.Fatalf("seed %d: trace does not reach bad (err %v)", seed, err)
		}
		if len(res.Trace.Inputs) < depth {
			t.Fatalf("seed %d: trace of %d steps, shortest is %d", seed, len(res.Trace.Inputs), depth)
		}
	case verdict.Safe:
		if want {
			t.Fatalf("seed %d: ic3 says safe, the oracle reaches bad in %d steps", seed, depth)
		}
		if err := judge.CircuitInvariant(sys, res.Invariant); err != nil {
			t.Fatalf("seed %d: invariant %v: %v", seed, res.Invariant, err)
		}
	default:
		t.Fatalf("seed %d: %v (%s)", seed, res.Verdict, res.Reason)
	}
	return res
}

func TestRandomAgainstOracle(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	defer func(saved bool) { perFrame = saved }(perFrame)
	for _, perFrame = range []bool{true, false} {
		verdicts := map[verdict.Verdict]int{}
		for seed := int64(1); seed <= int64(n); seed++ {
			latches := 2 + int(seed%13)
			sys := mctest.Random(seed, latches, int(seed%5), int(seed%7)*latches)
			verdicts[agree(t, seed, sys).Verdict]++
		}
		// The test means little unless both answers occur often.
		if verdicts[verdict.Safe] < n/10 || verdicts[verdict.Unsafe] < n/10 {
			t.Fatalf("perFrame %v: unbalanced sample: %v", perFrame, verdicts)
		}
		t.Logf("perFrame %v: verdicts %v", perFrame, verdicts)
	}
}

// TestConfigsAgainstOracle: every configuration (carrying obligations
// or not, lifting by SAT or by ternary simulation) and the race of
// configs agree with the oracle on random circuits, and each
// configuration changes the runs of some (none is dead code).
func TestConfigsAgainstOracle(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 100
	}
	cfgs := []config{{carry: true}, {}, {ternary: true}, {carry: true, ternary: true}}
	changed := make([]int, len(cfgs))
	for seed := int64(1); seed <= int64(n); seed++ {
		latches := 2 + int(seed%13)
		sys := mctest.Random(seed+1000, latches, int(seed%5), int(seed%7)*latches)
		var calls []int
		for _, c := range cfgs {
			res := agreeWith(t, seed, sys, checkWith(context.Background(), sys, mc.Options{}, c, nil))
			calls = append(calls, res.Stats.SATCalls)
		}
		for i := 1; i < len(cfgs); i++ {
			if calls[i] != calls[0] {
				changed[i]++
			}
		}
		// On one core Check runs alone's configuration.
		one := agreeWith(t, seed, sys, Check(context.Background(), sys, mc.Options{Workers: 1}))
		if byAlone := checkWith(context.Background(), sys, mc.Options{}, alone, nil); one.Stats.SATCalls != byAlone.Stats.SATCalls || !reflect.DeepEqual(one.Trace, byAlone.Trace) {
			t.Fatalf("seed %d: Check on one core made %d SAT calls, alone's configuration %d", seed, one.Stats.SATCalls, byAlone.Stats.SATCalls)
		}
		raced := agreeWith(t, seed, sys, Check(context.Background(), sys, mc.Options{Workers: 2}))
		// The race's answer is that of the configuration with the fewest
		// SAT calls, the first on a tie, whichever ran faster.
		each := []mc.Result{checkWith(context.Background(), sys, mc.Options{}, configs[0], nil), checkWith(context.Background(), sys, mc.Options{}, configs[1], nil)}
		want := each[0]
		if each[1].Stats.SATCalls < want.Stats.SATCalls {
			want = each[1]
		}
		if !reflect.DeepEqual(raced.Trace, want.Trace) || !reflect.DeepEqual(raced.Invariant, want.Invariant) {
			t.Fatalf("seed %d: the race's answer is not that of the configuration with the fewest SAT calls (%d and %d)", seed, each[0].Stats.SATCalls, each[1].Stats.SATCalls)
		}
		// Its calls are both searches', of which the rival's are counted
		// apart: the winner's are its calls alone.
		if got := raced.Stats.SATCalls - raced.Stats.RivalSATCalls; got != want.Stats.SATCalls || raced.Stats.RivalSATCalls < 0 {
			t.Fatalf("seed %d: the race reports %d SAT calls, %d of them the rival's, for a winner that makes %d alone", seed, raced.Stats.SATCalls, raced.Stats.RivalSATCalls, want.Stats.SATCalls)
		}
	}
	for i := 1; i < len(cfgs); i++ {
		if changed[i] == 0 {
			t.Fatalf("%+v made the same SAT calls as %+v on all %d circuits", cfgs[i], cfgs[0], n)
		}
	}
	t.Logf("runs changed against %+v: %v of %d", cfgs[0], changed[1:], n)
}

func TestMaxDepthAndContext(t *testing.T) {
	// A 4-bit counter from 0 reaches 15 only after 15 steps.
	sys := mctest.Counter(4)
	res := Check(context.Background(), sys, mc.Options{MaxDepth: 3})
	if res.Verdict != verdict.Unknown || res.Limit != verdict.Depth {
		t.Fatalf("MaxDepth 3: %v (limit %v), want unknown at the depth limit", res.Verdict, res.Limit)
	}
	res = Check(context.Background(), sys, mc.Options{MaxSATCalls: 10})
	if res.Verdict != verdict.Unknown || res.Reason != "no answer within 10 SAT calls" || res.Stats.SATCalls > 10 || res.Limit != verdict.NoLimit {
		t.Fatalf("MaxSATCalls 10: %v %q after %d calls, want unknown within the budget", res.Verdict, res.Reason, res.Stats.SATCalls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = Check(ctx, sys, mc.Options{})
	if res.Verdict != verdict.Unknown || res.Reason == "" {
		t.Fatalf("cancelled: %v %q, want unknown with a reason", res.Verdict, res.Reason)
	}
	// Its shortest counterexample has 2^20-1 steps: far out of reach.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res = Check(ctx, mctest.Counter(20), mc.Options{})
	if res.Verdict != verdict.Unknown || res.Limit != verdict.Time || res.Reason != "time limit reached" {
		t.Fatalf("deadline: %v %v %q, want unknown at the deadline", res.Verdict, res.Limit, res.Reason)
	}
	if res.Stats.SATTime <= 0 {
		t.Fatalf("%d SAT calls took no time", res.Stats.SATCalls)
	}
	if res := agree(t, 0, sys); len(res.Trace.Inputs) != 15 {
		t.Fatalf("trace of %d steps, want 15", len(res.Trace.Inputs))
	}
}

func TestConstantBad(t *testing.T) {
	for _, latches := range []int{0, 3} {
		sys := mctest.Random(1, latches, 1, 4)
		for _, bad := range []bool{false, true} {
			sys.Bad = sys.S.F
			if bad {
				sys.Bad = sys.S.T
			}
			res := agree(t, 1, sys)
			if bad && len(res.Trace.Inputs) != 0 {
				t.Fatalf("Bad = true: trace of %d steps, want 0", len(res.Trace.Inputs))
			}
		}
	}
}
