// Command genfamilies writes the generated benchmark families into
// benchmarks/families (run from the repository root:
// go run ./benchmarks/cmd/genfamilies), one directory per family and a
// MANIFEST.tsv. The benchmarks tests check that the files are current.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bopgo/bopgo/benchmarks"
)

func main() {
	dir := flag.String("dir", filepath.Join("benchmarks", benchmarks.FamiliesDir), "output `DIR`")
	flag.Parse()
	members := benchmarks.Members()
	for _, m := range members {
		if err := write(filepath.Join(*dir, m.Path()), m.Source); err != nil {
			fmt.Fprintln(os.Stderr, "genfamilies:", err)
			os.Exit(1)
		}
	}
	if err := write(filepath.Join(*dir, "MANIFEST.tsv"), benchmarks.Manifest(members)); err != nil {
		fmt.Fprintln(os.Stderr, "genfamilies:", err)
		os.Exit(1)
	}
}

func write(file, data string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(data), 0o644)
}
