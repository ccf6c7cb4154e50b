package cover

import (
	"context"
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// overapprox is an inductive overapproximation of the reachable
// configurations: a union of boxes closed under successors. The backward
// search drops elements it does not allow, and a certificate carries its
// boxes.
type overapprox interface {
	// allows reports whether some configuration of the set covers m at
	// shared state s.
	allows(s int32, m ms) bool
	boxes() []Box
}

// many is the saturated count of the invariant: any number of threads.
const many = 2

// invariant is a thread-modular overapproximation of the reachable
// configurations: for each shared state whether it is reachable and, per
// local, how many threads (0, 1 or many) a reachable configuration with
// that shared state may hold there. Threads of one configuration are
// combined as if independent (a Cartesian abstraction), which keeps it
// an overapproximation.
type invariant struct {
	shared []bool
	caps   [][]uint8 // [shared][local]
}

// allows reports whether some configuration of the invariant covers m at
// shared state s.
func (inv *invariant) allows(s int32, m ms) bool {
	if !inv.shared[s] {
		return false
	}
	caps := inv.caps[s]
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		if n := j - i; caps[m[i]] == 0 || (n > 1 && caps[m[i]] < many) {
			return false
		}
		i = j
	}
	return true
}

func sat(n int) uint8 { return uint8(min(n, many)) }

// invariant computes the least fixpoint of the abstract successor; nil
// if ctx ends first (on seven distinct workers with 2^8 locals each it
// took minutes), or once counts have risen more than maxRises times (0: no
// bound). A change costs a pass over the rules of its shared state, so
// the element bound must bound this too: on six GuardedWorkers of eight
// locals, before the slicing cut their locals (8,471 thread states,
// 530,004 rules), the counter engine ran 120 s here with --max-states
// 1000.
func (c *system) invariant(ctx context.Context, maxRises int) *invariant {
	f := &fixpoint{
		c:         c,
		inv:       &invariant{shared: make([]bool, c.shared), caps: make([][]uint8, c.shared)},
		rulesFrom: make([][]int32, c.shared),
		next:      make([]int, c.locals),
		dirty:     make([]bool, c.shared),
	}
	for i := range c.rules {
		f.rulesFrom[c.rules[i].s] = append(f.rulesFrom[c.rules[i].s], int32(i))
	}
	f.reachShared(c.init.shared)
	for _, l := range c.init.bounded {
		f.raise(c.init.shared, l, sat(int(f.inv.caps[c.init.shared][l])+1))
	}
	for _, l := range c.init.unbounded {
		f.raise(c.init.shared, l, many)
	}
	for step := 0; len(f.work) > 0 || len(f.dirtyList) > 0; step++ {
		if step&pollEvery == 0 && ctx.Err() != nil || maxRises > 0 && f.risen > maxRises {
			return nil
		}
		if len(f.work) == 0 {
			f.applyDirty()
			continue
		}
		ch := f.work[len(f.work)-1]
		f.work = f.work[:len(f.work)-1]
		f.propagate(ch)
	}
	return f.inv
}

// fixpoint is system.invariant's computation under way.
type fixpoint struct {
	c         *system
	inv       *invariant
	rulesFrom [][]int32 // shared state -> the rules from it
	work      []change  // changes whose rules are yet to be applied
	risen     int       // rises of a count, for maxRises
	next      []int     // full's counts, a buffer (see full)

	// Rules that move every thread (broadcasts, transfers) are applied
	// whole, once per round for each shared state that changed, not
	// once per change: on programs with many broadcast rules, applying
	// them per change made this the most expensive step of Check.
	dirty     []bool  // shared state -> in dirtyList
	dirtyList []int32 // shared states whose whole rules are to be applied
}

// change is a rise of the count of local l at shared state s; l < 0:
// the shared state became reachable.
type change struct{ s, l int32 }

// reachShared makes s reachable. Only reachable shared states get their
// counts: bfc's files may have hundreds of thousands of shared and local
// states and few reachable.
func (f *fixpoint) reachShared(s int32) {
	if !f.inv.shared[s] {
		f.inv.shared[s] = true
		f.inv.caps[s] = make([]uint8, f.c.locals)
		f.work = append(f.work, change{s, -1})
	}
}

// raise raises the count of l at s to v, if that is a rise.
func (f *fixpoint) raise(s, l int32, v uint8) {
	f.reachShared(s)
	if v > f.inv.caps[s][l] {
		f.inv.caps[s][l] = v
		f.work = append(f.work, change{s, l})
		f.risen++
	}
}

// passive is what one rule leaves of the threads in y besides its active
// thread in l.
func passive(caps []uint8, y, l int32) int {
	if y != l {
		return int(caps[y])
	}
	if caps[l] == many {
		return many
	}
	return 0
}

