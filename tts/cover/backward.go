package cover

import (
	"context"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
)

// node is an element of the backward basis: the upward closure of
// (s, m) covers the target. next and rule lead towards the target: from
// any configuration covering (s, m), rule yields one covering next.
type node struct {
	s    int32
	m    ms
	mask uint64
	next *node
	rule int32
	dead bool // subsumed by a smaller element
}

type backward struct {
	c     *system
	inv   overapprox // nil: no pruning
	limit int
	basis [][]*node        // per shared state; may hold dead nodes until compacted
	live  map[string]int32 // keys of the live elements, for covered
	queue [][]*node        // by number of threads
	heads []int

	created, pruned int
	started         bool
	// ops counts basic operations (sub-multiset lookups, comparisons,
	// predecessors), a deterministic measure of time for interleave.
	ops int
	// known, if set, are the forward search's projections; met is the
	// reached configuration that covers the element Unsafe returns, or
	// -1 when an initial configuration covers it.
	known *projections
	met   int32
}

func newBackward(c *system, inv overapprox, limit int) *backward {
	return &backward{c: c, inv: inv, limit: limit, basis: make([][]*node, c.shared), live: map[string]int32{}, met: -1}
}

// subsetLookups bounds the sub-multisets covered enumerates before it
// scans the basis instead.
const subsetLookups = 256

// covered reports whether a live basis element lies below (s, m). Small
// elements enumerate their sub-multisets and look each up; large ones
// scan the basis at s.
func (b *backward) covered(s int32, m ms, mask uint64) bool {
	if n := subsets(m); n <= subsetLookups && n < len(b.basis[s]) {
		found := false
		b.eachSubset(s, m, func(sub ms) bool {
			b.ops++
			_, found = b.live[sub.key(s)]
			return !found
		})
		return found
	}
	b.ops += len(b.basis[s])
	for _, o := range b.basis[s] {
		if !o.dead && len(o.m) <= len(m) && o.mask&^mask == 0 && o.m.leq(m) {
			return true
		}
	}
	return false
}

// insert adds n. The elements n subsumes stay until they are popped
// (then dropped, see pop) or the certificate is written: finding them at
// once would scan the basis on every insertion.
func (b *backward) insert(n *node) {
	b.basis[n.s] = append(b.basis[n.s], n)
	b.live[n.m.key(n.s)] = 0
	b.created++
	for len(b.queue) <= len(n.m) {
		b.queue = append(b.queue, nil)
		b.heads = append(b.heads, 0)
	}
	b.queue[len(n.m)] = append(b.queue[len(n.m)], n)
}

// subsumed reports whether a smaller element lies strictly below n.
func (b *backward) subsumed(n *node) bool {
	if subsets(n.m) <= subsetLookups {
		found := false
		b.eachSubset(n.s, n.m, func(sub ms) bool {
			b.ops++
			if len(sub) < len(n.m) {
				if _, ok := b.live[sub.key(n.s)]; ok {
					found = true
				}
			}
			return !found
		})
		return found
	}
	b.ops += len(b.basis[n.s])
	for _, o := range b.basis[n.s] {
		if o != n && !o.dead && len(o.m) < len(n.m) && o.mask&^n.mask == 0 && o.m.leq(n.m) {
			return true
		}
	}
	return false
}

// eachSubset calls yield on every sub-multiset of m until it says stop.
func (b *backward) eachSubset(s int32, m ms, yield func(ms) bool) {
	stop := false
	var sub ms
	var rec func(i int)
	rec = func(i int) {
		if stop {
			return
		}
		if i == len(m) {
			stop = !yield(sub)
			return
		}
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		mark := len(sub)
		for k := i; k <= j && !stop; k++ {
			rec(j)
			if k < j {
				sub = append(sub, m[i])
			}
		}
		sub = sub[:mark]
	}
	rec(0)
}

func (b *backward) pop() *node {
	for k := range b.queue {
		for b.heads[k] < len(b.queue[k]) {
			n := b.queue[k][b.heads[k]]
			b.queue[k][b.heads[k]] = nil
			b.heads[k]++
			if !n.dead && b.subsumed(n) {
				n.dead = true
				delete(b.live, n.m.key(n.s))
			}
			if !n.dead {
				return n
			}
		}
	}
	return nil
}

// outcome is how a call of the backward search ended: decided (Safe, or
// Unsafe with the element whose upward closure meets an initial or a
// reached configuration, its chain leading to the target), stopped by a
// limit (Unknown with the limit and why), or neither (Unknown, NoLimit:
// the call did its share of work and the search may go on).
type outcome struct {
	verdict verdict.Verdict
	chain   *node
	limit   verdict.Limit
	reason  string
}

func (o outcome) done() bool { return o.verdict != verdict.Unknown || o.limit != verdict.NoLimit }

// stoppedBy is the outcome of a search that found ctx ended: the limit
// and the words of the context's cause (verdict.Stopped).
func stoppedBy(ctx context.Context) outcome {
	l, why := verdict.Stopped(ctx)
	return outcome{limit: l, reason: why}
}

// run searches backwards from the target to the end: it decides or
// returns the limit that stopped it.
func (b *backward) run(ctx context.Context) outcome {
	return b.advance(ctx, 0)
}

