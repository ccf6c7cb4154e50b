package benchmarks

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Entry is one program of the corpus manifest.
type Entry struct {
	Path     string // relative to the corpus directory
	Expected string // "safe", "unsafe" or "unknown"
	Evidence string // why the expected verdict is believed
	Dialect  string
	Label    string // optional column "label": the property is this label unreachable, not the assertions
}

// ReadManifest reads MANIFEST.tsv in the corpus directory dir.
func ReadManifest(dir string) ([]Entry, error) {
	return ReadManifestFile(filepath.Join(dir, "MANIFEST.tsv"))
}

// ReadManifestFile reads a manifest in the format of MANIFEST.tsv; its
// paths are relative to the file's directory.
func ReadManifestFile(name string) ([]Entry, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseManifest(f)
}

func parseManifest(r io.Reader) ([]Entry, error) {
	cr := csv.NewReader(r)
	cr.Comma = '\t'
	cr.LazyQuotes = true
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("manifest: empty")
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for _, need := range []string{"path", "expected_verdict", "verdict_evidence", "dialect"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("manifest: no column %q", need)
		}
	}
	var out []Entry
	for i, row := range rows[1:] {
		if len(row) < len(rows[0]) {
			return nil, fmt.Errorf("manifest line %d: %d fields, want %d", i+2, len(row), len(rows[0]))
		}
		e := Entry{
			Path:     row[col["path"]],
			Expected: row[col["expected_verdict"]],
			Evidence: row[col["verdict_evidence"]],
			Dialect:  row[col["dialect"]],
		}
		if c, ok := col["label"]; ok {
			e.Label = row[c]
		}
		out = append(out, e)
	}
	return out, nil
}
