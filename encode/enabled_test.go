package encode

import (
	"testing"

	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnabled compares Enabled of main's first step with the expected
// function of (g, l) on all four valuations.
func TestEnabled(t *testing.T) {
	cases := []struct {
		step string
		want func(g, l bool) bool
	}{
		{"skip;", func(g, l bool) bool { return true }},
		{"assume(g | *);", func(g, l bool) bool { return true }},
		{"assume(g & l);", func(g, l bool) bool { return g && l }},
		{"assume(g & *);", func(g, l bool) bool { return g }},
		{"l := * constrain ('l & g);", func(g, l bool) bool { return g }},
		{"l := * constrain ('l != g);", func(g, l bool) bool { return true }},
		{"l := l constrain ('l | g);", func(g, l bool) bool { return l || g }},
		{"g, l := *, * constrain ('g & !'l & l);", func(g, l bool) bool { return l }},
	}
	for _, c := range cases {
		p := load(t, "decl g; void main() begin decl l; "+c.step+" assert(l | g); end")
		e := New(p, 2)
		s := e.Initial()
		// Past "decl l", which main's first step is.
		succs, _ := e.Step(&s, 0, true)
		require.Len(t, succs, 1)
		s = succs[0].State
		en, ok := e.Enabled(&s, 0)
		require.True(t, ok, c.step)
		gv := s.Globals[0].Var()
		lv := s.Threads[0].Locals[0]
		for _, g := range []bool{false, true} {
			for _, l := range []bool{false, true} {
				in := map[z.Var]bool{gv: g}
				if lv != z.LitNull {
					in[lv.Var()] = l
				} else if c.want(g, true) != c.want(g, false) {
					t.Fatalf("%s: l is dead but the expected function reads it", c.step)
				}
				assert.Equal(t, c.want(g, l), eval(e.C, in, en), "%s with g=%v l=%v", c.step, g, l)
			}
		}
	}
}

func TestEnabledGivesUpOnManyChoices(t *testing.T) {
	p := load(t, "decl g; void main() begin assume(g & * & * & * & * & *); end")
	e := New(p, 2)
	s := e.Initial()
	_, ok := e.Enabled(&s, 0)
	assert.False(t, ok)
}