// advance searches on until it has done work more operations (0: no
// bound), decides, or hits a limit. The first call starts from the
// target. Elements the pruning invariant does not allow are dropped as
// they are made and again when popped, so a stronger invariant may be set
// between calls.
func (b *backward) advance(ctx context.Context, work int) outcome {
	c := b.c
	if !b.started {
		b.started = true
		t := &node{s: c.targetShared, m: c.target, mask: c.target.mask(), rule: -1}
		if b.inv != nil && !b.inv.allows(t.s, t.m) {
			b.pruned++
			return outcome{verdict: verdict.Safe}
		}
		if c.init.covers(t.s, t.m) || b.meets(t) {
			return outcome{verdict: verdict.Unsafe, chain: t}
		}
		b.insert(t)
	}
	until := b.ops + work
	for i := 0; work <= 0 || b.ops < until; i++ {
		if i&pollEvery == 0 && ctx.Err() != nil {
			return stoppedBy(ctx)
		}
		n := b.pop()
		if n == nil {
			return outcome{verdict: verdict.Safe}
		}
		if b.inv != nil && !b.inv.allows(n.s, n.m) {
			b.pruned++
			n.dead = true
			delete(b.live, n.m.key(n.s))
			continue
		}
		for _, ri := range c.byPost[n.s] {
			r := &c.rules[ri]
			for _, m := range pre(r, n.m) {
				b.ops++
				if b.inv != nil && !b.inv.allows(r.s, m) {
					b.pruned++
					continue
				}
				mask := m.mask()
				if b.covered(r.s, m, mask) {
					continue
				}
				p := &node{s: r.s, m: m, mask: mask, next: n, rule: ri}
				if c.init.covers(p.s, p.m) || b.meets(p) {
					return outcome{verdict: verdict.Unsafe, chain: p}
				}
				b.insert(p)
				if b.limit > 0 && b.created >= b.limit {
					return outcome{limit: verdict.States, reason: fmt.Sprintf("backward search limit of %d elements reached", b.limit)}
				}
			}
		}
	}
	return outcome{}
}

// meets reports whether a configuration the forward search reached
// covers n, and records which.
func (b *backward) meets(n *node) bool {
	if b.known == nil {
		return false
	}
	b.met = b.known.lookup(n.s, n.m)
	return b.met >= 0
}

// subsets is the number of sub-multisets of m (saturating).
func subsets(m ms) int {
	n := 1
	for i := 0; i < len(m) && n <= subsetLookups; {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		n *= j - i + 1
		i = j
	}
	return n
}

// pre is the basis of the configurations from which r yields one that
// covers m (at r's source shared state).
func pre(r *rule, m ms) []ms {
	switch {
	case r.kind == tts.Spawn:
		p := m.removeOne(r.l2)
		if p.count(r.l) == 0 {
			p = p.add(r.l)
		}
		return []ms{p}
	case r.kind == tts.Transfer:
		if r.l == r.l2 {
			return []ms{m}
		}
		if m.count(r.l) > 0 {
			return nil // the transfer empties l
		}
		// The threads in l2 afterwards were in l2 or in l before.
		k := m.count(r.l2)
		out := make([]ms, 0, k+1)
		base := m
		for j := 0; j <= k; j++ {
			out = append(out, base)
			base = base.removeOne(r.l2).add(r.l)
		}
		return out
	case r.to == nil:
		return []ms{m.removeOne(r.l2).add(r.l)}
	}
	return preBroadcast(r, m.removeOne(r.l2))
}

// preBroadcast: every thread of rest (what the passive threads must
// cover) came from a local that may go there; each choice of origins is
// a predecessor, plus the active thread in l. The minimal ones are kept.
func preBroadcast(r *rule, rest ms) []ms {
	type group struct {
		x       int32
		n       int
		sources []int32
	}
	var groups []group
	for i := 0; i < len(rest); {
		j := i
		for j < len(rest) && rest[j] == rest[i] {
			j++
		}
		x := rest[i]
		src := slices.Clone(r.from[x])
		if _, passive := r.to[x]; !passive {
			src = append(src, x) // threads outside the broadcast stay
		}
		if len(src) == 0 {
			return nil
		}
		slices.Sort(src)
		groups = append(groups, group{x, j - i, slices.Compact(src)})
		i = j
	}
	var out []ms
	cur := ms{r.l}
	var rec func(g int)
	rec = func(g int) {
		if g == len(groups) {
			p := slices.Clone(cur)
			slices.Sort(p)
			out = append(out, p)
			return
		}
		gr := groups[g]
		// Distribute gr.n threads over gr.sources (compositions).
		var dist func(k, left int)
		dist = func(k, left int) {
			if k == len(gr.sources)-1 {
				mark := len(cur)
				for range left {
					cur = append(cur, gr.sources[k])
				}
				rec(g + 1)
				cur = cur[:mark]
				return
			}
			for take := left; take >= 0; take-- {
				mark := len(cur)
				for range take {
					cur = append(cur, gr.sources[k])
				}
				dist(k+1, left-take)
				cur = cur[:mark]
			}
		}
		dist(0, gr.n)
	}
	rec(0)
	return minimal(out)
}

// minimal drops the elements that include another one (and duplicates).
func minimal(l []ms) []ms {
	slices.SortFunc(l, func(a, b ms) int { return len(a) - len(b) })
	var out []ms
outer:
	for _, m := range l {
		for _, o := range out {
			if o.leq(m) {
				continue outer
			}
		}
		out = append(out, m)
	}
	return out
}

// certificate turns the finished search into evidence for Safe.
func (b *backward) certificate(inv overapprox) *Certificate {
	cert := &Certificate{}
	for s := range b.basis {
		for _, n := range b.basis[s] {
			if !n.dead && !b.subsumed(n) {
				cert.Basis = append(cert.Basis, Config{Shared: int(n.s), Locals: n.m.ints()})
			}
		}
	}
	if inv == nil {
		for s := range b.c.shared {
			cert.Boxes = append(cert.Boxes, Box{Shared: s, Others: -1})
		}
	} else {
		cert.Boxes = inv.boxes()
	}
	return cert
}
