package bopgo

import (
	"context"
	"fmt"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/verdict"
)

// memoryPoll is how often the watchdog reads the heap size.
const memoryPoll = 10 * time.Millisecond

// watchMemory returns a context that is cancelled when the live heap
// exceeds limit bytes, with the Memory limit and its words as the cause
// (verdict.Cause), which engines report as they stop; stop ends the
// watch. The engines already stop promptly on a cancelled context, so a
// memory limit needs nothing of them; reading runtime/metrics does not
// stop the world.
func watchMemory(ctx context.Context, limit uint64) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	if limit == 0 {
		return ctx, func() { cancel(nil) }
	}
	done := make(chan struct{})
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(memoryPoll)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				metrics.Read(sample)
				if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > limit {
					cancel(&verdict.Cause{Limit: verdict.Memory,
						Reason: fmt.Sprintf("memory limit reached: more than %d MiB of heap", limit>>20)})
					return
				}
			}
		}
	}()
	return ctx, func() { close(done); cancel(nil) }
}

// sharePoll is how often a race compares its engines' memory with their
// shares.
const sharePoll = 100 * time.Millisecond

// raceBudget is the memory the engines of a race share: the memory limit
// (Options.MaxMemory), else half the machine's, so that one engine
// cannot take the machine from the others and from the check of the
// winner's answer; 0 when neither is known.
func raceBudget(opts Options) uint64 {
	if opts.MaxMemory > 0 {
		return opts.MaxMemory
	}
	return physicalMemory() / 2
}

// overShare is the engine that holds the most memory of those over
// their share of budget, and the share; -1 when none is over. The share
// is the budget over the engines still running (live); an engine's
// memory is its own estimate (engine.Meter.Bytes: the explicit engine's
// store), so an engine that makes none is never over.
func overShare(budget uint64, bytes []int64, live []bool) (int, uint64) {
	n := 0
	for _, l := range live {
		if l {
			n++
		}
	}
	if budget == 0 || n == 0 {
		return -1, 0
	}
	share := budget / uint64(n)
	worst := -1
	for i, b := range bytes {
		if live[i] && b > 0 && uint64(b) > share && (worst < 0 || b > bytes[worst]) {
			worst = i
		}
	}
	return worst, share
}

// watchShares stops, every sharePoll until ctx ends, the engine of a race
// that holds the most memory over its share of budget (overShare): its
// context (stops[i]) ends with the Memory limit and the numbers, which
// the engine reports as it stops. live[i] is cleared when engine i ends.
func watchShares(ctx context.Context, budget uint64, meters []*engine.Meter, stops []context.CancelCauseFunc, live []atomic.Bool) {
	if budget == 0 {
		return
	}
	tick := time.NewTicker(sharePoll)
	defer tick.Stop()
	bytes := make([]int64, len(meters))
	alive := make([]bool, len(meters))
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for i, m := range meters {
			bytes[i], alive[i] = m.Bytes(), live[i].Load()
		}
		i, share := overShare(budget, bytes, alive)
		if i < 0 {
			continue
		}
		live[i].Store(false)
		stops[i](&verdict.Cause{Limit: verdict.Memory,
			Reason: fmt.Sprintf("memory share reached: its states took %d MiB, more than its share (%d MiB) of the %d MiB the raced engines share",
				bytes[i]>>20, share>>20, budget>>20)})
	}
}
