package explicit

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestRetiringKeepsVerdicts: on random programs of the families where
// threads retire (no calls, no broadcasts: retire.go), Getafix's dialect
// and threads started in loops among them, under 1 to 3 rounds and 1 to
// 3 context switches, the search that retires the threads that can no
// longer run answers as the one that keeps them (Options.NoRetire), with
// the same limit, and its counterexamples replay (and under rounds take
// at most the bound's). Across each family it stores no more states in
// all, and fewer on some program.
func TestRetiringKeepsVerdicts(t *testing.T) {
	t.Parallel()
	n := gen.Count(60, 10)
	for _, f := range sectionFamilies("tiny", "tiny-full", "full", "getafix") {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			retiring, keeping, fewer := 0, 0, 0
			for seed := int64(1); seed <= int64(max(n/max(f.Cost, 1), 2)); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				if p.HasCalls() || p.HasBroadcasts() {
					continue
				}
				for _, b := range []Options{{Rounds: 1}, {Rounds: 2}, {Rounds: 3}, {Contexts: 1}, {Contexts: 2}, {Contexts: 3}} {
					opts := b
					opts.Label, opts.MaxStates = p.CheckedLabel(""), 20_000
					what := fmt.Sprintf("seed %d (%s, rounds %d, contexts %d)", seed, f.Name, b.Rounds, b.Contexts)
					re, r := searchRun(context.Background(), p, opts, 3)
					keep := opts
					keep.NoRetire = true
					ke, kr := searchRun(context.Background(), p, keep, 3)
					if r.Limit == engine.States || kr.Limit == engine.States {
						continue // a search ran out of states: nothing to compare
					}
					require.Equal(t, kr.Verdict, r.Verdict, "%s: keeping %v (%s), retiring %v (%s)\n%s", what, kr.Verdict, kr.Reason, r.Verdict, r.Reason, src)
					require.Equal(t, kr.Limit, r.Limit, "%s: %s against %s\n%s", what, kr.Reason, r.Reason, src)
					require.Equal(t, kr.BoundHit, r.BoundHit, "%s\n%s", what, src)
					if r.Verdict == engine.Unsafe {
						searchAndReplay(t, p, opts, 3, what)
						if b.Rounds > 0 {
							require.LessOrEqual(t, p.TraceRounds(r.Counterexample()), b.Rounds, "%s: rounds of the trace\n%s", what, src)
						}
					}
					retiring, keeping = retiring+len(re.parents), keeping+len(ke.parents)
					if len(re.parents) < len(ke.parents) {
						fewer++
					}
				}
			}
			t.Logf("%d states retiring, %d keeping; fewer in %d searches", retiring, keeping, fewer)
			require.LessOrEqual(t, retiring, keeping)
			require.Positive(t, fewer, "retiring never stored fewer states")
		})
	}
}
