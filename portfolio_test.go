package bopgo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// TestPortfolioNamesTheWinner: the answer of auto comes from one of the
// raced engines and says which.
func TestPortfolioNamesTheWinner(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Auto})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict)
	assert.Contains(t, bopgo.RacedEngines(p, bopgo.Options{}), res.Engine)
	replay(t, p, bopgo.Options{}, res)
	// The race's report: every raced engine in the race's order, the
	// winner won, and no engine held a core longer than the check took.
	raced := bopgo.RacedEngines(p, bopgo.Options{})
	require.Len(t, res.Race, len(raced))
	assert.Equal(t, res.Engine, winner(res.Race), "%+v", res.Race)
	for i, e := range res.Race {
		assert.Equal(t, raced[i], e.Engine)
		assert.LessOrEqual(t, e.Held, res.Counters.Time(bopgo.CounterSeconds), e.Engine)
		info, _ := e.Engine.Info()
		assert.GreaterOrEqual(t, e.Share, info.Share, e.Engine)
	}
}

// winner is the engine of a race's report that won, or "".
func winner(race []bopgo.RaceEntry) bopgo.Engine {
	for _, e := range race {
		if e.Outcome == bopgo.OutcomeWon {
			return e.Engine
		}
	}
	return ""
}

// TestPortfolioUnknownSaysWhy: when no engine decides, the reason names
// each engine's, or says once what stopped them all.
func TestPortfolioUnknownSaysWhy(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := bopgo.Check(ctx, p, bopgo.Options{Engine: bopgo.Auto})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict)
	assert.Equal(t, bopgo.Auto, res.Engine)
	assert.Equal(t, verdict.Cancelled, res.Limit)
	assert.Equal(t, "cancelled", res.Reason)

	// A race that ends on its time limit: each engine's report says it
	// stopped on it (every engine takes seconds on six try-lock workers).
	hard := loadFile(t, "testdata/hard/trylockworkers-n6-k3.bp")
	res, err = bopgo.Check(context.Background(), hard, bopgo.Options{Timeout: 50 * time.Millisecond})
	require.NoError(t, err)
	require.Equal(t, verdict.Unknown, res.Verdict)
	require.Len(t, res.Race, len(bopgo.RacedEngines(hard, bopgo.Options{})))
	for _, e := range res.Race {
		assert.Equal(t, bopgo.OutcomeStopped, e.Outcome, e.Engine)
		assert.Equal(t, verdict.Time, e.Limit, e.Engine)
		assert.NotEmpty(t, e.Reason, e.Engine)
	}

	// An engine that gives up early frees its core for the next one: the
	// counter engine declines 30 globals, the explicit one a step that
	// reads 30 unknown values, symbolic runs out of states, and IC3, started
	// last, decides.
	vs := make([]string, 30)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%d", i)
	}
	wide, err := bp.Load("wide.bp", []byte("decl "+strings.Join(vs, ", ")+";\nvoid main() begin assume("+strings.Join(vs, " | ")+"); skip; assert(T & "+vs[0]+" | !"+vs[0]+"); end\n"))
	require.NoError(t, err)
	res, err = bopgo.Check(context.Background(), wide, bopgo.Options{MaxStates: 2})
	require.NoError(t, err)
	assert.Equal(t, verdict.Safe, res.Verdict, res.Reason)
	assert.Equal(t, bopgo.IC3, res.Engine)
	assert.Equal(t, bopgo.IC3, winner(res.Race), "%+v", res.Race)
}
