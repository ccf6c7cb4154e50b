package ic3

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// pollCounter is a context that counts the polls of its Err.
type pollCounter struct {
	context.Context
	polls atomic.Int64
}

func (c *pollCounter) Err() error {
	c.polls.Add(1)
	return c.Context.Err()
}

// pigeons is a system whose bad states put n pigeons in n-1 holes, one
// per hole, with every latch free initially: IC3's first query (is a bad
// state initial?) is the pigeonhole formula, unsatisfiable and far too
// hard for gini at n = 10.
func pigeons(n int) *mc.System {
	s := logic.NewS()
	p := make([][]z.Lit, n)
	for i := range p {
		p[i] = make([]z.Lit, n-1)
		for j := range p[i] {
			p[i][j] = s.Latch(z.LitNull)
			s.SetNext(p[i][j], p[i][j])
		}
	}
	var bad []z.Lit
	for i := range p {
		bad = append(bad, s.Ors(p[i]...))
	}
	for j := range n - 1 {
		for i := range n {
			for k := i + 1; k < n; k++ {
				bad = append(bad, s.Or(p[i][j].Not(), p[k][j].Not()))
			}
		}
	}
	return &mc.System{S: s, Bad: s.Ands(bad...)}
}

// TestLongQueryPollsErr: inside one long SAT query IC3 polls ctx.Err()
// at every slice, well within the race's quantum (package race: an
// engine hands its core on only there), and the query counts as one SAT
// call however many slices it takes.
func TestLongQueryPollsErr(t *testing.T) {
	parent, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	ctx := &pollCounter{Context: parent}
	res := Check(ctx, pigeons(10), mc.Options{})
	assert.Equal(t, verdict.Unknown, res.Verdict)
	// 300 ms in slices of 10 ms: about 30 polls.
	assert.GreaterOrEqual(t, ctx.polls.Load(), int64(15), "polls of Err in 300 ms")
	assert.Equal(t, 1, res.Stats.SATCalls)
}
