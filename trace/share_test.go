package trace_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

// sameSlice reports whether a and b are one slice (the same array).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// A step shares the previous step's values where they are the same, and
// only there: the values each step shows stay its own.
func TestValuesShared(t *testing.T) {
	t.Parallel()
	_, tr := exactTrace(t, `decl g, h;
void w() begin decl a; a := F; a := T; assert(!g | !a); end
void main() begin decl m; g := F; h := T; m := T; skip; start_thread w(); g := T; end`, bp.Blocking, 0)
	require.Greater(t, len(tr.Steps), 6)
	for i := 1; i < len(tr.Steps); i++ {
		prev, cur := tr.Steps[i-1], tr.Steps[i]
		assert.Equal(t, slices.Equal(prev.Globals, cur.Globals), sameSlice(prev.Globals, cur.Globals), "step %d's globals", i+1)
	}
	skip, start := stepAt(t, tr, 0, "skip"), stepAt(t, tr, 0, "start_thread w()")
	assert.True(t, sameSlice(tr.Steps[skip].Locals, tr.Steps[start].Locals), "main's locals did not change")
	write := stepAt(t, tr, 1, "a := T")
	assert.False(t, sameSlice(tr.Steps[write].Locals, tr.Steps[write+1].Locals), "w wrote a")
	assert.True(t, tr.Steps[write+1].Locals[0].Value)
}
