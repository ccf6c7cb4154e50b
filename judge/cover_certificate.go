package judge

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/bopgo/bopgo/tts"
)

// inf is the bound "any number" (-1 in the input).
const inf = -1

// leq compares bounds with inf above every number.
func leq(a, b int) bool { return b == inf || (a != inf && a <= b) }

// plus adds bounds.
func plus(a, b int) int {
	if a == inf || b == inf {
		return inf
	}
	return a + b
}

// certChecker holds a certificate indexed for membership tests.
type certChecker struct {
	p       Coverability
	basis   *basisIndex
	rules   *ruleIndex
	boxes   map[int][]*box // by shared state
	list    []*box         // in the certificate's order
	exact   map[string]bool
	sources map[[2]int][]int // (shared, local) -> rules
	free    map[int][]int    // shared -> transfer rules
}

// inI reports whether the configuration lies in some box.
func (k *certChecker) inI(s int, c config) bool {
	for _, b := range k.boxes[s] {
		ok := true
		for _, o := range c {
			if !leq(o.n, b.bound(o.local)) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// inBoxes reports whether the box lies within one box of I.
func (k *certChecker) inBoxes(a *box) bool {
	if k.exact[a.key()] {
		return true
	}
	for _, b := range k.boxes[a.shared] {
		if a.within(b) {
			return true
		}
	}
	return false
}

// CheckCertificate checks c against the problem: that the upward
// closure U of c's basis and the union I of its boxes show the target
// not coverable. It checks that
//
//   - I holds every initial configuration and is closed under
//     successors (boxClosed);
//   - U holds no initial configuration;
//   - the target is in U or outside I;
//   - every configuration from which one step reaches U is in U or
//     outside I: for every basis element e and every rule r, every
//     minimal predecessor of e's upward closure under r (minimalPre).
//
// Then U ∪ ¬I is upward-closed (¬I is, I being a union of boxes, which
// are downward-closed), closed under predecessors (a predecessor of ¬I
// is outside I, since I is closed under successors), holds the target
// and no initial configuration (those are in I and outside U): no run
// from an initial configuration reaches the target, and every
// configuration covering the target is in U ∪ ¬I, so none is reachable.
//
// The last check is the costly one, a rule and a basis element at a
// time; it skips, with a proof, the pairs that cannot fail (see
// ruleIndex.rulesFor: a rule that keeps e's shared state and adds no
// thread where e has one has only predecessors above e, in U) and tests
// membership in U through an index of the basis that answers yes only
// with an element below the configuration in hand (basisIndex.below).
// Nothing is taken from the engine but the certificate itself.
func (p Coverability) CheckCertificate(c *tts.Certificate) error {
	return p.CheckCertificateContext(context.Background(), c)
}

// CheckCertificateContext is CheckCertificate, which gives up with
// ctx's error when ctx ends: a large certificate takes long to check.
func (p Coverability) CheckCertificateContext(ctx context.Context, c *tts.Certificate) error {
	if c == nil {
		return fmt.Errorf("no certificate")
	}
	k, err := newCertChecker(p, c)
	if err != nil {
		return err
	}
	if err := k.initial(); err != nil {
		return err
	}
	target := configOf(countsOf(p.Target.Bounded))
	if k.inI(p.Target.Shared, target) && !k.basis.below(p.Target.Shared, target) {
		return fmt.Errorf("the target is inside the invariant and outside the basis's closure")
	}
	if err := k.boxesClosed(ctx); err != nil {
		return err
	}
	return k.basisClosed(ctx)
}

// boxesClosed checks that I is closed under successors, a box at a time.
func (k *certChecker) boxesClosed(ctx context.Context) error {
	for _, b := range k.list {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := k.boxClosed(b); err != nil {
			return err
		}
	}
	return nil
}

// initial checks that the initial configurations (B plus any number in
// each unbounded local) lie within one box of the invariant and above
// no basis element.
func (k *certChecker) initial() error {
	p := k.p
	s0 := p.Init.Shared
	bounded := countsOf(p.Init.Bounded)
	var limits []limit
	for l, n := range bounded {
		limits = append(limits, limit{l, n})
	}
	for _, l := range p.Init.Unbounded {
		limits = append(limits, limit{l, inf})
	}
	initBox := newBox(s0, 0, limits)
	if !k.inBoxes(initBox) {
		return fmt.Errorf("the initial configurations are not within one box of the invariant")
	}
	for _, e := range k.basis.byShare[s0] {
		b := k.basis.elems[e]
		below := true // b lies below some initial configuration
		for _, o := range b {
			if o.n > bounded[o.local] && !p.unbounded(o.local) {
				below = false
			}
		}
		if below {
			return fmt.Errorf("an initial configuration lies above basis element %d|%v", s0, b.counts())
		}
	}
	return nil
}

// newCertChecker indexes c for p, and checks the boxes' bounds.
func newCertChecker(p Coverability, c *tts.Certificate) (*certChecker, error) {
	k := &certChecker{p: p, basis: newBasisIndex(c.Basis, hashPart), rules: newRuleIndex(p.System.Rules),
		boxes: map[int][]*box{}, exact: map[string]bool{}, sources: map[[2]int][]int{}, free: map[int][]int{}}
	for _, b := range c.Boxes {
		if b.Others != 0 && b.Others != inf {
			return nil, fmt.Errorf("box at shared state %d: others bound %d is neither 0 nor -1", b.Shared, b.Others)
		}
		limits := make([]limit, len(b.Bounds))
		for i, bd := range b.Bounds {
			if bd.Max < inf {
				return nil, fmt.Errorf("box at shared state %d: bound %d", b.Shared, bd.Max)
			}
			limits[i] = limit{bd.Local, bd.Max}
		}
		x := newBox(b.Shared, b.Others, limits)
		k.boxes[b.Shared] = append(k.boxes[b.Shared], x)
		k.exact[x.key()] = true
		k.list = append(k.list, x)
	}
	for i, r := range p.System.Rules {
		if r.Kind == tts.Transfer {
			k.free[r.From.Shared] = append(k.free[r.From.Shared], i)
		} else {
			key := [2]int{r.From.Shared, r.From.Local}
			k.sources[key] = append(k.sources[key], i)
		}
	}
	return k, nil
}

// basisClosed checks that every configuration from which one step leads
// into U is in U or outside I, a basis element at a time.
func (k *certChecker) basisClosed(ctx context.Context) error {
	seen := make([]int, len(k.p.System.Rules))
	for e, b := range k.basis.elems {
		if e%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := k.closedBelow(seen, e, b); err != nil {
			return err
		}
	}
	return nil
}

// closedBelow checks that every configuration from which one step leads
// above basis element e (b) is in U or outside I (seen: rulesFor's).
func (k *certChecker) closedBelow(seen []int, e int, b config) error {
	s := k.basis.shared[e]
	return k.rules.rulesFor(seen, e, s, b, func(i int) error {
		r := k.p.System.Rules[i]
		for _, c := range minimalPre(r, b) {
			if r.From.Shared == s && c.above(b) {
				continue // b itself lies below
			}
			if k.inI(r.From.Shared, c) && !k.basis.below(r.From.Shared, c) {
				return fmt.Errorf("rule %d (line %d, %s): predecessor %d|%v of basis element %d|%v is inside the invariant and outside the basis's closure",
					i, r.Line, r.String(), r.From.Shared, c.counts(), s, b.counts())
			}
		}
		return nil
	})
}

// boxClosed checks that every rule enabled somewhere in b leads into the
// invariant. A box's image holds, per local, the most threads a
// successor can have there; it lies within one box of I, which suffices
// as each successor lies within the image. A rule that keeps b's shared
// state leaves the image with b's bound everywhere but in the locals it
// moves (moved), so where the image's bounds there are b's or below, it
// lies within b itself, and the rest of the image is not built.
func (k *certChecker) boxClosed(b *box) error {
	var rules []int
	if b.others == inf {
		for i, r := range k.p.System.Rules {
			if r.From.Shared == b.shared {
				rules = append(rules, i)
			}
		}
	} else {
		for _, l := range b.max {
			if l.max != 0 {
				rules = append(rules, k.sources[[2]int{b.shared, l.local}]...)
			}
		}
		rules = append(rules, k.free[b.shared]...)
		slices.Sort(rules)
	}
	for _, i := range rules {
		if err := k.imageInside(b, i); err != nil {
			return err
		}
	}
	return nil
}

// imageInside checks that rule i leads from b into the invariant.
func (k *certChecker) imageInside(b *box, i int) error {
	r := k.p.System.Rules[i]
	if b.others == 0 && r.To.Shared == b.shared && imageWithinAt(r, b) {
		return nil
	}
	if !k.inBoxes(image(r, b)) {
		return fmt.Errorf("rule %d (line %d, %s) leads from a box at shared state %d out of the invariant", i, r.Line, r.String(), b.shared)
	}
	return nil
}

// minimalPre lists configurations whose upward closure is every
// configuration from which r reaches one covering b. (Non-minimal
// members are harmless: each is checked like the others.)
func minimalPre(r tts.Rule, b config) []config {
	l, l2 := r.From.Local, r.To.Local
	switch r.Kind {
	case tts.Spawn:
		c := b.plus(l2, -1)
		if c.count(l) == 0 {
			c = c.plus(l, 1)
		}
		return []config{c}
	case tts.Transfer:
		if l == l2 {
			return []config{b}
		}
		if b.count(l) > 0 {
			return nil
		}
		var out []config
		for j := 0; j <= b.count(l2); j++ {
			out = append(out, b.plus(l2, -j).plus(l, j))
		}
		return out
	}
	return movePre(r, b)
}

// movePre is minimalPre for a rule that moves one thread from
// r.From.Local to r.To.Local, and the other threads along r.Passes (if
// any): the moving thread, and for each other thread of b an origin its
// pass can have taken it from.
func movePre(r tts.Rule, b config) []config {
	l := r.From.Local
	need := b.plus(r.To.Local, -1)
	if len(r.Passes) == 0 {
		// Every other thread stays: the need and the active thread.
		return []config{need.plus(l, 1)}
	}
	targets := passTargets(r)
	// origins lists where a thread found in x afterwards may have been.
	origins := func(x int) []int {
		var o []int
		if _, listed := targets[x]; !listed {
			o = append(o, x)
		}
		for p, qs := range targets {
			for _, q := range qs {
				if q == x {
					o = append(o, p)
					break
				}
			}
		}
		sort.Ints(o)
		return o
	}
	// Choose an origin for each needed thread, one at a time.
	var units []int
	for _, o := range need {
		for range o.n {
			units = append(units, o.local)
		}
	}
	var out []config
	c := counts{l: 1}
	var choose func(i, from int)
	choose = func(i, from int) {
		if i == len(units) {
			out = append(out, configOf(c))
			return
		}
		// Threads in the same local are interchangeable: origins of
		// equal units are chosen in nondecreasing order.
		o := origins(units[i])
		if len(o) == 0 {
			return
		}
		start := 0
		if i > 0 && units[i-1] == units[i] {
			start = from
		}
		for j := start; j < len(o); j++ {
			c[o[j]]++
			choose(i+1, j)
			c[o[j]]--
		}
	}
	choose(0, 0)
	return out
}
