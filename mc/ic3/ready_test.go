package ic3

import (
	"context"
	"slices"
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

// On the readyCopy the cube c_0 ∧ ¬e_0 ∧ ready misses the initial states;
// without ready, c_0 ∧ ¬e_0 meets them (c and e are free there) and a
// lemma must keep a literal of pc as well. Lifting keeps ready, and
// excludeInit chooses it over pc's literals.
func TestReadyLetsCounterCubesMissInit(t *testing.T) {
	sys, c, e := lockstep(3)
	orig := newPDR(context.Background(), sys, true)
	if !orig.intersectsInit(newCube([]z.Lit{c[0], e[0].Not()})) {
		t.Fatal("c0 ∧ ¬e0 should meet the initial states")
	}
	rc := newReadyCopy(sys)
	if rc == nil {
		t.Fatal("no readyCopy of a system with uninitialised latches")
	}
	p := newPDR(context.Background(), rc.sys, true)
	p.ready = rc.ready
	if p.intersectsInit(newCube([]z.Lit{c[0], e[0].Not(), rc.ready})) {
		t.Fatal("c0 ∧ ¬e0 ∧ ready should miss the initial states")
	}
	pc := sys.S.Latches[0]
	full := newCube([]z.Lit{pc, c[0], e[0].Not(), rc.ready})
	if got := p.excludeInit(newCube([]z.Lit{c[0], e[0].Not()}), full); !slices.Equal(got, newCube([]z.Lit{c[0], e[0].Not(), rc.ready})) {
		t.Fatalf("excludeInit chose %v, want ready added", got)
	}
	p.newFrame()
	sv, ms := p.at(1)
	if r := p.solve(sv, nil, append(ms, sv.lit(pc), sv.lit(rc.ready.Not()))...); r != -1 {
		t.Fatal("F_1 should hold ready ∨ ¬pc: only the initial state has ready false")
	}
	st := newCube([]z.Lit{pc, sys.S.Latches[1].Not(), c[0], e[0].Not(), rc.ready})
	if lifted := p.lift(st, nil, []z.Lit{sys.Bad.Not()}); !slices.Contains(lifted, rc.ready) {
		t.Fatalf("lifting dropped ready: %v", lifted)
	}
	// The point of it: fewer SAT calls (deterministic; 384 against 649
	// when written, with gini; 601 against 725 with package cone).
	sys, _, _ = lockstep(6)
	with := agree(t, 0, sys)
	without := checkSystem(context.Background(), sys, mc.Options{}, z.LitNull, configs[0], nil)
	if with.Stats.SATCalls >= without.Stats.SATCalls {
		t.Fatalf("lockstep(6): %d SAT calls with ready, %d without", with.Stats.SATCalls, without.Stats.SATCalls)
	}
	t.Logf("lockstep(6): %d SAT calls with ready, %d without", with.Stats.SATCalls, without.Stats.SATCalls)
}

// The copy reaches Bad exactly when the original does, in as many steps.
func TestReadyCopyKeepsReachability(t *testing.T) {
	copies := 0
	for seed := int64(1); seed <= 300; seed++ {
		latches := 2 + int(seed%9)
		sys := mctest.Random(seed, latches, int(seed%4), int(seed%7)*latches)
		rc := newReadyCopy(sys)
		if rc == nil {
			continue
		}
		copies++
		want, wantDepth := mctest.Reachable(sys)
		got, gotDepth := mctest.Reachable(rc.sys)
		if got != want || got && gotDepth != wantDepth {
			t.Fatalf("seed %d: the copy reaches Bad %v in %d steps, the original %v in %d", seed, got, gotDepth, want, wantDepth)
		}
	}
	if copies < 100 {
		t.Fatalf("only %d random systems had a readyCopy", copies)
	}
}
