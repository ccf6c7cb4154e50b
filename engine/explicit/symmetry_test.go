package explicit

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// symmetricGetafix is gen.Getafix with every thread running thread0's
// body (gen.GetafixConfig.Symmetric).
func symmetricGetafix(seed int64, cfg gen.GetafixConfig) string {
	cfg.Symmetric = true
	return gen.Getafix(seed, cfg)
}

// checkClasses checks classes of places independently of how they were
// found: the places of a class have equal steps but for where they are
// written (compared as Go values, not by stepSignature), the same target
// answer and live locals, and successors that are, past the transparent
// places, in equal classes; a transparent place is a class of its own.
func checkClasses(prog *bp.Program, an *analysis, pcs *placeClasses, g []val, nc *nodeClasses) error {
	strip := func(st bp.Step) (bp.Step, []*bp.Term) {
		terms := append(append(append([]*bp.Term{st.Constraint, st.PassiveConstraint, st.Cond}, st.Values...), st.PassiveValues...), st.SpawnArgs...)
		terms = append(terms, st.Args...)
		st.Pos, st.Text, st.Labels, st.Frame = 0, "", nil, 0
		st.Next, st.Then, st.Else, st.Succs = 0, 0, 0, nil
		st.Constraint, st.PassiveConstraint, st.Cond, st.Values, st.PassiveValues, st.SpawnArgs, st.Args = nil, nil, nil, nil, nil, nil, nil
		return st, terms
	}
	sameSteps := func(a, b bp.Step) bool {
		sa, ta := strip(a)
		sb, tb := strip(b)
		if !reflect.DeepEqual(sa, sb) || len(ta) != len(tb) {
			return false
		}
		for i := range ta {
			if !sameTerms(ta[i], tb[i]) {
				return false
			}
		}
		return true
	}
	next := func(proc, s int) int {
		for range prog.Procs[proc].Steps {
			to, ok := an.stable.decided(&prog.Procs[proc].Steps[s], g)
			if !pcs.holdingOnly[proc][s] || !ok {
				break
			}
			s = to
		}
		return s
	}
	for c, ms := range nc.members {
		first := ms[0]
		fp := prog.Procs[first[0]]
		for _, m := range ms[1:] {
			p := prog.Procs[m[0]]
			if next(int(m[0]), int(m[1])) != int(m[1]) {
				return fmt.Errorf("class %d: transparent place %v with others", c, m)
			}
			if !sameSteps(fp.Steps[first[1]], p.Steps[m[1]]) {
				return fmt.Errorf("class %d: steps of %v and %v differ", c, first, m)
			}
			if an.target[first[0]][first[1]] != an.target[m[0]][m[1]] || !reflect.DeepEqual(an.live[first[0]][first[1]], an.live[m[0]][m[1]]) || len(fp.Locals) != len(p.Locals) {
				return fmt.Errorf("class %d: %v and %v differ in target, live or locals", c, first, m)
			}
			fs, ms := fp.Succs(int(first[1])), p.Succs(int(m[1]))
			if len(fs) != len(ms) {
				return fmt.Errorf("class %d: successors of %v and %v", c, first, m)
			}
			for k := range fs {
				if nc.class[first[0]][next(int(first[0]), fs[k])] != nc.class[m[0]][next(int(m[0]), ms[k])] {
					return fmt.Errorf("class %d: successor %d of %v and %v in different classes", c, k, first, m)
				}
			}
		}
	}
	return nil
}

// sameTerms tells whether two terms are equal but for where their
// choices are written.
func sameTerms(a, b *bp.Term) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Op != b.Op || a.Val != b.Val || a.Ref != b.Ref || a.Primed != b.Primed || a.Passive != b.Passive || a.Choice != b.Choice || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !sameTerms(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}

// TestPlaceClassesChecked checks the classes of SafeStack's places
// (thread0, thread1 and thread2 are one body, thread0's with the flag's
// tests) and of random symmetric programs with checkClasses, for the
// flag F, T and unknown; and shows that the check catches classes too
// coarse (places grouped by the kind of their step alone).
func TestPlaceClassesChecked(t *testing.T) {
	var progs []*bp.Program
	const safeStack = "../../benchmarks/corpus/getafix-tnl/experiments/SafeStack_seqcst_forCSEQ_underapprox_safe.bp"
	if src, err := os.ReadFile(safeStack); err == nil {
		p, err := bp.Load(safeStack, src)
		require.NoError(t, err)
		progs = append(progs, bp.Sliced(p).Prog)
	}
	for seed := int64(1); seed <= 30; seed++ {
		p := load(t, symmetricGetafix(seed, gen.SmallGetafix))
		if sl := bp.Sliced(p); sl != nil {
			p = sl.Prog
		}
		progs = append(progs, p)
	}
	shared := 0
	for i, p := range progs {
		an := analyse(p, Options{Label: p.CheckedLabel("")})
		pcs := newPlaceClasses(p, an)
		if pcs == nil {
			continue
		}
		for _, v := range []val{v0, v1, vX} {
			g := make([]val, len(p.Globals))
			for k := range g {
				g[k] = v
			}
			nc := pcs.of(g)
			if valsKey(pcs.conds, g) == 0 {
				g = nil // what of decides with
			}
			require.NoError(t, checkClasses(p, an, pcs, g, nc), "program %d, globals %d", i, v)
			if nc.shared {
				shared++
			}
		}
		if i == 0 && len(progs) > 30 {
			nc := pcs.of(make([]val, len(p.Globals)))
			three := 0
			for _, ms := range nc.members {
				procs := map[int32]bool{}
				for _, m := range ms {
					procs[m[0]] = true
				}
				if len(procs) == 3 {
					three++
				}
			}
			assert.Greater(t, three, 400, "SafeStack, flag F: thread0's places are thread1's and thread2's")
		}
	}
	require.Positive(t, shared)

	// Too coarse: every place with the kind of its step.
	p := progs[len(progs)-1]
	an := analyse(p, Options{Label: p.CheckedLabel("")})
	coarse := &nodeClasses{}
	byKind := map[bp.StepKind]int32{}
	for pi, proc := range p.Procs {
		coarse.class = append(coarse.class, make([]int32, len(proc.Steps)))
		coarse.member = append(coarse.member, make([]int32, len(proc.Steps)))
		for pc := range proc.Steps {
			k := proc.Steps[pc].Kind
			c, ok := byKind[k]
			if !ok {
				c = int32(len(coarse.members))
				byKind[k] = c
				coarse.members = append(coarse.members, nil)
			}
			coarse.class[pi][pc] = c
			coarse.member[pi][pc] = int32(len(coarse.members[c]))
			coarse.members[c] = append(coarse.members[c], [2]int32{int32(pi), int32(pc)})
		}
	}
	pcs := &placeClasses{prog: p, an: an, holdingOnly: holdingOnly(p)}
	assert.Error(t, checkClasses(p, an, pcs, nil, coarse))
}

// TestNoClassesWithOneThreadProc: with one proc running threads there is
// no code to share, and no classes are computed. deepcount's branch on
// its counter made them per value of the counter, a Moore refinement
// for each of the 2^d values the search met (d=14: 1.7 s of 2.4 s).
func TestNoClassesWithOneThreadProc(t *testing.T) {
	const file = "../../benchmarks/families/deepcount/deepcount-d6-bug.bp"
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	p := load(t, string(src))
	assert.Nil(t, newPlaceClasses(p, analyse(p, Options{Label: p.CheckedLabel("")})))
}
