package judge

import (
	"slices"
	"sort"

	"github.com/bopgo/bopgo/tts"
)

// The basis of a certificate, indexed for the two questions its check
// asks of it a million times on a large proof (TryLockWorkers n=6 k=3:
// 187,115 elements, 2,076 rules): which rules can take a configuration
// to one above an element (rulesFor), and whether some element lies
// below a configuration (below).

// config is a configuration's threads as a count per occupied local,
// sorted by local; every count is positive.
type config []occupancy

type occupancy struct{ local, n int }

func configOf(c counts) config {
	out := make(config, 0, len(c))
	for l, n := range c {
		if n > 0 {
			out = append(out, occupancy{l, n})
		}
	}
	slices.SortFunc(out, func(a, b occupancy) int { return a.local - b.local })
	return out
}

func (c config) counts() counts {
	m := make(counts, len(c))
	for _, o := range c {
		m[o.local] = o.n
	}
	return m
}

// count is the number of threads in l.
func (c config) count(l int) int {
	i, found := slices.BinarySearchFunc(c, l, func(o occupancy, l int) int { return o.local - l })
	if !found {
		return 0
	}
	return c[i].n
}

// plus is c with delta more threads in l (a new configuration), none
// fewer than 0.
func (c config) plus(l, delta int) config {
	i, found := slices.BinarySearchFunc(c, l, func(o occupancy, l int) int { return o.local - l })
	out := make(config, 0, len(c)+1)
	out = append(out, c[:i]...)
	n := delta
	if found {
		n += c[i].n
		i++
	}
	if n > 0 {
		out = append(out, occupancy{l, n})
	}
	return append(out, c[i:]...)
}

// above reports c >= d pointwise.
func (c config) above(d config) bool {
	i := 0
	for _, o := range d {
		for i < len(c) && c[i].local < o.local {
			i++
		}
		if i == len(c) || c[i].local != o.local || c[i].n < o.n {
			return false
		}
	}
	return true
}

// basisIndex holds the basis elements in the certificate's order.
type basisIndex struct {
	elems  []config
	shared []int
	sigs   []signature
	// byShare[s] is the elements at shared state s, by number of
	// threads (the scan of below stops at the first larger than the
	// configuration it tests).
	byShare map[int][]int32
	// byHash is the elements by their hash (hashOf), which sums hash
	// over their locals (hashPart; the tests try a hash that collides).
	byHash map[uint64][]int32
	hash   func(l, n int) uint64
}

func newBasisIndex(basis []tts.Config, hash func(l, n int) uint64) *basisIndex {
	x := &basisIndex{byShare: map[int][]int32{}, byHash: map[uint64][]int32{}, hash: hash}
	for i, b := range basis {
		c := configOf(countsOf(b.Locals))
		x.elems = append(x.elems, c)
		x.shared = append(x.shared, b.Shared)
		x.sigs = append(x.sigs, signatureOf(c))
		x.byShare[b.Shared] = append(x.byShare[b.Shared], int32(i))
		h := x.hashOf(b.Shared, c)
		x.byHash[h] = append(x.byHash[h], int32(i))
	}
	for _, is := range x.byShare {
		sort.SliceStable(is, func(a, b int) bool { return x.sigs[is[a]].total < x.sigs[is[b]].total })
	}
	return x
}

// signature is a cheap necessary condition for b <= c: b's total and
// the set of its locals (folded into 64 bits) fit within c's.
type signature struct {
	total int
	bits  uint64
}

func signatureOf(c config) signature {
	var g signature
	for _, o := range c {
		g.total += o.n
		g.bits |= 1 << (uint(o.local) % 64)
	}
	return g
}

// hashOf is a hash of the configuration at shared state s: a sum over
// its locals, so that the hash of a sub-multiset is built a local at a
// time (below).
func (x *basisIndex) hashOf(s int, c config) uint64 {
	h := x.hash(s, 0) // no local has a count of 0
	for _, o := range c {
		h += x.hash(o.local, o.n)
	}
	return h
}

