// Command gendepth writes one program of the depth family
// (benchmarks.Depth, or benchmarks.DepthSequential with -seq) to stdout:
//
//	go run ./benchmarks/cmd/gendepth -v 12 [-bug] [-seq] > depth-12.bp
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/bopgo/bopgo/benchmarks"
)

func main() {
	v := flag.Int("v", 4, "number of flags (at least 2)")
	bug := flag.Bool("bug", false, "the unsafe variant")
	seq := flag.Bool("seq", false, "one assignment per flag (benchmarks.DepthSequential)")
	flag.Parse()
	if flag.NArg() != 0 || *v < 2 {
		fmt.Fprintln(os.Stderr, "usage: gendepth -v N [-bug] [-seq]  (N >= 2)")
		os.Exit(1)
	}
	if *seq {
		fmt.Print(benchmarks.DepthSequential(*v, *bug))
		return
	}
	fmt.Print(benchmarks.Depth(*v, *bug))
}
