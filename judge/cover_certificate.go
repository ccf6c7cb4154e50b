package judge

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

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

// box is a tts.Box as a map, with the bound of unlisted locals.
type box struct {
	shared int
	max    map[int]int
	others int
}

func (b *box) bound(l int) int {
	if n, ok := b.max[l]; ok {
		return n
	}
	return b.others
}

// within reports a ⊆ b.
func (a *box) within(b *box) bool {
	if a.shared != b.shared || !leq(a.others, b.others) {
		return false
	}
	for l, n := range a.max {
		if !leq(n, b.bound(l)) {
			return false
		}
	}
	for l, n := range b.max {
		if _, listed := a.max[l]; !listed && !leq(a.others, n) {
			return false
		}
	}
	return true
}

// key names a box for exact lookups.
func (b *box) key() string {
	ls := make([]int, 0, len(b.max))
	for l := range b.max {
		ls = append(ls, l)
	}
	sort.Ints(ls)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d/%d", b.shared, b.others)
	for _, l := range ls {
		sb.WriteString(" " + strconv.Itoa(l) + ":" + strconv.Itoa(b.max[l]))
	}
	return sb.String()
}

// certChecker holds a certificate indexed for membership tests.
type certChecker struct {
	p       Coverability
	byShare map[int][]counts
	sigs    map[int][]signature // parallel to byShare
	// byLeast[s][l]: the basis elements at s (indices into byShare[s])
	// whose least local with a thread is l; -1 for the empty one. An
	// element below c has its least local among c's, so inU looks only
	// there.
	byLeast map[int]map[int][]int
	boxes   map[int][]*box
	exact   map[string]bool
	sources map[[2]int][]int // (shared, local) -> rules
	free    map[int][]int    // shared -> transfer rules
}

// signature is a cheap necessary condition for b <= c: b's total and
// the set of its locals (folded into 64 bits) fit within c's.
type signature struct {
	total int
	bits  uint64
}

func signatureOf(c counts) signature {
	var g signature
	for l, n := range c {
		if n > 0 {
			g.total += n
			g.bits |= 1 << (uint(l) % 64)
		}
	}
	return g
}

