package cover

import (
	"context"
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// The Karp–Miller search computes an overapproximation of the reachable
// configurations as finitely many ω-configurations: a shared state, a
// multiset of threads and a set of locals that hold any number of
// threads. Its result is a union of boxes closed under successors, so it
// serves both as a certificate of safety (when no box covers the target)
// and as a far stronger pruning invariant for the backward search than
// the thread-modular one (reach.go). This is what bfc runs alongside its
// backward search (its forward "widening").
//
// Two accelerations make it converge:
//
//   - against ancestors (Karp and Miller): when a successor is above an
//     ancestor at the same shared state, the steps between them can be
//     repeated, so every local that grew holds any number;
//   - in one step: a rule that keeps the shared state and takes its
//     thread from a local with any number (or spawns, keeping its own
//     thread) can fire any number of times, so its target local holds any
//     number at once.
//
// Broadcast and transfer steps are not repeatable in that simple way
// (each firing moves every passive thread again), so no acceleration
// crosses them, and a broadcast's successor is its image box (each
// passive target may receive every thread that could go there): larger
// than any real successor, which keeps the result an overapproximation.
//
// A successor at or below a node already kept is dropped; a kept node
// retires the kept nodes below it. Every node kept has each successor at
// or below some node kept, which is the closure the certificate checker
// verifies box by box.
type karpMiller struct {
	c       *system
	groups  [][]*kmGroup // per shared state: the kept nodes by unbounded set
	work    []*kmNode
	limit   int
	created int
	started bool
	// ops counts basic operations (set and node comparisons, ancestors
	// visited), a deterministic measure of time for interleave.
	ops      int
	complete bool    // the search ran to its end
	hit      *kmNode // the first node kept that covers the target
	path     *Path   // hit made concrete (concretize.go), if it could be
	stopped  bool    // the search gave up: node limit or ctx
	target   bool    // some kept node covers the target
}

// kmGroup holds the kept nodes of one shared state with one unbounded
// set. Nodes share few unbounded sets, often of hundreds of locals, so
// comparing sets once per group rather than once per node is what keeps
// coverage tests cheap.
type kmGroup struct {
	w     []int32
	mask  uint64
	nodes []*kmNode
}

// kmNode is an ω-configuration and how the search reached it.
type kmNode struct {
	s      int32
	m      ms      // threads in locals that are not unbounded
	w      []int32 // sorted set of unbounded locals
	mask   uint64  // locals present in m or w
	parent *kmNode
	// viaTransfer: the step into this node moved passive threads, so
	// acceleration must not reach past it.
	viaTransfer bool
	dead        bool
	// How the node was made, for concretize: the rule from the parent,
	// whether that rule was taken any number of times at once, and the
	// ancestors whose steps since were repeated (nearest first).
	rule     int32
	repeated bool
	loops    []*kmNode
}

func (n *kmNode) unbounded(l int32) bool {
	_, ok := slices.BinarySearch(n.w, l)
	return ok
}

// leq reports a ≤ b: same shared state, and each local of a holds at
// most what b's holds (unbounded above every number).
func (a *kmNode) leq(b *kmNode) bool {
	return a.s == b.s && a.mask&^b.mask == 0 && len(a.w) <= len(b.w) && a.m.within(b.m, b.w) && subset(a.w, b.w)
}

// subset reports x ⊆ y for sorted sets (as multisets, the same test).
func subset(x, y []int32) bool { return ms(x).leq(y) }

// within reports whether every local of m holds at most as many threads
// as in o, or is in the unbounded set w (all sorted). m is small and w
// may hold hundreds of locals, so w is searched, not merged.
func (m ms) within(o ms, w []int32) bool {
	jm := 0
	for i := 0; i < len(m); {
		l := m[i]
		n := 1
		for i+n < len(m) && m[i+n] == l {
			n++
		}
		i += n
		if _, ok := slices.BinarySearch(w, l); ok {
			continue
		}
		for jm < len(o) && o[jm] < l {
			jm++
		}
		have := 0
		for jm < len(o) && o[jm] == l {
			have++
			jm++
		}
		if have < n {
			return false
		}
	}
	return true
}

func (n *kmNode) equal(o *kmNode) bool {
	return n.s == o.s && slices.Equal(n.m, o.m) && slices.Equal(n.w, o.w)
}

// widenAt is the most threads a node holds in one local before the
// local is taken to hold any number. Broadcast images may double counts
// at every step; without this, a search that cannot accelerate across
// them would build ever larger nodes.
const widenAt = 32

// finish sorts the node's parts, widens crowded locals, folds threads of
// unbounded locals into the unbounded set and computes the mask.
func (n *kmNode) finish() *kmNode {
	slices.Sort(n.m)
	for i := 0; i+widenAt < len(n.m); i++ {
		if n.m[i] == n.m[i+widenAt] {
			n.w = append(n.w, n.m[i])
		}
	}
	slices.Sort(n.w)
	n.w = slices.Compact(n.w)
	if len(n.w) > 0 {
		n.m = slices.DeleteFunc(n.m, n.unbounded)
	}
	n.mask = n.m.mask() | setMask(n.w)
	return n
}

// setMask folds a set of locals into 64 bits, like ms.mask.
func setMask(w []int32) uint64 {
	var b uint64
	for _, l := range w {
		b |= 1 << (uint(l) & 63)
	}
	return b
}

func newKarpMiller(c *system, limit int) *karpMiller {
	return &karpMiller{c: c, groups: make([][]*kmGroup, c.shared), limit: limit}
}

// advance explores until it has done work more operations (0: no
// bound), the work list is empty (complete), the node limit is reached
// (stopped), or ctx ends (stopped). The first call starts from the
// initial state.
func (k *karpMiller) advance(ctx context.Context, work int) {
	if !k.started {
		k.started = true
		root := &kmNode{s: k.c.init.shared, m: slices.Clone(k.c.init.bounded), w: slices.Clone(k.c.init.unbounded)}
		k.keep(root.finish())
	}
	until := k.ops + work
	for steps := 0; len(k.work) > 0; steps++ {
		if steps&pollEvery == 0 && ctx.Err() != nil {
			k.stopped = true
			return
		}
		if k.limit > 0 && k.created >= k.limit {
			k.stopped = true
			return
		}
		if work > 0 && k.ops >= until {
			return
		}
		// Depth first: acceleration against ancestors needs long paths,
		// and the large nodes it makes retire the small ones. On
		// wahl-kroening's stack_cas_p0 #3 depth first keeps 1,637 nodes
		// in 0.01 s, breadth first 58,701 in 2.2 s, ending in the same
		// 579.
		n := k.work[len(k.work)-1]
		k.work = k.work[:len(k.work)-1]
		if n.dead {
			continue
		}
		k.expand(n)
	}
	k.complete = true
}

// keep adds n unless a kept node is at or above it, retiring the kept
// nodes below it.
func (k *karpMiller) keep(n *kmNode) {
	groups := k.groups[n.s]
	wmask := setMask(n.w)
	for _, g := range groups {
		k.ops++
		if wmask&^g.mask != 0 || !subset(n.w, g.w) {
			continue
		}
		k.ops += len(g.nodes)
		for _, o := range g.nodes {
			if n.mask&^o.mask == 0 && n.m.within(o.m, o.w) {
				return
			}
		}
	}
	var home *kmGroup
	kept := groups[:0]
	for _, g := range groups {
		if g.mask&^wmask == 0 && subset(g.w, n.w) {
			k.ops += len(g.nodes)
			live := g.nodes[:0]
			for _, o := range g.nodes {
				if o.mask&^n.mask == 0 && o.m.within(n.m, n.w) {
					o.dead = true
				} else {
					live = append(live, o)
				}
			}
			clear(g.nodes[len(live):])
			g.nodes = live
		}
		if slices.Equal(g.w, n.w) {
			home = g
		} else if len(g.nodes) == 0 {
			continue // every node retired: drop the group
		}
		kept = append(kept, g)
	}
	clear(groups[len(kept):])
	if home == nil {
		home = &kmGroup{w: n.w, mask: wmask}
		kept = append(kept, home)
	}
	k.groups[n.s] = kept
	n.w = home.w
	home.nodes = append(home.nodes, n)
	k.work = append(k.work, n)
	k.created++
	if n.s == k.c.targetShared && k.coversTarget(n) {
		k.target = true
		if k.hit == nil {
			k.hit = n
		}
	}
}

func (k *karpMiller) coversTarget(n *kmNode) bool {
	t := k.c.target
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && t[j] == t[i] {
			j++
		}
		if !n.unbounded(t[i]) && n.m.count(t[i]) < j-i {
			return false
		}
		i = j
	}
	return true
}

