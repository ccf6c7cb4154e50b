package bopgo

import (
	"context"
	"fmt"
	"runtime/metrics"
	"time"

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
