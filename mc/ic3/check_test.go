package ic3

import (
	"context"
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
	want, depth := mctest.Reachable(sys)
	res := Check(context.Background(), sys, mc.Options{})
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

// TestCarryAgainstOracle: with obligations carried to the next level
// (carry) and without, IC3 agrees with the oracle on random circuits, and
// carrying changes the runs of some (it is not dead code).
func TestCarryAgainstOracle(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 100
	}
	defer func(saved bool) { carry = saved }(carry)
	changed := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		latches := 2 + int(seed%13)
		sys := mctest.Random(seed+1000, latches, int(seed%5), int(seed%7)*latches)
		carry = true
		with := agree(t, seed, sys)
		carry = false
		without := agree(t, seed, sys)
		if with.Stats.SATCalls != without.Stats.SATCalls {
			changed++
		}
	}
	if changed == 0 {
		t.Fatalf("carrying changed no run of %d", n)
	}
	t.Logf("carrying changed %d runs of %d", changed, n)
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
