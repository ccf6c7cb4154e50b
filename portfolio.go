package bopgo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/race"
	"github.com/bopgo/bopgo/shorten"
	"github.com/bopgo/bopgo/verdict"
)

// The portfolio (Auto, the default) races every engine that can take the
// question, all from the start, sharing the cores (package race): at most
// one engine per core runs at a time, and each hands its core on after a
// quantum to the one that has run least for its share. An engine's
// definite answer (Safe or Unsafe) is checked in the engine's own turns
// while the others go on (race); the first that passes its check wins,
// and the others are cancelled. An answer that does not check is an
// internal error, and the others race on. An engine that gives up (the
// counter engine on a program it does not translate, the explicit one
// on a step with too many choices) leaves its share to the others.
//
// The shares are weights (EngineInfo.Share): 6 for the two engines that
// decide most programs, explicit and IC3, and for the engine a feature
// of the program leads (below), 1 for the others. An engine of share s
// among shares S in all has 2s/S of two cores, one at most, so on two
// cores with the four raced engines the default takes at most, times
// the fastest engine's time alone (check included):
//   - no feature holds: explicit and IC3 1.17× (12/14 of a core each),
//     symbolic and the counter engine 7×;
//   - one feature holds: explicit, IC3 and the led engine 1.58× (12/19
//     of a core), the fourth 9.5×;
//   - both hold: every engine 2×.
// Add to these a quantum per turn, the longest step an engine takes
// without polling its context, what the engines slow one another down
// through the shared memory and garbage collector, and for an engine of
// share 1 the first pass (race/schedule.go: it waits until each engine of
// share 6 has held a slot for 100 ms, 0.1 to 0.15 s).
// Equal shares bounded every engine at 2× but made the default 1.85
// times the virtual best engine's time in all: with four engines on two
// cores, every program took twice its best engine's time. The weights
// buy that back wherever an engine of share 6 wins. On the two sets
// below, wherever a light engine is ahead by more than 0.05 s, a
// feature leads it: the counter engine on mutex, on SatAbs's QRCU,
// Stack and PrngSimp and on two bp-reduce programs (often the only
// engine to answer), symbolic on WideParity.
// On 176 programs of every shape (benchmarks/vbs.sh, 20 s a run) the
// default answered 175, as many as the virtual best engine, in 1.35
// times its time in all, 1.27 in geometric mean, and within 1.9× on each
// of the 26 programs whose fastest engine takes more than 0.2 s. On 39
// programs the weights were not chosen on (benchmarks/vbs-heldout.tsv:
// 36 of SatAbs's and bp-reduce's, 3 Workers), 1.70 in all, 1.33 in geometric mean, and
// within 1.82× on the 3 above 0.2 s, one of which (QRCU-2 satabs.16:
// three engines of share 6) took 2.14× in another run
// (benchmarks/README.md, "Weighted shares").
// Racing the likely winner alone, or two engines and the others only
// after 30 s, was up to 36 times slower than the best engine on programs
// the features did not foresee (issue 21: lock-sharing workers with wide
// thread-local data).
//
// The list is the table's: the engines with a Race position, in that
// order, less those that cannot take the question (one without a thread
// bound when Options.MaxThreads asks a bounded one, one that does not
// read the program's broadcasts). Two cheap features of the program
// raise the share of the engine they Lead to leadShare and move it to
// the front, which gives it the first slot (where the answer comes in
// less than a quantum):
//   - ManyThreads (thread creation without bound, a kind of thread with
//     three or more threads, or five threads in all): the counter engine,
//     which counts identical threads instead of enumerating their
//     interleavings and alone proves safety for any number of threads
//     (Workers n=6 k=8: 0.2 s, where explicit takes 20 s or more); on
//     distinct threads, its backward search and its first try with the
//     threads' local data forgotten (engine/counter) win too (mutex n=6
//     k=8: 1.2 s, explicit 13 s; TangledWorkers n=8: 1.0 s, IC3 8.5 s).
//   - WideStep (a constrained step with at least wideChoices
//     non-deterministic choices): symbolic simulation. The explicit
//     engine enumerates the step's outcomes one by one (WideParity v=16:
//     symbolic 0.01 s, explicit more than 10 s).
// ManyThreads applies after WideStep (featureOrder): where both hold, the
// counter engine goes first, symbolic second. Otherwise explicit and IC3
// go first, then symbolic, then the counter engine (the Race column).
//
// Which engine wins can differ from run to run, and with it the trace;
// Result.Engine names the winner, and each engine's own output is
// deterministic.

