package bopgo_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// TestWideFamily: programs shaped like SatAbs's Quicksort1 abstraction,
// every step giving 20 to 40 predicates fresh values under a constraint
// (gen.Wide). Every engine runs on each; every counterexample was
// replayed by Check and is also made one execution by judge.Concretize
// (what boppo --compact-trace prints); no engine calls a safe program
// unsafe, definite answers agree, and the symbolic engine decides all.
// The explicit engine declines such steps with the Choices limit.
func TestWideFamily(t *testing.T) {
	t.Parallel()
	seeds := int64(3)
	if testing.Short() {
		seeds = 1
	}
	if os.Getenv("BOPGO_LONG") != "" {
		seeds = 12
	}
	for seed := int64(1); seed <= seeds; seed++ {
		for _, safe := range []bool{true, false} {
			name := fmt.Sprintf("seed%d/safe=%v", seed, safe)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				src := gen.Wide(seed, safe)
				p, err := bp.Load("wide.bp", []byte(src))
				require.NoError(t, err)
				verdicts := map[bopgo.Engine]verdict.Verdict{}
				for _, e := range bopgo.Engines {
					if unchecked(e) || (e == bopgo.Explicit && seed > 1) {
						continue // SPIN: a peer whose answers are not checked; explicit: once is enough to see it decline
					}
					// The explicit engine enumerates steps of up to 22
					// choices: seconds a state; BMC never proves.
					limit := 20 * time.Second
					if e == bopgo.Explicit {
						limit = time.Second
					}
					ctx, cancel := context.WithTimeout(context.Background(), limit)
					res, err := bopgo.Check(ctx, p, bopgo.Options{Engine: e, MaxDepth: 10})
					cancel()
					require.NoError(t, err, "%s, %s engine", name, e)
					verdicts[e] = res.Verdict
					if e == bopgo.Explicit && res.Verdict == verdict.Unknown {
						assert.Contains(t, []verdict.Limit{verdict.Choices, verdict.Time}, res.Limit, res.Reason)
					}
					if res.Verdict != verdict.Unsafe {
						continue
					}
					require.False(t, safe, "%s: the %s engine calls a safe program unsafe\n%s", name, e, src)
					_, err = judge.Concretize(p, interp.Options{}, res.Trace.Exec)
					require.NoError(t, err, "%s, %s engine: the trace is not made one execution", name, e)
				}
				require.NotEqual(t, verdict.Unknown, verdicts[bopgo.Symbolic], name)
				for e, v := range verdicts {
					if v != verdict.Unknown {
						assert.Equal(t, verdicts[bopgo.Symbolic], v, "%s: %s against symbolic", name, e)
					}
				}
			})
		}
	}
}
