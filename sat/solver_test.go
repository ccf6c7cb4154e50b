package sat

import (
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSatAndUnsatOnCircuit(t *testing.T) {
	c := logic.NewC()
	a, b := c.Lit(), c.Lit()
	s := New(c)
	s.Assert(c.Xor(a, b))

	require.Equal(t, Sat, s.Solve())
	assert.NotEqual(t, s.Value(a), s.Value(b), "model must satisfy a xor b")

	s.Assume(c.And(a, b))
	assert.Equal(t, Unsat, s.Solve(), "a and b contradicts a xor b")

	// Assumptions last for one solve only.
	assert.Equal(t, Sat, s.Solve())

	s.Assert(c.Implies(a, b), c.Implies(b, a))
	assert.Equal(t, Unsat, s.Solve(), "a = b contradicts a xor b")
}

func TestConstants(t *testing.T) {
	c := logic.NewC()
	s := New(c)
	s.Add(c.T)
	require.Equal(t, Sat, s.Solve())
	assert.True(t, s.Value(c.T))
	assert.False(t, s.Value(c.F))

	s.Assume(c.F)
	assert.Equal(t, Unsat, s.Solve())
	s.Assert(c.F)
	assert.Equal(t, Unsat, s.Solve())
}

func TestIncrementalCircuit(t *testing.T) {
	c := logic.NewC()
	xs := make([]z.Lit, 4)
	for i := range xs {
		xs[i] = c.Lit()
	}
	s := New(c)

	// Part one: exactly one of x0, x1 (an xor is three gates).
	p1 := c.Xor(xs[0], xs[1])
	s.Assert(p1)
	g1 := s.Stats().Gates
	assert.Equal(t, int64(3), g1)
	require.Equal(t, Sat, s.Solve())
	assert.NotEqual(t, s.Value(xs[0]), s.Value(xs[1]))

	// The circuit grows after the first solve; the new part reuses p1.
	p2 := c.And(p1, c.Xor(xs[2], xs[3]))
	p3 := c.And(p2, c.And(xs[0], xs[2]))
	s.Assert(p3)
	assert.Equal(t, int64(3+1+1+1), s.Stats().Gates-g1, "only the new gates are encoded")
	require.Equal(t, Sat, s.Solve())
	assert.True(t, s.Value(xs[0]))
	assert.False(t, s.Value(xs[1]))
	assert.True(t, s.Value(xs[2]))
	assert.False(t, s.Value(xs[3]))
	assert.True(t, s.Value(p3))

	// Encoding again adds nothing.
	assert.Equal(t, 0, s.AddCircuit(p1, p2, p3))

	s.Assert(c.Or(xs[1], xs[3]))
	assert.Equal(t, Unsat, s.Solve())
}

func TestGateDefinedBeforeAssumed(t *testing.T) {
	// Assuming a gate that no clause mentions must still encode it, or
	// the gate would be an unconstrained variable.
	c := logic.NewC()
	a, b := c.Lit(), c.Lit()
	s := New(c)
	s.Add(a.Not())
	s.Assume(c.And(a, b))
	assert.Equal(t, Unsat, s.Solve())
}

func TestWhyNamesFailedAssumptions(t *testing.T) {
	c := logic.NewC()
	a, b, d := c.Lit(), c.Lit(), c.Lit()
	s := New(c)
	s.Add(a.Not(), b.Not())
	s.Add(d, a)

	s.Assume(d, a, b)
	require.Equal(t, Unsat, s.Solve())
	assert.ElementsMatch(t, []z.Lit{a, b}, s.Why())

	s.Assume(d, a)
	require.Equal(t, Sat, s.Solve())
	assert.True(t, s.Value(a))
	assert.False(t, s.Value(b))
}

func TestActivation(t *testing.T) {
	c := logic.NewC()
	a, b := c.Lit(), c.Lit()
	s := New(c)
	s.Add(a)

	act := s.NewActivation()
	s.AddUnder(act, a.Not(), b)
	s.AddUnder(act, b.Not())

	s.Assume(act)
	require.Equal(t, Unsat, s.Solve(), "the activated clauses contradict a")
	assert.Equal(t, []z.Lit{act}, s.Why())

	assert.Equal(t, Sat, s.Solve(), "without the assumption the clauses are off")

	other := s.NewActivation()
	assert.NotEqual(t, act.Var(), other.Var())
	s.AddUnder(other, b)
	s.Assume(other)
	require.Equal(t, Sat, s.Solve())
	assert.True(t, s.Value(b))

	s.Release(act)
	assert.Equal(t, Sat, s.Solve())
	s.Assume(act)
	assert.Equal(t, Unsat, s.Solve(), "a released literal is false for good")
}

func TestUnconstrainedValueIsFalse(t *testing.T) {
	c := logic.NewC()
	a := c.Lit()
	free := c.Lit()
	s := New(c)
	s.Add(a)
	require.Equal(t, Sat, s.Solve())
	assert.False(t, s.Value(free))
	assert.True(t, s.Value(free.Not()))
}

func TestForeignLiteralPanics(t *testing.T) {
	c := logic.NewC()
	s := New(c)
	assert.Panics(t, func() { s.Add(z.Var(99).Pos()) })
	assert.Panics(t, func() { s.Assume(z.LitNull) })
}

func TestTestScope(t *testing.T) {
	c := logic.NewC()
	a, b := c.Lit(), c.Lit()
	ab := c.And(a, b)
	s := New(c)
	s.Add(a.Not(), b)
	s.AddCircuit(ab)

	s.Assume(a)
	r, _ := s.Test()
	require.NotEqual(t, Unsat, r)
	// Inside the scope a holds, so propagation forced b.
	require.Equal(t, Sat, s.Solve())
	assert.True(t, s.Value(ab))
	s.Assume(ab.Not())
	assert.Equal(t, Unsat, s.Solve())
	require.NotEqual(t, Unsat, s.Untest())

	s.Assume(ab.Not())
	require.Equal(t, Sat, s.Solve())
	assert.False(t, s.Value(a))

	fresh := c.Or(a, b)
	s.Assume(a)
	s.Test()
	assert.Panics(t, func() { s.Assume(fresh) }, "new gates cannot be encoded inside a scope")
	s.Untest()
	assert.Panics(t, func() { s.Untest() })
}

func TestStatsAreDeterministic(t *testing.T) {
	run := func() Stats {
		c := logic.NewC()
		a, b := c.Lit(), c.Lit()
		s := New(c)
		s.Assert(c.Xor(a, b))
		s.Solve()
		s.Assume(a, b)
		s.Solve()
		st := s.Stats()
		st.Time = 0
		return st
	}
	st := run()
	assert.Equal(t, Stats{Calls: 2, Sat: 1, Unsat: 1, Clauses: 1, Gates: 3, Assumptions: 2}, st)
	assert.Equal(t, st, run())
	assert.Equal(t, Stats{Calls: 4, Sat: 2, Unsat: 2, Clauses: 2, Gates: 6, Assumptions: 4}, st.Plus(st))
}
