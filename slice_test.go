package bopgo_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// wideData are random programs with more variables than gen.Small and
// rare assertions: most of their variables feed no condition, so the
// slicing cuts many, and many programs are safe.
var wideData = gen.Config{Globals: 6, Locals: 4, Threads: 2, Stmts: 6, Depth: 2, Helpers: 1, RareAsserts: true}

// TestSliceAgrees: engines that check the sliced program (the default;
// the counter engine for any number of threads, which these programs
// bound by oracleThreads: no start is in a loop)
// give the verdict of the explicit engine on the program as written
// (NoSlice), and their counterexamples, made traces of the program,
// replay on it. Most programs must be sliced, and some proved safe, or
// the test compares nothing.
func TestSliceAgrees(t *testing.T) {
	t.Parallel()
	var sliced, safe, unsafe atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d programs sliced; %d safe and %d unsafe answers compared", sliced.Load(), safe.Load(), unsafe.Load())
		if !t.Failed() && (sliced.Load() < int64(seeds(60))/2 || safe.Load() == 0 || unsafe.Load() == 0) {
			t.Errorf("too little compared: %d sliced, %d safe, %d unsafe", sliced.Load(), safe.Load(), unsafe.Load())
		}
	})
	engines := []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.IC3, bopgo.Counter}
	eachSeed(t, seeds(60), func(t *testing.T, seed int64) {
		p, src := randomProgram(t, wideData, seed)
		if bp.Sliced(p) != nil {
			sliced.Add(1)
		}
		for _, label := range labels(p) {
			want := explicitOracle(t, wideData, seed, label, bp.Blocking)
			if want.Verdict == verdict.Unknown && want.Limit != verdict.Threads {
				continue
			}
			for _, e := range engines {
				opts := bopgo.Options{Engine: e, MaxThreads: oracleThreads, Label: label, MaxStates: 20000, MaxDepth: 60}
				if testing.Short() && e == bopgo.Symbolic {
					// Seed 3 took it 0.6 s for 2,728 states (explicit
					// 0.02 s), half the test's CPU under -short.
					opts.MaxStates = 1000
				}
				if e == bopgo.Counter {
					// MaxStates does not bound the check of its
					// certificate (seed 3: 7.6 s of 8.7 s in tts/covercheck); an
					// Unknown is skipped, so the limit decides only how
					// much is compared.
					opts.Timeout = 2 * time.Second
				}
				got, err := bopgo.Check(context.Background(), p, opts)
				what := fmt.Sprintf("seed %d (label %q, %s, sliced)", seed, label, e)
				if err != nil {
					t.Fatalf("%s: %v\n%s", what, err, src)
				}
				if got.Verdict == verdict.Unknown {
					continue
				}
				if got.Verdict != want.Verdict {
					t.Fatalf("%s says %v (%s), explicit unsliced says %v (%s)\n%s", what, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
				}
				mustReplay(t, p, opts, got, what)
				if got.Verdict == verdict.Safe {
					safe.Add(1)
				} else {
					unsafe.Add(1)
				}
			}
		}
	})
}
