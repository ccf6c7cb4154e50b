// Command genlocks writes one program of the lock families to stdout:
// benchmarks.Workers (identical workers) or benchmarks.Mutex (each worker
// its own procedure) or benchmarks.LocalWorkers (each its own procedure,
// K local Booleans recomputed in one assignment) or
// benchmarks.LocalWorkersStepwise (the same, one assignment a local) or
// benchmarks.GuardedWorkers (LocalWorkers entering only when l0 holds) or
// benchmarks.TangledWorkers (GuardedWorkers with & for ^, so that every
// local feeds l0) or benchmarks.TryLockWorkers (TangledWorkers with a
// try-lock whose outcome a local keeps):
//
//	go run ./benchmarks/cmd/genlocks -family mutex -n 6 -k 8 [-bug] > m.bp
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/bopgo/bopgo/benchmarks"
)

func main() {
	family := flag.String("family", "workers", "workers, mutex, localworkers, stepwise, guardedworkers, tangledworkers or trylockworkers")
	n := flag.Int("n", 2, "number of workers (at least 1)")
	k := flag.Int("k", 8, "local steps per round (at least 0; localworkers: local Booleans, at least 1)")
	bug := flag.Bool("bug", false, "the unsafe variant")
	flag.Parse()
	gen := map[string]func(int, int, bool) string{"workers": benchmarks.Workers, "mutex": benchmarks.Mutex, "localworkers": benchmarks.LocalWorkers, "stepwise": benchmarks.LocalWorkersStepwise, "guardedworkers": benchmarks.GuardedWorkers, "tangledworkers": benchmarks.TangledWorkers, "trylockworkers": benchmarks.TryLockWorkers}[*family]
	if flag.NArg() != 0 || gen == nil || *n < 1 || *k < 0 || (*family == "localworkers" || *family == "stepwise" || *family == "guardedworkers" || *family == "tangledworkers" || *family == "trylockworkers") && *k < 1 {
		fmt.Fprintln(os.Stderr, "usage: genlocks -family workers|mutex|localworkers|stepwise|guardedworkers|tangledworkers|trylockworkers -n N -k K [-bug]")
		os.Exit(1)
	}
	fmt.Print(gen(*n, *k, *bug))
}
