package ic3

import (
	"context"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
)

// lockstep is deepcount in small: two n-bit counters c and e, both
// uninitialised, cleared by the first step and then counted up together,
// under a two-bit program counter that starts at 0 and then cycles
// through 1, 2, 3 (counting at 3); Bad is pc ≠ 0 with c ≠ e. Its
// invariant is c_i = e_i once pc ≠ 0, a disjunction over pc's bits.
func lockstep(n int) (sys *mc.System, c, e []z.Lit) {
	s := logic.NewS()
	p0, p1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(p0, s.Or(p0.Not(), p1)) // 0→1, 1→2, 2→3, 3→1 (p1 p0)
	s.SetNext(p1, s.Xor(p0, p1))
	started := s.Or(p0, p1)
	counting := s.And(p0, p1)
	for range n {
		c = append(c, s.Latch(z.LitNull))
		e = append(e, s.Latch(z.LitNull))
	}
	count := func(bits []z.Lit) {
		carry := counting
		for _, b := range bits {
			s.SetNext(b, s.And(started, s.Xor(b, carry)))
			carry = s.And(carry, b)
		}
	}
	count(c)
	count(e)
	differ := s.F
	for i := range n {
		differ = s.Or(differ, s.Xor(c[i], e[i]))
	}
	return &mc.System{S: s, Bad: s.And(started, differ)}, c, e
}

// On the zeroInit copy the cube c_0 ∧ ¬e_0 misses the initial states, so
// that it can be learned as it is; on the original it meets them (c and
// e are free there), and a lemma must keep a literal of pc as well.
func TestZeroInitLetsCounterCubesMissInit(t *testing.T) {
	sys, c, e := lockstep(3)
	zi := newZeroInit(sys)
	if zi == nil {
		t.Fatal("no zeroInit copy of a system with uninitialised latches")
	}
	orig := newPDR(context.Background(), sys, true)
	if !orig.intersectsInit(newCube([]z.Lit{c[0], e[0].Not()})) {
		t.Fatal("on the original, c0 ∧ ¬e0 should meet the initial states")
	}
	index := map[z.Lit]int{}
	for i, l := range sys.S.Latches {
		index[l] = i
	}
	cp := newPDR(context.Background(), zi.sys, true)
	cube := newCube([]z.Lit{zi.stored[index[c[0]]], zi.stored[index[e[0]]].Not()})
	if cp.intersectsInit(cube) {
		t.Fatal("on the copy, c0 ∧ ¬e0 should miss the initial states")
	}
	// The point of it: fewer SAT calls (deterministic; 383 against 649
	// when written).
	sys, _, _ = lockstep(6)
	with := agree(t, 0, sys)
	without := checkSystem(context.Background(), sys, mc.Options{})
	if with.Stats.SATCalls*3 > without.Stats.SATCalls*2 {
		t.Fatalf("lockstep(6): %d SAT calls with zeroInit, %d without", with.Stats.SATCalls, without.Stats.SATCalls)
	}
}

// The copy reaches Bad exactly when the original does after at least one
// step, and in as many steps.
func TestZeroInitKeepsReachability(t *testing.T) {
	copies := 0
	for seed := int64(1); seed <= 300; seed++ {
		latches := 2 + int(seed%9)
		sys := mctest.Random(seed, latches, int(seed%4), int(seed%7)*latches)
		zi := newZeroInit(sys)
		if zi == nil || len(zi.sys.Inputs) > mctest.MaxInputs {
			continue
		}
		want, wantDepth := mctest.Reachable(sys)
		if want && wantDepth == 0 {
			continue // initiallyBad's case
		}
		copies++
		got, gotDepth := mctest.Reachable(zi.sys)
		if got != want || got && gotDepth != wantDepth {
			t.Fatalf("seed %d: the copy reaches Bad %v in %d steps, the original %v in %d", seed, got, gotDepth, want, wantDepth)
		}
	}
	if copies < 100 {
		t.Fatalf("only %d random systems had a zeroInit copy", copies)
	}
}
