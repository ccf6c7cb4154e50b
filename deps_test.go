package bopgo_test

import (
	"go/build"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The layering of docs/style.md, pinned: each package may import only the
// module packages listed (the standard library, gini and testify are
// always allowed), and each one listed is imported, so that the list is
// the import graph and not a ceiling over it. Tests are not counted.
//
// bp/syntax, the source language, is a leaf below bp, the lowered
// program. verdict is a leaf every layer can import (the one declaration
// of the verdicts and limits); engine is a leaf above bp (bp, tts and
// verdict only: no por, no interp, no engine's options); each engine
// package imports engine and what its own algorithm needs, never another
// engine; race runs abstract entrants, so it imports verdict (the
// limits) only, never the root, bp nor an engine; the root imports the
// engines (its table), race (the portfolio races the table's engines in
// one), the judge (the checks every answer passes), mc and its engines
// (CheckCircuit), tts and tts/cover (CheckTTS), and the exporters
// (Export: bp/promela, encode/circuit with mc/aiger, encode/threads),
// and trace (the counterexample it reports); trace makes a counterexample
// from the judge's replayed execution (bp, bp/syntax for positions, the
// judge's concretization and enabledness, bp/interp for the value of a
// schoose the execution chose) and imports no engine and not
// the root; cmd/bopgo imports no engine package, no judge and no exporter: it
// parses flags, calls the root and prints.
var allowedImports = map[string][]string{
	"bp/syntax":                  {}, // the source language: nothing lowered, no program
	"bp":                         {"bp/syntax"},
	"bp/interp":                  {"bp"}, // the reference semantics alone: nothing it judges is imported
	"judge":                      {"bp", "bp/interp", "engine", "mc", "sat", "tts"},
	"shorten":                    {"bp", "bp/interp", "judge"}, // presentation: every shorter trace is the judge's to accept
	"bp/promela":                 {"bp"},
	"sat":                        {},
	"sat/cone":                   {},
	"qbf":                        {"sat"},
	"encode":                     {"bp"},
	"encode/circuit":             {"bp", "encode", "mc"},
	"por":                        {"bp"},
	"verdict":                    {},
	"mc":                         {"verdict"},
	"mc/ic3":                     {"mc", "sat/cone", "verdict"},
	"mc/aiger":                   {"mc"},
	"mc/mctest":                  {"mc"},
	"mc/bmc":                     {"mc", "sat", "verdict"},
	"mc/kind":                    {"mc", "mc/bmc", "sat", "verdict"},
	"mc/sim":                     {"mc", "verdict"},
	"benchmarks":                 {"internal/gen"},
	"benchmarks/cmd/genfamilies": {"benchmarks"},
	"benchmarks/cmd/genscaled":   {".", "benchmarks", "bp", "internal/gen", "verdict"},
	"benchmarks/cmd/gendepth":    {"benchmarks"},
	"benchmarks/cmd/genlocks":    {"benchmarks"},
	"benchmarks/cmd/genqbf":      {"qbf", "qbf/gen"},
	"benchmarks/cmd/vbs":         {"benchmarks", "internal/bench"},
	"benchmarks/cmd/nopanic":     {".", "bp", "internal/crosscheck", "internal/gen", "verdict"},
	"benchmarks/cmd/shorten":     {".", "benchmarks", "bp", "judge", "shorten", "verdict"},
	"qbf/gen":                    {"qbf"},
	"internal/cli":               {},
	"engine/spin":                {"bp/promela", "engine", "internal/spin"},
	"internal/spin":              {"verdict"},
	"engine":                     {"bp", "tts", "verdict"},
	"race":                       {"verdict"}, // abstract entrants: never the root, bp nor an engine
	"engine/symbolic":            {"bp", "encode", "engine", "por", "qbf", "sat"},
	"engine/explicit":            {"bp", "engine", "por"}, // never bp/interp: replay checks the search against an independent semantics
	"engine/circuit":             {"encode/circuit", "engine", "mc", "mc/bmc", "mc/ic3", "mc/kind", "mc/sim", "verdict"},
	".":                          {"bp", "judge", "engine", "engine/symbolic", "engine/explicit", "engine/circuit", "engine/counter", "engine/spin", "mc", "mc/bmc", "mc/ic3", "mc/kind", "mc/sim", "race", "shorten", "verdict", "tts", "tts/cover", "bp/promela", "encode/circuit", "mc/aiger", "encode/threads", "trace"},
	"cmd/bopgo":                  {".", "tts", "tts/cover", "bp", "bp/syntax", "bp/promela", "qbf", "internal/cli", "engine", "mc/aiger", "verdict", "internal/htmltrace", "internal/jsonresult"},
	"cmd/bopgo-bench":            {"internal/cli", "internal/bench"},
	"internal/conformance":       {},
	"tts":                        {},
	"tts/cover":                  {"tts", "verdict"},
	"engine/counter":             {"bp", "encode/threads", "engine", "tts/cover", "verdict"}, // never bp/interp nor judge: the judge checks its proofs with bp/interp
	"encode/threads":             {"bp", "tts", "tts/cover"},                                 // its own one-thread semantics: the judge checks the translation with bp/interp's
	"internal/gen":               {},
	"internal/crosscheck":        {".", "bp", "judge", "verdict"},
	"internal/golden":            {},
	"internal/htmltrace":         {"internal/jsonresult"},
	"internal/jsonresult":        {},                                        // the one declaration of the JSON result's objects, written by cmd/bopgo and read by internal/htmltrace
	"trace":                      {"bp", "bp/interp", "bp/syntax", "judge"}, // the counterexample in the program's terms: made from the judge's replayed execution; bp/interp evaluates a schoose's value
	"internal/browser":           {},
	"internal/testgc":            {},
	"internal/satabs":            {"bp", "encode", "sat"},
	"internal/bench":             {"benchmarks", "internal/conformance", "internal/cli"},
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
			delete(ok, imp)
		}
		for _, imp := range slices.Sorted(maps.Keys(ok)) {
			t.Errorf("%s may import %s but does not: drop it from allowedImports", dir, imp)
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
