package bopgo_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain raises the GC target for the tests of this package. They run
// thousands of checks of small programs, each of which allocates an
// explicit state store of a few megabytes and fresh solvers, and frees
// them at once: at Go's default target (100) the heap stays near 4 MB, the
// runtime collects about 170 times a second and hands the memory back to
// the OS between checks, which measured as half the CPU time of the
// differential tests and most of their system time. At 400 the heap
// peaks near 120 MB. No test here depends on when memory is collected
// (Options.MaxMemory is tested in cmd/bopgo). GOGC in the environment
// still wins, for measuring.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
