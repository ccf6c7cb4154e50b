package encode

import (
	"math/rand"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

func load(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// eval evaluates m in c under the input values in in (by variable).
func eval(c *logic.C, in map[z.Var]bool, m z.Lit) bool {
	vs := make([]bool, c.Len())
	for v, b := range in {
		vs[v] = b
	}
	c.Eval(vs)
	r := vs[m.Var()]
	if !m.IsPos() {
		r = !r
	}
	return r
}

// TestCopierPreservesSemantics copies random circuits with a renaming of
// the inputs and compares both on random input values.
func TestCopierPreservesSemantics(t *testing.T) {
	for seed := int64(0); seed < 50; seed++ {
		r := rand.New(rand.NewSource(seed))
		src := logic.NewC()
		var ins []z.Lit
		for i := 0; i < 6; i++ {
			ins = append(ins, src.Lit())
		}
		nodes := append([]z.Lit{src.T}, ins...)
		for i := 0; i < 30; i++ {
			a, b := nodes[r.Intn(len(nodes))], nodes[r.Intn(len(nodes))]
			if r.Intn(2) == 0 {
				a = a.Not()
			}
			nodes = append(nodes, src.And(a, b))
		}
		root := nodes[len(nodes)-1]
		if r.Intn(2) == 0 {
			root = root.Not()
		}
		dst := logic.NewC()
		mapping := map[z.Var]z.Lit{}
		cp := NewCopier(src, dst, func(in z.Lit) z.Lit {
			m := dst.Lit()
			mapping[in.Var()] = m
			return m
		})
		copied := cp.Copy(root)
		for trial := 0; trial < 20; trial++ {
			inSrc, inDst := map[z.Var]bool{}, map[z.Var]bool{}
			for _, in := range ins {
				b := r.Intn(2) == 0
				inSrc[in.Var()] = b
				if d, ok := mapping[in.Var()]; ok {
					inDst[d.Var()] = b
				}
			}
			require.Equal(t, eval(src, inSrc, root), eval(dst, inDst, copied), "seed %d", seed)
		}
	}
}

func TestAssignWithConstraintExtendsGuard(t *testing.T) {
	p := load(t, `decl g; void main() begin g := * constrain 'g; assert(g); end`)
	e := New(p, 2)
	s := e.Initial()
	assert.Equal(t, e.C.T, s.Guard)
	succs, fail := e.Step(&s, 0, true) // g := * constrain 'g
	assert.Equal(t, z.LitNull, fail)
	require.Len(t, succs, 1)
	n := succs[0].State
	assert.Equal(t, n.Globals[0], n.Guard, "the guard is exactly the new value of g")
	succs, fail = e.Step(&n, 0, true) // assert(g)
	assert.Equal(t, e.C.F, fail, "g holds on every path: the failure folds to false")
	require.Len(t, succs, 1)
}

func TestBranchSplitsGuard(t *testing.T) {
	p := load(t, `decl g; void main() begin if g then skip; else skip; fi end`)
	e := New(p, 2)
	s := e.Initial()
	succs, _ := e.Step(&s, 0, true)
	require.Len(t, succs, 2)
	assert.Equal(t, s.Globals[0], succs[0].State.Guard)
	assert.Equal(t, s.Globals[0].Not(), succs[1].State.Guard)
	assert.Equal(t, 1, succs[0].Taken)
	assert.Equal(t, 0, succs[1].Taken)
}

func TestSpawnCopiesAndBounds(t *testing.T) {
	p := load(t, `decl g;
void main() begin decl l; l := *; start_thread goto W; skip; end_thread; W: assert(l); end`)
	e := New(p, 2)
	s := e.Initial()
	succs, _ := e.Step(&s, 0, true) // decl l
	s = succs[0].State
	succs, _ = e.Step(&s, 0, true) // l := *
	s = succs[0].State
	succs, _ = e.Step(&s, 0, true) // start_thread goto W
	require.Len(t, succs, 1)
	n := succs[0].State
	require.Len(t, n.Threads, 2)
	assert.Equal(t, 1, n.Threads[1].ID)
	l := p.Procs[0].Frames[0].Slots[0]
	assert.Equal(t, s.Threads[0].Locals[l], n.Threads[1].Locals[l], "the new thread copies the creator's local")
	assert.False(t, e.BoundHit)

	e.Bound = 1
	succs, _ = e.Step(&s, 0, true)
	assert.True(t, succs[0].Suppressed)
	assert.Len(t, succs[0].State.Threads, 1)
	assert.True(t, e.BoundHit)
}

func TestDeadLocalsAreForgotten(t *testing.T) {
	p := load(t, `void main() begin decl x; x := T; assert(x); skip; end`)
	e := New(p, 1)
	s := e.Initial()
	for i := 0; i < 3; i++ {
		succs, _ := e.Step(&s, 0, true)
		s = succs[0].State
	}
	assert.Equal(t, z.LitNull, s.Threads[0].Locals[0], "x is dead after the assertion")
}
