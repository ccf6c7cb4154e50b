package race

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/bopgo/bopgo/verdict"
)

// memoryPoll is how often the watchdog reads the heap size.
const memoryPoll = 10 * time.Millisecond

// WatchMemory is the process-wide memory limit of a check, one engine's
// or a race's (whose shares of Budget are within it): it returns a
// context that is cancelled when the live heap exceeds limit bytes, with the Memory limit and its words as the cause
// (verdict.Cause), which engines report as they stop; stop ends the
// watch. The engines already stop promptly on a cancelled context, so a
// memory limit needs nothing of them; reading runtime/metrics does not
// stop the world.
func WatchMemory(ctx context.Context, limit uint64) (context.Context, func()) {
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

// Budget is the memory the entrants of a race share under a memory
// limit of maxMemory bytes (0: none): the limit, else half the machine's,
// so that one engine cannot take the machine from the others and from
// the check of the winner's answer; 0 when neither is known.
func Budget(maxMemory uint64) uint64 {
	if maxMemory > 0 {
		return maxMemory
	}
	return physicalMemory() / 2
}

// CollectNear makes the Go runtime collect garbage harder as the heap
// nears limit bytes (its soft memory limit, debug.SetMemoryLimit),
// unless limit is 0 or GOMEMLIMIT says otherwise. It changes the whole
// process, so only a command calls it, once, before its check. The
// watches (WatchMemory, a race's shares) read the live heap that the
// last collection found: without the soft limit the heap holds up to
// twice the live data in garbage not yet collected, so a check stopped
// at half the memory it could use, and the figures the race's watch
// reads were stale. Measured on the filter family, five threads,
// --max-memory 500MB: all four engines stopped at 11 s with "more than
// 476 MiB of heap"; with the soft limit the race ran 31.6 s before its
// live data reached it. Without a limit the heap of a race on
// SafeStack grew to 23 GB of the machine's 24.
func CollectNear(limit uint64) {
	if limit == 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
}

// overShare is the engine that holds the most memory of those over
// their share of budget, and the share; -1 when none is over. The share
// is the budget over the engines still running (live); an engine's
// memory is its own estimate (Meter: engine.Meter's, the explicit
// engine's store), so an engine that makes none is never over.
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

// nearlyFull is the part of a race's budget (in percent) that the live
// heap may take before the engine that counts the most memory is stopped
// (largestWhenFull). After such a stop the watch waits fullUnwind for the
// engine to return and then collects garbage, so that the live heap it
// reads next no longer holds the stopped engine's memory: the figure is
// the last collection's, and with a heap of gigabytes the next one may
// be far off (a second engine was once stopped for the first's memory).
const (
	nearlyFull = 80
	fullUnwind = time.Second
)

// largestWhenFull is the engine to stop when the live heap takes more
// than nearlyFull percent of budget: of two or more still running, the
// one whose own count of its memory is the largest; -1 when the heap is
// under it, one engine runs, or none counts any memory. The counts are
// estimates and can be low by a factor (the symbolic engine's on
// Getafix's SafeStack programs: 4 GiB counted while the heap held 11
// GiB), so the shares of overShare alone let one engine starve the
// others: the whole race then ended at the process-wide limit with no
// answer, where the explicit engine would have answered.
func largestWhenFull(budget, heap uint64, bytes []int64, live []bool) int {
	if budget == 0 || heap*100 <= budget*nearlyFull {
		return -1
	}
	running, largest := 0, -1
	for i, b := range bytes {
		if !live[i] {
			continue
		}
		running++
		if b > 0 && (largest < 0 || b > bytes[largest]) {
			largest = i
		}
	}
	if running < 2 {
		return -1
	}
	return largest
}

// liveHeap is the heap the last garbage collection found live, in bytes
// (not the garbage made since, which the next collection frees).
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// watchShares stops, every sharePoll until ctx ends, the engine of a race
// that holds the most memory over its share of budget (overShare), or,
// when the live heap nearly fills the budget, the one that counts the
// most (largestWhenFull): its context (stops[i]) ends with the Memory
// limit and the numbers, which the engine reports as it stops. live[i] is
// cleared when engine i ends.
func watchShares(ctx context.Context, budget uint64, meters []Meter, stops []context.CancelCauseFunc, live []atomic.Bool) {
	if budget == 0 {
		return
	}
	tick := time.NewTicker(sharePoll)
	defer tick.Stop()
	bytes := make([]int64, len(meters))
	alive := make([]bool, len(meters))
	stop := func(i int, reason string) {
		live[i].Store(false)
		stops[i](&verdict.Cause{Limit: verdict.Memory, Reason: reason})
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for i, m := range meters {
			bytes[i], alive[i] = 0, live[i].Load()
			if m != nil {
				bytes[i] = m.Bytes()
			}
		}
		if i, share := overShare(budget, bytes, alive); i >= 0 {
			stop(i, fmt.Sprintf("memory share reached: its states took %d MiB, more than its share (%d MiB) of the %d MiB the raced engines share",
				bytes[i]>>20, share>>20, budget>>20))
			continue
		}
		heap := liveHeap()
		if i := largestWhenFull(budget, heap, bytes, alive); i >= 0 {
			stop(i, fmt.Sprintf("memory budget nearly full: the live heap took %d MiB of the %d MiB the raced engines share, and this engine counted the most (%d MiB)",
				heap>>20, budget>>20, bytes[i]>>20))
			select {
			case <-ctx.Done():
				return
			case <-time.After(fullUnwind):
			}
			runtime.GC()
		}
	}
}
