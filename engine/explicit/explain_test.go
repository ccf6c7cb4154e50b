package explicit

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// A Safe of procedure summaries explains itself in the program's terms:
// each entry with its arguments and globals, and what it returns.
func TestSummariesExplained(t *testing.T) {
	t.Parallel()
	src := `decl g;
bool f(d) begin decl r; if d then g := T; return T; fi r := f(T); return r; end
void main() begin decl x; g := F; x := f(F); assert(g); end
`
	p, err := bp.Load("f.bp", []byte(src))
	require.NoError(t, err)
	r, err := New(Config{})(context.Background(), &engine.Problem{Prog: p, Targets: p.Targets(""), Meter: &engine.Meter{}}, 1, false)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	require.NotNil(t, r.Explain)
	ex := r.Explain()
	assert.Equal(t, "procedure summaries", ex.Kind)
	assert.Contains(t, ex.Lines, "f(d=0) entered with g=0: returns 1 with g=1")
	assert.Contains(t, ex.Lines, "f(d=1) entered with g=0: returns 1 with g=1")
}
