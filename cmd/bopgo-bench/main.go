// Command bopgo-bench runs benchmarks: every program under every
// configuration of bopgo (or of another tool) as a separate process with
// limits, resumably, and reports the results with plots (docs/bench.md).
// It is a command of its own so that the checker, bopgo, does not link
// the plotting libraries.
package main

import "os"

func main() {
	os.Exit(runBench(os.Args[1:], os.Stdout, os.Stderr))
}
