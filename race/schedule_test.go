package race

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeRace runs fake engines, of the weights given, on one slot of a
// schedule whose clock is the work done: each engine does units of work,
// each a millisecond on the clock and a poll of its context, until it
// has done its budget. With one slot one engine runs at a time, so the
// interleaving, and the counts, are the same on every run. atDone[i] is
// the work each engine had done when engine i finished.
func fakeRace(t *testing.T, budgets, weights []int) (atDone [][]int) {
	t.Helper()
	return fakeRaceWith(t, budgets, weights, nil)
}

// fakeRaceWith is fakeRace with finishing[i], where not nil, as engine
// i's turn.finishing.
func fakeRaceWith(t *testing.T, budgets, weights []int, finishing []func() bool) (atDone [][]int) {
	t.Helper()
	var clock atomic.Int64
	// One more turn, the test's, holds the slot until every engine
	// waits, so that they start in the schedule's order.
	sched := newSchedule(append(slices.Clone(weights), 1), 1, 10*time.Millisecond, func() time.Duration {
		return time.Duration(clock.Load())
	})
	for i, f := range finishing {
		sched.turns[i].finishing = f
	}
	starter := sched.turns[len(budgets)]
	require.True(t, starter.acquire(context.Background()))
	done := make([]atomic.Int64, len(budgets))
	atDone = make([][]int, len(budgets))
	var wg sync.WaitGroup
	for i, budget := range budgets {
		tu := sched.turns[i]
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer tu.release()
			ctx := context.Background()
			require.True(t, tu.acquire(ctx))
			ctx = tu.context(ctx)
			for range budget {
				clock.Add(int64(time.Millisecond))
				done[i].Add(1)
				_ = ctx.Err()
			}
			// This engine holds the only slot: the others stand still.
			for j := range done {
				atDone[i] = append(atDone[i], int(done[j].Load()))
			}
		}()
	}
	for !allWaiting(sched, len(budgets)) {
		time.Sleep(time.Millisecond)
	}
	starter.release()
	wg.Wait()
	return atDone
}

// equalWeights is n weights of 1: the turns share the slots equally.
func equalWeights(n int) []int {
	w := make([]int, n)
	for i := range w {
		w[i] = 1
	}
	return w
}

// allWaiting reports whether the first n turns of s wait for a slot.
func allWaiting(s *schedule, n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.turns[:n] {
		if !u.waiting {
			return false
		}
	}
	return true
}

// TestScheduleShares: engines on a schedule get equal shares of the
// slots, within a quantum and the polls between two readings of the
// clock (clockEvery); an engine that ends leaves its share to the
// others, and everyone finishes.
func TestScheduleShares(t *testing.T) {
	budgets := []int{2000, 10000, 10000}
	atDone := fakeRace(t, budgets, equalWeights(3))
	for i, at := range atDone {
		assert.Equal(t, budgets[i], at[i], "engine %d does all its work", i)
	}
	// A turn is a quantum of 10 units, rounded up to a reading of the
	// clock: 16 units.
	for i, n := range atDone[0][1:] {
		assert.InDelta(t, 2000, n, 2*clockEvery, "engine %d when engine 0 finished: %v", i+1, atDone[0])
	}

	again := fakeRace(t, budgets, equalWeights(3))
	assert.Equal(t, atDone, again, "the shares are deterministic")
}

// TestScheduleWeights: engines get shares of the slots in proportion to
// their weights, and an engine that ends leaves its share to the others
// in proportion to theirs.
func TestScheduleWeights(t *testing.T) {
	budgets := []int{6000, 20000, 20000}
	atDone := fakeRace(t, budgets, []int{3, 2, 1})
	for i, at := range atDone {
		assert.Equal(t, budgets[i], at[i], "engine %d does all its work", i)
	}
	// When engine 0 (weight 3) has done 6000 units, engine 1 (weight 2)
	// has done 4000 and engine 2 (weight 1) 2000, within two readings
	// of the clock.
	assert.InDelta(t, 4000, atDone[0][1], 2*clockEvery, "engine 1 when engine 0 finished: %v", atDone[0])
	assert.InDelta(t, 2000, atDone[0][2], 2*clockEvery, "engine 2 when engine 0 finished: %v", atDone[0])
	// Then the two left share 2:1: when engine 1 has done its 20000,
	// engine 2 has done 2000 + 16000/2.
	assert.InDelta(t, 10000, atDone[1][2], 2*clockEvery, "engine 2 when engine 1 finished: %v", atDone[1])
}