// expand keeps every successor of n, accelerated.
func (k *karpMiller) expand(n *kmNode) {
	c := k.c
	for i := 0; i < len(n.m); {
		l := n.m[i]
		for i < len(n.m) && n.m[i] == l {
			i++
		}
		for _, ri := range c.bySource[[2]int32{n.s, l}] {
			k.step(n, &c.rules[ri], false)
		}
	}
	for _, l := range n.w {
		for _, ri := range c.bySource[[2]int32{n.s, l}] {
			k.step(n, &c.rules[ri], true)
		}
	}
	for _, ri := range c.transfersFrom[n.s] {
		k.step(n, &c.rules[ri], n.unbounded(c.rules[ri].l))
	}
}

// step keeps the successor of n under r; many says the rule's source
// local holds any number of threads.
func (k *karpMiller) step(n *kmNode, r *rule, many bool) {
	succ := &kmNode{s: r.s2, m: slices.Clone(n.m), w: slices.Clone(n.w), parent: n, rule: int32(r.idx)}
	horizontal := r.s == r.s2
	switch {
	case r.kind == tts.Transfer:
		succ.viaTransfer = true
		if r.l == r.l2 {
			break
		}
		if many {
			succ.w = append(slices.DeleteFunc(succ.w, func(x int32) bool { return x == r.l }), r.l2)
			break
		}
		for j := range succ.m {
			if succ.m[j] == r.l {
				succ.m[j] = r.l2
			}
		}
	case r.kind == tts.Spawn:
		if horizontal {
			succ.w = append(succ.w, r.l2) // the spawner stays: again and again
			succ.repeated = true
		} else {
			succ.m = append(succ.m, r.l2)
		}
	case r.to != nil:
		succ.viaTransfer = true
		if !many {
			succ.m = succ.m.removeOne(r.l)
		}
		succ.m, succ.w = imageBroadcast(r, succ.m, succ.w)
		succ.m = append(succ.m, r.l2)
	default:
		if !many {
			succ.m = succ.m.removeOne(r.l)
		}
		if many && horizontal && r.l != r.l2 {
			succ.w = append(succ.w, r.l2)
			succ.repeated = true
		} else {
			succ.m = append(succ.m, r.l2)
		}
	}
	succ.finish()
	if succ.equal(n) {
		return
	}
	if !succ.viaTransfer {
		k.accelerate(succ)
	}
	k.keep(succ)
}

