package bopgo_test

import (
	"context"
	"fmt"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// Load a program once, then ask several questions about it.
func ExampleCheck() {
	src := []byte(`
decl g;
void worker() begin
  g := F;
end
void main() begin
  g := T;
  start_thread worker();
  assert(g);
  DONE: skip;
end`)
	prog, err := bp.Load("race.bp", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := bopgo.Check(context.Background(), prog, bopgo.Options{})
	fmt.Println("assertions:", res.Verdict)
	last := res.Trace.Steps[len(res.Trace.Steps)-1]
	fmt.Printf("fails at %s: %s\n", last.Position, last.Statement)

	res, _ = bopgo.Check(context.Background(), prog, bopgo.Options{Label: "DONE"})
	fmt.Println("DONE reachable:", res.Verdict == verdict.Unsafe)
	// Output:
	// assertions: unsafe
	// fails at race.bp:9:3: assert(g)
	// DONE reachable: true
}

// A refinement loop checks one program under several thread bounds and
// with a time limit: a limit gives Unknown with a reason, never an error.
func ExampleCheck_bounds() {
	src := []byte(`
decl g;
void t() begin decl l; l, g := g, F; assert(l); end
void main() begin g := T; L: start_thread t(); goto L; end`)
	prog, err := bp.Load("spawn.bp", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int{1, 3} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := bopgo.Check(ctx, prog, bopgo.Options{MaxThreads: n})
		cancel()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("max %d threads: %v, limit %q (%s)\n", n, res.Verdict, res.Limit, res.Reason)
	}
	// Output:
	// max 1 threads: unknown, limit "threads" (thread bound reached: no bug with 1 thread, but the program can have more)
	// max 3 threads: unsafe, limit "" (assertion can fail)
}

// Cancelling the context stops a check promptly with Unknown.
func ExampleCheck_cancel() {
	prog, _ := bp.Load("loop.bp", []byte(`decl a; void main() begin L: a := *; assert(a | !a); goto L; end`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := bopgo.Check(ctx, prog, bopgo.Options{})
	fmt.Println(res.Verdict, err)
	// Output:
	// unknown <nil>
}