// TestScheduleFirstPass: the first turns go to the heaviest engine, even
// when a light one comes first in the schedule: a program that the heavy
// one decides in a few quanta never waits for the light one's turn.
func TestScheduleFirstPass(t *testing.T) {
	atDone := fakeRace(t, []int{1000, 40}, []int{1, 6})
	assert.Equal(t, 0, atDone[1][0], "the light engine had not started when the heavy one finished: %v", atDone[1])
	assert.Equal(t, []int{1000, 40}, atDone[0], "then it does all its work")
}

// TestScheduleCancel: an engine waiting for its turn stops waiting when
// its context ends, and the one holding the slot keeps it.
func TestScheduleCancel(t *testing.T) {
	sched := newSchedule(equalWeights(2), 1, time.Millisecond, wallClock())
	first, second := sched.turns[0], sched.turns[1]
	require.True(t, first.acquire(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.False(t, second.acquire(ctx), "cancelled while waiting")
	second.release()
	assert.True(t, first.running)
	first.release()
	assert.Equal(t, 0, sched.runningLocked())
}

// TestScheduleRescue: an engine that holds its slot for overdue quanta
// without polling gets company: a waiting one is lent a slot, and the
// first to poll after its quantum gives the extra slot back.
func TestScheduleRescue(t *testing.T) {
	var clock time.Duration
	sched := newSchedule(equalWeights(2), 1, 10*time.Millisecond, func() time.Duration { return clock })
	hog, other := sched.turns[0], sched.turns[1]
	require.True(t, hog.acquire(context.Background()))
	other.waiting = true // as acquire, without blocking the test
	clock = 20 * time.Millisecond
	assert.False(t, sched.rescue(), "not overdue yet")
	clock = 30 * time.Millisecond
	assert.True(t, sched.rescue(), "overdue: a slot lent")
	<-other.grant
	assert.True(t, hog.running)
	assert.True(t, other.running)
	assert.False(t, sched.rescue(), "nobody waits")

	// The hog polls at last: it steps down, as more run than the slots.
	clock = 45 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // its wait for the next turn ends at once
	for range clockEvery {
		hog.poll(ctx)
	}
	assert.False(t, hog.running)
	assert.Equal(t, 1, sched.runningLocked())
}

// TestFinishingKeepsItsSlot: an engine that finishes (has an answer to
// build or check) keeps its slot past its quanta until it ends; one that
// stops finishing hands its slot on again.
func TestFinishingKeepsItsSlot(t *testing.T) {
	t.Parallel()
	always := func() bool { return true }
	atDone := fakeRaceWith(t, []int{100, 100}, []int{1, 1}, []func() bool{always, nil})
	assert.Equal(t, []int{100, 0}, atDone[0], "the finishing engine ran alone to its end")
	var polls atomic.Int64
	// Finishing for its first 20 units (polls are counted at each
	// clock reading: every clockEvery-th poll of the context).
	early := func() bool { return polls.Add(1) <= 20/clockEvery+1 }
	atDone = fakeRaceWith(t, []int{100, 100}, []int{1, 1}, []func() bool{early, nil})
	assert.Less(t, atDone[0][1], 100, "then it shared the slot: %v", atDone)
	assert.Greater(t, atDone[0][1], 0, "then it shared the slot: %v", atDone)
	equal := fakeRace(t, []int{100, 100}, []int{1, 1})
	assert.Greater(t, equal[0][1], 0, "without finishing the two take turns: %v", equal)
}
