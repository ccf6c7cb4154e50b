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

// pollCounter is a context that counts the polls of its Err and, with
// stopAt > 0, says it was cancelled from the stopAt-th poll on.
type pollCounter struct {
	context.Context
	polls  atomic.Int64
	stopAt int64
}

func (c *pollCounter) Err() error {
	if n := c.polls.Add(1); c.stopAt > 0 && n >= c.stopAt {
		return context.Canceled
	}
	return c.Context.Err()
}

// pigeons is a system whose bad states put n pigeons in n-1 holes, one
// per hole, with every latch free initially: IC3's first query (is a bad
// state initial?) is the pigeonhole formula, unsatisfiable and far too
// hard for a SAT solver at n = 10.
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
// every pollEvery (package race: an engine hands its core on only
// there), and the query counts as one SAT call however many polls it
// takes. The context ends itself at its 12th poll, so the test counts
// polls, not time: whether the polls come often enough for the race's
// 20 ms quantum is the pollEvery constant's, pinned here too.
func TestLongQueryPollsErr(t *testing.T) {
	assert.LessOrEqual(t, pollEvery, 10*time.Millisecond, "a poll at least twice in the race's 20 ms quantum")
	ctx := &pollCounter{Context: context.Background(), stopAt: 12}
	res := Check(ctx, pigeons(10), mc.Options{})
	assert.Equal(t, verdict.Unknown, res.Verdict)
	assert.GreaterOrEqual(t, ctx.polls.Load(), int64(12))
	assert.Equal(t, 1, res.Stats.SATCalls, "one query of many slices is one call")
}
