package cover

import "slices"

// projectionSize is the most threads of a backward element looked up
// among the forward search's configurations.
const projectionSize = 3

// projections index the small parts of the configurations the bounded
// forward search reached: every sub-multiset of at most projectionSize
// threads, with its shared state. A backward element found there is
// covered by a reachable configuration, so the target is coverable, and
// the forward path to that configuration followed by the element's chain
// is a concrete path. This is bfc's use of its forward search's
// "projections": bugs whose paths need more threads than the forward
// search could afford are found as soon as the backward search meets
// it halfway. Keys are hashes, and a hit is confirmed against the
// configuration it names, so a collision only costs a miss.
type projections struct {
	states []fwState
	index  map[uint64]int32
}

func newProjections(states []fwState) *projections {
	pr := &projections{states: states, index: make(map[uint64]int32, 4*len(states))}
	var sub ms
	var rec func(s int32, m ms, from int, i int32)
	rec = func(s int32, m ms, from int, i int32) {
		if len(sub) > 0 {
			h := projectionKey(s, sub)
			if _, ok := pr.index[h]; !ok {
				pr.index[h] = i
			}
		}
		if len(sub) == projectionSize {
			return
		}
		for j := from; j < len(m); j++ {
			if j > from && m[j] == m[j-1] {
				continue // equal locals: each sub-multiset once
			}
			sub = append(sub, m[j])
			rec(s, m, j+1, i)
			sub = sub[:len(sub)-1]
		}
	}
	for i, st := range states {
		rec(st.s, st.m, 0, int32(i))
	}
	return pr
}

// lookup returns the index of a reached configuration covering m at
// shared state s, or -1.
func (pr *projections) lookup(s int32, m ms) int32 {
	if len(m) == 0 || len(m) > projectionSize {
		return -1
	}
	i, ok := pr.index[projectionKey(s, m)]
	if !ok || pr.states[i].s != s || !m.leq(pr.states[i].m) {
		return -1
	}
	return i
}

// projectionKey hashes a shared state and a sorted multiset (FNV-1a).
func projectionKey(s int32, m ms) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x int32) {
		for k := 0; k < 4; k++ {
			h ^= uint64(byte(x >> (8 * k)))
			h *= 1099511628211
		}
	}
	mix(s)
	for _, x := range m {
		mix(x)
	}
	return h
}

// pathTo is the forward path to reached configuration i.
func (f *forward) pathTo(states []fwState, i int32) (*Path, int32, ms) {
	p := f.path(states, i)
	return p, states[i].s, slices.Clone(states[i].m)
}
