package judge

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// TestCertificateByEnumeration: on random small systems with every kind
// of rule, and certificates that the search proves, cuts or pads with
// random elements, or draws at random, the indexed check of closure
// under predecessors (basisClosed, which skips the pairs of a rule and
// an element that cannot fail and looks elements up by hash) agrees with
// the property it checks, decided by enumeration: no configuration
// inside the boxes and outside U has a successor in U. Enumerating the
// configurations of at most one thread more than the largest element
// decides it exactly: a minimal predecessor of an element's closure has
// at most one thread more than the element, and a configuration that
// breaks the property lies above a minimal predecessor that breaks it
// too (the boxes are downward-closed, U upward-closed). And a
// certificate that enumeration shows wrong on a few threads is refused.
func TestCertificateByEnumeration(t *testing.T) {
	t.Parallel()
	seeds := 3000
	if testing.Short() {
		seeds = 600
	}
	outcomes := map[bool]int{}
	refused := map[string]int{}
	for seed := range seeds {
		r := rand.New(rand.NewSource(int64(seed)))
		src, init, target := gen.TTS(r, 4, true)
		p := coverProblem(t, src, init, target)
		cert := basisRandomCertificate(t, r, p)
		threads := 1
		for _, e := range cert.Basis {
			threads = max(threads, len(e.Locals)+1)
		}
		if threads > 6 {
			continue
		}
		k, err := newCertChecker(p, cert)
		require.NoError(t, err)
		want := basisClosedByEnumeration(p.System, cert, threads)
		got := k.basisClosed(t.Context())
		require.Equal(t, want, got == nil, "seed %d: enumeration says closed %v, the check says %v\n%sbasis %v\nboxes %v", seed, want, got, src, cert.Basis, cert.Boxes)
		// A hash under which every configuration collides costs time,
		// never a wrong answer: below compares before it says yes.
		k.basis = newBasisIndex(cert.Basis, func(int, int) uint64 { return 0 })
		got = k.basisClosed(t.Context())
		require.Equal(t, want, got == nil, "seed %d, every hash equal: enumeration says closed %v, the check says %v", seed, want, got)
		outcomes[want]++
		// The whole certificate: one that fails a condition on a small
		// configuration is refused (the other direction, every true
		// certificate accepted, is tts/cover's tests').
		if why := certificateBrokenByEnumeration(p, cert, threads+2); why != "" {
			require.Error(t, p.CheckCertificate(cert), "seed %d: %s\n%sbasis %v\nboxes %v", seed, why, src, cert.Basis, cert.Boxes)
			refused[why]++
		}
		// Box by box and rule by rule.
		for _, left := range boxesLeftByEnumeration(p.System, cert, threads+2) {
			require.Error(t, k.imageInside(k.list[left[0]], left[1]), "seed %d: rule %d leads out of box %d\n%sboxes %v", seed, left[1], left[0], src, cert.Boxes)
			refused["a step out of the boxes, a box and a rule"]++
		}
	}
	t.Logf("closed: %d, not closed: %d; refused: %v", outcomes[true], outcomes[false], refused)
	require.Greater(t, outcomes[true], seeds/10)
	require.Greater(t, outcomes[false], seeds/10)
	require.Len(t, refused, 6, "every condition broken")
}

// basisRandomCertificate is the search's certificate for p (one of its
// algorithms, at random) with an element dropped or a random one added,
// or a box's bound lowered, or as it is; or, where the search finds the
// target covered, a random basis and random boxes.
func basisRandomCertificate(t *testing.T, r *rand.Rand, p Coverability) *tts.Certificate {
	S, L := p.System.Shared, p.System.Locals
	alg := []cover.Algorithm{cover.Plain, cover.Pruned, cover.Accelerated}[r.Intn(3)]
	res, err := cover.Check(t.Context(), p.System, cover.Options{Init: p.Init, Target: p.Target, Algorithm: alg, ForwardBudget: -1})
	require.NoError(t, err)
	randomConfig := func() tts.Config {
		c := tts.Config{Shared: r.Intn(S)}
		for range r.Intn(4) {
			c.Locals = append(c.Locals, r.Intn(L))
		}
		slices.Sort(c.Locals)
		return c
	}
	var cert tts.Certificate
	if res.Verdict == verdict.Safe {
		cert = *res.Cert.Checkable()
		switch r.Intn(4) {
		case 0:
			if len(cert.Basis) > 0 {
				i := r.Intn(len(cert.Basis))
				cert.Basis = slices.Delete(slices.Clone(cert.Basis), i, i+1)
			}
		case 1:
			cert.Basis = append(slices.Clone(cert.Basis), randomConfig())
		case 2:
			if len(cert.Boxes) > 0 {
				cert.Boxes = slices.Clone(cert.Boxes)
				b := &cert.Boxes[r.Intn(len(cert.Boxes))]
				b.Bounds = slices.Clone(b.Bounds)
				if len(b.Bounds) > 0 && r.Intn(2) == 0 {
					bd := &b.Bounds[r.Intn(len(b.Bounds))]
					bd.Max = max(bd.Max, 2) - 1
				} else {
					b.Others = 0
				}
			}
		}
		return &cert
	}
	for range r.Intn(6) {
		cert.Basis = append(cert.Basis, randomConfig())
	}
	for s := range S {
		switch r.Intn(3) {
		case 0:
			cert.Boxes = append(cert.Boxes, tts.Box{Shared: s, Others: inf})
		case 1:
			b := tts.Box{Shared: s, Others: []int{0, inf}[r.Intn(2)]}
			for l := range L {
				if r.Intn(2) == 0 {
					b.Bounds = append(b.Bounds, tts.Bound{Local: l, Max: r.Intn(4) - 1})
				}
			}
			cert.Boxes = append(cert.Boxes, b)
		}
	}
	return &cert
}

