package bmc

import (
	"context"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// counter is a 2-bit counter from 0 that counts when its input is true;
// Bad is "the counter is 3": reachable in 3 steps, not fewer.
func counter() *mc.System {
	s := logic.NewS()
	in := s.Lit()
	b0, b1 := s.Latch(s.F), s.Latch(s.F)
	s.SetNext(b0, s.Xor(b0, in))
	s.SetNext(b1, s.Xor(b1, s.And(b0, in)))
	return &mc.System{S: s, Inputs: []z.Lit{in}, Bad: s.And(b0, b1)}
}

func TestShortestCounterexample(t *testing.T) {
	sys := counter()
	r := Check(context.Background(), sys, mc.Options{})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	assert.Len(t, r.Trace.Inputs, 3)
	bad, err := mc.Simulate(sys, r.Trace)
	require.NoError(t, err)
	assert.True(t, bad)
	assert.Equal(t, 4, r.Stats.SATCalls)
}

func TestDepthBound(t *testing.T) {
	r := Check(context.Background(), counter(), mc.Options{MaxDepth: 2})
	assert.Equal(t, verdict.Unknown, r.Verdict)
	assert.Equal(t, 2, r.Depth)
	assert.Contains(t, r.Reason, "depth bound")
	assert.Equal(t, verdict.Depth, r.Limit)
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Check(ctx, counter(), mc.Options{})
	assert.Equal(t, verdict.Unknown, r.Verdict)
	assert.Contains(t, r.Reason, "cancel")
	assert.Equal(t, verdict.Cancelled, r.Limit)
}

// A free initial latch: Bad holds at depth 0 for the right initial value.
func TestFreeInit(t *testing.T) {
	s := logic.NewS()
	l := s.Latch(z.LitNull)
	sys := &mc.System{S: s, Bad: l}
	r := Check(context.Background(), sys, mc.Options{})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	assert.Equal(t, []bool{true}, r.Trace.Init)
	assert.Empty(t, r.Trace.Inputs)
}
