package bopgo_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The layering of docs/style.md, pinned: each package may import only the
// module packages listed (the standard library, gini and testify are
// always allowed). Tests are not counted.
var allowedImports = map[string][]string{
	"bp":                         {},
	"bp/interp":                  {"bp"},
	"bp/promela":                 {"bp"},
	"sat":                        {},
	"qbf":                        {"sat"},
	"encode":                     {"bp"},
	"encode/circuit":             {"bp", "bp/interp", "encode", "mc"},
	"por":                        {"bp"},
	"mc":                         {},
	"mc/ic3":                     {"mc"},
	"mc/aiger":                   {"mc"},
	"mc/mctest":                  {"mc"},
	"mc/bmc":                     {"mc", "sat"},
	"mc/kind":                    {"mc", "mc/bmc", "sat"},
	"benchmarks":                 {"internal/gen"},
	"benchmarks/cmd/genfamilies": {"benchmarks"},
	"benchmarks/cmd/genscaled":   {".", "benchmarks", "bp", "internal/gen"},
	"benchmarks/cmd/gendepth":    {"benchmarks"},
	"benchmarks/cmd/genlocks":    {"benchmarks"},
	"benchmarks/cmd/genqbf":      {"qbf", "qbf/gen"},
	"qbf/gen":                    {"qbf"},
	"internal/cli":               {},
	"engine/spin":                {"bp", "bp/interp", "bp/promela", "engine", "internal/spin", "por"},
	"internal/spin":              {},
	"engine":                     {"bp", "bp/interp", "por"},
	"engine/symbolic":            {"bp", "bp/interp", "encode", "engine", "por", "qbf", "sat"},
	"engine/explicit":            {"bp", "bp/interp", "engine"},
	"engine/circuit":             {"bp", "bp/interp", "encode/circuit", "engine", "mc", "mc/bmc", "mc/ic3", "mc/kind"},
	".":                          {"bp", "bp/interp", "engine", "engine/symbolic", "engine/explicit", "engine/circuit", "engine/counter"},
	"cmd/bopgo":                  {".", "tts", "engine/counter", "internal/covercheck", "bp", "bp/interp", "bp/promela", "qbf", "internal/cli", "engine", "engine/spin", "internal/spin", "encode/circuit", "mc", "mc/aiger", "mc/bmc", "mc/ic3", "mc/kind"},
	"cmd/bopgo-bench":            {"internal/cli", "internal/bench"},
	"internal/conformance":       {},
	"tts":                        {},
	"internal/covercheck":        {"tts"},
	"engine/counter":             {"tts", "bp", "bp/interp", "engine", "internal/covercheck", "por"},
	"internal/gen":               {},
	"internal/golden":            {},
	"internal/testgc":            {},
	"internal/satabs":            {"bp"},
	"internal/bench":             {"benchmarks", "internal/conformance"},
}

const module = "github.com/bopgo/bopgo"

func TestImportGraph(t *testing.T) {
	for dir, allowed := range allowedImports {
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		ok := map[string]bool{}
		for _, a := range allowed {
			if a == "." {
				ok[module] = true
			} else {
				ok[module+"/"+a] = true
			}
		}
		for _, imp := range pkg.Imports {
			if (imp == module || strings.HasPrefix(imp, module+"/")) && !ok[imp] {
				t.Errorf("%s imports %s, which the layering forbids", dir, imp)
			}
		}
	}
}

// TestEveryPackageIsLayered makes a new package declare its place.
func TestEveryPackageIsLayered(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if pkg, err := build.ImportDir(path, 0); err == nil && len(pkg.GoFiles) > 0 {
				if _, ok := allowedImports[filepath.ToSlash(path)]; !ok {
					t.Errorf("package %s is not in allowedImports", path)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
