package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/bopgo/bopgo/tts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func coverProblem(t *testing.T, src, init, target string) Coverability {
	t.Helper()
	sys, err := tts.Read("t.tts", strings.NewReader(src))
	require.NoError(t, err)
	in, err := tts.ParseState(init)
	require.NoError(t, err)
	tg, err := tts.ParseState(target)
	require.NoError(t, err)
	return Coverability{System: sys, Init: in, Target: tg}
}

func cfg(s int, l ...int) tts.Config { return tts.Config{Shared: s, Locals: l} }

var anyBox = []tts.Box{{Shared: 0, Others: -1}}

// bfc's accel_fault1: each move sends the other threads of local 0 to 2.
func TestCertificate(t *testing.T) {
	t.Parallel()
	p := coverProblem(t, "1 3\n0 0 -> 0 1 0 ~> 2\n", "0/0", "0|1,1")
	good := &tts.Certificate{Basis: []tts.Config{cfg(0, 1, 1), cfg(0, 0, 1)}, Boxes: anyBox}
	assert.NoError(t, p.CheckCertificate(good))
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, p.CheckCertificateContext(ended, good), context.Canceled, "a check stops when its context ends")

	cases := map[string]*tts.Certificate{
		"not closed under predecessors":  {Basis: []tts.Config{cfg(0, 1, 1)}, Boxes: anyBox},
		"holds an initial configuration": {Basis: []tts.Config{cfg(0, 1, 1), cfg(0, 0, 1), cfg(0, 0, 0)}, Boxes: anyBox},
		"invariant not inductive":        {Basis: []tts.Config{cfg(0, 1, 1), cfg(0, 0, 1)}, Boxes: []tts.Box{{Shared: 0, Bounds: []tts.Bound{{Local: 0, Max: -1}, {Local: 1, Max: 1}, {Local: 2, Max: -1}}}}},
		"invariant misses the start":     {Basis: []tts.Config{cfg(0, 1, 1), cfg(0, 0, 1)}, Boxes: []tts.Box{{Shared: 0, Bounds: []tts.Bound{{Local: 0, Max: 1}, {Local: 1, Max: -1}, {Local: 2, Max: -1}}}}},
		"target outside":                 {Basis: []tts.Config{cfg(0, 0, 1)}, Boxes: anyBox},
		"no invariant":                   {Basis: []tts.Config{cfg(0, 1, 1), cfg(0, 0, 1)}},
	}
	for name, c := range cases {
		assert.Error(t, p.CheckCertificate(c), name)
	}
}

// An invariant can carry the proof alone: the target's shared state is
// never reached.
func TestCertificateByInvariant(t *testing.T) {
	t.Parallel()
	p := coverProblem(t, "3 2\n0 0 -> 1 1\n1 1 +> 0 0\n", "0|0", "2|0")
	c := &tts.Certificate{Boxes: []tts.Box{{Shared: 0, Others: -1}, {Shared: 1, Others: -1}}}
	assert.NoError(t, p.CheckCertificate(c))
	c.Boxes = c.Boxes[:1]
	assert.Error(t, p.CheckCertificate(c))
	// The reachable configurations themselves, one box each.
	c.Boxes = []tts.Box{{Shared: 0, Bounds: []tts.Bound{{Local: 0, Max: 1}}}, {Shared: 1, Bounds: []tts.Bound{{Local: 1, Max: 1}}}, {Shared: 0, Bounds: []tts.Bound{{Local: 0, Max: 1}, {Local: 1, Max: 1}}}}
	assert.Error(t, p.CheckCertificate(c), "0|0,1 -> 1|1,1 is missing")
	c.Boxes = append(c.Boxes, tts.Box{Shared: 1, Bounds: []tts.Bound{{Local: 1, Max: -1}}}, tts.Box{Shared: 0, Bounds: []tts.Bound{{Local: 0, Max: 1}, {Local: 1, Max: -1}}})
	assert.NoError(t, p.CheckCertificate(c))
}

func TestPath(t *testing.T) {
	t.Parallel()
	p := coverProblem(t, "1 3\n0 0 -> 0 1\n", "0/0", "0|1,1")
	good := &tts.Path{Start: cfg(0, 0, 0), Steps: []tts.Step{{Rule: 0, After: cfg(0, 0, 1)}, {Rule: 0, After: cfg(0, 1, 1)}}, Threads: 2}
	assert.NoError(t, p.CheckPath(good))
	bad := []*tts.Path{
		{Start: cfg(0, 0, 0), Steps: good.Steps, Threads: 3},
		{Start: cfg(0, 0, 1), Steps: good.Steps[1:], Threads: 2},
		{Start: cfg(0, 0, 0), Steps: []tts.Step{{Rule: 0, After: cfg(0, 0, 1)}, {Rule: 0, After: cfg(0, 1, 2)}}, Threads: 2},
		{Start: cfg(0, 0, 0), Steps: good.Steps[:1], Threads: 2},
		{Start: cfg(0, 0, 0), Steps: []tts.Step{{Rule: 1, After: cfg(0, 0, 1)}}, Threads: 2},
	}
	for i, q := range bad {
		assert.Error(t, p.CheckPath(q), "bad path %d", i)
	}
}

func TestBroadcastStep(t *testing.T) {
	t.Parallel()
	p := coverProblem(t, "1 4\n0 0 -> 0 1 2 ~> 3 2 ~> 2\n0 3 +> 0 3\n0 1 ~> 0 3\n", "0|0,2,2", "0|3,3")
	for _, after := range []tts.Config{cfg(0, 1, 2, 3), cfg(0, 1, 3, 3), cfg(0, 1, 2, 2)} {
		q := &tts.Path{Start: cfg(0, 0, 2, 2), Steps: []tts.Step{{Rule: 0, After: after}}, Threads: 3}
		err := p.CheckPath(q)
		// Every choice is a valid step; only 1,3,3 covers the target.
		if after.Locals[1] == 3 {
			assert.NoError(t, err)
		} else {
			assert.ErrorContains(t, err, "does not cover")
		}
	}
	q := &tts.Path{Start: cfg(0, 0, 2, 2), Steps: []tts.Step{{Rule: 0, After: cfg(0, 1, 1, 3)}}, Threads: 3}
	assert.ErrorContains(t, p.CheckPath(q), "not a successor")
	// Spawn and transfer.
	q = &tts.Path{Start: cfg(0, 0, 2, 2), Steps: []tts.Step{{Rule: 0, After: cfg(0, 1, 2, 3)}, {Rule: 2, After: cfg(0, 2, 3, 3)}}, Threads: 3}
	assert.NoError(t, p.CheckPath(q))
	q = &tts.Path{Start: cfg(0, 0, 2, 2), Steps: []tts.Step{{Rule: 0, After: cfg(0, 1, 2, 3)}, {Rule: 1, After: cfg(0, 1, 2, 3, 3)}}, Threads: 4}
	assert.NoError(t, p.CheckPath(q))
}
