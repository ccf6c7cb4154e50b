package covercheck

import (
	"fmt"
	"sort"

	"github.com/bopgo/bopgo/tts"
)

// certChecker holds a certificate indexed for membership tests.
type certChecker struct {
	p       Problem
	c       *Certificate
	byShare map[int][]counts
	sigs    map[int][]signature // parallel to byShare
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

// inI reports whether the configuration is inside the invariant.
func (k *certChecker) inI(s int, c counts) bool {
	if s < 0 || s >= len(k.c.Shared) || !k.c.Shared[s] {
		return false
	}
	for l, n := range c {
		if cp := k.capOf(s, l); n > 0 && cp >= 0 && n > cp {
			return false
		}
	}
	return true
}

// inU reports whether some basis element lies below the configuration.
func (k *certChecker) inU(s int, c counts) bool {
	g := signatureOf(c)
	for i, b := range k.byShare[s] {
		h := k.sigs[s][i]
		if h.total <= g.total && h.bits&^g.bits == 0 && c.geq(b) {
			return true
		}
	}
	return false
}

// capOf is the invariant's bound, -1 for any number (also for every
// local when Caps[s] is nil), 0 beyond the listed locals.
func (k *certChecker) capOf(s, l int) int {
	if k.c.Caps[s] == nil {
		return -1
	}
	if l < len(k.c.Caps[s]) {
		return k.c.Caps[s][l]
	}
	return 0
}

// CheckCertificate checks c against the problem (see the package
// comment for what is checked and why it suffices).
func (p Problem) CheckCertificate(c *Certificate) error {
	if c == nil {
		return fmt.Errorf("no certificate")
	}
	sys := p.System
	if len(c.Shared) < sys.Shared || len(c.Caps) != len(c.Shared) {
		return fmt.Errorf("invariant covers %d shared states, want at least %d", len(c.Shared), sys.Shared)
	}
	k := &certChecker{p: p, c: c, byShare: map[int][]counts{}, sigs: map[int][]signature{}}
	for _, b := range c.Basis {
		if b.Shared < 0 || b.Shared >= len(c.Shared) {
			return fmt.Errorf("basis element %v: shared state out of range", b)
		}
		bc := countsOf(b.Locals)
		k.byShare[b.Shared] = append(k.byShare[b.Shared], bc)
		k.sigs[b.Shared] = append(k.sigs[b.Shared], signatureOf(bc))
	}
	// Initial configurations: B plus any number in each unbounded local.
	s0 := p.Init.Shared
	if s0 >= len(c.Shared) || !c.Shared[s0] {
		return fmt.Errorf("the initial shared state %d is outside the invariant", s0)
	}
	bounded := countsOf(p.Init.Bounded)
	for l, n := range bounded {
		if cp := k.capOf(s0, l); cp >= 0 && n > cp {
			return fmt.Errorf("the invariant allows %d threads in initial local %d, not %d", cp, l, n)
		}
	}
	for _, l := range p.Init.Unbounded {
		if k.capOf(s0, l) >= 0 {
			return fmt.Errorf("the invariant bounds the unbounded initial local %d", l)
		}
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
	target := countsOf(p.Target.Bounded)
	if k.inI(p.Target.Shared, target) && !k.inU(p.Target.Shared, target) {
		return fmt.Errorf("the target is inside the invariant and outside the basis's closure")
	}
	for i, r := range sys.Rules {
		if err := k.invariantClosed(r); err != nil {
			return fmt.Errorf("rule %d (line %d, %s): %v", i, r.Line, r.String(), err)
		}
	}
	for i, r := range sys.Rules {
		for _, b := range k.byShare[r.To.Shared] {
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

// add is addition on bounds with -1 for infinity.
func add(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return a + b
}

// invariantClosed checks that r leads from the invariant into it. The
// invariant is a box per shared state, so it suffices that the largest
// count each local can have after r fits the box at r's target.
func (k *certChecker) invariantClosed(r tts.Rule) error {
	s, s2 := r.From.Shared, r.To.Shared
	if !k.c.Shared[s] {
		return nil
	}
	if r.Kind != tts.Transfer && k.capOf(s, r.From.Local) == 0 {
		return nil // never enabled inside the invariant
	}
	if !k.c.Shared[s2] {
		return fmt.Errorf("leads to shared state %d outside the invariant", s2)
	}
	// Locals with a rule or a nonzero bound are the ones that matter;
	// a nil box stands for every local of the system.
	nl := max(len(k.c.Caps[s]), k.p.System.Locals)
	most := make([]int, max(nl, len(k.c.Caps[s2]), k.p.System.Locals))
	targets := passTargets(r)
	for y := 0; y < nl; y++ {
		n := k.capOf(s, y)
		if r.Kind == tts.Move && y == r.From.Local && n > 0 {
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
			if x >= len(most) {
				return fmt.Errorf("local %d is outside the invariant", x)
			}
			most[x] = add(most[x], n)
		}
	}
	if r.To.Local >= len(most) {
		return fmt.Errorf("local %d is outside the invariant", r.To.Local)
	}
	if r.Kind != tts.Transfer {
		most[r.To.Local] = add(most[r.To.Local], 1)
	}
	for x, n := range most {
		cp := k.capOf(s2, x)
		if n != 0 && cp >= 0 && (n < 0 || n > cp) {
			return fmt.Errorf("may put %d threads into local %d at shared state %d, the invariant allows %d", n, x, s2, cp)
		}
	}
	return nil
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
