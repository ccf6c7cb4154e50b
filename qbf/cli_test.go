package qbf

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run calls the CLI with the given standard input and returns its exit
// status and outputs.
func run(ctx context.Context, stdin string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := RunCLIContext(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestCLIVerdicts(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
	}{
		{"true", []string{"testdata/true.qdimacs"}, ExitTrue, "s cnf 1 2 2\n"},
		{"false", []string{"testdata/false.qdimacs"}, ExitFalse, "s cnf 0 3 4\n"},
		{"false with witness", []string{"--witness", "testdata/false.qdimacs"}, ExitFalse,
			"s cnf 0 3 4\nV -1 0\nV 2 0\n"},
		{"true has no universal witness", []string{"--witness", "testdata/true.qdimacs"}, ExitTrue, "s cnf 1 2 2\n"},
		{"flags after the file", []string{"testdata/false.qdimacs", "--timeout", "1m", "-witness"}, ExitFalse,
			"s cnf 0 3 4\nV -1 0\nV 2 0\n"},
		{"file after --", []string{"--", "testdata/true.qdimacs"}, ExitTrue, "s cnf 1 2 2\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(context.Background(), "", tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.stdout, stdout)
			assert.Empty(t, stderr)
		})
	}
}

func TestCLIStdin(t *testing.T) {
	in, err := os.ReadFile("testdata/false.qdimacs")
	require.NoError(t, err)
	code, stdout, _ := run(context.Background(), string(in), "-")
	assert.Equal(t, ExitFalse, code)
	assert.Equal(t, "s cnf 0 3 4\n", stdout)

	code, _, stderr := run(context.Background(), "p cnf 1 1\n", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Equal(t, "qbf: <stdin>:1: problem line declares 1 clauses, found 0\n", stderr)
}

func TestCLIBadInput(t *testing.T) {
	cases := []struct {
		name   string
		file   string
		stderr string
	}{
		{"malformed", "testdata/malformed.qdimacs", "qbf: testdata/malformed.qdimacs:3: bad literal \"x\"\n"},
		{"unsupported", "testdata/unsupported.qdimacs", "qbf: testdata/unsupported.qdimacs: unsupported: prefix \"a e a\" has 3 quantifier blocks; at most 2 are supported\n"},
		{"missing", "testdata/no-such-file.qdimacs", "no such file or directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(context.Background(), "", tc.file)
			assert.Equal(t, ExitBadInput, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

func TestCLIUsage(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no file", nil, ExitUsage, "want exactly one FILE, got 0"},
		{"two files", []string{"a", "b"}, ExitUsage, "want exactly one FILE, got 2"},
		{"unknown flag", []string{"--fast", "a"}, ExitUsage, "flag provided but not defined: -fast"},
		{"bad duration", []string{"--timeout", "soon", "a"}, ExitUsage, "invalid value \"soon\""},
		{"negative timeout", []string{"--timeout", "-1s", "a"}, ExitUsage, "negative timeout"},
		{"help", []string{"-h"}, 0, "usage: bopgo qbf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(context.Background(), "", tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

func writeHard(t *testing.T, n int) string {
	name := filepath.Join(t.TempDir(), "hard.qdimacs")
	var b bytes.Buffer
	require.NoError(t, WriteQDIMACS(&b, hardQDIMACS(n)))
	require.NoError(t, os.WriteFile(name, b.Bytes(), 0o644))
	return name
}

func TestCLITimeout(t *testing.T) {
	name := writeHard(t, 40)
	start := time.Now()
	code, stdout, stderr := run(context.Background(), "", "--timeout", "100ms", "--stats", name)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, ExitUnknown, code)
	assert.Equal(t, "s cnf -1 120 120\n", stdout)
	assert.Contains(t, stderr, "unknown: context deadline exceeded")
	assert.Contains(t, stderr, "c iterations ")

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	code, stdout, stderr = run(ctx, "", name)
	assert.Equal(t, ExitUnknown, code)
	assert.Equal(t, "s cnf -1 120 120\n", stdout)
	assert.Contains(t, stderr, "unknown: context canceled")
}

func TestRunCLI(t *testing.T) {
	// RunCLI itself, on a file so that it does not read the test's stdin.
	var stdout, stderr bytes.Buffer
	code := RunCLI([]string{"--stats", "testdata/true.qdimacs"}, &stdout, &stderr)
	assert.Equal(t, ExitTrue, code)
	assert.Equal(t, "s cnf 1 2 2\n", stdout.String())
	assert.Contains(t, stderr.String(), "c sat-calls ")
}
