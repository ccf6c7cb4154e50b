package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/qbf"
)

// Exit statuses of runQBF. qbf.True and false follow the SAT competition
// convention (DepQBF uses the same); the others are bopgo's.
const (
	qbfTrue     = 10
	qbfFalse    = 20
	qbfUnknown  = 5 // time limit reached
	qbfBadInput = 6 // unreadable, malformed or unsupported formula
	qbfUsage    = 1 // bad command line, or an internal failure
)

const qbfUsage_ = `usage: bopgo qbf [--timeout DURATION] [--witness] [--stats] [--gates MODE] [--no-split] FILE

Decides the QDIMACS formula in FILE ("-" reads standard input) and prints
one line in the QDIMACS output format, "s cnf RESULT VARS CLAUSES", where
RESULT is 1 (true), 0 (false) or -1 (unknown). Exit status: 10 true,
20 false, 5 unknown, 6 bad input, 1 usage error.

`

// runQBF is `bopgo qbf`: it parses args (without the program and command
// names), decides the formula and returns the exit status.
//
// stdout receives exactly one line, "s cnf 1 V C", "s cnf 0 V C" or
// "s cnf -1 V C", the result line of the QDIMACS output format, with V
// and C the counts of the file's problem line. DepQBF prints the same line
// with its --qdo option (and a bare SAT/UNSAT without it). With --witness,
// "V lit 0" lines follow, one per variable of the outermost block, when
// that block decides the answer (see qbf.QDIMACSResult.Certificate).
// Diagnostics, and the statistics that --stats asks for, go to stderr.
func runQBF(args []string, stdout, stderr io.Writer) int {
	return runQBFContext(context.Background(), args, os.Stdin, stdout, stderr)
}

// runQBFContext is runQBF with the caller's context (for example one
// cancelled on an interrupt, which ends the run with "s cnf -1") and
// standard input.
func runQBFContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo qbf", qbfUsage_, stdout, stderr)
	fs := cmd.FlagSet
	timeout := fs.Duration("timeout", 0, "give up after `DURATION`, e.g. 10s (0: no limit)")
	witness := fs.Bool("witness", false, "print the certificate of the outermost block as V lines")
	stats := fs.Bool("stats", false, "print solver statistics on stderr")
	gates := fs.String("gates", "all", "Tseitin definitions to rebuild as gates: `all`, patterns (And/Or only) or none; for measuring")
	noSplit := fs.Bool("no-split", false, "do not split the matrix into parts that share no variable; for measuring")
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	name, ok := cmd.OneFile(files)
	if !ok {
		return qbfUsage
	}
	if *timeout < 0 {
		fmt.Fprintf(stderr, "qbf: negative timeout %v\n", *timeout)
		return qbfUsage
	}

	opts := qbf.Options{NoSplit: *noSplit}
	switch *gates {
	case "all":
	case "patterns":
		opts.Gates = qbf.GatesPatterns
	case "none":
		opts.Gates = qbf.GatesNone
	default:
		fmt.Fprintf(stderr, "qbf: --gates %q: want all, patterns or none\n", *gates)
		return qbfUsage
	}

	q, err := readQDIMACSFile(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "qbf: %v\n", err)
		return qbfBadInput
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	res, err := qbf.SolveQDIMACSWith(ctx, q, opts)
	if err != nil {
		fmt.Fprintf(stderr, "qbf: %s: %v\n", qbfDisplayName(name), err)
		if errors.Is(err, qbf.ErrUnsupported) || errors.Is(err, qbf.ErrInvalidProblem) {
			return qbfBadInput
		}
		return qbfUsage
	}

	w := bufio.NewWriter(stdout)
	code := map[qbf.Truth]int{qbf.True: 1, qbf.False: 0, qbf.Unknown: -1}[res.Truth]
	fmt.Fprintf(w, "s cnf %d %d %d\n", code, q.NumVars, len(q.Clauses))
	if *witness {
		for _, m := range res.Certificate {
			fmt.Fprintf(w, "V %d 0\n", m)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "qbf: writing result: %v\n", err)
		return qbfUsage
	}
	if res.Truth == qbf.Unknown {
		fmt.Fprintf(stderr, "qbf: %s: unknown: %s\n", qbfDisplayName(name), res.Reason)
	}
	if *stats {
		printQBFStats(stderr, res)
	}
	switch res.Truth {
	case qbf.True:
		return qbfTrue
	case qbf.False:
		return qbfFalse
	}
	return qbfUnknown
}

func qbfDisplayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

func readQDIMACSFile(name string, stdin io.Reader) (*qbf.QDIMACS, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	q, err := qbf.ReadQDIMACS(r)
	if err != nil {
		var se *qbf.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s:%d: %s", qbfDisplayName(name), se.Line, se.Msg)
		}
		return nil, fmt.Errorf("%s: %w", qbfDisplayName(name), err)
	}
	return q, nil
}

func printQBFStats(w io.Writer, res qbf.QDIMACSResult) {
	st := res.Stats
	fmt.Fprintf(w, "c extracted-gates %d\n", res.Gates)
	fmt.Fprintf(w, "c iterations %d\n", st.Iterations)
	fmt.Fprintf(w, "c refinements %d\n", st.Refinements)
	fmt.Fprintf(w, "c sat-calls %d\n", st.SATCalls)
	fmt.Fprintf(w, "c candidate-gates %d\n", st.Candidate.Gates)
	fmt.Fprintf(w, "c check-gates %d\n", st.Check.Gates)
	fmt.Fprintf(w, "c time %v\n", st.Time.Round(time.Microsecond))
}
