package symbolic

import (
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/qbf"
)

// TestQueryKey: problems built the same way have the same key, and a
// change of a gate, a block or the matrix changes it.
func TestQueryKey(t *testing.T) {
	t.Parallel()
	type shape struct {
		or, swapBlocks, negate bool
	}
	build := func(s shape) qbf.Problem {
		c := logic.NewC()
		x, y, w := c.Lit(), c.Lit(), c.Lit()
		g := c.And(x, y.Not())
		if s.or {
			g = c.Or(x, y.Not())
		}
		m := c.Or(c.Xor(g, w), x)
		if s.negate {
			m = m.Not()
		}
		p := qbf.Problem{Circuit: c, Forall: []z.Lit{x, y}, Exists: []z.Lit{w}, Matrix: m}
		if s.swapBlocks {
			p.Forall, p.Exists = []z.Lit{x}, []z.Lit{y, w}
		}
		return p
	}
	base := queryKey(build(shape{}))
	assert.Equal(t, base, queryKey(build(shape{})), "the same structure")
	for _, s := range []shape{{or: true}, {swapBlocks: true}, {negate: true}} {
		assert.NotEqual(t, base, queryKey(build(s)), "%+v", s)
	}
}
