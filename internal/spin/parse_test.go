package spin

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/verdict"
)

// Outputs of pan 6.5.2, cut to the lines the parser reads.
const (
	panSafe = `
(Spin Version 6.5.2 -- 6 December 2019)
	+ Partial Order Reduction

State-vector 20 byte, depth reached 10, errors: 0
       13 states, stored
        3 states, matched
   13.536	total actual memory usage
`
	panViolation = `pan:1: assertion violated  !(g_c) (at depth 27)
pan: wrote model.pml.trail
State-vector 36 byte, depth reached 28, errors: 1
      110 states, stored
`
	panBound = `pan:1: assertion violated ((bp_live<8)&&(_nr_pr<255)) (at depth 5)
State-vector 36 byte, depth reached 5, errors: 1
        6 states, stored
`
	panMemory = `pan: reached -DMEMLIM bound
	5.70257e+06 bytes used
Warning: Search not completed
State-vector 1028 byte, depth reached 30, errors: 0
  3.2282119e+07 states, stored
`
	panDepth = `error: max search depth too small
State-vector 20 byte, depth reached 99999, errors: 0
   100000 states, stored
`
	panVector = `pan: error, VECTORSZ too small, recompile pan.c with -DVECTORSZ=N with N>1028
pan:1: aborting (at depth 379)
State-vector 1028 byte, depth reached 379, errors: 1
`
)

func TestParse(t *testing.T) {
	p := parse(panSafe)
	assert.Equal(t, Result{Verdict: verdict.Safe, States: 13, Depth: 10, Memory: 13.536}, p.result())

	p = parse(panViolation)
	assert.Equal(t, verdict.Unsafe, p.result().Verdict)
	assert.Equal(t, "assertion violated  !(g_c)", p.result().Reason)
	assert.Equal(t, int64(110), p.states)

	r := parse(panBound).result()
	assert.Equal(t, verdict.Unsafe, r.Verdict, "the runner, not the parser, recognises the bound")
	assert.Contains(t, r.Reason, boundMarker)

	r = parse(panMemory).result()
	assert.Equal(t, verdict.Unknown, r.Verdict)
	assert.Contains(t, r.Reason, "out of memory")
	assert.Equal(t, int64(32282119), r.States)

	p = parse(panDepth)
	assert.True(t, p.depthTooSmall)
	assert.Equal(t, verdict.Unknown, p.result().Verdict)

	p = parse(panVector)
	assert.Equal(t, 1028, p.vectorTooSmall)
	assert.Equal(t, verdict.Unknown, p.result().Verdict)

	assert.Equal(t, verdict.Unknown, parse("garbage").result().Verdict, "no summary: not a complete search")
}

func TestHashBits(t *testing.T) {
	assert.Equal(t, 16, (&runner{opts: Options{MaxMemory: 1 << 20}}).hashBits())
	assert.Equal(t, 21, (&runner{opts: Options{MaxMemory: 64 << 20}}).hashBits())
	assert.Equal(t, 24, (&runner{opts: Options{MaxMemory: 64 << 30}}).hashBits())
}
