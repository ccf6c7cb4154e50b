package explicit

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestRoundsAgainstNaive compares the search under a bound on rounds
// with the naive search under the same bound, on random programs of
// both dialects (start_thread's, where the order is creation order, and
// Getafix's, where init is outside the rounds), threads of one function
// among them (boundAgainstNaive).
func TestRoundsAgainstNaive(t *testing.T) {
	t.Parallel()
	boundAgainstNaive(t, engine.Rounds)
}

// TestContextsAgainstNaive is TestRoundsAgainstNaive under a bound on
// context switches.
func TestContextsAgainstNaive(t *testing.T) {
	t.Parallel()
	boundAgainstNaive(t, engine.Contexts)
}

// boundAgainstNaive compares the search under bound (Rounds or
// Contexts) at 1, 2 and 3 with the naive search under the same bound: a
// bug within the bound is found by both, the search's traces replay and
// take at most the bound's rounds as bp's TraceRounds counts them.
// The search may say Unknown where the naive one says Safe (it counts a
// step of a thread that has none as cut by the bound). It may say Safe
// where the naive one cut a step (it expands each state with its best
// standing, and then none may be cut), and the naive search without the
// bound must then agree. At 3, the bounds it tells BoundDone of are
// checked too (checkBoundsDone).
func boundAgainstNaive(t *testing.T, bound engine.Limit) {
	n := gen.Count(40, 6)
	tiny, _ := gen.FamilyNamed("tiny")
	broadcast, _ := gen.FamilyNamed("tiny-broadcast")
	// spawnLoops: threads of one function, which the key tells apart
	// by their order (the store's symmetry is off under the bound).
	families := []gen.Family{tiny, broadcast, getafixFamilies()[0], spawnLoops}
	at := func(label string, k int) (Options, naiveBounds) {
		if bound == engine.Contexts {
			return Options{Label: label, Contexts: k}, naiveBounds{threads: 3, contexts: k}
		}
		return Options{Label: label, Rounds: k}, naiveBounds{threads: 3, rounds: k}
	}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			compared, complete := 0, 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				label := p.CheckedLabel("")
				var naive []engine.Verdict // at 1, 2, 3
				for k := 1; k <= 3; k++ {
					opts, nb := at(label, k)
					want, ok := naiveSearchBounds(t, p, interp.Options{Label: label}, nb, 20000)
					if !ok {
						break // too big for the naive search
					}
					naive = append(naive, want)
					compared++
					what := fmt.Sprintf("seed %d (%s, %v %d)", seed, f.Name, bound, k)
					r := searchAndReplay(t, p, opts, 3, what)
					if r.Verdict == engine.Unsafe && bound == engine.Rounds {
						// The trace takes the rounds the search counted.
						tr := r.Evidence.(*engine.Execution).Trace
						require.LessOrEqual(t, p.TraceRounds(tr), k, "%s: rounds of the trace\n%s", what, src)
					}
					switch {
					case (r.Verdict == engine.Unsafe) != (want == engine.Unsafe):
						t.Fatalf("%s: engine says %v (%s), naive search says %v\n%s", what, r.Verdict, r.Reason, want, src)
					case r.Verdict == engine.Safe && want != engine.Safe:
						all, ok := naiveSearchBounds(t, p, interp.Options{Label: label}, naiveBounds{threads: 3}, 20000)
						if ok && all != engine.Safe {
							t.Fatalf("%s: engine says safe for every interleaving, the naive search without the bound says %v\n%s", what, all, src)
						}
						complete++
					case r.Verdict == engine.Unknown && !r.BoundHit && r.Limit != bound:
						t.Fatalf("%s: Unknown with limit %v (%s)\n%s", what, r.Limit, r.Reason, src)
					}
				}
				if len(naive) == 3 {
					opts, _ := at(label, 3)
					checkBoundsDone(t, p, opts, naive, fmt.Sprintf("seed %d (%s, %v)", seed, f.Name, bound))
				}
			}
			t.Logf("%d searches compared, %d of them safe for every interleaving where the naive search's bound cut a step", compared, complete)
			require.Greater(t, compared, n/2, "too few programs small enough for the naive search")
		})
	}
}

