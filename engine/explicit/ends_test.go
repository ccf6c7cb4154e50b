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

// TestEndsAtOnceKeepVerdicts: on random programs whose threads end
// (Getafix's dialect, whose init ends after starting the threads;
// threads started in loops; SatAbs-shaped and full programs), without a
// bound and under 1 to 3 rounds or context switches, the search that
// ends a thread in the move that brings it to its end (ends.go) answers
// as the one that stores it waiting there (Options.KeepEnds), with the
// same limit; its counterexamples replay and under rounds take at most
// the bound's. A thread start cut by the thread bound may be cut in one
// search only (fewer threads are alive at once when they end at once):
// then both are compared at a larger thread bound. A thread kept at its
// end needs a switch to end, which the bound may cut where the search
// ending it at once cuts nothing: that one may then say SAFE where the
// other says "no bug within" the bound, and the search without a bound
// must say SAFE too. Across each family it stores fewer states.
func TestEndsAtOnceKeepVerdicts(t *testing.T) {
	t.Parallel()
	n := gen.Count(40, 10)
	bounds := []Options{{}, {Rounds: 1}, {Rounds: 2}, {Rounds: 3}, {Contexts: 1}, {Contexts: 2}, {Contexts: 3}}
	for _, f := range sectionFamilies("tiny", "tiny-full", "getafix") {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			ending, keeping := 0, 0
			for seed := int64(1); seed <= int64(max(n/max(f.Cost, 1), 2)); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				for _, b := range bounds {
					what := fmt.Sprintf("seed %d (%s, rounds %d, contexts %d)", seed, f.Name, b.Rounds, b.Contexts)
					e, k, ok := compareEnds(t, p, b, 3, what, src)
					if ok {
						ending, keeping = ending+e, keeping+k
					}
				}
			}
			t.Logf("%d states ending threads at once, %d keeping them at their ends", ending, keeping)
			require.Less(t, ending, keeping, "ending threads at once never stored fewer states")
		})
	}
}

// compareEnds runs the search of p under bound b with threads ended at
// once and with them kept at their ends, requires the same answer (at a
// larger thread bound if the thread bound cut one search only), and
// returns the states each stored; ok is false when a search ran out of
// states.
func compareEnds(t *testing.T, p *bp.Program, b Options, threads int, what, src string) (ending, keeping int, ok bool) {
	t.Helper()
	opts := b
	opts.Label, opts.MaxStates = p.CheckedLabel(""), 20_000
	keep := opts
	keep.KeepEnds = true
	es, r := searchRun(context.Background(), p, opts, threads)
	ks, kr := searchRun(context.Background(), p, keep, threads)
	if r.Limit == engine.States || kr.Limit == engine.States {
		return 0, 0, false
	}
	if (r.BoundHit || kr.BoundHit) && (r.Verdict != kr.Verdict || r.Limit != kr.Limit) && threads < 6 {
		return compareEnds(t, p, b, 6, what+", 6 threads", src)
	}
	if bound, _ := engine.Within(b.Rounds, b.Contexts); r.Verdict == engine.Safe && kr.Verdict == engine.Unknown && kr.Limit == bound {
		// Kept at its end, a thread needs a switch to end, which the
		// bound may cut; ended at once it needs none, and no step was
		// cut: the answer is every interleaving's, as without the bound.
		_, u := searchRun(context.Background(), p, Options{Label: opts.Label, MaxStates: opts.MaxStates}, threads)
		require.Equal(t, engine.Safe, u.Verdict, "%s: safe under the bound, %v (%s) without it\n%s", what, u.Verdict, u.Reason, src)
		return len(es.parents), len(ks.parents), true
	}
	require.Equal(t, kr.Verdict, r.Verdict, "%s: keeping %v (%s), ending %v (%s)\n%s", what, kr.Verdict, kr.Reason, r.Verdict, r.Reason, src)
	require.Equal(t, kr.Limit, r.Limit, "%s: %s against %s\n%s", what, kr.Reason, r.Reason, src)
	if r.Verdict == engine.Unsafe {
		searchAndReplay(t, p, opts, threads, what)
		if b.Rounds > 0 {
			require.LessOrEqual(t, p.TraceRounds(r.Counterexample()), b.Rounds, "%s: rounds of the trace\n%s", what, src)
		}
	}
	return len(es.parents), len(ks.parents), true
}

// TestInitEndsAtOnce: Getafix's init starts its threads and ends; the
// search no longer stores each state twice, with init waiting at its end
// and without it, and still finds the bug that needs both threads.
func TestInitEndsAtOnce(t *testing.T) {
	p := load(t, `decl atomic, a, b;
void init() begin atomic, a, b := F, F, F; endinit: skip; end
void thread0() begin
  a := T;
  a := F;
end
void thread1() begin
  b := T;
  if (a) then SLIC_ERROR: skip; fi
end
`)
	label := p.CheckedLabel("")
	require.NotEmpty(t, label)
	for _, b := range []Options{{}, {Rounds: 1}, {Rounds: 2}} {
		opts := b
		opts.Label = label
		keep := opts
		keep.KeepEnds = true
		es, r := searchRun(context.Background(), p, opts, 3)
		ks, kr := searchRun(context.Background(), p, keep, 3)
		what := fmt.Sprintf("rounds %d", b.Rounds)
		require.Equal(t, engine.Unsafe, r.Verdict, what)
		require.Equal(t, engine.Unsafe, kr.Verdict, what)
		searchAndReplay(t, p, opts, 3, what)
		require.Less(t, len(es.parents), len(ks.parents), "%s: init waiting at its end is stored no more", what)
	}
}
