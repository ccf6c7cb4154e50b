package qbf

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bopgo/bopgo/internal/cli"
)

// Exit statuses of RunCLI. True and false follow the SAT competition
// convention (DepQBF uses the same); the others are bopgo's.
const (
	ExitTrue     = 10
	ExitFalse    = 20
	ExitUnknown  = 5 // time limit reached
	ExitBadInput = 6 // unreadable, malformed or unsupported formula
	ExitUsage    = 1 // bad command line, or an internal failure
)

const cliUsage = `usage: bopgo qbf [--timeout DURATION] [--witness] [--stats] FILE

Decides the QDIMACS formula in FILE ("-" reads standard input) and prints
one line in the QDIMACS output format, "s cnf RESULT VARS CLAUSES", where
RESULT is 1 (true), 0 (false) or -1 (unknown). Exit status: 10 true,
20 false, 5 unknown, 6 bad input, 1 usage error.

`

// RunCLI is `bopgo qbf`: it parses args (without the program and command
// names), decides the formula and returns the exit status.
//
// stdout receives exactly one line, "s cnf 1 V C", "s cnf 0 V C" or
// "s cnf -1 V C", the result line of the QDIMACS output format, with V
// and C the counts of the file's problem line. DepQBF prints the same line
// with its --qdo option (and a bare SAT/UNSAT without it). With --witness,
// "V lit 0" lines follow, one per variable of the outermost block, when
// that block decides the answer (see QDIMACSResult.Certificate).
// Diagnostics, and the statistics that --stats asks for, go to stderr.
func RunCLI(args []string, stdout, stderr io.Writer) int {
	return RunCLIContext(context.Background(), args, os.Stdin, stdout, stderr)
}

// RunCLIContext is RunCLI with the caller's context (for example one
// cancelled on an interrupt, which ends the run with "s cnf -1") and
// standard input.
func RunCLIContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("qbf", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 0, "give up after `DURATION`, e.g. 10s (0: no limit)")
	witness := fs.Bool("witness", false, "print the certificate of the outermost block as V lines")
	stats := fs.Bool("stats", false, "print solver statistics on stderr")
	fs.Usage = func() {
		fmt.Fprint(stderr, cliUsage)
		fs.PrintDefaults()
	}
	files, err := cli.ParseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return ExitUsage
	}
	if len(files) != 1 {
		fmt.Fprintf(stderr, "qbf: want exactly one FILE, got %d\n", len(files))
		fs.Usage()
		return ExitUsage
	}
	if *timeout < 0 {
		fmt.Fprintf(stderr, "qbf: negative timeout %v\n", *timeout)
		return ExitUsage
	}

	name := files[0]
	q, err := readFile(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "qbf: %v\n", err)
		return ExitBadInput
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	res, err := SolveQDIMACS(ctx, q)
	if err != nil {
		fmt.Fprintf(stderr, "qbf: %s: %v\n", displayName(name), err)
		if errors.Is(err, ErrUnsupported) || errors.Is(err, ErrInvalidProblem) {
			return ExitBadInput
		}
		return ExitUsage
	}

	w := bufio.NewWriter(stdout)
	code := map[Verdict]int{True: 1, False: 0, Unknown: -1}[res.Verdict]
	fmt.Fprintf(w, "s cnf %d %d %d\n", code, q.NumVars, len(q.Clauses))
	if *witness {
		for _, m := range res.Certificate {
			fmt.Fprintf(w, "V %d 0\n", m)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "qbf: writing result: %v\n", err)
		return ExitUsage
	}
	if res.Verdict == Unknown {
		fmt.Fprintf(stderr, "qbf: %s: unknown: %s\n", displayName(name), res.Reason)
	}
	if *stats {
		printStats(stderr, res)
	}
	switch res.Verdict {
	case True:
		return ExitTrue
	case False:
		return ExitFalse
	}
	return ExitUnknown
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

func readFile(name string, stdin io.Reader) (*QDIMACS, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	q, err := ReadQDIMACS(r)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s:%d: %s", displayName(name), se.Line, se.Msg)
		}
		return nil, fmt.Errorf("%s: %w", displayName(name), err)
	}
	return q, nil
}

func printStats(w io.Writer, res QDIMACSResult) {
	st := res.Stats
	fmt.Fprintf(w, "c extracted-gates %d\n", res.Gates)
	fmt.Fprintf(w, "c iterations %d\n", st.Iterations)
	fmt.Fprintf(w, "c refinements %d\n", st.Refinements)
	fmt.Fprintf(w, "c sat-calls %d\n", st.SATCalls)
	fmt.Fprintf(w, "c candidate-gates %d\n", st.Candidate.Gates)
	fmt.Fprintf(w, "c check-gates %d\n", st.Check.Gates)
	fmt.Fprintf(w, "c time %v\n", st.Time.Round(time.Microsecond))
}
