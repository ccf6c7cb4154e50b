package bopgo

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/race"
	"github.com/bopgo/bopgo/verdict"
)

// contractQuanta is how long, in quanta, each raced engine runs in
// TestRacedEnginesKeepTheSchedule (10 with -short: the test runs alone,
// on one core, before the package's parallel tests); retryQuanta how
// long it runs again when it had a single turn.
const contractQuanta, retryQuanta = 20, 100

// TestRacedEnginesKeepTheSchedule holds every engine the portfolio races
// to the race's contract (race/doc.go): it polls ctx.Err() of the context
// it is given, regularly, and hands its core on there. Each engine runs
// in a real schedule of one slot, on a program that takes it seconds,
// against a pacer that only polls, for contractQuanta quanta: an engine
// that keeps its slot (polling Done, or a context of its own) has one
// turn, and one whose steps outlast overdue quanta without a poll has
// its slot's neighbour rescued.
//
// The schedule's clock is the wall's: a stall of the machine while one of
// the two holds the slot (another process took the core, or the other's
// goroutine had not started) is charged to it, and the other then keeps
// the slot until it has run as long. On a loaded machine that debt once
// took the whole window, and IC3 had one turn though it polls every few
// milliseconds; a stall of the engine's own thread counts as overdue
// too. So an engine with one turn, or more than 2 overdue, runs again,
// for retryQuanta: a debt that fills that window too would need a stall
// of about half of it, while an engine that keeps its slot has one turn
// however long it runs, and one that polls too rarely is overdue about
// once in overdue quanta (3) however long it runs.
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
			quanta := contractQuanta
			if testing.Short() {
				quanta /= 2
			}
			r := raceAgainstPacer(t, prog, name, quanta)
			t.Logf("%s: %d turns, %d polls, %d overdue, held %v in %d quanta", name, r.Turns, r.Polls, r.Overdue, r.Held, quanta)
			if r.Turns < 2 || r.Overdue > overdueIn(quanta) {
				quanta = retryQuanta
				r = raceAgainstPacer(t, prog, name, quanta)
				t.Logf("%s again: %d turns, %d polls, %d overdue, held %v in %d quanta", name, r.Turns, r.Polls, r.Overdue, r.Held, quanta)
			}
			assert.Equal(t, race.Stopped, r.Outcome, "%s: %s", name, r.Reason)
			assert.Positive(t, r.Polls, "%s polls its context's Err", name)
			// An engine that keeps its slot has one turn; one that hands
			// it on has about quanta/2 on an idle machine: two turns
			// tell the two apart without a clock.
			assert.GreaterOrEqual(t, r.Turns, 2, "%s hands its core on", name)
			assert.LessOrEqual(t, r.Overdue, overdueIn(quanta), "%s polls every few milliseconds", name)
		})
	}
}

// overdueIn is how many overdue slots an engine may have in a race of
// quanta quanta: 2 in contractQuanta or fewer, 10 in retryQuanta, where
// one that polls only every 3 quanta has about 7 and 33.
func overdueIn(quanta int) int { return max(2, 2*quanta/contractQuanta) }

// raceAgainstPacer races engine name on prog against a pacer that only
// polls, on one slot, for the given number of quanta, and returns the
// engine's record.
func raceAgainstPacer(t *testing.T, prog *bp.Program, name Engine, quanta int) race.Record[Result] {
	t.Helper()
	info, _ := name.Info()
	p := &engine.Problem{Prog: prog, Targets: prog.Targets(""), Meter: &engine.Meter{}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(quanta)*race.Quantum)
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
