package sim

import (
	"context"
	"testing"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
	"github.com/bopgo/bopgo/verdict"
)

// TestRandomAgainstOracle: on random circuits sim says Unsafe only where
// the brute-force oracle reaches a bad state, every trace reaches one by
// simulation, and it finds most of the reachable ones (they are shallow).
func TestRandomAgainstOracle(t *testing.T) {
	found, reachable := 0, 0
	for seed := int64(1); seed <= 300; seed++ {
		latches := 2 + int(seed%13)
		sys := mctest.Random(seed, latches, int(seed%5), int(seed%7)*latches)
		want, depth := mctest.Reachable(sys)
		res := Check(context.Background(), sys, mc.Options{MaxDepth: 64})
		switch res.Verdict {
		case verdict.Unsafe:
			if !want {
				t.Fatalf("seed %d: sim says unsafe, the oracle safe", seed)
			}
			bad, err := mc.Simulate(sys, res.Trace)
			if err != nil || !bad {
				t.Fatalf("seed %d: trace does not reach bad (err %v)", seed, err)
			}
			if len(res.Trace.Inputs) < depth || res.Depth != len(res.Trace.Inputs) || res.Depth > 64 {
				t.Fatalf("seed %d: trace of %d steps (depth %d), shortest is %d, bound 64", seed, len(res.Trace.Inputs), res.Depth, depth)
			}
			found++
		case verdict.Unknown:
			if res.Limit != verdict.Depth {
				t.Fatalf("seed %d: unknown at limit %v (%s), want the depth limit", seed, res.Limit, res.Reason)
			}
		default:
			t.Fatalf("seed %d: sim answered %v", seed, res.Verdict)
		}
		if want {
			reachable++
		}
	}
	if reachable < 30 || found < reachable*8/10 {
		t.Fatalf("sim found %d of %d reachable bad states", found, reachable)
	}
	t.Logf("found %d of %d", found, reachable)
}

// TestDeterministicAndStopped: the same circuit gives the same trace; a
// cancelled context, and a bug deeper than the bound, give Unknown.
func TestDeterministicAndStopped(t *testing.T) {
	sys := mctest.Counter(4) // bad after exactly 15 steps
	a := Check(context.Background(), sys, mc.Options{})
	b := Check(context.Background(), sys, mc.Options{})
	if a.Verdict != verdict.Unsafe || len(a.Trace.Inputs) != len(b.Trace.Inputs) || a.Depth != b.Depth {
		t.Fatalf("two runs: %v at %d, %v at %d", a.Verdict, a.Depth, b.Verdict, b.Depth)
	}
	if res := Check(context.Background(), sys, mc.Options{MaxDepth: 14}); res.Verdict != verdict.Unknown || res.Limit != verdict.Depth {
		t.Fatalf("bound 14: %v at limit %v, want unknown at the depth limit", res.Verdict, res.Limit)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := Check(ctx, sys, mc.Options{}); res.Verdict != verdict.Unknown || res.Limit != verdict.Cancelled {
		t.Fatalf("cancelled: %v at limit %v (%s)", res.Verdict, res.Limit, res.Reason)
	}
}
