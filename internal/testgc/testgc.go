// Package testgc runs a test binary with a higher garbage-collection
// target. The tests that use it run thousands of short checks or solver
// calls, each of which allocates a few megabytes (an explicit state
// store, fresh SAT solvers) and drops them at once: at Go's default
// target (GOGC=100) the heap stays near 4 MB, the runtime collects
// hundreds of times a second and hands memory back to the OS between
// checks. That measured as half the CPU time of the root package's
// differential tests, most of their system time, and half of qbf's and
// sat's. At 400 the heap of the root package's tests peaks near 120 MB.
//
// Only tests that do not depend on when memory is collected may use it
// (Options.MaxMemory is tested in cmd/bopgo, which does not).
package testgc

import (
	"os"
	"runtime/debug"
	"testing"
)

// Percent is the GC target of the test binaries that call Main.
const Percent = 400

// Main is a TestMain: it sets the GC target to Percent, unless GOGC is
// set in the environment (for measuring), runs the tests and exits.
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(Percent)
	}
	os.Exit(m.Run())
}
