package bopgo_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// fuzzLimits are the limits of every engine in FuzzEngines: small, so
// that an arbitrary program ends quickly, Unknown if need be. The
// timeout only guards against inputs on which an engine runs away (under
// go test -fuzz); on the corpus and the seeds every engine ends well
// before it.
var fuzzLimits = bopgo.Options{MaxThreads: 3, MaxStates: 2000}

// fuzzDepth is the deepest unrolling of bmc and kind, the longest walk of
// sim. k-induction's
// cost grows fastest with it: at 6 it decides about 60% of the random
// seeds, at 8 about 80% for three times the time.
var fuzzDepth = map[bopgo.Engine]int{bopgo.BMC: 10, bopgo.Sim: 10, bopgo.KInduction: 6}

const fuzzTimeout = 2 * time.Second

// FuzzEngines checks arbitrary accepted programs with every engine of the
// table and requires what each may answer:
//
//   - no error, and no panic;
//   - every Unsafe comes with a counterexample that replays;
//   - the engines that decide (symbolic, explicit, ic3, auto) answer
//     Unknown only at a limit (explicit's Choices limit too: a step with
//     too many choices to enumerate); kind and counter may answer Unknown;
//   - bmc and sim never prove: Safe only where no target can be reached at all;
//   - any two definite answers agree (the bounded engines' Safe means no
//     thread start exceeds the bound, so it is the counter engine's
//     question too).
//
// The corpus is in testdata/fuzz/FuzzEngines; the seeds are random
// programs, and the BoPPo suite when fuzzing (go test -fuzz): as a plain
// test its programs would repeat what TestConformance, TestCircuitConformance
// and TestCounterConformance check with every engine.
func FuzzEngines(f *testing.F) {
	suite := "" // matches no file
	if fuzzing() {
		suite = "testdata/boppo/*/*.bp"
	}
	gen.Seeds(func(src []byte) { f.Add(src) }, suite, seeds(20))
	f.Fuzz(func(t *testing.T, src []byte) {
		t.Parallel() // no effect when fuzzing
		p, err := bp.Load("fuzz.bp", src)
		if err != nil {
			return
		}
		reachable, _ := p.TargetReachable(p.Targets(""), "")
		var definite bopgo.Result
		for _, engine := range bopgo.Engines {
			if unchecked(engine) {
				continue // SPIN: a peer, its answers not checked (cmd/bopgo's tests run it)
			}
			opts := fuzzLimits
			opts.Engine = engine
			opts.MaxDepth = fuzzDepth[engine]
			ctx, cancel := context.WithTimeout(context.Background(), fuzzTimeout)
			res, err := bopgo.Check(ctx, p, opts)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", engine, err)
			}
			switch res.Verdict {
			case bopgo.Unsafe:
				if res.Trace == nil {
					t.Fatalf("%s: unsafe without a counterexample", engine)
				}
				if err := judge.Replay(p, interp.Options{}, res.Trace.Exec); err != nil {
					t.Fatalf("%s: the counterexample does not replay: %v", engine, err)
				}
			case bopgo.Safe:
				if (engine == bopgo.BMC || engine == bopgo.Sim) && reachable {
					t.Fatalf("%s proves safety: %s", engine, res.Reason)
				}
			case bopgo.Unknown:
				if !mayBeUnknown(engine, res) {
					t.Fatalf("%s: unknown without a limit: %s", engine, res.Reason)
				}
				continue
			}
			if definite.Verdict != bopgo.Unknown && definite.Verdict != res.Verdict {
				t.Fatalf("%s says %v (%s), %s says %v (%s)", definite.Engine, definite.Verdict, definite.Reason, engine, res.Verdict, res.Reason)
			}
			definite = res
		}
	})
}

// mayBeUnknown reports whether engine may answer res, an Unknown, in
// FuzzEngines.
func mayBeUnknown(engine bopgo.Engine, res bopgo.Result) bool {
	switch {
	case res.Limit != bopgo.NoLimit:
		return true
	case engine == bopgo.KInduction, engine == bopgo.Counter:
		return true // k-induction may need an unbounded k; the counter engine declines some programs
	}
	return false
}

// fuzzing reports whether the test binary was started with -fuzz, not to
// run the seeds and the corpus as a plain test.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