// wideChoices is the number of choices under a constraint from which a
// step counts as wide: the explicit engine enumerates 2^wideChoices
// outcomes of it from every state.
const wideChoices = 12

// identicalThreads and manyThreads are the numbers of threads of one
// kind, and in all, from which a program has ManyThreads.
const (
	identicalThreads = 3
	manyThreads      = 5
)

// portfolioOrder is the list Auto races for prog under opts, the likely
// winners first (see above): the table's raced engines by Race, then the
// engines led by each feature prog has moved to the front, features in
// their order.
func portfolioOrder(prog *bp.Program, opts Options) []Engine {
	var rows []EngineInfo
	for _, e := range engineTable {
		switch {
		case e.Race == 0:
		case e.Threads == AnyThreads && opts.MaxThreads != 0:
			// A bounded question: an answer for any number of threads
			// could show a bug with more threads than asked.
		case prog.HasBroadcasts() && !e.Broadcasts:
		case prog.HasCalls() && !e.Recursion:
		default:
			rows = append(rows, e)
		}
	}
	slices.SortStableFunc(rows, func(a, b EngineInfo) int { return a.Race - b.Race })
	for _, f := range featureOrder {
		if !f.holds(prog) {
			continue
		}
		lead := slices.DeleteFunc(slices.Clone(rows), func(e EngineInfo) bool { return e.Lead != f })
		rest := slices.DeleteFunc(rows, func(e EngineInfo) bool { return e.Lead == f })
		rows = append(lead, rest...)
	}
	order := make([]Engine, len(rows))
	for i, e := range rows {
		order[i] = e.Name
	}
	return order
}

// featureOrder is the order in which the features move their engines to
// the front of the list: the last one's engine ends first.
var featureOrder = []Feature{WideStep, ManyThreads}

// holds reports whether prog has feature f.
func (f Feature) holds(prog *bp.Program) bool {
	switch f {
	case WideStep:
		return hasWideStep(prog)
	case ManyThreads:
		identical, bounded := prog.MaxIdenticalThreads()
		all, _ := prog.MaxThreads()
		return !bounded || identical >= identicalThreads || all >= manyThreads
	}
	return false
}

// hasWideStep reports whether some step of prog has at least wideChoices
// non-deterministic choices under a constraint.
func hasWideStep(prog *bp.Program) bool {
	for _, proc := range prog.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Constraint != nil && st.Choices >= wideChoices {
				return true
			}
		}
	}
	return false
}

// RacedEngines are the engines Auto runs for prog under opts, all from
// the start, sharing the cores (schedule), the likely winners first.
func RacedEngines(prog *bp.Program, opts Options) []Engine {
	return portfolioOrder(prog, opts)
}

// leadShare is the least share (EngineInfo.Share) in the race of an
// engine that a feature of the program leads.
const leadShare = 6

// raceShares is the weight in the race's schedule of each engine of
// order: its Share, at least leadShare where a feature of prog leads it.
func raceShares(prog *bp.Program, order []Engine) []int {
	shares := make([]int, len(order))
	for i, name := range order {
		info, _ := name.Info()
		shares[i] = info.Share
		if info.Lead != NoFeature && info.Lead.holds(prog) {
			shares[i] = max(shares[i], leadShare)
		}
	}
	return shares
}

// portfolio is Check with Auto: the winner's answer, with the others'
// failures and the race's report; when no engine decides, Unknown with
// each engine's reason in the list's order (or the one they share), and
// an error only when every engine failed.
func portfolio(ctx context.Context, p *engine.Problem, opts Options, done func(k int)) (Result, error) {
	order := portfolioOrder(p.Prog, opts)
	res, unknown, errs, entries := runRace(ctx, p, opts, order, done)
	if answers(p, res) {
		res.Failures, res.Race = errs, entries
		return res, nil
	}
	if len(unknown) == 0 {
		return Result{}, errors.Join(errs...)
	}
	// No engine decided: report why each stopped, in the list's order.
	res = unknown[0]
	var why []string
	for _, name := range order {
		for _, u := range unknown {
			if u.Engine == name {
				why = append(why, fmt.Sprintf("%s: %s", name, u.Reason))
				if u.Limit != verdict.NoLimit {
					res.Limit = u.Limit
				}
			}
		}
	}
	for _, err := range errs {
		why = append(why, err.Error())
	}
	res.Reason = strings.Join(why, "; ")
	if len(errs) == 0 && allSame(unknown) {
		res.Reason = unknown[0].Reason // every engine stopped for the same reason
	}
	res.Engine, res.Race = Auto, entries
	return res, nil
}

