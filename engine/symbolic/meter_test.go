package symbolic

import (
	"context"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// TestMeterEstimatesMemory: the engine tells its meter what its nodes
// take, so that the portfolio can hold it to its share of the race's
// memory; at least the nodes' structs, at most a generous bound per
// stored state.
func TestMeterEstimatesMemory(t *testing.T) {
	t.Parallel()
	prog, err := bp.Load("counter.bp", []byte(`decl a, b, c, d;
void w() begin
  L: a, b := *, !a;
  c, d := b ^ c, *;
  goto L;
end
void main() begin
  start_thread w();
  start_thread w();
  assert(a | !a);
end
`))
	require.NoError(t, err)
	m := &engine.Meter{}
	p := &engine.Problem{Prog: prog, Targets: prog.Targets(""), Meter: m}
	r, err := New(Options{})(context.Background(), p, 3, true)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	states := m.States()
	require.Positive(t, states)
	assert.GreaterOrEqual(t, m.Bytes(), states*int64(unsafe.Sizeof(symNode{}))/sharedSlices)
	assert.Less(t, m.Bytes(), states*64<<10)
}
