package explicit

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomState draws a state with up to 4 threads over 3 procs, with
// locals of lengths that differ between threads, mostly short (so that
// states repeat) and sometimes long enough to span several packed bytes.
func randomState(r *rand.Rand, globals int) state {
	s := state{globals: make([]val, globals)}
	for i := range s.globals {
		s.globals[i] = val(r.Intn(3))
	}
	for range 1 + r.Intn(4) {
		t := thread{id: s.nextID, proc: int32(r.Intn(3)), pc: int32(r.Intn(300)), atomic: r.Intn(5) == 0}
		n := r.Intn(3)
		if r.Intn(8) == 0 {
			n = 3 + r.Intn(11)
		}
		t.locals = make([]val, n)
		for i := range t.locals {
			t.locals[i] = val(r.Intn(3))
		}
		s.threads = append(s.threads, t)
		s.nextID += 1 + int32(r.Intn(2))
	}
	return s
}

// permuted returns s with its threads in another order and other
// identities: the same state up to the symmetry of threads.
func permuted(r *rand.Rand, s state) state {
	c := s.clone()
	r.Shuffle(len(c.threads), func(i, j int) { c.threads[i], c.threads[j] = c.threads[j], c.threads[i] })
	for i := range c.threads {
		c.threads[i].id = int32(100 + i)
	}
	c.nextID = 100 + int32(len(c.threads))
	return c
}

// upToThreads names a state's class under the symmetry of threads: its
// globals and the sorted list of its thread states.
func upToThreads(s state) string {
	var ts []string
	for _, t := range s.threads {
		ts = append(ts, fmt.Sprint(t.proc, t.pc, t.atomic, t.locals))
	}
	slices.Sort(ts)
	return fmt.Sprint(s.globals, ts)
}

// TestStateStore: every stored state comes back exactly (thread order and
// identities included), a state equal up to the threads' order and
// identities is found rather than stored again, and other states are
// stored, through many growths of the index. Every other seed stores
// only live locals (stateStore.live), its states' dead locals X, as the
// search keeps them. With -short, seeds 1 to 6 (2 to 7 globals).
func TestStateStore(t *testing.T) {
	t.Parallel()
	n := int64(20)
	if testing.Short() {
		n = 6
	}
	for seed := int64(1); seed <= n; seed++ {
		r := rand.New(rand.NewSource(seed))
		globals := 1 + int(seed)%9 // 1 to 9: packed into 1 to 3 bytes
		st := newStateStore(globals)
		if seed%2 == 0 {
			st.live = randomLiveness(r)
		}
		var stored []state
		index := map[string]int{}
		for range 3000 {
			s := randomState(r, globals)
			if st.live != nil {
				forgetUnlisted(&s, st.live)
			}
			n, fresh := st.add(&s)
			if known, ok := index[upToThreads(s)]; ok {
				require.False(t, fresh, "seed %d: %+v was stored as %+v", seed, s, stored[known])
				require.Equal(t, int32(known), n, "seed %d", seed)
				continue
			}
			require.True(t, fresh, "seed %d: %+v", seed, s)
			require.Equal(t, int32(len(stored)), n, "seed %d", seed)
			index[upToThreads(s)] = len(stored)
			stored = append(stored, s)
			p := permuted(r, s)
			m, fresh := st.add(&p)
			require.False(t, fresh, "seed %d: a permutation of %+v was stored again", seed, s)
			require.Equal(t, n, m, "seed %d", seed)
		}
		require.Equal(t, len(stored), st.len())
		for i, s := range stored {
			assert.Equal(t, s, st.state(int32(i)), "seed %d, node %d", seed, i)
		}
	}
}

// randomLiveness draws the live slots of 3 procs of 300 pcs, among 14.
func randomLiveness(r *rand.Rand) [][][]int32 {
	live := make([][][]int32, 3)
	for p := range live {
		live[p] = make([][]int32, 300)
		for pc := range live[p] {
			for i := range int32(14) {
				if r.Intn(3) == 0 {
					live[p][pc] = append(live[p][pc], i)
				}
			}
		}
	}
	return live
}

// forgetUnlisted gives every thread of s the 14 locals of the procs of
// randomLiveness (the values drawn, then 1s) and sets those live does not
// list to X.
func forgetUnlisted(s *state, live [][][]int32) {
	for ti := range s.threads {
		t := &s.threads[ti]
		for len(t.locals) < 14 {
			t.locals = append(t.locals, v1)
		}
		t.locals = t.locals[:14]
		keep := make([]bool, len(t.locals))
		for _, i := range live[t.proc][t.pc] {
			if int(i) < len(keep) {
				keep[i] = true
			}
		}
		for i := range t.locals {
			if !keep[i] {
				t.locals[i] = vX
			}
		}
	}
}

// TestChunkCap: chunks double from firstChunk to chunkSize and stay
// there, however many a search fills (the shift once overflowed at the
// 52nd, and every record after it had a chunk of its own).
func TestChunkCap(t *testing.T) {
	assert.Equal(t, firstChunk, chunkCap(0))
	for n := 1; n < 200; n++ {
		want := min(2*chunkCap(n-1), chunkSize)
		assert.Equal(t, want, chunkCap(n), "chunk %d", n)
	}
}