// runRace races the engines of order (package race), each running
// runAndJudge under the check's shared policy with a meter of its own,
// until one gives a definite answer that passes its check. An engine's
// answer is checked in the engine's own turns, while the others go on:
// the check is part of the engine's work, as it is when the engine runs
// alone, so the schedule's bound holds for an engine and its check
// together. (Cancelling the others for the check, as the race did when
// it ran two engines, made the default 11 times slower than symbolic
// alone on four distinct mutex workers, k=4: the counter engine answered
// first and its certificate check took 6 s.) An answer that does not
// check is an internal error, added to errs, and the others race on.
// Engines that end without an answer are in unknown, in the order they
// ended.
//
// Under a bound on rounds or context switches, with done not nil
// (CheckBounded), each engine that honours the bound deepens it on its
// own, at its own pace (deepen, or in one run where it DeepensBounds),
// and done hears of each bound as the first engine ends it without a
// bug; the engines that ignore the bound run once, for every
// interleaving. (Deepening the whole race restarted
// them at each bound and threw their work away.)
// boundRunsShare is the most share an engine has in a race under a
// bound on rounds or context switches when it deepens the bound by runs
// (IC3: a run at 1, 2, ... K, each from scratch). On Getafix's corpus
// at 2 and 3 rounds (64 checks, 40 s each) IC3 won two checks of less
// than 0.2 s and held as many core seconds as the winner in the others
// (6.2 of them on old/…_goto at 3 rounds, where the default took 8.5 s
// and the explicit engine alone 5.4 s). With share 1 the 64 checks took
// 172.7 s instead of 221.5 s (share 3: 193.8 s); on the scaled
// programs and five families at --rounds 2 and --contexts 3 (92
// checks, 20 s each), where IC3 under the bound wins many checks under
// half a second, 22.2 s instead of 23.5 s (share 3: 21.0 s), the worst
// 0.11 s to 0.48 s (benchmarks/results/getafix/bound-share/README.md).
const boundRunsShare = 1

func runRace(ctx context.Context, p *engine.Problem, opts Options, order []Engine, done func(k int)) (res Result, unknown []Result, errs []error, entries []RaceEntry) {
	shares := raceShares(p.Prog, order)
	limit, _ := engine.Within(p.Rounds, p.Contexts)
	report, endReports := firstToReport(done)
	var entrants []race.Entrant[Result]
	var raced []RaceEntry // who each entrant is
	bounded := -1         // the entrant that deepens the bound in one run
	for i, name := range order {
		info, _ := name.Info()
		ep := *p
		ep.Meter = p.Meter.Child()
		run := func(ctx context.Context) (Result, error) { return runAndJudge(ctx, info, &ep, opts) }
		switch {
		case done != nil && limit != verdict.NoLimit && info.DeepensBounds:
			ep.BoundDone = report // one run, the bounds in order
			bounded = len(entrants)
		case done != nil && limit != verdict.NoLimit && info.Hits(limit):
			shares[i] = min(shares[i], boundRunsShare)
			once := run
			run = func(ctx context.Context) (Result, error) {
				return deepen(&ep.Rounds, &ep.Contexts, report, func() (Result, error) { return once(ctx) })
			}
		case limit != verdict.NoLimit && !info.Hits(limit):
			run = withinBound(p, run)
		}
		entrants = append(entrants, race.Entrant[Result]{Name: string(name), Share: shares[i], Meter: ep.Meter, Run: run})
		raced = append(raced, RaceEntry{Engine: name})
		if limit != verdict.NoLimit && name == Explicit {
			entrants = append(entrants, unboundedExplicit(p, opts, shares[i]))
			raced = append(raced, RaceEntry{Engine: name, Unbounded: true})
		}
	}
	holdCore(entrants, bounded)
	out := race.Run(ctx, entrants, func(r Result) bool { return answers(p, r) },
		race.Config{Budget: RaceBudget(opts)})
	endReports()
	entries = raced
	for i, r := range out.Records {
		entries[i].Share, entries[i].Held, entries[i].Outcome = r.Share, r.Held, r.Outcome
	}
	for _, i := range out.Ended {
		r, e := out.Records[i], &entries[i]
		switch r.Outcome {
		case race.Failed:
			err := asPanic(raced[i].Engine, r.Err)
			errs = append(errs, err)
			e.Reason = err.Error()
			if pe, ok := errors.AsType[*PanicError](err); ok {
				e.Stack = pe.Stack
			}
		case race.Won:
			return r.Answer, unknown, errs, entries
		case race.Stopped:
			u := r.Answer
			if !r.Started {
				u = Result{Engine: raced[i].Engine, Limit: r.Limit, Reason: r.Reason}
			}
			unknown = append(unknown, u)
			e.Limit, e.Reason = u.Limit, u.Reason
		}
	}
	return Result{Verdict: verdict.Unknown}, unknown, errs, entries
}

