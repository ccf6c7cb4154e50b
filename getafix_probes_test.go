package bopgo_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// TestGetafixProbes checks the probe programs of Getafix's dialect
// (testdata/getafix-probes) against the verdicts recorded beside them:
// bopgo's own, and never safe where Getafix itself reaches the label.
func TestGetafixProbes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "getafix-probes")
	f, err := os.Open(filepath.Join(dir, "verdicts.tsv"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	probes := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		require.Len(t, cols, 4, line)
		name, getafix, want := cols[0], cols[1], cols[2]
		probes++
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join(dir, name+".bp"))
			require.NoError(t, err)
			p, err := bp.Load(name+".bp", src)
			require.NoError(t, err)
			opts := bopgo.Options{Engine: bopgo.Explicit}
			res, err := bopgo.Check(context.Background(), p, opts)
			require.NoError(t, err)
			assert.Equal(t, want, res.Verdict.String(), res.Reason)
			if getafix == "reachable" {
				assert.Equal(t, "unsafe", res.Verdict.String(), "Getafix reaches SLIC_ERROR in %s", name)
			}
			opts.Label = p.CheckedLabel("")
			replay(t, p, opts, res)
		})
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 18, probes)
}
