package bopgo_test

import (
	"context"
	"fmt"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
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
	fmt.Println("DONE reachable:", res.Verdict == bopgo.Unsafe)
	// Output:
	// assertions: unsafe
	// fails at race.bp:9:3: assert(g)
	// DONE reachable: true
}
