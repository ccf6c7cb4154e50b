package bopgo

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// fixedProgram's SLIC_ERROR is behind branches on v, which every
// assignment sets to F, init before it starts the threads.
const fixedProgram = `decl atomic, v, h;
void init() begin atomic, v := F, F; endinit: skip; end
void thread0() begin h := T; v := F; if v then SLIC_ERROR: skip; fi end
void thread1() begin h := F; if v then SLIC_ERROR: skip; fi end`

// TestFixedProofIsJudged: Check answers the walk's Safe (static.go) only
// as the judge ruled it, with its evidence checked; and the judge
// refuses the invariant without the clauses that fix v (the branch could
// go to SLIC_ERROR) and with a place the walk reached left out.
func TestFixedProofIsJudged(t *testing.T) {
	p, err := bp.Load("fixed.bp", []byte(fixedProgram))
	require.NoError(t, err)
	label := p.CheckedLabel("")
	ok, _ := p.TargetReachable(p.Targets(label), label)
	require.True(t, ok, "the plain control flow reaches SLIC_ERROR")
	reach := p.FixedTargetUnreachable(p.Targets(label), label)
	require.NotNil(t, reach)

	res, err := Check(context.Background(), p, Options{})
	require.NoError(t, err)
	assert.Equal(t, verdict.Safe, res.Verdict)
	assert.True(t, res.Evidence.Checked, res.Evidence.Words)
	assert.Equal(t, reach.Why, res.Reason)

	ctx := context.Background()
	inv := fixedInvariant(p, label, reach)
	require.NoError(t, judge.CheckSlotInvariant(ctx, p, label, bp.Blocking, inv))

	unfixed := *reach
	unfixed.Fixed = make([]int8, len(reach.Fixed))
	for g := range unfixed.Fixed {
		unfixed.Fixed[g] = -1
	}
	assert.Error(t, judge.CheckSlotInvariant(ctx, p, label, bp.Blocking, fixedInvariant(p, label, &unfixed)),
		"without v fixed, the branch to SLIC_ERROR is open")

	missing := *reach
	missing.Reached = make([][]bool, len(reach.Reached))
	for i := range reach.Reached {
		missing.Reached[i] = append([]bool(nil), reach.Reached[i]...)
	}
	main := p.Procs[0]
	missing.Reached[0][main.Succs(main.Entry)[0]] = false
	assert.Error(t, judge.CheckSlotInvariant(ctx, p, label, bp.Blocking, fixedInvariant(p, label, &missing)),
		"main's second place is reached")
}

// TestFixedProofsOfRandomPrograms: on random programs of Getafix's
// dialect, every proof the walk finds is an invariant the judge accepts
// (an invariant it refused would be an internal error of Check), and
// some are found.
func TestFixedProofsOfRandomPrograms(t *testing.T) {
	t.Parallel()
	n := gen.Count(300, 60)
	proofs := 0
	for _, cfg := range []gen.GetafixConfig{gen.TinyGetafix, gen.SmallGetafix} {
		for seed := int64(1); seed <= int64(n); seed++ {
			src := gen.Getafix(seed, cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "seed %d", seed)
			label := p.CheckedLabel("")
			reach := p.FixedTargetUnreachable(p.Targets(label), label)
			if reach == nil {
				continue
			}
			proofs++
			err = judge.CheckSlotInvariant(context.Background(), p, label, bp.Blocking, fixedInvariant(p, label, reach))
			require.NoError(t, err, "seed %d (%+v)\n%s", seed, cfg, src)
			if sl := bp.Sliced(p); sl != nil {
				if reach := sl.Prog.FixedTargetUnreachable(sl.Prog.Targets(label), label); reach != nil {
					err = judge.CheckSlotInvariant(context.Background(), sl.Prog, label, bp.Blocking, fixedInvariant(sl.Prog, label, reach))
					require.NoError(t, err, "seed %d sliced (%+v)\n%s", seed, cfg, src)
				}
			}
		}
	}
	t.Logf("%d proofs judged", proofs)
	require.Positive(t, proofs, "no random program was proved by the walk")
}

// TestControlFlowProofsAreJudged: where no target is reachable in the
// plain control flow, Check's Safe is the judge's ruling on the walk's
// invariant (checked evidence), on every random program of the
// generator's families that has such a proof (some must); and the
// judge refuses the invariant with a reached place left out.
func TestControlFlowProofsAreJudged(t *testing.T) {
	t.Parallel()
	proofs := 0
	for _, f := range gen.Families {
		for seed := range int64(max(gen.Count(40, 8)/f.Cost, 2)) {
			src := f.Program(seed)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "%s seed %d", f.Name, seed)
			// The program's own property (Getafix's SLIC_ERROR, or its
			// assertions), and the generator's label.
			for i, label := range []string{p.CheckedLabel(""), gen.Target} {
				if i == 1 && (label == p.CheckedLabel("") || len(p.FindLabel(label)) == 0) {
					continue
				}
				reach := p.ControlFlowProof(p.Targets(label), label)
				if reach == nil {
					continue
				}
				proofs++
				what := fmt.Sprintf("%s seed %d label %q\n%s", f.Name, seed, label, src)
				res, err := Check(context.Background(), p, Options{Label: label, Engine: Explicit})
				require.NoError(t, err, what)
				require.Equal(t, verdict.Safe, res.Verdict, what)
				require.True(t, res.Evidence.Checked, what)
				main := p.Procs[0]
				missing := *reach
				missing.Reached = append([][]bool(nil), reach.Reached...)
				missing.Reached[0] = append([]bool(nil), reach.Reached[0]...)
				missing.Reached[0][main.Entry] = false
				assert.Error(t, judge.CheckSlotInvariant(context.Background(), p, label, bp.Blocking, fixedInvariant(p, label, &missing)),
					"main's entry left out: %s", what)
			}
		}
	}
	t.Logf("%d proofs judged", proofs)
	require.Positive(t, proofs)
}
