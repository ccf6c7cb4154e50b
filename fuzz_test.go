package bopgo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
)

// FuzzEngines checks arbitrary accepted programs with both engines: no
// panic, the same verdict whenever both finish, and counterexamples that
// replay.
func FuzzEngines(f *testing.F) {
	gen.Seeds(func(src []byte) { f.Add(src) }, "testdata/boppo/*/*.bp", 20)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := bp.Load("fuzz.bp", src)
		if err != nil {
			return
		}
		verdicts := map[bopgo.Engine]bopgo.Verdict{}
		for _, engine := range bopgo.Engines {
			if !bopgo.Decides(engine) || unchecked(engine) {
				continue // bounded by depth: circuit_test.go checks them
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			opts := bopgo.Options{Engine: engine, MaxThreads: 3, MaxStates: 2000}
			res, err := bopgo.Check(ctx, p, opts)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", engine, err)
			}
			verdicts[engine] = res.Verdict
			if res.Verdict == bopgo.Unsafe {
				if err := interp.Replay(p, interp.Options{}, res.Trace.Exec); err != nil {
					t.Fatalf("%s: counterexample does not replay: %v", engine, err)
				}
			}
			if res.Verdict == bopgo.Unknown && !strings.Contains(res.Reason, "limit") &&
				!strings.Contains(res.Reason, "cancel") && !strings.Contains(res.Reason, "thread bound") &&
				!strings.Contains(res.Reason, "too many") {
				t.Fatalf("%s: unexpected unknown: %s", engine, res.Reason)
			}
		}
		s, e := verdicts[bopgo.Symbolic], verdicts[bopgo.Explicit]
		if s != bopgo.Unknown && e != bopgo.Unknown && s != e {
			t.Fatalf("symbolic says %v, explicit %v", s, e)
		}
		// The counter engine answers for any number of threads: its Safe
		// rules out a bug at any bound (its Unsafe may need more threads
		// than the others search).
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		c, err := bopgo.Check(ctx, p, bopgo.Options{Engine: bopgo.Counter, MaxStates: 20000})
		cancel()
		if err != nil {
			t.Fatalf("counter: %v", err)
		}
		if c.Verdict == bopgo.Safe && (s == bopgo.Unsafe || e == bopgo.Unsafe) {
			t.Fatalf("counter says %v, symbolic %v, explicit %v", c.Verdict, s, e)
		}
	})
}
