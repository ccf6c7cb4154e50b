package bp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp/syntax"
)

const getafixCorpus = corpusDir + "/getafix-tnl"

// TestGetafixCorpusLoads loads every program of Getafix's experiments
// (benchmarks/corpus/getafix-tnl, .bp.old included): each is read in
// Getafix's dialect, but example.bp (a one-line BoPPo program), and
// loads, but the two copies of WorkStealQueue_withmutex.bp, which are C
// code with a few Boolean declarations pasted in (Getafix's own parser
// rejects them too: it knows no type long).
func TestGetafixCorpusLoads(t *testing.T) {
	t.Parallel()
	var files []string
	require.NoError(t, filepath.Walk(getafixCorpus, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.Contains(info.Name(), ".bp") {
			files = append(files, path)
		}
		return err
	}))
	require.Len(t, files, 55)
	loaded := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		p, err := Load(file, src)
		base := filepath.Base(file)
		switch base {
		case "WorkStealQueue_withmutex.bp":
			require.Error(t, err, file)
			first := err.(syntax.ErrorList)[0]
			assert.Equal(t, `104:1: expected "decl" or a function, found identifier "long"`, strings.TrimPrefix(first.Error(), file+":"))
			continue
		case "example.bp":
			require.NoError(t, err, file)
			assert.Equal(t, syntax.DialectBoPPo, p.Dialect, file)
		default:
			require.NoError(t, err, file)
			assert.Equal(t, syntax.DialectGetafix, p.Dialect, file)
			if !strings.Contains(base, "duet") {
				assert.Equal(t, "SLIC_ERROR", p.DefaultLabel, file)
			}
		}
		assert.NoError(t, p.Validate(), file)
		loaded++
	}
	assert.Equal(t, 53, loaded)
}
