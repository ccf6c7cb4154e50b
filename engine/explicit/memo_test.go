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

// TestMemoStoresWhatRunsStore: with the memo (memo.go) a search stores
// the same states as with every section run, in the same order and from
// the same parents, and gives the same answer, on random Getafix programs
// (their threads run in sections, also threads of one code) and
// programs that start threads, in loops too, up to a thread bound of 2
// or 3, without a bound and under 1 to 3 rounds or context switches;
// and the memo is used.
func TestMemoStoresWhatRunsStore(t *testing.T) {
	t.Parallel()
	n := gen.Count(40, 10)
	tiny, _ := gen.FamilyNamed("tiny")
	families := append(getafixFamilies(), tiny, spawnLoops)
	bounds := []Options{{}, {Rounds: 1}, {Rounds: 2}, {Rounds: 3}, {Contexts: 1}, {Contexts: 2}, {Contexts: 3}}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			hits := 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				for _, b := range bounds {
					opts := b
					opts.Label = p.CheckedLabel("")
					what := fmt.Sprintf("seed %d (%s, rounds %d, contexts %d)", seed, f.Name, b.Rounds, b.Contexts)
					threads := 2 + int(seed%2) // a start suppressed, or not
					with, r := searchRun(context.Background(), p, opts, threads)
					opts.NoMemo = true
					runs, without := searchRun(context.Background(), p, opts, threads)
					require.Equal(t, without.Verdict, r.Verdict, "%s\n%s", what, src)
					require.Equal(t, without.Limit, r.Limit, "%s\n%s", what, src)
					if r.Verdict != engine.Unsafe {
						// A bug ends each search where it is found.
						requireSameNodes(t, runs, with, what+"\n"+src)
					}
					if with.memo != nil {
						hits += with.memo.hits
					}
				}
			}
			require.Positive(t, hits, "the memo never served")
			t.Logf("%d runs served by the memo", hits)
		})
	}
}

// requireSameNodes fails unless searches a and b stored the same
// states (by their keys) in the same order, each from the same parent.
func requireSameNodes(t *testing.T, a, b *search, what string) {
	t.Helper()
	require.Equal(t, len(a.parents), len(b.parents), "%s: states stored", what)
	require.Equal(t, a.parents, b.parents, "%s: parents", what)
	for i := range a.parents {
		ka, kb := recordKey(a.states.record(int32(i))), recordKey(b.states.record(int32(i)))
		require.Equal(t, ka, kb, "%s: state %d", what, i)
	}
}
