package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Case is one line of expected.tsv.
type Case struct {
	Dir, File string
	Options   []string // BoPPo's command-line options, e.g. -l SLIC_ERROR
	Label     string   // the -l option, if any
	Expected  string   // "safe" or "unsafe"
}

// Path is the program's file under the suite's directory root.
func (c Case) Path(root string) string { return filepath.Join(root, c.Dir, c.File) }

// Read reads root/expected.tsv.
func Read(root string) ([]Case, error) {
	data, err := os.ReadFile(filepath.Join(root, "expected.tsv"))
	if err != nil {
		return nil, err
	}
	var cases []Case
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || (f[3] != "safe" && f[3] != "unsafe") {
			return nil, fmt.Errorf("expected.tsv:%d: malformed line %q", n+1, line)
		}
		c := Case{Dir: f[0], File: f[1], Expected: f[3]}
		if f[2] != "-" {
			c.Options = strings.Fields(f[2])
		}
		for i := 0; i+1 < len(c.Options); i++ {
			if c.Options[i] == "-l" {
				c.Label = c.Options[i+1]
			}
		}
		cases = append(cases, c)
	}
	return cases, nil
}
