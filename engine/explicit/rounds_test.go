package explicit

import (
	"fmt"
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
// among them: a bug within the bound
// is found by both, and the search's traces replay. The search may say
// Unknown where the naive one says Safe (it counts a step of a thread
// that has none as cut by the bound), never Safe where a step was cut.
func TestRoundsAgainstNaive(t *testing.T) {
	t.Parallel()
	n := gen.Count(40, 10)
	tiny, _ := gen.FamilyNamed("tiny")
	broadcast, _ := gen.FamilyNamed("tiny-broadcast")
	families := []gen.Family{tiny, broadcast,
		{Name: "tiny-getafix", Program: func(seed int64) string { return gen.Getafix(seed, gen.TinyGetafix) }},
		// Threads of one function, which the key tells apart by their
		// order (the store's symmetry is off under the bound).
		{Name: "spawn-loops", Program: func(seed int64) string {
			cfg := gen.Tiny
			cfg.SpawnLoop = true
			return gen.Program(seed, cfg)
		}},
	}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			compared := 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				label := p.CheckedLabel("")
				for rounds := 1; rounds <= 3; rounds++ {
					want, ok := naiveSearchBounds(t, p, interp.Options{Label: label}, naiveBounds{threads: 3, rounds: rounds}, 20000)
					if !ok {
						break // too big for the naive search
					}
					compared++
					what := fmt.Sprintf("seed %d (%s, %d rounds)", seed, f.Name, rounds)
					r := searchAndReplay(t, p, Options{Label: label, Rounds: rounds}, 3, what)
					switch {
					case (r.Verdict == engine.Unsafe) != (want == engine.Unsafe),
						r.Verdict == engine.Safe && want != engine.Safe:
						t.Fatalf("%s: engine says %v (%s), naive search says %v\n%s", what, r.Verdict, r.Reason, want, src)
					case r.Verdict == engine.Unknown && !r.BoundHit && r.Limit != engine.Rounds:
						t.Fatalf("%s: Unknown with limit %v (%s)\n%s", what, r.Limit, r.Reason, src)
					}
				}
			}
			t.Logf("%d searches compared", compared)
			require.Greater(t, compared, n/2, "too few programs small enough for the naive search")
		})
	}
}

// TestRoundsKey: under a bound on rounds the key tells threads apart by
// their order (swapping two threads' places is another state) but not by
// their ids (renaming them in the same order, an ended last thread
// included, is the same state), and a stored state comes back with its
// last thread in the same place.
func TestRoundsKey(t *testing.T) {
	st := newStateStore(1)
	st.rounds = true
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
	require.NotEqual(t, key(x), key(mk([]int32{3, 5}, []int32{1, 2}, 2, 3)), "another last thread")
	require.Equal(t, key(x), key(mk([]int32{3, 5}, []int32{4, 9}, 4, 12)), "ids renamed in order")
	ended := mk([]int32{3, 5}, []int32{1, 4}, 2, 6)
	require.Equal(t, key(ended), key(mk([]int32{3, 5}, []int32{2, 9}, 7, 12)), "an ended last thread between the two")
	require.NotEqual(t, key(ended), key(mk([]int32{3, 5}, []int32{1, 4}, 5, 6)), "an ended last thread after both")
	for _, s := range []state{x, ended, mk([]int32{3, 5}, []int32{1, 4}, 5, 6), mk([]int32{3}, []int32{1}, -1, 2)} {
		n, _ := st.add(&s)
		got := st.state(n)
		require.Equal(t, key(s), key(got))
		require.Equal(t, s.round, got.round)
	}
}
