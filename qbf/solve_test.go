package qbf

import (
	"context"
	"testing"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func inputs(c *logic.C, n int) []z.Lit {
	ls := make([]z.Lit, n)
	for i := range ls {
		ls[i] = c.Lit()
	}
	return ls
}

func TestSolveSmallFormulas(t *testing.T) {
	type build func(c *logic.C, x, y []z.Lit) z.Lit
	cases := []struct {
		name   string
		nx, ny int
		matrix build
		want   Truth
	}{
		{"forall x exists y. x != y", 1, 1,
			func(c *logic.C, x, y []z.Lit) z.Lit { return c.Xor(x[0], y[0]) }, True},
		{"forall x. x", 1, 0,
			func(c *logic.C, x, y []z.Lit) z.Lit { return x[0] }, False},
		{"forall x. x or not x", 1, 0,
			func(c *logic.C, x, y []z.Lit) z.Lit { return c.Or(x[0], x[0].Not()) }, True},
		{"forall x1 x2 exists y. y = x1 and x2", 2, 1,
			func(c *logic.C, x, y []z.Lit) z.Lit {
				return c.Xor(y[0], c.And(x[0], x[1])).Not()
			}, True},
		{"forall x exists y. y and not y", 1, 1,
			func(c *logic.C, x, y []z.Lit) z.Lit { return c.And(y[0], y[0].Not()) }, False},
		{"exists y. y", 0, 1,
			func(c *logic.C, x, y []z.Lit) z.Lit { return y[0] }, True},
		{"true", 0, 0,
			func(c *logic.C, x, y []z.Lit) z.Lit { return c.T }, True},
		{"false", 2, 2,
			func(c *logic.C, x, y []z.Lit) z.Lit { return c.F }, False},
		{"forall x1 x2 exists y. y = x1 and y = x2", 2, 1,
			func(c *logic.C, x, y []z.Lit) z.Lit {
				return c.And(c.Xor(y[0], x[0]).Not(), c.Xor(y[0], x[1]).Not())
			}, False},
		{"forall x1..x4 exists y1..y4. y = x + 1 mod 16", 4, 4,
			func(c *logic.C, x, y []z.Lit) z.Lit {
				carry := c.T
				eq := c.T
				for i := range x {
					sum := c.Xor(x[i], carry)
					carry = c.And(x[i], carry)
					eq = c.And(eq, c.Xor(sum, y[i]).Not())
				}
				return eq
			}, True},
		{"forall x1..x3 exists y1 y2. x1+x2+x3 = 2*y2+y1 and y2 implies x3", 3, 2,
			func(c *logic.C, x, y []z.Lit) z.Lit {
				s := c.Xor(c.Xor(x[0], x[1]), x[2])
				carry := c.Or(c.And(x[0], x[1]), c.And(x[2], c.Xor(x[0], x[1])))
				return c.Ands(c.Xor(s, y[0]).Not(), c.Xor(carry, y[1]).Not(), c.Implies(y[1], x[2]))
			}, False},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := logic.NewC()
			x, y := inputs(c, tc.nx), inputs(c, tc.ny)
			p := Problem{Circuit: c, Forall: x, Exists: y, Matrix: tc.matrix(c, x, y)}
			res, err := Solve(context.Background(), p)
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Truth)
			if tc.want == False {
				require.Len(t, res.Witness, tc.nx)
				assert.False(t, existsY(c, p, res.Witness), "witness %v has an answer", res.Witness)
			} else {
				assert.Nil(t, res.Witness)
			}
			assert.Positive(t, res.Stats.Iterations)
			assert.Equal(t, res.Stats.Candidate.Calls+res.Stats.Check.Calls, res.Stats.SATCalls)
		})
	}
}

func TestWitnessOfNegatedUniversal(t *testing.T) {
	// ∀¬x... the sign only changes what the witness reports.
	c := logic.NewC()
	x, y := c.Lit(), c.Lit()
	p := Problem{Circuit: c, Forall: []z.Lit{x.Not()}, Exists: []z.Lit{y}, Matrix: c.And(x, y)}
	res, err := Solve(context.Background(), p)
	require.NoError(t, err)
	require.Equal(t, False, res.Truth)
	assert.Equal(t, []bool{true}, res.Witness, "x is false, so the literal ¬x is true")
}

func TestSolveDoesNotModifyCircuit(t *testing.T) {
	c := logic.NewC()
	x, y := inputs(c, 3), inputs(c, 3)
	m := c.And(c.Xor(x[0], y[0]), c.Or(c.And(x[1], y[1]), c.Xor(x[2], y[2])))
	n := c.Len()
	res, err := Solve(context.Background(), Problem{Circuit: c, Forall: x, Exists: y, Matrix: m})
	require.NoError(t, err)
	assert.Equal(t, True, res.Truth)
	assert.Equal(t, n, c.Len())
}

