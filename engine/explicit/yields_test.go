package explicit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestReductionsAgainstNaive compares the search, with the yields it
// passes (yields.go), the classes of symmetric places (symmetry.go),
// partial-order reduction and the memo of sections (memo.go) each on
// and off, with the naive search on
// random programs of Getafix's dialect: as generated, with thread0's
// copies for threads (symmetric code), and sliced (slicing turns
// statements into skips, after which yields can be passed). Each
// reduction must actually happen on some programs.
func TestReductionsAgainstNaive(t *testing.T) {
	t.Parallel()
	n := gen.Count(60, 20)
	families := getafixFamilies()
	variants := []struct {
		name string
		opts Options
	}{
		{"default", Options{}},
		{"yields kept", Options{KeepYields: true}},
		{"no code symmetry", Options{NoCodeSymmetry: true}},
		{"no POR", Options{Config: Config{NoPOR: true}}},
		{"no memo", Options{NoMemo: true}},
	}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			compared, passing, sharing, static := 0, 0, 0, 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := f.Program(seed)
				orig, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d\n%s", seed, src)
				progs := []*bp.Program{orig}
				if sl := bp.Sliced(orig); sl != nil {
					progs = append(progs, sl.Prog)
				}
				for k, p := range progs {
					label := p.CheckedLabel("")
					want, ok := naiveSearch(t, p, interp.Options{Label: label}, 4, 20000)
					if !ok {
						continue // too big for the naive search
					}
					compared++
					an := analyse(p, Options{Label: label})
					if an.passYield != nil && slices2(an.passYield.table(nil)) {
						passing++
					}
					if pc := newPlaceClasses(p, an); pc != nil {
						sharing++
					}
					if proof := p.FixedTargetUnreachable(p.Targets(label), label); proof != nil {
						why := proof.Why
						static++ // bopgo.Check answers Safe without an engine
						require.NotEqual(t, engine.Unsafe, want, "seed %d (%s): %s, but the naive search reaches it\n%s", seed, f.Name, why, src)
					}
					for _, v := range variants {
						what := fmt.Sprintf("seed %d (%s, sliced %v, %s)", seed, f.Name, k == 1, v.name)
						opts := v.opts
						opts.Label = label
						r := searchAndReplay(t, p, opts, 4, what)
						if r.Verdict != want {
							t.Fatalf("%s: engine says %v (%s), naive search says %v\n%s", what, r.Verdict, r.Reason, want, src)
						}
					}
				}
			}
			t.Logf("%d programs compared, %d with yields passed, %d with symmetric places, %d with no target reachable (bp/fixed.go)", compared, passing, sharing, static)
			require.Greater(t, compared, n/2, "too few programs small enough for the naive search")
			require.Positive(t, passing, "no yield was passed")
			if strings.HasPrefix(f.Name, "symmetric") {
				require.Positive(t, sharing, "no places were shared")
			}
		})
	}
}

// slices2 tells whether some entry of t is true.
func slices2(t [][]bool) bool {
	for _, r := range t {
		for _, b := range r {
			if b {
				return true
			}
		}
	}
	return false
}

// TestYieldBeforeGlobalRead: thread0 writes g, yields, and reads it
// back; the yield before the read is where thread1's write can come in,
// so it must not be passed. Passing it is not sound, and the test shows
// that it would notice: with every global taken for stable (as if no
// thread wrote g), the yield is passed and the bug is missed.
func TestYieldBeforeGlobalRead(t *testing.T) {
	p := load(t, `decl super_atomic, atomic, g;
void init() begin super_atomic, atomic, g := F, F, F; endinit: skip; end
void thread0() begin decl l, at; g := F; atomic, at := T, T; l := g; if l then SLIC_ERROR: skip; fi g := F; end
void thread1() begin g := T; end`)
	if sl := bp.Sliced(p); sl != nil {
		p = sl.Prog // atomic, at := T, T becomes a skip
	}
	opts := Options{Label: "SLIC_ERROR"}
	r := searchAndReplay(t, p, opts, 4, "sound")
	assert.Equal(t, engine.Unsafe, r.Verdict, r.Reason)

	e := newSearch(p, analyse(p, opts), opts, 4)
	assert.True(t, slices2(e.an.passYield.table(nil)), "the yield before the skip is passed")
	all := bp.NewBits(len(p.Globals))
	for i := range p.Globals {
		all.Add(i)
	}
	e.an.passYield = passYields(p, stableSet(all))
	e.ctx = t.Context()
	unsound := e.run(t.Context())
	assert.Equal(t, engine.Safe, unsound.Verdict, "with g taken for stable the yield before l := g is passed and the bug missed")
}

