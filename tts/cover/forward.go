package cover

import (
	"context"
	"errors"
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// forward is the bounded forward search over concrete configurations:
// bound k allows at most k threads (initial ones plus spawned ones). It
// is resumable: done is the largest bound searched exhaustively.
type forward struct {
	c       *system
	limit   int // visited stops here
	visited int
	done    int
	// complete: the last bound never stopped a spawn and there are no
	// unbounded initial locals, so larger bounds add nothing.
	complete bool
	last     []fwState // the configurations of the last bound searched
	// reached are the configurations of the last bound tried, searched
	// to its end or not: all reachable, for projections.
	reached []fwState
}

func newForward(c *system) *forward {
	return &forward{c: c, done: len(c.init.bounded) - 1}
}

// errBudget stops a search that visited its budget.
var errBudget = errors.New("forward budget exhausted")

// search raises the bound from done+1 until the target is covered,
// budget more configurations were visited, or (upto > 0) the bound
// passes upto.
func (f *forward) search(ctx context.Context, upto, budget int) *Path {
	f.limit = f.visited + budget
	for !f.complete && (upto <= 0 || f.done < upto) && f.visited < f.limit && ctx.Err() == nil {
		k := max(f.done+1, 1)
		p, capped, err := f.bounded(ctx, k)
		if err != nil {
			return nil
		}
		if p != nil {
			p.Minimal = true
			return p
		}
		f.done = k
		f.complete = !capped && len(f.c.init.unbounded) == 0
	}
	return nil
}

type fwState struct {
	s      int32
	m      ms
	parent int32
	rule   int32
}

// bounded is breadth-first search with at most k threads. capped reports
// whether the bound stopped a spawn.
func (f *forward) bounded(ctx context.Context, k int) (p *Path, capped bool, err error) {
	c := f.c
	seen := map[string]int32{}
	var states []fwState
	visit := func(s int32, m ms, parent, rule int32) bool {
		key := m.key(s)
		if _, ok := seen[key]; ok {
			return false
		}
		seen[key] = int32(len(states))
		states = append(states, fwState{s, m, parent, rule})
		f.visited++
		return true
	}
	hit := func(s int32, m ms) bool { return s == c.targetShared && c.target.leq(m) }
	for _, m := range initialConfigs(&c.init, k) {
		if visit(c.init.shared, m, -1, -1) && hit(c.init.shared, m) {
			return f.path(states, int32(len(states)-1)), false, nil
		}
	}
	for i := 0; i < len(states); i++ {
		if i&pollEvery == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		if f.visited > f.limit {
			f.reached = states
			return nil, false, errBudget
		}
		st := states[i]
		found := int32(-1)
		c.successors(st.s, st.m, k, &capped, func(ri int32, s2 int32, m2 ms) bool {
			if visit(s2, m2, int32(i), ri) && hit(s2, m2) {
				found = int32(len(states) - 1)
				return false
			}
			return true
		})
		if found >= 0 {
			return f.path(states, found), capped, nil
		}
	}
	f.last, f.reached = states, states
	return nil, capped, nil
}

func (f *forward) path(states []fwState, i int32) *Path {
	var chain []int32
	for j := i; j >= 0; j = states[j].parent {
		chain = append(chain, j)
	}
	slices.Reverse(chain)
	start := states[chain[0]]
	p := &Path{Start: Config{int(start.s), start.m.ints()}, Threads: len(start.m)}
	for _, j := range chain[1:] {
		st := states[j]
		p.Steps = append(p.Steps, Step{Rule: f.c.rules[st.rule].idx, After: Config{int(st.s), st.m.ints()}})
		if f.c.rules[st.rule].kind == tts.Spawn {
			p.Threads++
		}
	}
	return p
}

// initialConfigs are the initial configurations with at most k threads
// (the bounded ones plus up to k of them in the unbounded locals; fewer
// leave room for spawns).
func initialConfigs(in *initial, k int) []ms {
	var out []ms
	cur := slices.Clone(in.bounded)
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == len(in.unbounded) {
			m := slices.Clone(cur)
			slices.Sort(m)
			out = append(out, m)
			return
		}
		for take := 0; take <= left; take++ {
			mark := len(cur)
			for range take {
				cur = append(cur, in.unbounded[i])
			}
			rec(i+1, left-take)
			cur = cur[:mark]
		}
	}
	rec(0, k-len(in.bounded))
	return out
}