func TestInvalidProblems(t *testing.T) {
	c := logic.NewC()
	x, y := c.Lit(), c.Lit()
	g := c.And(x, y)
	free := c.Lit()
	cases := []struct {
		name string
		p    Problem
		msg  string
	}{
		{"nil circuit", Problem{Matrix: x}, "no circuit"},
		{"gate quantified", Problem{Circuit: c, Forall: []z.Lit{g}, Matrix: g}, "is a gate"},
		{"constant quantified", Problem{Circuit: c, Forall: []z.Lit{c.T}, Matrix: x}, "not an input"},
		{"out of range", Problem{Circuit: c, Exists: []z.Lit{z.Var(500).Pos()}, Matrix: x}, "not an input"},
		{"twice", Problem{Circuit: c, Forall: []z.Lit{x}, Exists: []z.Lit{x.Not(), y}, Matrix: g}, "quantified twice"},
		{"free input", Problem{Circuit: c, Forall: []z.Lit{x}, Exists: []z.Lit{y}, Matrix: c.And(g, free)}, "neither universal nor existential"},
		{"no matrix", Problem{Circuit: c, Forall: []z.Lit{x}}, "matrix literal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Solve(context.Background(), tc.p)
			require.ErrorIs(t, err, ErrInvalidProblem)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Equal(t, Unknown, res.Truth)
			_, err = EncodeQDIMACS(tc.p)
			assert.ErrorIs(t, err, ErrInvalidProblem)
		})
	}
}

// hardProblem is ∀X ∃Y. Y = f(X) for a bijective-looking mixing function
// with wide X; CEGAR needs an iteration for nearly every x, far more than
// a test can wait for.
func hardProblem(n int) Problem {
	c := logic.NewC()
	x, y := inputs(c, n), inputs(c, n)
	eq := c.T
	for i := range x {
		f := c.Xor(x[i], c.And(x[(i+1)%n], x[(i+2)%n].Not()))
		eq = c.And(eq, c.Xor(f, y[i]).Not())
	}
	// The last output is pinned, so the formula is false, but only a
	// quarter of the x have no y; the solver must find one.
	eq = c.And(eq, c.Implies(c.And(x[0], x[1]), y[n-1]))
	return Problem{Circuit: c, Forall: x, Exists: y, Matrix: eq}
}

func TestSolveStopsOnContext(t *testing.T) {
	// A true formula that needs one iteration per universal assignment.
	c := logic.NewC()
	x, y := inputs(c, 40), inputs(c, 40)
	eq := c.T
	for i := range x {
		eq = c.And(eq, c.Xor(x[i], y[i]))
	}
	// x0 ∨ y0 ∨ ... holds anyway; it joins the pairs, which could
	// otherwise be solved one by one.
	eq = c.And(eq, c.Or(x[0], c.Ors(y...)))
	p := Problem{Circuit: c, Forall: x, Exists: y, Matrix: eq}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := Solve(ctx, p)
	require.NoError(t, err)
	assert.Equal(t, Unknown, res.Truth)
	assert.Equal(t, context.DeadlineExceeded.Error(), res.Reason)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Positive(t, res.Stats.Iterations)

	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	res, err = Solve(cancelled, p)
	require.NoError(t, err)
	assert.Equal(t, Unknown, res.Truth)
	assert.Equal(t, context.Canceled.Error(), res.Reason)
}

func TestStatsDeterministic(t *testing.T) {
	run := func() Stats {
		p := hardProblem(6)
		res, err := Solve(context.Background(), p)
		require.NoError(t, err)
		require.Equal(t, False, res.Truth)
		st := res.Stats
		st.Time, st.Candidate.Time, st.Check.Time = 0, 0, 0
		return st
	}
	assert.Equal(t, run(), run())
}

// existsY reports whether some assignment of p.Exists satisfies the
// matrix when p.Forall takes the literal values w.
func existsY(c *logic.C, p Problem, w []bool) bool {
	vs := make([]bool, c.Len())
	for i, m := range p.Forall {
		vs[m.Var()] = w[i] == m.IsPos()
	}
	for bits := 0; bits < 1<<len(p.Exists); bits++ {
		for j, m := range p.Exists {
			vs[m.Var()] = bits>>j&1 == 1
		}
		if evalLit(c, vs, p.Matrix) {
			return true
		}
	}
	return false
}

func evalLit(c *logic.C, vs []bool, m z.Lit) bool {
	c.Eval(vs)
	return vs[m.Var()] == m.IsPos()
}

func TestDeepAndSharedCircuit(t *testing.T) {
	// A chain 20000 gates deep, inside a circuit that also holds a
	// large unrelated part, as the model checker's shared circuit does.
	c := logic.NewC()
	x, y := inputs(c, 4), inputs(c, 4)
	other := inputs(c, 100)
	junk := c.T
	for i := range 10000 {
		junk = c.And(junk.Not(), other[i%100])
	}
	m := c.T
	for i := range 20000 {
		m = c.And(m, c.Xor(x[i%4], y[i%4]).Not())
	}
	p := Problem{Circuit: c, Forall: x, Exists: y, Matrix: m}
	res, err := Solve(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, True, res.Truth)

	q, err := EncodeQDIMACS(p)
	require.NoError(t, err)
	assert.Less(t, q.NumVars, 20000+20, "only the cone is encoded")
	p.Matrix = c.And(m, junk)
	_, err = Solve(context.Background(), p)
	assert.ErrorIs(t, err, ErrInvalidProblem, "the junk inputs are not quantified")
}
