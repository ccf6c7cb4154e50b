package bp

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHavocked: no step of the abstraction reads or writes a local, the
// steps that did read one have fresh choices for them, and the
// abstraction passes its own check.
func TestHavocked(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, tangled)
	q := Havocked(p)
	require.NotNil(t, q)
	require.NoError(t, q.Validate())
	for pi, proc := range q.Procs {
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			st.Reads(func(r VarRef) { assert.NotEqual(t, Local, r.Scope, "%s pc %d reads a local", proc.Name, pc) })
			for _, tg := range st.Targets {
				assert.Equal(t, Global, tg.Scope, "%s pc %d writes a local", proc.Name, pc)
			}
			if o := &p.Procs[pi].Steps[pc]; o.Kind == Assign && len(o.Targets) == 2 {
				assert.Equal(t, Skip, st.Kind, "the locals' assignment has nothing left")
			}
		}
	}
	// Two reads of one slot in a step are two choices: each choice
	// occurs once in a step (the lowered form's invariant), which the
	// slice's absorption of x ^ * relies on.
	twice := Havocked(mustLoad(t, "decl g; void main() begin decl l; l := *; g := l ^ l; end\n"))
	require.NotNil(t, twice)
	found := 0
	for _, st := range twice.Procs[0].Steps {
		if len(st.Targets) == 1 && st.Targets[0].Scope == Global {
			found++
			v := st.Values[0]
			require.Equal(t, TXor, v.Op, v.String())
			assert.Equal(t, TNondet, v.Args[0].Op)
			assert.NotEqual(t, v.Args[0].Choice, v.Args[1].Choice, "two reads, two choices: %s", v)
		}
	}
	require.Equal(t, 1, found, "the step g := l ^ l")
	assert.Nil(t, Havocked(mustLoad(t, "decl g; void main() begin decl l; l := *; g := !g; assert(g | !g); end\n")),
		"no step reads a local: nothing to forget")
}

// tangled is testdata/tangled.bp, read once.
var tangled = mustRead("testdata/tangled.bp")

// mustRead is the text of a test's data file; the tests cannot run
// without it.
func mustRead(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}