// successors calls yield for every successor of (s, m) with at most k
// threads (k <= 0: no bound) until yield returns false.
func (c *system) successors(s int32, m ms, k int, capped *bool, yield func(rule, s2 int32, m2 ms) bool) {
	for i := 0; i < len(m); {
		l := m[i]
		for i < len(m) && m[i] == l {
			i++
		}
		for _, ri := range c.bySource[[2]int32{s, l}] {
			r := &c.rules[ri]
			switch {
			case r.kind == tts.Spawn:
				if k > 0 && len(m) >= k {
					*capped = true
					continue
				}
				if !yield(ri, r.s2, m.add(r.l2)) {
					return
				}
			case r.to == nil:
				if !yield(ri, r.s2, m.removeOne(l).add(r.l2)) {
					return
				}
			default:
				ok := true
				postBroadcast(r, m.removeOne(l), func(m2 ms) bool {
					ok = yield(ri, r.s2, m2.add(r.l2))
					return ok
				})
				if !ok {
					return
				}
			}
		}
	}
	for _, ri := range c.transfersFrom[s] {
		r := &c.rules[ri]
		m2 := slices.Clone(m)
		for j := range m2 {
			if m2[j] == r.l {
				m2[j] = r.l2
			}
		}
		slices.Sort(m2)
		if !yield(ri, r.s2, m2) {
			return
		}
	}
}

// postBroadcast calls yield for every way the passive threads rest may
// move under r (each thread in a listed local to one of its targets).
func postBroadcast(r *rule, rest ms, yield func(ms) bool) {
	var out ms
	var movers []int32
	for _, x := range rest {
		if _, ok := r.to[x]; ok {
			movers = append(movers, x)
		} else {
			out = append(out, x)
		}
	}
	seen := map[string]bool{}
	stop := false
	var rec func(i int)
	rec = func(i int) {
		if stop {
			return
		}
		if i == len(movers) {
			m := slices.Clone(out)
			slices.Sort(m)
			if k := m.key(0); !seen[k] {
				seen[k] = true
				stop = !yield(m)
			}
			return
		}
		for _, q := range r.to[movers[i]] {
			out = append(out, q)
			rec(i + 1)
			out = out[:len(out)-1]
		}
	}
	rec(0)
}

// replay turns a backward chain into a concrete path: the initial
// configuration that covers the first node, then each rule, choosing
// broadcast targets so that the next node stays covered.
func (c *system) replay(n *node) (*Path, error) {
	cur := slices.Clone(c.init.bounded)
	for _, x := range n.m {
		if c.init.isUnbounded(x) {
			cur = append(cur, x)
		}
	}
	slices.Sort(cur)
	s := c.init.shared
	p := &Path{Start: Config{int(s), cur.ints()}, Threads: len(cur)}
	return c.replayFrom(p, s, cur, n)
}

// replayFrom extends path p, which ends in (s, cur), by the backward
// chain from n, whose first node (s, cur) covers.
func (c *system) replayFrom(p *Path, s int32, cur ms, n *node) (*Path, error) {
	for ; n.next != nil; n = n.next {
		r := &c.rules[n.rule]
		var next ms
		found := false
		var capped bool
		c.successors(s, cur, 0, &capped, func(ri, s2 int32, m2 ms) bool {
			if ri == n.rule && s2 == n.next.s && n.next.m.leq(m2) {
				next, found = m2, true
				return false
			}
			return true
		})
		if !found {
			return nil, errors.New("backward chain does not replay")
		}
		if r.kind == tts.Spawn {
			p.Threads++
		}
		s, cur = r.s2, next
		p.Steps = append(p.Steps, Step{Rule: r.idx, After: Config{int(s), cur.ints()}})
	}
	if s != c.targetShared || !c.target.leq(cur) {
		return nil, errors.New("backward chain ends short of the target")
	}
	return p, nil
}

// boxes are the configurations of the last search, one box each.
func (f *forward) boxes() []Box {
	out := make([]Box, 0, len(f.last))
	for _, st := range f.last {
		out = append(out, Box{Shared: int(st.s), Bounds: st.m.bounds()})
	}
	return out
}