// checkBoundsDone: a search under opts, a bound of 3 rounds or context
// switches, tells BoundDone of the bounds 1, 2, … m in order, the naive
// search (naive[k-1], at bound k) finds no bug within each, and where
// the search finds a bug, the naive one finds one within m+1: the
// search is the deepening from 1 to 3, in one run.
func checkBoundsDone(t *testing.T, p *bp.Program, opts Options, naive []engine.Verdict, what string) {
	t.Helper()
	var done []int
	opts.FinalBound, opts.BoundDone = true, func(k int) { done = append(done, k) }
	r := searchAndReplay(t, p, opts, 3, what)
	for i, k := range done {
		require.Equal(t, i+1, k, "%s: bounds told %v", what, done)
		require.NotEqual(t, engine.Unsafe, naive[k-1], "%s: no bug within %d rounds told, the naive search finds one", what, k)
	}
	m := len(done)
	require.Less(t, m, 3, "%s: the last bound is the search's result, never told", what)
	if r.Verdict == engine.Unsafe {
		require.Equal(t, engine.Unsafe, naive[m], "%s: a bug after %d bounds told, none within %d rounds for the naive search", what, m, m+1)
	}
	if r.Verdict == engine.Unknown && (r.Limit == engine.Rounds || r.Limit == engine.Contexts) && !r.BoundHit {
		require.Equal(t, []int{1, 2}, done, "%s: no bug within 3 rounds, but not every bound below told", what)
	}
}

// TestRoundsKey: under a bound on rounds the key tells threads apart by
// their order (swapping two threads' places is another state) but not by
// their ids, nor by the round and the last thread, which are the node's
// standing. The standing does not tell ids apart either (renaming them
// in the same order, an ended last thread included, is the same), nor
// the last thread i from one that ended just before it, and a stored
// state comes back with the same standing. A better one improves it.
func TestRoundsKey(t *testing.T) {
	st := newStateStore(1)
	st.rounds, st.standing = true, []uint32{}
	mk := func(pcs []int32, ids []int32, last, nextID int32) state {
		s := state{globals: []val{v0}, nextID: nextID, last: last, round: 2}
		for i, pc := range pcs {
			s.threads = append(s.threads, thread{id: ids[i], pc: pc, locals: []val{v1}})
		}
		return s
	}
	key := func(s state) string { return string(recordKey(st.appendRecord(nil, &s))) }
	x := mk([]int32{3, 5}, []int32{1, 2}, 1, 3)
	require.NotEqual(t, key(x), key(mk([]int32{5, 3}, []int32{1, 2}, 1, 3)), "threads swapped")
	second := mk([]int32{3, 5}, []int32{1, 2}, 2, 3)
	require.Equal(t, key(x), key(second), "another last thread")
	require.Less(t, st.standingOf(&x), st.standingOf(&second), "an earlier last thread is better")
	renamed := mk([]int32{3, 5}, []int32{4, 9}, 4, 12)
	require.Equal(t, key(x), key(renamed), "ids renamed in order")
	require.Equal(t, st.standingOf(&x), st.standingOf(&renamed), "ids renamed in order")
	ended := mk([]int32{3, 5}, []int32{1, 4}, 2, 6)
	endedRenamed := mk([]int32{3, 5}, []int32{2, 9}, 7, 12)
	require.Equal(t, st.standingOf(&ended), st.standingOf(&endedRenamed), "an ended last thread between the two")
	require.Equal(t, st.standingOf(&ended), st.standingOf(&second), "an ended last thread just before the second")
	after := mk([]int32{3, 5}, []int32{1, 4}, 5, 6)
	require.Less(t, st.standingOf(&ended), st.standingOf(&after), "an ended last thread after both")
	lower := x
	lower.round = 1
	require.Less(t, st.standingOf(&lower), st.standingOf(&after), "a lower round is better, whatever the last thread")
	for _, s := range []state{x, mk([]int32{3, 4}, []int32{1, 4}, 5, 6), mk([]int32{3}, []int32{1}, -1, 2)} {
		n, fresh := st.add(&s)
		require.True(t, fresh)
		got := st.state(n)
		require.Equal(t, key(s), key(got))
		require.Equal(t, st.standingOf(&s), st.standingOf(&got))
		require.Equal(t, s.round, got.round)
	}
	n, fresh := st.add(&second)
	require.False(t, fresh, "the same state with a worse standing")
	require.False(t, st.improve(n, &second))
	require.True(t, st.improve(n, &lower))
	got := st.state(n)
	require.Equal(t, st.standingOf(&lower), st.standingOf(&got), "improved")
}

// TestImprovedNodeRebuilds: a node whose standing improves from a
// parent that reaches it with its threads' ids permuted takes that
// parent's record (stateStore.improve), so the trace through it is
// rebuilt and replays. Before, building it panicked.
func TestImprovedNodeRebuilds(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/improved-ids.bp")
	require.NoError(t, err)
	p, err := bp.Load("improved-ids.bp", src)
	require.NoError(t, err)
	for _, memo := range []bool{true, false} {
		opts := Options{Label: p.CheckedLabel(""), Contexts: 3, NoMemo: !memo}
		r := searchAndReplay(t, p, opts, 3, fmt.Sprintf("memo %v", memo))
		require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	}
}
