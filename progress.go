package bopgo

import (
	"runtime/metrics"
	"time"

	"github.com/bopgo/bopgo/engine"
)

// Progress is a snapshot of a running check, for progress lines.
type Progress struct {
	Engine      Engine
	ThreadBound int           // the bound being searched
	States      int64         // states stored so far, over all bounds
	Elapsed     time.Duration // since Check started
	HeapBytes   uint64        // live heap of the process
	// Phase is what the check does when not searching: "building a
	// counterexample", "checking the explicit engine's counterexample of
	// 5505006 steps", "shortening a counterexample of 5505006 steps";
	// "" while searching.
	Phase string
}

// progressEvery is how often Options.Progress is called by default.
const progressEvery = time.Second

// reportProgress calls report every period (progressEvery if 0) until
// the returned function is called. A nil report costs nothing.
func reportProgress(report func(Progress), period time.Duration, name Engine, m *engine.Meter, start time.Time) (stop func()) {
	if report == nil {
		return func() {}
	}
	if period <= 0 {
		period = progressEvery
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(period)
		defer tick.Stop()
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				metrics.Read(sample)
				var heap uint64
				if sample[0].Value.Kind() == metrics.KindUint64 {
					heap = sample[0].Value.Uint64()
				}
				report(Progress{Engine: name, ThreadBound: m.Bound(), States: m.States(), Elapsed: time.Since(start), HeapBytes: heap, Phase: m.Phase()})
			}
		}
	}()
	// Wait for the reporter, so that no call comes after Check returns.
	return func() { close(done); <-finished }
}