// full applies rule r to everything known at its source shared state.
// Its counts go into one buffer, cleared at every call: a new one per
// call was half of the counter engine's allocations (1 GB in 4 s on six
// guarded workers, garbage that the race's other engines pay to collect
// too).
func (f *fixpoint) full(r *rule) {
	caps := f.inv.caps[r.s]
	if r.kind != tts.Transfer && caps[r.l] == 0 {
		return
	}
	f.reachShared(r.s2)
	next := f.next
	clear(next)
	for y := range int32(f.c.locals) {
		var v int
		switch r.kind {
		case tts.Spawn:
			v = int(caps[y])
		case tts.Transfer:
			v = int(caps[y])
			if y == r.l {
				next[r.l2] += v
				continue
			}
		default:
			v = passive(caps, y, r.l)
			if qs, ok := r.to[y]; ok {
				for _, q := range qs {
					next[q] += v
				}
				continue
			}
		}
		next[y] += v
	}
	if r.kind != tts.Transfer {
		next[r.l2]++
	}
	for x, v := range next {
		if v > 0 {
			f.raise(r.s2, int32(x), sat(v))
		}
	}
}

// applyDirty applies the whole rules of the shared states that changed
// since the last round.
func (f *fixpoint) applyDirty() {
	for _, s := range f.dirtyList {
		f.dirty[s] = false
		for _, ri := range f.rulesFrom[s] {
			if r := &f.c.rules[ri]; r.kind == tts.Transfer || r.to != nil {
				f.full(r)
			}
		}
	}
	f.dirtyList = f.dirtyList[:0]
}

// propagate applies the rules from ch's shared state to the change, or
// marks the shared state dirty for its whole rules.
func (f *fixpoint) propagate(ch change) {
	caps := f.inv.caps[ch.s]
	for _, ri := range f.rulesFrom[ch.s] {
		r := &f.c.rules[ri]
		switch {
		case r.kind == tts.Transfer || r.to != nil:
			if !f.dirty[ch.s] {
				f.dirty[ch.s] = true
				f.dirtyList = append(f.dirtyList, ch.s)
			}
		case ch.l < 0:
		case ch.l == r.l:
			// The rule may have become enabled, or its own local
			// may now keep threads: everything known at s meets it.
			f.full(r)
		case caps[r.l] > 0:
			// One more local at s: its threads stay (or, in l2,
			// join the active thread).
			v := passive(caps, ch.l, r.l)
			if r.kind == tts.Spawn {
				v = int(caps[ch.l])
			}
			if ch.l == r.l2 {
				v++
			}
			if v > 0 {
				f.raise(r.s2, ch.l, sat(v))
			}
		}
	}
}

// boxes are the invariant's boxes, one per reachable shared state.
func (inv *invariant) boxes() []Box {
	var out []Box
	for s, reached := range inv.shared {
		if !reached {
			continue
		}
		box := Box{Shared: s}
		for l, v := range inv.caps[s] {
			switch v {
			case many:
				box.Bounds = append(box.Bounds, Bound{l, -1})
			case 1:
				box.Bounds = append(box.Bounds, Bound{l, 1})
			}
		}
		out = append(out, box)
	}
	return out
}

// intersection is the configurations both overapproximations hold; it is
// closed under successors when both are. The backward search keeps
// elements pruned by the first, so a certificate needs the intersection,
// not the second alone.
type intersection struct{ a, b overapprox }

func (x intersection) allows(s int32, m ms) bool {
	return (x.a == nil || x.a.allows(s, m)) && x.b.allows(s, m)
}

func (x intersection) boxes() []Box {
	if x.a == nil {
		return x.b.boxes()
	}
	as := map[int][]Box{}
	for _, b := range x.a.boxes() {
		as[b.Shared] = append(as[b.Shared], b)
	}
	var out []Box
	for _, b := range x.b.boxes() {
		for _, a := range as[b.Shared] {
			out = append(out, meet(a, b))
		}
	}
	return out
}

// meet is the intersection of two boxes at the same shared state.
func meet(a, b Box) Box {
	bound := func(x Box, l int) int {
		if i, ok := slices.BinarySearchFunc(x.Bounds, l, func(b Bound, l int) int { return b.Local - l }); ok {
			return x.Bounds[i].Max
		}
		return x.Others
	}
	lower := func(x, y int) int {
		switch {
		case x == -1:
			return y
		case y == -1:
			return x
		}
		return min(x, y)
	}
	out := Box{Shared: a.Shared, Others: lower(a.Others, b.Others)}
	locals := map[int]bool{}
	for _, bd := range append(slices.Clone(a.Bounds), b.Bounds...) {
		locals[bd.Local] = true
	}
	for l := range locals {
		if n := lower(bound(a, l), bound(b, l)); n != out.Others {
			out.Bounds = append(out.Bounds, Bound{l, n})
		}
	}
	slices.SortFunc(out.Bounds, func(x, y Bound) int { return x.Local - y.Local })
	return out
}
