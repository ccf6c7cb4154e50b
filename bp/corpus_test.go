package bp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp/syntax"
)

const corpusDir = "../benchmarks/corpus"

// Known, documented reasons why a corpus file that parses is rejected by
// the checker. Anything else is a bug.
var knownRejections = []struct {
	why  string
	file *regexp.Regexp
	msg  *regexp.Regexp
}{
	{
		// The .nbp renderings replaced label lN by the pc of l1 followed by
		// the remaining digits (goto l10 became goto 100), so their gotos
		// name labels that do not exist. The .bp twins are intact.
		"corrupt numeric labels", regexp.MustCompile(`\.nbp$`), regexp.MustCompile(`label "[0-9]+" not defined`),
	},
	{
		// A parser test of c2s with undeclared names, recursion and a
		// three-argument schoose: rejection is the right answer.
		"c2s parser test", regexp.MustCompile(`c2s-ocaml/src/test/bp/(silly|simple)\.bp$`), regexp.MustCompile(`.`),
	},
}

func corpusFiles(t *testing.T) []string {
	var files []string
	err := filepath.Walk(corpusDir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() && info.Name() == "getafix-tnl" {
			return filepath.SkipDir // another dialect (Getafix), not required
		}
		if strings.HasSuffix(path, ".bp") || strings.HasSuffix(path, ".nbp") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	return files
}

// TestCorpusParses parses every program of the corpus (but Getafix's) and
// checks that each checker rejection is one of the known kinds.
func TestCorpusParses(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	require.Greater(t, len(files), 200, "corpus missing?")
	loaded := 0
	reasons := map[string]int{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		_, err = syntax.Parse(file, src)
		if !assert.NoError(t, err, "parse %s", file) {
			continue
		}
		p, err := Load(file, src)
		if err == nil {
			assert.NoError(t, p.Validate(), file)
			loaded++
			continue
		}
		why := ""
		for _, k := range knownRejections {
			if k.file.MatchString(filepath.ToSlash(file)) && allMatch(err.(syntax.ErrorList), k.msg) {
				why = k.why
				break
			}
		}
		if assert.NotEmpty(t, why, "unexpected rejection of %s:\n%v", file, err) {
			reasons[why]++
		}
	}
	t.Logf("%d files parsed, %d loaded; rejected: %v", len(files), loaded, reasons)
}

func allMatch(list syntax.ErrorList, re *regexp.Regexp) bool {
	for _, e := range list {
		if !re.MatchString(e.Msg) {
			return false
		}
	}
	return len(list) > 0
}
