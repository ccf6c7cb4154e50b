package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/verdict"
)

// Exit statuses, part of the command's contract (README.md, "Using it"; docs/boppo.md for boppo).
const (
	exitSafe        = 0
	exitUsage       = cli.ExitUsage // 1
	exitInternal    = 3             // a bug in bopgo: an engine failed, or its answer did not check
	exitPeerMissing = 4             // a peer tool (spin, gcc) is not installed
	exitUnknown     = 5
	exitBadInput    = 6
	exitUnsafe      = 10
)

// exitStatus is the exit status of a command that answered v, or that
// could not answer because of err: the one mapping from verdicts and
// error classes to statuses, for check, spin, circuit, boppo (its
// UNKNOWN; its SUCCESSFUL and FAILED exit 0, BoPPo's contract) and tts.
func exitStatus(v verdict.Verdict, err error) int {
	switch {
	case err == nil:
	case errors.Is(err, bopgo.ErrNoSuchLabel):
		return exitBadInput
	case errors.Is(err, bopgo.ErrInternal):
		return exitInternal
	case errors.Is(err, bopgo.ErrPeerMissing):
		return exitPeerMissing
	default:
		return exitUsage
	}
	switch v {
	case verdict.Safe:
		return exitSafe
	case verdict.Unsafe:
		return exitUnsafe
	}
	return exitUnknown
}

// version is the release; overridden at link time by releases.
var version = "0.1.0-dev"

const usage = `bopgo checks concurrent Boolean programs (the language of SLAM, SatAbs
and BoPPo): can an assertion fail, or can a label be reached?

usage:
  bopgo check [flags] FILE.bp    check a program; "bopgo check -h" lists flags
  bopgo qbf [flags] FILE         decide a forall-exists formula (QDIMACS)
  bopgo boppo [flags] FILE.bp    BoPPo compatibility mode (docs/boppo.md)
  bopgo export --format promela|aiger|tts FILE.bp
                                 write the program for SPIN, as a circuit, or
                                 as a thread-transition system (bfc's format)
  bopgo circuit [flags] FILE.aig decide an AIGER circuit with bopgo's circuit
                                 engines (ic3, bmc, sim, kind), like ABC's pdr
  bopgo spin [flags] FILE.bp     check the program with SPIN (docs/promela.md)
  bopgo tts [flags] FILE.tts     decide a thread-transition system (bfc's
                                 format) for any number of threads
  bopgo trace --html OUT RESULT.json
                                 draw a saved result (check --json) as a page
  bopgo version                  print the version

check prints the verdict as its last line on stdout, one of
VERIFICATION SUCCESSFUL, VERIFICATION FAILED, VERIFICATION UNKNOWN,
and exits 0 (safe), 10 (unsafe), 5 (unknown), 6 (bad input), 1 (usage),
3 (internal error: a bug in bopgo) or 4 (a peer tool is missing).
`

func main() {
	os.Exit(runAs(filepath.Base(os.Args[0]), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, separated from main for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "qbf":
		return runQBF(args[1:], stdout, stderr)
	case "boppo":
		return runBoPPo(args[1:], stdout, stderr)
	case "bench":
		fmt.Fprintln(stderr, "bopgo: the benchmark harness is its own command now, bopgo-bench (go install ./cmd/bopgo-bench); see docs/bench.md")
		return exitUsage
	case "circuit":
		return runCircuit(args[1:], stdout, stderr)
	case "export":
		return runExport(args[1:], stdout, stderr)
	case "spin":
		return runSpin(args[1:], stdout, stderr)
	case "tts":
		return runTTS(args[1:], stdout, stderr)
	case "trace":
		return runTrace(args[1:], stdin, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "bopgo", version)
		return 0
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "bopgo: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}