// TestYieldCycleNotPassed: a thread that loops for ever among its
// locals, each turn a section of its own, must not pass those yields (it
// would keep the others out); the conformance program `g := T; L: goto
// L` is Getafix's case. Without the cycle check every yield of the loop
// is passed.
func TestYieldCycleNotPassed(t *testing.T) {
	p := load(t, `decl atomic, g;
void init() begin atomic, g := F, F; endinit: skip; end
void thread0() begin g := T; L: goto L; end
void thread1() begin if g then SLIC_ERROR: skip; fi end`)
	opts := Options{Label: "SLIC_ERROR"}
	r := searchAndReplay(t, p, opts, 4, "loop")
	assert.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	y := passYields(p, stableSet(stableGlobals(p)))
	require.NotNil(t, y)
	th := p.Procs[1]
	for pc := range th.Steps {
		if isYield(th, pc) {
			ends, ok := y.invisibleSection(th, th.Steps[pc].Next, nil)
			assert.True(t, ok, "the loop's section is invisible")
			assert.Contains(t, ends, pc, "and comes back to its yield")
			assert.False(t, y.table(nil)[1][pc], "a yield on a cycle is not passed")
		}
	}
}

// TestStableGlobals: a global that only init writes before it starts the
// threads is stable; one a thread writes, or init after the start, is
// not.
func TestStableGlobals(t *testing.T) {
	p := load(t, `decl atomic, a, b, c;
void init() begin atomic, a, b := F, F, F; endinit: skip; end
void thread0() begin b := T; end
void thread1() begin if a & b & c then SLIC_ERROR: skip; fi end`)
	s := stableGlobals(p)
	for i, name := range p.Globals {
		assert.Equal(t, name == "atomic" || name == "a" || name == "c", s.Has(i), name)
	}
}

// getafixFamilies are the random programs of Getafix's dialect the
// differential tests draw: tiny and small, as generated and with
// thread0's copies for threads (symmetric code).
func getafixFamilies() []gen.Family {
	return []gen.Family{
		{Name: "tiny-getafix", Program: func(seed int64) string { return gen.Getafix(seed, gen.TinyGetafix) }},
		{Name: "small-getafix", Program: func(seed int64) string { return gen.Getafix(seed, gen.SmallGetafix) }},
		{Name: "symmetric-getafix", Program: func(seed int64) string { return symmetricGetafix(seed, gen.TinyGetafix) }},
		{Name: "symmetric-small-getafix", Program: func(seed int64) string { return symmetricGetafix(seed, gen.SmallGetafix) }},
	}
}

// sectionFamilies are the families whose threads run in sections and
// start in loops (getafixFamilies, spawnLoops) and the families of gen
// named.
func sectionFamilies(named ...string) []gen.Family {
	families := append([]gen.Family{spawnLoops}, getafixFamilies()...)
	for _, name := range named {
		f, _ := gen.FamilyNamed(name)
		families = append(families, f)
	}
	return families
}

// spawnLoops are random programs that start threads of one function in
// loops.
var spawnLoops = gen.Family{Name: "spawn-loops", Program: func(seed int64) string {
	cfg := gen.Tiny
	cfg.SpawnLoop = true
	return gen.Program(seed, cfg)
}}
