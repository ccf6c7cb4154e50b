package encode

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// valuations enumerates, by brute force over the given inputs (the others
// false), the set of valuations of the live values of s that its guard
// allows, each as a string of 0 and 1.
func valuations(c *logic.C, s *State, inputs []z.Var) map[string]bool {
	var lits []z.Lit
	lits = append(lits, s.Globals...)
	for _, t := range s.Threads {
		for _, m := range t.Locals {
			if m != z.LitNull {
				lits = append(lits, m)
			}
		}
	}
	out := map[string]bool{}
	vs := make([]bool, c.Len())
	value := func(m z.Lit) bool { return vs[m.Var()] == m.IsPos() }
	for bits := 0; bits < 1<<len(inputs); bits++ {
		for i := range vs {
			vs[i] = false
		}
		for i, in := range inputs {
			vs[in] = bits&(1<<i) != 0
		}
		c.Eval(vs)
		if !value(s.Guard) {
			continue
		}
		key := make([]byte, len(lits))
		for i, m := range lits {
			key[i] = '0'
			if value(m) {
				key[i] = '1'
			}
		}
		out[string(key)] = true
	}
	return out
}

func inputsFrom(c *logic.C, from int) []z.Var {
	var out []z.Var
	for _, i := range c.InPos(nil) {
		if i >= from {
			out = append(out, z.Var(i))
		}
	}
	return out
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestReparameteriseRandom: on random states (random circuits over a few
// inputs, some values shared, constant or dead), the re-parameterised
// state stands for exactly the same valuations, checked by brute force
// over the old inputs and over the new ones; its values are fresh inputs
// or constants.
func TestReparameteriseRandom(t *testing.T) {
	empty := 0
	for seed := int64(0); seed < 400; seed++ {
		r := rand.New(rand.NewSource(seed))
		e := &Encoder{C: logic.NewC()}
		c := e.C
		nodes := []z.Lit{c.T}
		for i := 0; i < 2+r.Intn(9); i++ {
			nodes = append(nodes, e.Fresh())
		}
		for i := 0; i < 5+r.Intn(40); i++ {
			a, b := nodes[r.Intn(len(nodes))], nodes[r.Intn(len(nodes))]
			if r.Intn(2) == 0 {
				a = a.Not()
			}
			if r.Intn(2) == 0 {
				b = b.Not()
			}
			nodes = append(nodes, c.And(a, b))
		}
		pick := func() z.Lit {
			m := nodes[r.Intn(len(nodes))]
			if r.Intn(2) == 0 {
				m = m.Not()
			}
			return m
		}
		s := State{Guard: c.T, NextID: 1}
		if r.Intn(4) != 0 {
			s.Guard = pick()
		}
		for i := 0; i < r.Intn(4); i++ {
			s.Globals = append(s.Globals, pick())
		}
		th := Thread{ID: 0}
		for i := 0; i < r.Intn(4); i++ {
			m := pick()
			if r.Intn(4) == 0 {
				m = z.LitNull
			}
			th.Locals = append(th.Locals, m)
		}
		s.Threads = []Thread{th}

		old := valuations(c, &s, inputsFrom(c, 0))
		mark := c.Len()
		n, ok := e.Reparameterise(&s, DefaultReparamNodes)
		if len(old) == 0 {
			assert.False(t, ok, "seed %d: an empty state is left alone", seed)
			empty++
			continue
		}
		require.True(t, ok, "seed %d", seed)
		require.Len(t, n.Threads, 1)
		for i, m := range s.Threads[0].Locals {
			assert.Equal(t, m == z.LitNull, n.Threads[0].Locals[i] == z.LitNull, "seed %d: dead locals stay dead", seed)
		}
		for _, m := range append(append([]z.Lit(nil), n.Globals...), n.Threads[0].Locals...) {
			if m == z.LitNull || m == c.T || m == c.F {
				continue
			}
			a, _ := c.Ins(m)
			assert.True(t, a == z.LitNull && m.IsPos() && int(m.Var()) >= mark, "seed %d: value %v is a fresh input", seed, m)
		}
		fresh := inputsFrom(c, mark)
		require.LessOrEqual(t, len(fresh), 8, "seed %d: at most one input per live value", seed)
		got := valuations(c, &n, fresh)
		assert.Equal(t, keys(old), keys(got), "seed %d", seed)
	}
	assert.Less(t, empty, 200, "most random states are not empty")
}

// TestReparameteriseGivesUpPastTheBound: a node bound too small to hold
// the set leaves the state as it is.
func TestReparameteriseGivesUpPastTheBound(t *testing.T) {
	e := &Encoder{C: logic.NewC()}
	c := e.C
	var xs []z.Lit
	for i := 0; i < 8; i++ {
		xs = append(xs, e.Fresh())
	}
	s := State{Globals: []z.Lit{c.Xor(c.Xor(xs[0], xs[1]), c.Xor(xs[2], xs[3])), c.And(xs[4], xs[5])}, Guard: c.Or(xs[6], xs[7]), Threads: []Thread{{}}}
	n, ok := e.Reparameterise(&s, 4)
	assert.False(t, ok)
	assert.Equal(t, s.Globals, n.Globals)
	assert.Equal(t, s.Guard, n.Guard)
	n, ok = e.Reparameterise(&s, DefaultReparamNodes)
	require.True(t, ok)
	assert.Equal(t, c.T, n.Guard, "every valuation of the two values is possible")
}

// TestReparameteriseLoop runs a loop whose constrained update grows the
// guard with every trip, re-parameterising after each trip, and compares
// the set at the loop head with the plain state's by brute force: the
// sets agree, and the re-parameterised state stays small.
func TestReparameteriseLoop(t *testing.T) {
	p := load(t, `decl a, b, c;
void main() begin
  a, b, c := F, F, F;
L:
  a, b, c := *, *, * constrain (!a | 'a) & (!'b | b | a) & (!b | 'b) & (!'c | c | b) & (!c | 'c);
  goto L;
end`)
	plain := New(p, 1)
	re := New(p, 1)
	ps, rs := plain.Initial(), re.Initial()
	step := func(e *Encoder, s State) State {
		succs, _ := e.Step(&s, 0, true)
		require.Len(t, succs, 1)
		return succs[0].State
	}
	ps, rs = step(plain, ps), step(re, rs) // a, b, c := F, F, F
	mark := 0                              // inputs from here on are the ones rs reads
	for trip := 1; trip <= 5; trip++ {
		ps, rs = step(plain, step(plain, ps)), step(re, step(re, rs))
		before := keys(valuations(re.C, &rs, inputsFrom(re.C, mark)))
		mark = re.C.Len()
		var ok bool
		rs, ok = re.Reparameterise(&rs, DefaultReparamNodes)
		require.True(t, ok)
		after := keys(valuations(re.C, &rs, inputsFrom(re.C, mark)))
		assert.Equal(t, before, after, "trip %d", trip)
		if trip <= 3 {
			want := valuations(plain.C, &ps, inputsFrom(plain.C, 0))
			assert.Equal(t, keys(want), after, "trip %d", trip)
		}
		assert.Less(t, re.ConeSize(&rs, 0), 30, "trip %d: the set has 4 valuations", trip)
	}
	assert.Greater(t, plain.ConeSize(&ps, 0), 2*re.ConeSize(&rs, 0), "the plain state grows with the path")
	want := []string{"000", "100", "110", "111"}
	assert.Equal(t, want, keys(valuations(re.C, &rs, inputsFrom(re.C, mark))))
}
