package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// subcommands are the commands of bopgo's usage that take flags.
var subcommands = []string{"check", "qbf", "boppo", "export", "circuit", "spin", "tts", "trace"}

// helpFlags returns the flags that "bopgo SUB -h" lists (the lines of
// flag.PrintDefaults, "  -name ..."), failing unless -h is accepted.
func helpFlags(t *testing.T, sub string) map[string]bool {
	t.Helper()
	code, out, errOut := runCmd(sub, "-h")
	require.Equal(t, 0, code, "bopgo %s -h: %s", sub, errOut)
	flags := map[string]bool{"h": true, "help": true}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(out, -1) {
		flags[m[1]] = true
	}
	require.Greater(t, len(flags), 2, "bopgo %s -h lists no flags:\n%s", sub, out)
	return flags
}

// docCommand is a bopgo command line of the documentation, or the flags
// a usage block lists under one.
type docCommand struct {
	where string // file:line
	sub   string
	flags []string
}

var (
	// A command at the start of a line of a code block or of a code span
	// ("$ " and "go run ./cmd/bopgo" allowed).
	commandLine = regexp.MustCompile(`^(?:\$ )?(?:go run \./cmd/bopgo|bopgo) ([a-z]+)\b(.*)`)
	// A flag of a command line, bracketed or not: -l, --max-threads,
	// --init=S.
	flagToken = regexp.MustCompile(`^\[?(--?[a-z][a-z0-9-]*)`)
	// A flag that a usage block describes under its command ("  --engine
	// E   ...") or continues its command line with ("   [--json]").
	usageFlag  = regexp.MustCompile(`^  (--?[a-z][a-z0-9-]*)\b`)
	usageTail  = regexp.MustCompile(`^\s+(\[--?[a-z].*)`)
	codeSpan   = regexp.MustCompile("`([^`]+)`")
	commentTag = regexp.MustCompile(`\s#.*$`)
)

// commandsOf returns the bopgo command lines of a Markdown file: in its
// code blocks (with the flags listed under a command in a usage block)
// and its code spans.
func commandsOf(t *testing.T, file string) []docCommand {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	var out []docCommand
	flagsOf := func(rest string) []string {
		var flags []string
		for _, tok := range strings.Fields(commentTag.ReplaceAllString(rest, "")) {
			if m := flagToken.FindStringSubmatch(tok); m != nil {
				flags = append(flags, m[1])
			}
		}
		return flags
	}
	inBlock := false
	current := -1 // the command of the usage block's lines, in out
	for i, line := range strings.Split(string(src), "\n") {
		where := fmt.Sprintf("%s:%d", filepath.Base(file), i+1)
		if strings.HasPrefix(line, "```") {
			inBlock, current = !inBlock, -1
			continue
		}
		if !inBlock {
			for _, span := range codeSpan.FindAllStringSubmatch(line, -1) {
				if m := commandLine.FindStringSubmatch(span[1]); m != nil {
					out = append(out, docCommand{where, m[1], flagsOf(m[2])})
				}
			}
			continue
		}
		if m := commandLine.FindStringSubmatch(line); m != nil {
			out = append(out, docCommand{where, m[1], flagsOf(m[2])})
			current = len(out) - 1
			continue
		}
		if current < 0 {
			continue
		}
		if m := usageFlag.FindStringSubmatch(line); m != nil {
			out[current].flags = append(out[current].flags, m[1])
		} else if m := usageTail.FindStringSubmatch(line); m != nil {
			out[current].flags = append(out[current].flags, flagsOf(m[1])...)
		}
	}
	return out
}

// TestDocumentedCommandsExist: every bopgo command of README.md and
// docs/*.md names a subcommand that exists, with flags that its -h
// lists.
func TestDocumentedCommandsExist(t *testing.T) {
	t.Parallel()
	known := map[string]map[string]bool{"help": {}, "version": {}}
	for _, sub := range subcommands {
		known[sub] = helpFlags(t, sub)
	}
	// The commands of bopgo's own usage (bopgo help) are these.
	code, usageText, _ := runCmd("help")
	require.Equal(t, 0, code)
	for _, m := range regexp.MustCompile(`(?m)^  bopgo ([a-z]+)`).FindAllStringSubmatch(usageText, -1) {
		assert.Contains(t, known, m[1], "bopgo help lists %s", m[1])
	}
	files, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	files = append([]string{"../../README.md"}, files...)
	seen := map[string]bool{}
	commands, flags := 0, 0
	for _, file := range files {
		for _, c := range commandsOf(t, file) {
			commands++
			flags += len(c.flags)
			flags, ok := known[c.sub]
			if !assert.True(t, ok, "%s: bopgo %s: no such command", c.where, c.sub) {
				continue
			}
			seen[c.sub] = true
			for _, f := range c.flags {
				assert.True(t, flags[strings.TrimLeft(f, "-")], "%s: bopgo %s has no flag %s", c.where, c.sub, f)
			}
		}
	}
	t.Logf("%d command lines, %d flags", commands, flags)
	// The parsing found the commands (a README without them would pass
	// the loop above).
	for _, sub := range []string{"check", "export", "spin", "tts", "qbf", "trace", "boppo"} {
		assert.True(t, seen[sub], "no bopgo %s found in README.md or docs/", sub)
	}
}

// TestHelpFlagsAreDocumented: every flag that a subcommand's -h lists is
// documented in README.md or docs/*.md (as -name or --name).
func TestHelpFlagsAreDocumented(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	var docs strings.Builder
	for _, file := range append([]string{"../../README.md"}, files...) {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		docs.Write(src)
	}
	text := docs.String()
	for _, sub := range subcommands {
		var flags []string
		for f := range helpFlags(t, sub) {
			flags = append(flags, f)
		}
		slices.Sort(flags)
		for _, f := range flags {
			if f == "h" || f == "help" {
				continue
			}
			documented := regexp.MustCompile("(^|[][ `(|,])--?" + regexp.QuoteMeta(f) + "([^a-z0-9-]|$)")
			assert.True(t, documented.MatchString(text), "bopgo %s -%s is in the help but not in README.md or docs/", sub, f)
		}
	}
}