// basisClosedByEnumeration reports whether no configuration at most
// threads strong, inside the boxes and outside the basis's closure, has
// a successor in the closure.
func basisClosedByEnumeration(sys *tts.System, cert *tts.Certificate, threads int) bool {
	configs := basisConfigs(sys.Locals, threads)
	for s := range sys.Shared {
		for _, ls := range configs {
			c := countingConfig{s, ls}
			if !countingInBoxes(cert.Boxes, c) || countingAboveBasis(cert.Basis, c) {
				continue
			}
			for i := range sys.Rules {
				for _, d := range countingSuccessors(&sys.Rules[i], c, threads+1) {
					if countingAboveBasis(cert.Basis, d) {
						return false
					}
				}
			}
		}
	}
	return true
}

// certificateBrokenByEnumeration says which condition of a certificate
// (CheckCertificate) fails on a configuration of at most threads
// threads, or "" where none does.
func certificateBrokenByEnumeration(p Coverability, cert *tts.Certificate, threads int) string {
	sys := p.System
	configs := basisConfigs(sys.Locals, threads)
	for _, ls := range configs {
		// An initial configuration: the bounded threads and any in the
		// unbounded locals.
		rest := slices.Clone(ls)
		initial := true
		for _, l := range p.Init.Bounded {
			if i := slices.Index(rest, l); i >= 0 {
				rest = slices.Delete(rest, i, i+1)
			} else {
				initial = false
			}
		}
		for _, l := range rest {
			initial = initial && slices.Contains(p.Init.Unbounded, l)
		}
		c := countingConfig{p.Init.Shared, ls}
		if initial && !countingInBoxes(cert.Boxes, c) {
			return "an initial configuration outside the boxes"
		}
		if initial && countingAboveBasis(cert.Basis, c) {
			return "an initial configuration in U"
		}
	}
	tg := countingConfig{p.Target.Shared, p.Target.Bounded}
	if countingInBoxes(cert.Boxes, tg) && !countingAboveBasis(cert.Basis, tg) {
		return "the target inside the boxes and outside U"
	}
	if len(boxesLeftByEnumeration(sys, cert, threads)) > 0 {
		return "a step out of the boxes"
	}
	if !basisClosedByEnumeration(sys, cert, threads) {
		return "U not closed under predecessors"
	}
	return ""
}

// boxesLeftByEnumeration lists the pairs of a box and a rule that lead
// from a configuration of at most threads threads in the box out of
// every box.
func boxesLeftByEnumeration(sys *tts.System, cert *tts.Certificate, threads int) [][2]int {
	var out [][2]int
	for bi, b := range cert.Boxes {
		for _, ls := range basisConfigs(sys.Locals, threads) {
			c := countingConfig{b.Shared, ls}
			if !countingInBoxes(cert.Boxes[bi:bi+1], c) {
				continue
			}
			for i := range sys.Rules {
				for _, d := range countingSuccessors(&sys.Rules[i], c, threads+1) {
					if !countingInBoxes(cert.Boxes, d) && !slices.Contains(out, [2]int{bi, i}) {
						out = append(out, [2]int{bi, i})
					}
				}
			}
		}
	}
	return out
}

// basisConfigs lists the multisets of at most threads threads over
// locals locals, each sorted.
func basisConfigs(locals, threads int) [][]int {
	var configs [][]int
	var grow func(cur []int, from int)
	grow = func(cur []int, from int) {
		configs = append(configs, slices.Clone(cur))
		if len(cur) == threads {
			return
		}
		for l := from; l < locals; l++ {
			grow(append(cur, l), l)
		}
	}
	grow(nil, 0)
	return configs
}
