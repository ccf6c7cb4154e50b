package gen

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bopgo/bopgo/qbf"
)

// TestSample checks the committed sample (testdata/sample, files of the
// set `genqbf -seed 1 -vars 16 -rounds 10` writes): each file is what
// the generator writes today, and its verdict in expected.tsv (from
// bopgo and DepQBF) is what running the loop says where that is cheap
// enough, and what the solver says. Running the loop enumerates up to
// 2^20 choices per file (90% of the time): not with -short, where the
// solver is held to expected.tsv alone (TestSolverAgainstTruth holds it
// to the loop on smaller formulas). One parallel subtest per file.
func TestSample(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/sample/expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	n := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		name, want := fields[0], fields[2] == "true"
		var i int
		if _, err := fmt.Sscanf(name, "qbfgen-%04d-", &i); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n++
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := Random(rand.New(rand.NewPCG(1, uint64(i))), 16, 10)
			q, err := Formula(p)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			fmt.Fprintf(&buf, "c subsumption-shaped 2QBF from bopgo's qbf/gen\nc %+v\n", p)
			if err := qbf.WriteQDIMACS(&buf, q); err != nil {
				t.Fatal(err)
			}
			disk, err := os.ReadFile(filepath.Join("testdata/sample", name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), disk) {
				t.Fatalf("%s: the generator no longer writes this file", name)
			}
			if !testing.Short() {
				if truth, err := Truth(p); err == nil && truth != want {
					t.Fatalf("%s: expected.tsv says %v, running the loop says %v", name, want, truth)
				}
			}
			res, err := qbf.SolveQDIMACS(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if (res.Truth == qbf.True) != want || res.Truth == qbf.Unknown {
				t.Fatalf("%s: solver says %v, expected.tsv %v", name, res.Truth, want)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("empty sample")
	}
}
