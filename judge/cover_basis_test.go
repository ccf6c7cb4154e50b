package judge

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// TestBasisClosedByEnumeration: on random small systems with every kind
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
// too (the boxes are downward-closed, U upward-closed).
func TestBasisClosedByEnumeration(t *testing.T) {
	t.Parallel()
	seeds := 3000
	if testing.Short() {
		seeds = 600
	}
	outcomes := map[bool]int{}
	for seed := range seeds {
		r := rand.New(rand.NewSource(int64(seed)))
		src, init, target := basisRandomSystem(r)
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
	}
	t.Logf("closed: %d, not closed: %d", outcomes[true], outcomes[false])
	require.Greater(t, outcomes[true], seeds/10)
	require.Greater(t, outcomes[false], seeds/10)
}

// basisRandomSystem writes a small system with every kind of rule.
func basisRandomSystem(r *rand.Rand) (src, init, target string) {
	S, L := 1+r.Intn(3), 2+r.Intn(3)
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", S, L)
	for range 2 + r.Intn(7) {
		s, l, s2, l2 := r.Intn(S), r.Intn(L), r.Intn(S), r.Intn(L)
		if r.Intn(2) == 0 {
			s2 = s // most steps keep the shared state
		}
		switch k := r.Intn(10); {
		case k < 5:
			fmt.Fprintf(&b, "%d %d -> %d %d\n", s, l, s2, l2)
		case k < 7:
			fmt.Fprintf(&b, "%d %d +> %d %d\n", s, l, s2, l2)
		case k < 8:
			fmt.Fprintf(&b, "%d %d ~> %d %d\n", s, l, s2, l2)
		default:
			fmt.Fprintf(&b, "%d %d -> %d %d", s, l, s2, l2)
			for range 1 + r.Intn(3) {
				fmt.Fprintf(&b, " %d ~> %d", r.Intn(L), r.Intn(L))
			}
			b.WriteByte('\n')
		}
	}
	init = []string{"0|0", "0/0", "0|0,1"}[r.Intn(3)]
	target = fmt.Sprintf("%d|%d", r.Intn(S), r.Intn(L))
	if r.Intn(2) == 0 {
		target += fmt.Sprintf(",%d", r.Intn(L))
	}
	return b.String(), init, target
}

// basisRandomCertificate is the search's certificate for p (one of its
// algorithms, at random) with an element dropped or a random one added,
// or as it is; or, where the search finds the target covered, a random
// basis and random boxes.
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
		switch r.Intn(3) {
		case 0:
			if len(cert.Basis) > 0 {
				i := r.Intn(len(cert.Basis))
				cert.Basis = slices.Delete(slices.Clone(cert.Basis), i, i+1)
			}
		case 1:
			cert.Basis = append(slices.Clone(cert.Basis), randomConfig())
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
	var configs [][]int
	var grow func(cur []int, from int)
	grow = func(cur []int, from int) {
		configs = append(configs, slices.Clone(cur))
		if len(cur) == threads {
			return
		}
		for l := from; l < sys.Locals; l++ {
			grow(append(cur, l), l)
		}
	}
	grow(nil, 0)
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
