package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHTMLFromCheckAndFromSavedResult: bopgo trace --html draws from a
// saved --json result the page bopgo check --html wrote, byte for byte,
// for a counterexample and for a proof.
func TestHTMLFromCheckAndFromSavedResult(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		file   string
		status int
	}{{"testdata/race.bp", exitUnsafe}, {"testdata/locked.bp", exitSafe}} {
		direct, fromJSON, saved := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html"), filepath.Join(dir, "r.json")
		code, out, errOut := runCmd("check", "--json", "--html", direct, c.file)
		require.Equal(t, c.status, code, errOut)
		require.NoError(t, os.WriteFile(saved, []byte(out), 0o644))
		code, _, errOut = runCmd("trace", "--html", fromJSON, saved)
		require.Equal(t, 0, code, errOut)
		assert.Empty(t, errOut)
		a, err := os.ReadFile(direct)
		require.NoError(t, err)
		b, err := os.ReadFile(fromJSON)
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), c.file)
		assert.Contains(t, string(a), "<title>"+c.file)
	}
}

// TestHTMLImpliesAnExactTrace: the text output next to a page shows the
// values the page shows, one execution's.
func TestHTMLImpliesAnExactTrace(t *testing.T) {
	t.Parallel()
	page := filepath.Join(t.TempDir(), "p.html")
	_, withPage, _ := runCmd("check", "--engine", "explicit", "--html", page, "testdata/race.bp")
	_, exact, _ := runCmd("check", "--engine", "explicit", "--exact-trace", "testdata/race.bp")
	assert.Equal(t, exact, withPage)
}

func TestTraceErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, _, errOut := runCmd("trace", filepath.Join(dir, "none.json"))
	assert.Equal(t, exitUsage, code, "no --html")
	assert.Contains(t, errOut, "--html")

	code, _, errOut = runCmd("trace", "--html", filepath.Join(dir, "p.html"), filepath.Join(dir, "none.json"))
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "none.json")

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"verdict": "unsafe"`), 0o644))
	code, _, _ = runCmd("trace", "--html", filepath.Join(dir, "p.html"), bad)
	assert.Equal(t, exitBadInput, code)

	// A result whose program is gone still draws, without its source.
	_, out, _ := runCmd("check", "--json", "testdata/race.bp")
	moved := filepath.Join(dir, "r.json")
	require.NoError(t, os.WriteFile(moved, []byte(strings.ReplaceAll(out, `"testdata/race.bp"`, `"gone/race.bp"`)), 0o644))
	page := filepath.Join(dir, "p.html")
	code, _, errOut = runCmd("trace", "--html", page, moved)
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "warning: the page has no source")
	_, err := os.Stat(page)
	assert.NoError(t, err)
	code, _, errOut = runCmd("trace", "--html", page, "--source", "testdata/race.bp", moved)
	assert.Equal(t, 0, code)
	assert.Empty(t, errOut)
}

// TestPageStepBound: a counterexample longer than a page draws is
// refused with its length, and one within the bound is drawn.
func TestPageStepBound(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/race.bp")
	require.NoError(t, err)
	prog, err := bp.Load("testdata/race.bp", src)
	require.NoError(t, err)
	res, err := bopgo.Check(context.Background(), prog, bopgo.Options{Engine: bopgo.Explicit})
	require.NoError(t, err)
	n := len(res.Trace.Steps)
	require.Greater(t, n, 1)
	assert.NoError(t, tooLongToDraw(res.Trace, n))
	assert.NoError(t, tooLongToDraw(nil, 0), "a proof has no trace")
	err = tooLongToDraw(res.Trace, n-1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("has %d steps", n))
}