// holdCore gives entrant i, if not -1, the weight of all the others
// together, so that on two cores it holds one (package race's
// schedule): the engine that deepens the bound in one search (the
// explicit engine), whose "no bug within K" or bug answers the bounded
// question on Getafix's SafeStack programs. With its share of 6 among
// 14 it held 0.86 of a core. Measured (2026-11-29, the default, wall
// seconds, four alternating runs each, means): old/…_goto at 3 and 4
// rounds 3.39 to 2.89 s and 6.42 to 5.51 s, old/…_twoforloop at 3 and
// 4 rounds (SAFE from the explicit engine without the bound) 2.51 to
// 2.59 s and 2.67 to 2.89 s; on five more SafeStack files at 2 to 4
// rounds level or faster (01/…_unrolled_underapprox_false at 4 rounds
// 16.9, 13.0 to 12.2, 12.9 s); the scaled programs and five families
// at --rounds 2 and --contexts 3 (92 checks, two runs each) 32.3 and
// 39.3 s before, 34.9 and 37.4 s after, where an answer that the bound
// ends ("no bug within 2 rounds") comes first a little more often than
// SAFE (7 checks to 5 the other way).
func holdCore(entrants []race.Entrant[Result], i int) {
	if i < 0 {
		return
	}
	others := 0
	for j, e := range entrants {
		if j != i {
			others += e.Share
		}
	}
	entrants[i].Share = max(entrants[i].Share, others)
}

// unboundedExplicit is the explicit engine in a race under a bound on
// rounds or context switches a second time, for every interleaving:
// there its symmetry and partial-order reductions apply (they change
// the count of switches and rounds, so the bounded search goes without
// them), and on Getafix's SafeStack programs it proves or finds the bug
// in seconds where the bounded search takes minutes at 4 rounds
// (old/twoforloop: 4.9 s for every interleaving, beyond 100 s at
// --rounds 4). Its SAFE holds beyond the bound; its bug answers only
// where its trace fits the bound (withinBound). It has the explicit
// engine's share: a second entrant, not a split of the first's.
// Measured and kept (2026-11-29, goto and twoforloop at 2 to 4 rounds,
// the default side by side, wall seconds): with share 3 or 1 instead of
// 6, goto went 1.88, 9.01, 12.56 s to 1.61, 7.62, 10.63 s (share 3),
// twoforloop at 2 rounds 1.65 to 1.37 s, but twoforloop at 3 and 4
// rounds, SAFE in 4.62 and 4.65 s, became "no bug within 3 rounds" in
// 5.93 s and SAFE in 6.95 s (share 1: 6.09 and 14.37 s). Even with a
// core to itself the bounded search is slower in the race than alone
// (goto at 2 rounds: 1.64 to 1.73 core seconds, 1.23 s alone, the
// garbage collector at 7%): two searches share the memory bandwidth.
// Again after the explicit engine's memo of sections (3f15544), share
// 3, two runs each: goto at 2 to 4 rounds 0.64, 3.34, 4.97 s to 0.56,
// 2.99, 4.34 s, but twoforloop at 4 rounds, SAFE, 2.29 and 1.95 s to
// 3.07 and 2.89 s, and at 3 rounds SAFE in 2.21 s to "no bug within 3
// rounds" in 2.43 s.
func unboundedExplicit(p *engine.Problem, opts Options, share int) race.Entrant[Result] {
	info, _ := Explicit.Info()
	ep := *p
	ep.Rounds, ep.Contexts = 0, 0
	ep.Meter = p.Meter.Child()
	run := withinBound(p, func(ctx context.Context) (Result, error) {
		r, err := runAndJudge(ctx, info, &ep, opts)
		if r.Verdict == verdict.Unknown && r.Reason != "" {
			r.Reason = "for every interleaving: " + r.Reason
		}
		return r, err
	})
	return race.Entrant[Result]{Name: string(Explicit) + " (every interleaving)", Share: share, Meter: ep.Meter, Run: run}
}

