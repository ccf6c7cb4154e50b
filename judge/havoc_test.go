package judge_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/judge"
)

// TestVerifyHavocked: the check refuses an abstraction that forgets less
// or otherwise than it says.
func TestVerifyHavocked(t *testing.T) {
	t.Parallel()
	p := load(t, tangled)
	require.NoError(t, judge.VerifyHavocked(p, bp.Havocked(p)), "the abstraction itself")
	// The lock step: lock := T constrain !lock & !'l0 | l1 reads two
	// locals after the step's own choices (none).
	find := func(q *bp.Program) *bp.Step {
		for i := range q.Procs[1].Steps {
			if st := &q.Procs[1].Steps[i]; st.Kind == bp.Assign && st.Constraint != nil {
				return st
			}
		}
		t.Fatal("no constrained step")
		return nil
	}
	for _, c := range []struct {
		name   string
		mutate func(q *bp.Program)
	}{
		{"two reads share one choice", func(q *bp.Program) {
			st := find(q)
			var cs []*bp.Term
			var walk func(*bp.Term)
			walk = func(x *bp.Term) {
				if x.Op == bp.TNondet {
					cs = append(cs, x)
				}
				for _, a := range x.Args {
					walk(a)
				}
			}
			walk(st.Constraint)
			require.Len(t, cs, 2)
			cs[1].Choice = cs[0].Choice
		}},
		{"a local read kept", func(q *bp.Program) {
			st := find(q)
			st.Constraint = p.Procs[1].Steps[indexOf(p, st)].Constraint
		}},
		{"a global target dropped", func(q *bp.Program) {
			st := find(q)
			st.Targets, st.Values = nil, nil
		}},
		{"a local target kept", func(q *bp.Program) {
			st := find(q)
			st.Targets = append(st.Targets, bp.VarRef{Scope: bp.Local, Index: 0})
			st.Values = append(st.Values, &bp.Term{Op: bp.TConst, Val: true})
		}},
		{"a choice beyond the step's choices", func(q *bp.Program) {
			find(q).Choices--
		}},
		{"control changed", func(q *bp.Program) {
			st := find(q)
			st.Next = 0
		}},
	} {
		q := bp.Havocked(p)
		require.NotNil(t, q)
		// bp.Havocked shares the procs' other fields with p but not the
		// steps, so mutating q's steps leaves p alone.
		c.mutate(q)
		assert.Error(t, judge.VerifyHavocked(p, q), c.name)
	}
}

// indexOf is the pc in p's worker of step st of an abstraction of p.
func indexOf(p *bp.Program, st *bp.Step) int {
	for i := range p.Procs[1].Steps {
		if p.Procs[1].Steps[i].Pos == st.Pos && p.Procs[1].Steps[i].Kind == st.Kind {
			return i
		}
	}
	return -1
}

// tangled is ../bp/testdata/tangled.bp, read once.
var tangled = mustRead("../bp/testdata/tangled.bp")

// mustRead is the text of a test's data file; the tests cannot run
// without it.
func mustRead(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}