// accelerationDepth bounds how far back acceleration looks for an
// ancestor: the search is depth first, so paths are long, and walking
// each to its root made the search quadratic.
const accelerationDepth = 256

// accelerate raises to "any number" every local in which succ exceeds an
// ancestor at the same shared state, walking back no further than the
// last broadcast or transfer step or accelerationDepth steps.
func (k *karpMiller) accelerate(succ *kmNode) {
	depth := 0
	for a := succ.parent; a != nil && depth < accelerationDepth; a, depth = a.parent, depth+1 {
		k.ops++
		if a.s == succ.s && a.leq(succ) && !a.equal(succ) {
			grew := false
			for i := 0; i < len(succ.m); {
				j := i
				for j < len(succ.m) && succ.m[j] == succ.m[i] {
					j++
				}
				if l := succ.m[i]; !a.unbounded(l) && a.m.count(l) < j-i {
					succ.w = append(succ.w, l)
					grew = true
				}
				i = j
			}
			if grew {
				succ.loops = append(succ.loops, a)
				succ.finish()
			}
		}
		if a.viaTransfer {
			return
		}
	}
}

// imageBroadcast moves the passive threads of (m, w) under r into the
// image box: each target of a listed local receives every thread of it.
func imageBroadcast(r *rule, m ms, w []int32) (ms, []int32) {
	var outM ms
	var outW []int32
	for _, x := range w {
		qs, listed := r.to[x]
		if !listed {
			outW = append(outW, x)
			continue
		}
		outW = append(outW, qs...)
	}
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		x, n := m[i], j-i
		i = j
		qs, listed := r.to[x]
		if !listed {
			qs = []int32{x}
		}
		for _, q := range qs {
			for range n {
				outM = append(outM, q)
			}
		}
	}
	return outM, outW
}

// allows reports whether some kept node covers m at shared state s.
// m is sorted and has no unbounded part, so only its mask and counts
// are compared (no node is built: the backward search asks this for
// every predecessor).
func (k *karpMiller) allows(s int32, m ms) bool {
	mask := m.mask()
	for _, g := range k.groups[s] {
		for _, o := range g.nodes {
			if mask&^o.mask == 0 && m.within(o.m, o.w) {
				return true
			}
		}
	}
	return false
}

// boxes are the kept nodes, one box each.
func (k *karpMiller) boxes() []Box {
	var out []Box
	for _, groups := range k.groups {
		for _, g := range groups {
			for _, n := range g.nodes {
				b := Box{Shared: int(n.s), Bounds: n.m.bounds()}
				for _, l := range n.w {
					b.Bounds = append(b.Bounds, Bound{int(l), -1})
				}
				slices.SortFunc(b.Bounds, func(x, y Bound) int { return x.Local - y.Local })
				out = append(out, b)
			}
		}
	}
	return out
}