// withinBound is run, an engine that ignores the race's bound on rounds
// or context switches, answering the bounded question: its SAFE holds
// beyond the bound, but a bug answers only where its trace fits the
// bound, which the trace shows without the engines' counting: at most K
// switches of thread under --contexts K, and at most K rounds as
// bp.Program.TraceRounds counts them under --rounds K (before
// 2026-11-29, at most K-1 switches: a switch starts at most one round,
// but a round holds one context of every thread). Another bug, real but
// perhaps past the bound, is Unknown, and the race goes on: the bounded
// engines find it if it is within the bound.
// Tried and dropped (2026-11-29): fitting such a bug into the bound by
// running the steps it depends on in turns (each thread as far as the
// others' steps it waits for allow), replayed by the judge. It fitted
// many random programs' traces, but none of Getafix's SafeStack bugs:
// old/…_goto's trace at 4 rounds depends on 388 of its 389 steps and
// takes 8 rounds in any such order, 01/…_underapprox's at 2 rounds 6.
func withinBound(p *engine.Problem, run func(context.Context) (Result, error)) func(context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		r, err := run(ctx)
		if err != nil || r.Verdict != verdict.Unsafe || r.Trace == nil {
			return r, err
		}
		if p.Rounds > 0 {
			prog := p.Prog
			if p.Slice != nil {
				prog = p.Slice.Orig
			}
			if n := prog.TraceRounds(r.Trace.Exec); n > p.Rounds {
				return Result{Engine: r.Engine, Counters: r.Counters,
					Reason: fmt.Sprintf("a bug in %d rounds, which may be past the bound", n)}, nil
			}
			return r, nil
		}
		// Switches of the execution the judge replayed, step by step as
		// the engines count them.
		if n := shorten.ShapeOf(r.Trace.Exec).Switches; n > p.Contexts {
			return Result{Engine: r.Engine, Counters: r.Counters,
				Reason: fmt.Sprintf("a bug with %d context switches, which may be past the bound", n)}, nil
		}
		return r, nil
	}
}

// firstToReport is done, told of each bound once, as the first of the
// racing engines ends it, until end is called: the race does not wait
// for its losers, and one of them must not report a bound after the
// answer. report is nil for a nil done.
func firstToReport(done func(k int)) (report func(k int), end func()) {
	if done == nil {
		return nil, func() {}
	}
	var mu sync.Mutex
	reported, ended := 0, false
	report = func(k int) {
		mu.Lock()
		defer mu.Unlock()
		if k > reported && !ended {
			reported = k
			done(k)
		}
	}
	return report, func() {
		mu.Lock()
		defer mu.Unlock()
		ended = true
	}
}

// answers reports whether r answers p's question and wins the race: a
// definite answer, or under a bound on rounds or context switches,
// "no bug within the bound" (the explicit and circuit engines'), which
// is all that was asked. The bounded question's answer then comes in as
// soon as one engine has it, and deepening (CheckBounded) goes on to
// the next bound instead of waiting for the engines that ignore the
// bound to answer for every interleaving.
func answers(p *engine.Problem, r Result) bool {
	limit, _ := engine.Within(p.Rounds, p.Contexts)
	return r.Verdict != verdict.Unknown || limit != verdict.NoLimit && r.Limit == limit
}

// asPanic is err, an engine's error in a race, with a panic that reached
// the race (runAndJudge recovers its own) as the engine's PanicError.
func asPanic(name Engine, err error) error {
	if pe, ok := errors.AsType[*race.PanicError](err); ok {
		return &PanicError{Engine: name, Value: pe.Value, Stack: pe.Stack}
	}
	return err
}

// RaceBudget is the memory the engines of the default's race share under
// opts (race.Budget): Options.MaxMemory, else half the machine's.
func RaceBudget(opts Options) uint64 { return race.Budget(opts.MaxMemory) }

// CollectNearLimit makes the Go runtime collect garbage harder as the
// heap nears the memory a check under opts may take (race.CollectNear):
// Options.MaxMemory, else for the default's race its budget (RaceBudget).
// It changes the whole process, so a command calls it once, before its
// check. The race's budget matters: without it the heap of a race on
// SafeStack grew to 23 GB of the machine's 24.
func CollectNearLimit(opts Options) {
	limit := opts.MaxMemory
	if limit == 0 && (opts.Engine == "" || opts.Engine == Auto) {
		limit = RaceBudget(opts)
	}
	race.CollectNear(limit)
}

// allSame reports whether every result has the same reason.
func allSame(rs []Result) bool {
	for _, r := range rs[1:] {
		if r.Reason != rs[0].Reason {
			return false
		}
	}
	return true
}
