package explicit

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
)

func TestArenaSlices(t *testing.T) {
	a := &arena{}
	first := a.valSlice(3)
	copy(first, []val{v1, v0, vX})
	base := &first[0]
	assert.Equal(t, 3, cap(first), "capped: an append must not write into the next slice")
	second := a.valSlice(2)
	copy(second, []val{v0, v0})
	grown := append(first, v1)
	assert.Equal(t, []val{v1, v0, vX, v1}, grown)
	assert.Equal(t, []val{v0, v0}, second, "the append to the first slice wrote into the second")

	a.reset()
	again := a.valSlice(2)
	assert.Same(t, base, &again[0], "after a reset the array is reused")

	big := a.valSlice(3 * minArena)
	assert.Len(t, big, 3*minArena, "a request beyond the array takes a new one")

	var heap *arena
	assert.Len(t, heap.valSlice(4), 4)
	assert.Len(t, heap.threadSlice(2), 2)
	heap.reset()
}

// TestArenaChangesNothing runs the search on random programs with the
// arena and with every state on the heap: a state of one expansion used
// after the reset that began the next (arena.go) would change the states
// stored, the verdict or the trace.
func TestArenaChangesNothing(t *testing.T) {
	t.Parallel()
	n := 120
	if testing.Short() {
		n = 30
	}
	run := func(p *bp.Program, opts Options, heap bool) (engine.Result, int) {
		e := newSearch(p, analyse(p, opts), opts, 3)
		if heap {
			e.arena = nil
		}
		e.ctx = context.Background()
		r := e.run(context.Background())
		return r, len(e.parents)
	}
	compared := 0
	for _, cfg := range []gen.Config{gen.Tiny, gen.Small, gen.TinyBroadcast} {
		for seed := int64(1); seed <= int64(n); seed++ {
			src := gen.Program(seed, cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "seed %d", seed)
			for _, opts := range []Options{{}, {Config: Config{NoPOR: true}}, {MaxStates: 5000}} {
				what := fmt.Sprintf("seed %d, %+v, options %+v", seed, cfg, opts)
				got, gotStates := run(p, opts, false)
				want, wantStates := run(p, opts, true)
				require.Equal(t, want.Verdict, got.Verdict, "%s\n%s", what, src)
				require.Equal(t, wantStates, gotStates, "%s: states stored\n%s", what, src)
				require.Equal(t, want.Counterexample(), got.Counterexample(), "%s: trace\n%s", what, src)
				compared++
			}
		}
	}
	t.Logf("%d searches compared", compared)
}