// inI reports whether the configuration lies in some box.
func (k *certChecker) inI(s int, c counts) bool {
	for _, b := range k.boxes[s] {
		ok := true
		for l, n := range c {
			if n > 0 && !leq(n, b.bound(l)) {
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

// inU reports whether some basis element lies below the configuration.
func (k *certChecker) inU(s int, c counts) bool {
	g := signatureOf(c)
	bs, sigs, byLeast := k.byShare[s], k.sigs[s], k.byLeast[s]
	below := func(is []int) bool {
		for _, i := range is {
			h := sigs[i]
			if h.total > g.total {
				return false // the rest have more threads still (indexBasis)
			}
			if h.bits&^g.bits == 0 && c.geq(bs[i]) {
				return true
			}
		}
		return false
	}
	if below(byLeast[-1]) {
		return true
	}
	for l, n := range c {
		if n > 0 && below(byLeast[l]) {
			return true
		}
	}
	return false
}

// indexBasis orders the basis elements at shared state s by their number
// of threads, so that inU stops at the first one larger than the
// configuration it tests, and groups them by their least local (byLeast).
func (k *certChecker) indexBasis(s int) {
	bs, sigs := k.byShare[s], k.sigs[s]
	idx := make([]int, len(bs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return sigs[idx[a]].total < sigs[idx[b]].total })
	sortedBs, sortedSigs := make([]counts, len(bs)), make([]signature, len(bs))
	for i, j := range idx {
		sortedBs[i], sortedSigs[i] = bs[j], sigs[j]
	}
	k.byShare[s], k.sigs[s] = sortedBs, sortedSigs
	k.byLeast[s] = map[int][]int{}
	for i, b := range sortedBs {
		least := -1
		for l, n := range b {
			if n > 0 && (least < 0 || l < least) {
				least = l
			}
		}
		k.byLeast[s][least] = append(k.byLeast[s][least], i)
	}
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

// CheckCertificate checks c against the problem (see the package
// comment for what is checked and why it suffices).
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
	target := countsOf(p.Target.Bounded)
	if k.inI(p.Target.Shared, target) && !k.inU(p.Target.Shared, target) {
		return fmt.Errorf("the target is inside the invariant and outside the basis's closure")
	}
	return k.closed(ctx)
}

// newCertChecker indexes c's basis and boxes, and p's rules by source.
func newCertChecker(p Coverability, c *tts.Certificate) (*certChecker, error) {
	k := &certChecker{p: p, byShare: map[int][]counts{}, sigs: map[int][]signature{}, byLeast: map[int]map[int][]int{},
		boxes: map[int][]*box{}, exact: map[string]bool{}, sources: map[[2]int][]int{}, free: map[int][]int{}}
	for _, b := range c.Basis {
		bc := countsOf(b.Locals)
		k.byShare[b.Shared] = append(k.byShare[b.Shared], bc)
		k.sigs[b.Shared] = append(k.sigs[b.Shared], signatureOf(bc))
	}
	for sh := range k.byShare {
		k.indexBasis(sh)
	}
	for _, b := range c.Boxes {
		if b.Others != 0 && b.Others != inf {
			return nil, fmt.Errorf("box at shared state %d: others bound %d is neither 0 nor -1", b.Shared, b.Others)
		}
		x := &box{shared: b.Shared, max: map[int]int{}, others: b.Others}
		for _, bd := range b.Bounds {
			if bd.Max < inf {
				return nil, fmt.Errorf("box at shared state %d: bound %d", b.Shared, bd.Max)
			}
			x.max[bd.Local] = bd.Max
		}
		k.boxes[b.Shared] = append(k.boxes[b.Shared], x)
		k.exact[x.key()] = true
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

// initial checks that the initial configurations (B plus any number in
// each unbounded local) lie within one box of the invariant and above
// no basis element.
func (k *certChecker) initial() error {
	p := k.p
	s0 := p.Init.Shared
	bounded := countsOf(p.Init.Bounded)
	initBox := &box{shared: s0, max: map[int]int{}}
	for l, n := range bounded {
		initBox.max[l] = n
	}
	for _, l := range p.Init.Unbounded {
		initBox.max[l] = inf
	}
	if !k.inBoxes(initBox) {
		return fmt.Errorf("the initial configurations are not within one box of the invariant")
	}
	for _, b := range k.byShare[s0] {
		below := true // b lies below some initial configuration
		for l, n := range b {
			if n > bounded[l] && !p.unbounded(l) {
				below = false
			}
		}
		if below {
			return fmt.Errorf("an initial configuration lies above basis element %d|%v", s0, b)
		}
	}
	return nil
}

// closed checks that every box is closed under the rules, and that no
// rule leads from inside the invariant and outside the basis's closure
// to a basis element.
func (k *certChecker) closed(ctx context.Context) error {
	for _, bs := range k.boxes {
		for _, b := range bs {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := k.boxClosed(b); err != nil {
				return err
			}
		}
	}
	for i, r := range k.p.System.Rules {
		for _, b := range k.byShare[r.To.Shared] {
			if err := ctx.Err(); err != nil {
				return err
			}
			for _, pre := range minimalPre(r, b) {
				if k.inI(r.From.Shared, pre) && !k.inU(r.From.Shared, pre) {
					return fmt.Errorf("rule %d (line %d, %s): predecessor %d|%v of basis element %d|%v is inside the invariant and outside the basis's closure",
						i, r.Line, r.String(), r.From.Shared, pre, r.To.Shared, b)
				}
			}
		}
	}
	return nil
}

// boxClosed checks that every rule enabled somewhere in b leads into the
// invariant. A box's image holds, per local, the most threads a
// successor can have there; it lies within one box of I, which suffices
// as each successor lies within the image.
func (k *certChecker) boxClosed(b *box) error {
	var rules []int
	if b.others == inf {
		for i, r := range k.p.System.Rules {
			if r.From.Shared == b.shared {
				rules = append(rules, i)
			}
		}
	} else {
		for l, n := range b.max {
			if n != 0 {
				rules = append(rules, k.sources[[2]int{b.shared, l}]...)
			}
		}
		rules = append(rules, k.free[b.shared]...)
	}
	for _, i := range rules {
		r := k.p.System.Rules[i]
		img := image(r, b)
		if !k.inBoxes(img) {
			return fmt.Errorf("rule %d (line %d, %s) leads from a box at shared state %d out of the invariant", i, r.Line, r.String(), b.shared)
		}
	}
	return nil
}

// image is the smallest box holding every successor under r of a
// configuration of b that enables r.
func image(r tts.Rule, b *box) *box {
	out := &box{shared: r.To.Shared, max: map[int]int{}, others: b.others}
	if b.others == inf {
		return out // every count unbounded before, so after
	}
	targets := passTargets(r)
	for y, n := range b.max {
		if r.Kind == tts.Move && y == r.From.Local && n != inf {
			n-- // the active thread leaves
		}
		dest := []int{y}
		switch {
		case r.Kind == tts.Transfer && y == r.From.Local:
			dest = []int{r.To.Local}
		case r.Kind == tts.Move && targets[y] != nil:
			dest = targets[y]
		}
		for _, x := range dest {
			out.max[x] = plus(out.max[x], n)
		}
	}
	if r.Kind != tts.Transfer {
		out.max[r.To.Local] = plus(out.max[r.To.Local], 1)
	}
	for l, n := range out.max {
		if n == 0 {
			delete(out.max, l)
		}
	}
	return out
}

// minimalPre lists configurations whose upward closure is every
// configuration from which r reaches one covering b. (Non-minimal
// members are harmless: each is checked like the others.)
func minimalPre(r tts.Rule, b counts) []counts {
	l, l2 := r.From.Local, r.To.Local
	switch r.Kind {
	case tts.Spawn:
		c := b.clone()
		if c[l2] > 0 {
			c[l2]--
		}
		if c[l] == 0 {
			c[l] = 1
		}
		return []counts{c}
	case tts.Transfer:
		if l == l2 {
			return []counts{b.clone()}
		}
		if b[l] > 0 {
			return nil
		}
		var out []counts
		for j := 0; j <= b[l2]; j++ {
			c := b.clone()
			c[l2] -= j
			c[l] += j
			out = append(out, c)
		}
		return out
	}
	return movePre(r, b)
}

// movePre is minimalPre for a rule that moves one thread from
// r.From.Local to r.To.Local, and the other threads along r.Passes (if
// any): the moving thread, and for each other thread of b an origin its
// pass can have taken it from.
func movePre(r tts.Rule, b counts) []counts {
	l, l2 := r.From.Local, r.To.Local
	need := b.clone()
	if need[l2] > 0 {
		need[l2]--
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
	for x, n := range need {
		for range n {
			units = append(units, x)
		}
	}
	sort.Ints(units)
	var out []counts
	c := counts{l: 1}
	var choose func(i, from int)
	choose = func(i, from int) {
		if i == len(units) {
			out = append(out, c.clone())
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
