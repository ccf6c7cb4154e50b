package mc

import (
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/require"
)

// counter is a 2-bit counter from 0 that counts when its input is true;
// Bad is "the counter is 3".
func counter() (*System, z.Lit, z.Lit) {
	s := logic.NewS()
	in := s.Lit()
	b0, b1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(b0, s.Xor(b0, in))
	s.SetNext(b1, s.Xor(b1, s.And(b0, in)))
	return &System{S: s, Inputs: []z.Lit{in}, Bad: s.And(b0, b1)}, b0, b1
}

func TestSimulate(t *testing.T) {
	sys, _, _ := counter()
	bad, err := Simulate(sys, &Trace{Init: []bool{false, false}, Inputs: [][]bool{{true}, {true}, {true}}})
	require.NoError(t, err)
	require.True(t, bad)
	bad, err = Simulate(sys, &Trace{Init: []bool{false, false}, Inputs: [][]bool{{true}, {false}, {true}}})
	require.NoError(t, err)
	require.False(t, bad)
	_, err = Simulate(sys, &Trace{Init: []bool{true, false}, Inputs: nil})
	require.Error(t, err, "init violates the latch's fixed init")
}

func TestCheckInvariant(t *testing.T) {
	sys, b0, b1 := counter()
	// Bad is reachable, so no invariant can pass; "not both" is not closed.
	require.Error(t, CheckInvariant(sys, [][]z.Lit{{b0.Not(), b1.Not()}}))
	// A counter that saturates at 1 (b1 never set) has invariant ¬b1.
	s := logic.NewS()
	in := s.Lit()
	c0, c1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(c0, s.Or(c0, in))
	s.SetNext(c1, c1)
	safe := &System{S: s, Inputs: []z.Lit{in}, Bad: s.And(c0, c1)}
	require.NoError(t, CheckInvariant(safe, [][]z.Lit{{c1.Not()}}))
	require.Error(t, CheckInvariant(safe, nil), "empty invariant does not exclude Bad")
	require.Error(t, CheckInvariant(safe, [][]z.Lit{{c0.Not()}}), "¬c0 is not closed")
	require.Error(t, CheckInvariant(safe, [][]z.Lit{{c0}}), "c0 fails initially")
}
