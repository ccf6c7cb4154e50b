package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// ExitUsage is the exit status of a command-line mistake.
const ExitUsage = 1

// Command is a subcommand's flag set with its usage text and its outputs:
// help (-h) goes to Stdout, since the user asked for it; a mistake is one
// line on Stderr with a hint, not the whole flag list.
type Command struct {
	*flag.FlagSet
	Name           string // as the user types it, e.g. "bopgo check"
	Usage          string // the text before the flag list
	Stdout, Stderr io.Writer
	// Flags, if set, prints the flag list instead of PrintDefaults (for a
	// command that hides some of its flags).
	Flags func(w io.Writer)
}

// New makes a command; define its flags on the result.
func New(name, usage string, stdout, stderr io.Writer) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the flag package's own messages: Parse words them
	fs.Usage = func() {}
	return &Command{FlagSet: fs, Name: name, Usage: usage, Stdout: stdout, Stderr: stderr}
}

// PrintUsage writes the usage text and the flags to w.
func (c *Command) PrintUsage(w io.Writer) {
	fmt.Fprint(w, c.Usage)
	if c.Flags != nil {
		c.Flags(w)
		return
	}
	c.SetOutput(w)
	c.PrintDefaults()
	c.SetOutput(io.Discard)
}

// Parse parses args, flags anywhere among them (ParseInterleaved), and
// returns the positional ones. When ok is false the command ends at once
// with status: 0 after -h (the usage is printed), ExitUsage after a
// mistake (it is said).
func (c *Command) Parse(args []string) (positional []string, status int, ok bool) {
	positional, err := ParseInterleaved(c.FlagSet, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.PrintUsage(c.Stdout)
		return nil, 0, false
	case err != nil:
		return nil, c.Errorf("%v", err), false
	}
	return positional, 0, true
}

// Errorf says what is wrong with the command line, in one line and a
// hint, and returns ExitUsage.
func (c *Command) Errorf(format string, args ...any) int {
	fmt.Fprintf(c.Stderr, "%s: %s\nrun '%s -h' for usage\n", c.Name, fmt.Sprintf(format, args...), c.Name)
	return ExitUsage
}

// ParseOneFile is Parse for a command that takes exactly one file: it
// returns the file, or says why there is not exactly one and returns
// ExitUsage.
func (c *Command) ParseOneFile(args []string) (name string, status int, ok bool) {
	positional, status, ok := c.Parse(args)
	if !ok {
		return "", status, false
	}
	if name, ok = c.OneFile(positional); !ok {
		return "", ExitUsage, false
	}
	return name, 0, true
}

// OneFile returns the only positional argument, or says why there is not
// exactly one.
func (c *Command) OneFile(positional []string) (string, bool) {
	if len(positional) != 1 {
		c.Errorf("want exactly one FILE, got %d", len(positional))
		return "", false
	}
	return positional[0], true
}

// IsTerminal tells whether w is a terminal, where a progress line can be
// redrawn in place. A character device that is not one (/dev/null, where
// scripts send stderr) is not: there bopgo check drew progress lines
// nobody saw.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && isTTY(f)
}
