package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/internal/conformance"
)

// Kind is what a program file holds.
type Kind int

const (
	BooleanProgram Kind = iota // *.bp, *.nbp
	QBF                        // *.qdimacs, *.qdimacs.gz
)

// Program is one input of a benchmark.
type Program struct {
	Path     string // slash-separated, cleaned, as reached from the arguments
	Kind     Kind
	Label    string // the property: this label unreachable; "" for assertions
	Expected string // safe, unsafe, sat or unsat; "" when not known
	SHA256   string // of the file's bytes
}

// kindOf classifies a file by its name; ok is false for other files.
func kindOf(name string) (k Kind, ok bool) {
	switch {
	case strings.HasSuffix(name, ".bp"), strings.HasSuffix(name, ".nbp"):
		return BooleanProgram, true
	case strings.HasSuffix(name, ".qdimacs"), strings.HasSuffix(name, ".qdimacs.gz"):
		return QBF, true
	}
	return 0, false
}

// Collect turns the command line's inputs into programs, sorted by path:
// a program file is itself; a directory is every program file below it; a
// file named expected.tsv is the BoPPo conformance suite around it
// (internal/conformance); any other *.tsv is a corpus manifest
// (benchmarks.ReadManifest) whose rows name the programs. A program named
// by several inputs is one program; its expected verdict and label come
// from whichever manifest has them, and two manifests that disagree are an
// error.
func Collect(inputs []string) ([]Program, error) {
	byPath := map[string]*Program{}
	add := func(p Program, source string) error {
		p.Path = filepath.ToSlash(filepath.Clean(p.Path))
		k, ok := kindOf(p.Path)
		if !ok {
			return fmt.Errorf("%s: %s: not a program (want .bp, .nbp, .qdimacs or .qdimacs.gz)", source, p.Path)
		}
		p.Kind = k
		old, seen := byPath[p.Path]
		if !seen {
			byPath[p.Path] = &p
			return nil
		}
		if p.Expected != "" && old.Expected != "" && p.Expected != old.Expected ||
			p.Label != "" && old.Label != "" && p.Label != old.Label {
			return fmt.Errorf("%s: %s: expected %q (label %q) here but %q (label %q) elsewhere", source, p.Path, p.Expected, p.Label, old.Expected, old.Label)
		}
		old.Expected = cmp(old.Expected, p.Expected)
		old.Label = cmp(old.Label, p.Label)
		return nil
	}
	for _, in := range inputs {
		if err := collectOne(in, add); err != nil {
			return nil, err
		}
	}
	var progs []Program
	for _, p := range byPath {
		sum, err := fileSHA256(p.Path)
		if err != nil {
			return nil, err
		}
		p.SHA256 = sum
		progs = append(progs, *p)
	}
	slices.SortFunc(progs, func(a, b Program) int { return strings.Compare(a.Path, b.Path) })
	return progs, nil
}

// cmp is the first non-empty string.
func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func collectOne(in string, add func(Program, string) error) error {
	info, err := os.Stat(in)
	if err != nil {
		return err
	}
	switch {
	case info.IsDir():
		return filepath.WalkDir(in, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if _, ok := kindOf(path); ok && !d.IsDir() {
				return add(Program{Path: path}, in)
			}
			return nil
		})
	case filepath.Base(in) == "expected.tsv":
		root := filepath.Dir(in)
		cases, err := conformance.Read(root)
		if err != nil {
			return err
		}
		for _, c := range cases {
			if err := add(Program{Path: c.Path(root), Label: c.Label, Expected: c.Expected}, in); err != nil {
				return err
			}
		}
		return nil
	case strings.HasSuffix(in, ".tsv"):
		dir := filepath.Dir(in)
		entries, err := benchmarks.ReadManifestFile(in)
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		for _, e := range entries {
			exp := e.Expected
			if exp == "unknown" {
				exp = ""
			}
			if err := add(Program{Path: filepath.Join(dir, e.Path), Label: e.Label, Expected: exp}, in); err != nil {
				return err
			}
		}
		return nil
	}
	return add(Program{Path: in}, "command line")
}

func fileSHA256(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}
