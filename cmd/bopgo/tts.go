package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

const ttsUsage = `usage: bopgo tts [flags] FILE.tts

Decides a thread-transition system in bfc's format (docs/counter.md) for
any number of threads: can a configuration be reached whose shared state
is the target's and which has a thread in each of the target's locals?
Prints VERIFICATION SUCCESSFUL (not coverable; the certificate was
checked), VERIFICATION FAILED (with the path, once checked) or
VERIFICATION UNKNOWN and exits 0, 10 or 5 (6: bad input, 1: usage).

flags:
`

func runTTS(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo tts", ttsUsage, stdout, stderr)
	fs := cmd.FlagSet
	initFlag := fs.String("init", "0/0", "initial `STATE`: s|l1,l2 (one thread in each), s/l (any number in l); bfc's default 0/0")
	target := fs.String("target", "", "target `STATE` s|l1,l2, or a file holding it (default: FILE.prop)")
	algorithm := fs.String("algorithm", "accelerated", "`ALG`: accelerated (Karp–Miller forward search, then backward search pruned by it), pruned (backward search pruned by a thread-modular invariant) or plain")
	budget := fs.Int("forward-budget", 0, "configurations the bounded forward search may visit (`N`; 0: 50,000; -1: off)")
	timeout := fs.Duration("timeout", 0, "give up with UNKNOWN after `DURATION` (0: no limit)")
	maxElements := fs.Int("max-elements", 0, "give up with UNKNOWN after `N` backward elements (0: no limit; about 300 bytes each)")
	trace := fs.Bool("trace", false, "print the path of a failure")
	stats := fs.Bool("stats", false, "print the search's statistics")
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	alg, known := map[string]cover.Algorithm{"accelerated": cover.Accelerated, "pruned": cover.Pruned, "plain": cover.Plain}[*algorithm]
	if !known || *timeout < 0 || *maxElements < 0 {
		return cmd.Errorf("--algorithm must be accelerated, pruned or plain; --timeout and --max-elements must not be negative")
	}
	init, err := tts.ParseState(*initFlag)
	if err != nil {
		return cmd.Errorf("--init: %v", err)
	}
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo tts: %v\n", err)
		return exitBadInput
	}
	sys, err := tts.Read(name, f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitBadInput
	}
	goal, err := ttsTarget(*target, name)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo tts: %v\n", err)
		return exitBadInput
	}
	for _, st := range []tts.State{init, goal} {
		if err := sys.Check(st); err != nil {
			fmt.Fprintf(stderr, "bopgo tts: warning: %v; it has no rules\n", err)
		}
	}
	ctx, cancel := withTimeout(context.Background(), *timeout)
	defer cancel()
	res, err := bopgo.CheckTTS(ctx, sys, cover.Options{Init: init, Target: goal, Algorithm: alg, ForwardBudget: *budget, MaxElements: *maxElements})
	if errors.Is(err, bopgo.ErrInternal) {
		fmt.Fprintf(stderr, "bopgo tts: %v\nplease report this bug with the input file\n", err)
		return exitInternal
	}
	if err != nil {
		fmt.Fprintf(stderr, "bopgo tts: %v\n", err)
		return exitBadInput
	}
	if res.Verdict == verdict.Unsafe {
		writePath(stdout, sys, res.Cover.Path, *trace)
	}
	// An UNKNOWN's reason, for the time limit, is its context's words
	// (withTimeout).
	var show func(io.Writer, bopgo.Result)
	if *stats {
		show = writeCoverStats
	}
	writeAnswer(stdout, res, show)
	return exitStatus(res.Verdict, nil)
}

// writePath prints the threads and steps of a path that covers the
// target, and with steps its rules and configurations.
func writePath(w io.Writer, sys *tts.System, p *cover.Path, steps bool) {
	minimal := ""
	if !p.Minimal {
		minimal = " (not shown minimal)"
	}
	fmt.Fprintf(w, "threads: %d%s\nsteps: %d\n", p.Threads, minimal, len(p.Steps))
	if steps {
		fmt.Fprintf(w, "start %v\n", p.Start)
		for _, st := range p.Steps {
			fmt.Fprintf(w, "%-30s # line %d -> %v\n", sys.Rules[st.Rule].String(), sys.Rules[st.Rule].Line, st.After)
		}
	}
}

// writeCoverStats prints the coverability search's statistics, and the
// times of the search and of the check of its answer.
func writeCoverStats(w io.Writer, res bopgo.Result) {
	s, c := res.Cover.Stats, res.Counters
	check := c.Get(bopgo.CounterCheckSeconds)
	fmt.Fprintf(w, "karp-miller nodes: %d (complete: %v)\npath from the karp-miller search: %v\nbackward search met the forward one: %v\nbackward elements: %d\nbasis: %d\npruned: %d\nforward configurations: %d\nforward bound: %d\nsearch time: %.3fs\ncheck time: %.3fs\n",
		s.Accelerated, s.AcceleratedComplete, s.Concretized, s.MetForward, s.Elements, s.Basis, s.Pruned, s.Forward, s.Bound, c.Get(bopgo.CounterSeconds)-check, check)
}

// ttsTarget reads --target as bfc does: a state, else a file holding one;
// without the flag, FILE.prop next to FILE.tts.
func ttsTarget(flagValue, file string) (tts.State, error) {
	if flagValue != "" {
		if st, err := tts.ParseState(flagValue); err == nil {
			return st, nil
		}
	} else {
		flagValue = strings.TrimSuffix(file, ".tts") + ".prop"
	}
	f, err := os.Open(flagValue)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return tts.State{}, fmt.Errorf("target %q is neither a state nor a file", flagValue)
		}
		return tts.State{}, err
	}
	defer f.Close()
	st, err := tts.ReadState(f)
	if err != nil {
		return tts.State{}, fmt.Errorf("%s: %v", flagValue, err)
	}
	if len(st.Unbounded) > 0 {
		return tts.State{}, fmt.Errorf("%s: a target has no unbounded locals", flagValue)
	}
	return st, nil
}
