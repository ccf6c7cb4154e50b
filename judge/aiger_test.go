package judge

import (
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/mc"
)

// counter is a 2-bit counter from 0 that counts when its input is true;
// Bad is "the counter is 3".
func twoBitCounter() (*mc.System, z.Lit, z.Lit) {
	s := logic.NewS()
	in := s.Lit()
	b0, b1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(b0, s.Xor(b0, in))
	s.SetNext(b1, s.Xor(b1, s.And(b0, in)))
	return &mc.System{S: s, Inputs: []z.Lit{in}, Bad: s.And(b0, b1)}, b0, b1
}

func TestCircuitTrace(t *testing.T) {
	t.Parallel()
	sys, _, _ := twoBitCounter()
	require.NoError(t, CircuitTrace(sys, &mc.Trace{Init: []bool{false, false}, Inputs: [][]bool{{true}, {true}, {true}}}))
	require.ErrorContains(t, CircuitTrace(sys, &mc.Trace{Init: []bool{false, false}, Inputs: [][]bool{{true}, {false}, {true}}}), "does not reach")
	require.Error(t, CircuitTrace(sys, &mc.Trace{Init: []bool{true, false}, Inputs: nil}), "init violates the latch's fixed init")
	require.Error(t, CircuitTrace(sys, &mc.Trace{Init: []bool{false, false}, Inputs: [][]bool{{true, true}}}), "too many inputs")
}

func TestCircuitInvariant(t *testing.T) {
	t.Parallel()
	sys, b0, b1 := twoBitCounter()
	// Bad is reachable, so no invariant can pass; "not both" is not closed.
	require.Error(t, CircuitInvariant(sys, [][]z.Lit{{b0.Not(), b1.Not()}}))
	// A counter that saturates at 1 (b1 never set) has invariant ¬b1.
	s := logic.NewS()
	in := s.Lit()
	c0, c1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(c0, s.Or(c0, in))
	s.SetNext(c1, c1)
	safe := &mc.System{S: s, Inputs: []z.Lit{in}, Bad: s.And(c0, c1)}
	require.NoError(t, CircuitInvariant(safe, [][]z.Lit{{c1.Not()}}))
	require.Error(t, CircuitInvariant(safe, nil), "empty invariant does not exclude Bad")
	require.Error(t, CircuitInvariant(safe, [][]z.Lit{{c0.Not()}}), "¬c0 is not closed")
	require.Error(t, CircuitInvariant(safe, [][]z.Lit{{c0}}), "c0 fails initially")
}
