package qbf

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// FuzzQDIMACS checks that any input either fails with a *SyntaxError or
// survives a write/read round trip unchanged, and that solving small
// formulas agrees with brute force.
func FuzzQDIMACS(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.qdimacs")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("p cnf 3 2\ne 1 0\na 2 0\ne 3 0\n1 -2 3 0\n-1 2 0\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		q, err := ReadQDIMACS(bytes.NewReader(in))
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteQDIMACS(&buf, q); err != nil {
			t.Fatal(err)
		}
		back, err := ReadQDIMACS(&buf)
		if err != nil {
			t.Fatalf("reading written formula: %v\n%s", err, buf.String())
		}
		for i := len(q.Prefix) - 1; i >= 0; i-- {
			if len(q.Prefix[i].Vars) == 0 {
				q.Prefix = append(q.Prefix[:i], q.Prefix[i+1:]...)
			}
		}
		if len(q.Prefix) == 0 {
			q.Prefix = nil
		}
		if !reflect.DeepEqual(q, back) {
			t.Fatalf("round trip changed the formula:\n%#v\n%#v", q, back)
		}
		if q.NumVars > 12 || len(q.Clauses) > 40 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := SolveQDIMACS(ctx, q)
		if err != nil {
			return // unsupported prefix
		}
		if want := evalQBF(q); res.Truth != want {
			t.Fatalf("verdict %v, brute force says %v", res.Truth, want)
		}
	})
}
