package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run calls the CLI with the given standard input and returns its exit
// status and outputs.
func runQBFTest(ctx context.Context, stdin string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := runQBFContext(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestCLIVerdicts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
	}{
		{"true", []string{"../../qbf/testdata/true.qdimacs"}, qbfTrue, "s cnf 1 2 2\n"},
		{"false", []string{"../../qbf/testdata/false.qdimacs"}, qbfFalse, "s cnf 0 3 4\n"},
		{"false with witness", []string{"--witness", "../../qbf/testdata/false.qdimacs"}, qbfFalse,
			"s cnf 0 3 4\nV -1 0\nV 2 0\n"},
		{"true has no universal witness", []string{"--witness", "../../qbf/testdata/true.qdimacs"}, qbfTrue, "s cnf 1 2 2\n"},
		{"flags after the file", []string{"../../qbf/testdata/false.qdimacs", "--timeout", "1m", "-witness"}, qbfFalse,
			"s cnf 0 3 4\nV -1 0\nV 2 0\n"},
		{"file after --", []string{"--", "../../qbf/testdata/true.qdimacs"}, qbfTrue, "s cnf 1 2 2\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runQBFTest(context.Background(), "", tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.stdout, stdout)
			assert.Empty(t, stderr)
		})
	}
}

func TestCLIStdin(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("../../qbf/testdata/false.qdimacs")
	require.NoError(t, err)
	code, stdout, _ := runQBFTest(context.Background(), string(in), "-")
	assert.Equal(t, qbfFalse, code)
	assert.Equal(t, "s cnf 0 3 4\n", stdout)

	code, _, stderr := runQBFTest(context.Background(), "p cnf 1 1\n", "-")
	assert.Equal(t, qbfBadInput, code)
	assert.Equal(t, "qbf: <stdin>:1: problem line declares 1 clauses, found 0\n", stderr)
}

func TestCLIBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		file   string
		stderr string
	}{
		{"malformed", "../../qbf/testdata/malformed.qdimacs", "qbf: ../../qbf/testdata/malformed.qdimacs:3: bad literal \"x\"\n"},
		{"unsupported", "../../qbf/testdata/unsupported.qdimacs", "qbf: ../../qbf/testdata/unsupported.qdimacs: unsupported: prefix \"a e a\" has 3 quantifier blocks; at most 2 are supported\n"},
		{"missing", "../../qbf/testdata/no-such-file.qdimacs", "no such file or directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runQBFTest(context.Background(), "", tc.file)
			assert.Equal(t, qbfBadInput, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

func TestCLIUsage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no file", nil, qbfUsage, "want exactly one FILE, got 0"},
		{"two files", []string{"a", "b"}, qbfUsage, "want exactly one FILE, got 2"},
		{"unknown flag", []string{"--fast", "a"}, qbfUsage, "flag provided but not defined: -fast"},
		{"bad duration", []string{"--timeout", "soon", "a"}, qbfUsage, "invalid value \"soon\""},
		{"negative timeout", []string{"--timeout", "-1s", "a"}, qbfUsage, "negative timeout"},
		{"help", []string{"-h"}, 0, "usage: bopgo qbf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runQBFTest(context.Background(), "", tc.args...)
			assert.Equal(t, tc.code, code)
			if tc.code == 0 { // help asked for goes to stdout
				assert.Empty(t, stderr)
				assert.Contains(t, stdout, tc.stderr)
				return
			}
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
}

func TestCLITimeout(t *testing.T) {
	t.Parallel()
	name := "testdata/hard40.qdimacs"
	start := time.Now()
	code, stdout, stderr := runQBFTest(context.Background(), "", "--timeout", "100ms", "--stats", name)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, qbfUnknown, code)
	assert.Equal(t, "s cnf -1 120 121\n", stdout)
	assert.Contains(t, stderr, "unknown: context deadline exceeded")
	assert.Contains(t, stderr, "c iterations ")

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	code, stdout, stderr = runQBFTest(ctx, "", name)
	assert.Equal(t, qbfUnknown, code)
	assert.Equal(t, "s cnf -1 120 121\n", stdout)
	assert.Contains(t, stderr, "unknown: context canceled")
}

func TestQBFCommand(t *testing.T) {
	t.Parallel()
	// runQBF itself, on a file so that it does not read the test's stdin.
	var stdout, stderr bytes.Buffer
	code := runQBF([]string{"--stats", "../../qbf/testdata/true.qdimacs"}, &stdout, &stderr)
	assert.Equal(t, qbfTrue, code)
	assert.Equal(t, "s cnf 1 2 2\n", stdout.String())
	assert.Contains(t, stderr.String(), "c sat-calls ")
}
