package bopgo

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/race"
	"github.com/bopgo/bopgo/verdict"
)

// contractQuanta is how long, in quanta, each raced engine runs in
// TestRacedEnginesKeepTheSchedule.
const contractQuanta = 20

// TestRacedEnginesKeepTheSchedule holds every engine the portfolio races
// to the race's contract (race/doc.go): it polls ctx.Err() of the context
// it is given, regularly, and hands its core on there. Each engine runs
// in a real schedule of one slot, on a program that takes it seconds,
// against a pacer that only polls, for contractQuanta quanta: an engine
// that keeps its slot (polling Done, or a context of its own) has one
// turn, and one whose steps outlast overdue quanta without a poll has
// its slot's neighbour rescued.
func TestRacedEnginesKeepTheSchedule(t *testing.T) {
	src, err := os.ReadFile("testdata/hard/trylockworkers-n6-k3.bp")
	require.NoError(t, err)
	prog, err := bp.Load("trylockworkers.bp", src)
	require.NoError(t, err)
	order := portfolioOrder(prog, Options{})
	for _, e := range engineTable {
		if e.Race > 0 {
			require.Contains(t, order, e.Name, "the program races every raced engine")
		}
	}
	for _, name := range order {
		t.Run(string(name), func(t *testing.T) {
			r := raceAgainstPacer(t, prog, name)
			t.Logf("%s: %d turns, %d polls, %d overdue, held %v", name, r.Turns, r.Polls, r.Overdue, r.Held)
			assert.Equal(t, race.Stopped, r.Outcome, "%s: %s", name, r.Reason)
			assert.Positive(t, r.Polls, "%s polls its context's Err", name)
			// An engine that keeps its slot has one turn; one that hands
			// it on has about contractQuanta/2 on an idle machine, and 4
			// were seen under a load of 6 on 2 cores (the other engines'
			// tests): two turns tell the two apart without a clock.
			assert.GreaterOrEqual(t, r.Turns, 2, "%s hands its core on", name)
			assert.LessOrEqual(t, r.Overdue, 2, "%s polls every few milliseconds", name)
		})
	}
}

// raceAgainstPacer races engine name on prog against a pacer that only
// polls, on one slot, for contractQuanta quanta, and returns the engine's
// record.
func raceAgainstPacer(t *testing.T, prog *bp.Program, name Engine) race.Record[Result] {
	t.Helper()
	info, _ := name.Info()
	p := &engine.Problem{Prog: prog, Targets: prog.Targets(""), Meter: &engine.Meter{}}
	ctx, cancel := context.WithTimeout(context.Background(), contractQuanta*race.Quantum)
	defer cancel()
	pacer := func(ctx context.Context) (Result, error) {
		for ctx.Err() == nil {
		}
		return Result{}, nil
	}
	out := race.Run(ctx, []race.Entrant[Result]{
		{Name: string(name), Share: 1, Meter: p.Meter,
			Run: func(ctx context.Context) (Result, error) { return runAndJudge(ctx, info, p, Options{}) }},
		{Name: "pacer", Share: 1, Run: pacer},
	}, func(r Result) bool { return r.Verdict != verdict.Unknown }, race.Config{Slots: 1})
	require.Equal(t, -1, out.Winner, "the program takes %s longer", name)
	return out.Records[0]
}