// hashPart mixes a local and its count (splitmix64's finaliser).
func hashPart(l, n int) uint64 {
	x := uint64(l)<<32 ^ uint64(uint32(n))
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// below reports whether some element at shared state s lies below c.
// It says yes only after comparing c with such an element (above): the
// hash only proposes candidates, so a collision costs a comparison and
// never a wrong yes. Every element below c is a sub-multiset of c, so
// when c has fewer sub-multisets than there are elements at s it looks
// each up by its hash; otherwise it scans the elements.
func (x *basisIndex) below(s int, c config) bool {
	at := x.byShare[s]
	subs := 1
	for _, o := range c {
		if subs *= o.n + 1; subs > len(at) {
			return x.scan(at, c)
		}
	}
	return x.subsetBelow(s, c, 0, x.hash(s, 0))
}

// subsetBelow looks up the sub-multisets of c that agree with it below
// its i-th local and whose part there hashes to h.
func (x *basisIndex) subsetBelow(s int, c config, i int, h uint64) bool {
	if i == len(c) {
		for _, e := range x.byHash[h] {
			if x.shared[e] == s && c.above(x.elems[e]) {
				return true
			}
		}
		return false
	}
	if x.subsetBelow(s, c, i+1, h) {
		return true
	}
	for n := 1; n <= c[i].n; n++ {
		if x.subsetBelow(s, c, i+1, h+x.hash(c[i].local, n)) {
			return true
		}
	}
	return false
}

// scan compares c with the elements at, in order of threads.
func (x *basisIndex) scan(at []int32, c config) bool {
	g := signatureOf(c)
	for _, e := range at {
		h := x.sigs[e]
		if h.total > g.total {
			return false // the rest have more threads still
		}
		if h.bits&^g.bits == 0 && c.above(x.elems[e]) {
			return true
		}
	}
	return false
}

// ruleIndex lists, per shared state s, the rules that lead into s from
// another shared state, and per local of s the rules that keep s and can
// add a thread there (adding).
type ruleIndex struct {
	into   map[int][]int32
	adding map[[2]int][]int32
}

func newRuleIndex(rules []tts.Rule) *ruleIndex {
	x := &ruleIndex{into: map[int][]int32{}, adding: map[[2]int][]int32{}}
	for i, r := range rules {
		s := r.From.Shared
		if r.To.Shared != s {
			x.into[r.To.Shared] = append(x.into[r.To.Shared], int32(i))
			continue
		}
		for _, l := range adding(r) {
			x.adding[[2]int{s, l}] = append(x.adding[[2]int{s, l}], int32(i))
		}
	}
	return x
}

// adding lists the locals where r can leave more threads than it found
// (with repeats): its target, and for a broadcast every local a passive
// thread may go to. In every other local a step under r leaves at most
// the threads it found.
func adding(r tts.Rule) []int {
	ls := []int{r.To.Local}
	for _, ps := range r.Passes {
		ls = append(ls, ps.To)
	}
	return ls
}

// rulesFor calls f on each rule that can take some configuration at
// element e's shared state s outside the upward closure of e to one
// inside it, once each (seen holds, per rule, the last element it was
// listed for plus 1; e numbers the element): the rules into
// s from another shared state, and those that keep s and can add a
// thread to a local where e has one. Any other rule r keeps s and adds
// no thread where e has one, so a step under r from c to d >= e has
// c(l) >= d(l) >= e(l) wherever e(l) > 0: c is above e already.
func (x *ruleIndex) rulesFor(seen []int, e, s int, elem config, f func(int) error) error {
	for _, ri := range x.into[s] {
		if err := f(int(ri)); err != nil {
			return err
		}
	}
	for _, o := range elem {
		for _, ri := range x.adding[[2]int{s, o.local}] {
			if seen[ri] == e+1 {
				continue
			}
			seen[ri] = e + 1
			if err := f(int(ri)); err != nil {
				return err
			}
		}
	}
	return nil
}
