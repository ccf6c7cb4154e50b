package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// Problem is what an answer about a program is judged against.
type Problem struct {
	// Prog is the program the engine was given; when Slice is set it is
	// Slice.Prog, and the answer is about Slice.Orig.
	Prog  *bp.Program
	Slice *bp.Slice
	// Label is the label of the property (empty: assertions).
	Label string
	// Reading is the reading of broadcasts asked.
	Reading bp.Reading
}

// asked is the program the question was asked about.
func (p Problem) asked() *bp.Program {
	if p.Slice != nil {
		return p.Slice.Orig
	}
	return p.Prog
}

func (p Problem) options() Options { return Options{Label: p.Label, Broadcast: p.Reading} }

// Ruling is what the judge makes of a definite answer.
type Ruling struct {
	// Verdict is the answer's, or Unknown where its evidence shows less
	// than it claimed without being wrong (a path under the monotone
	// reading of broadcasts that is no execution under the blocking one):
	// Reason says why.
	Verdict engine.Verdict
	Reason  string
	// Trace, for Unsafe, is the counterexample as an execution of the
	// program asked about (the original, when the engine was given a
	// slice), replayed.
	Trace *bp.Trace
	// Evidence says what the answer rests on.
	Evidence Evidence
}

// Evidence is what an answer rests on, as the judge reports it.
type Evidence struct {
	Kind string // e.g. "counterexample", "inductive invariant", "search"
	// Checked: the judge checked the evidence against the program. False
	// for an engine's exhaustive search and for a peer's Safe, which the
	// answer then trusts (Words says which).
	Checked bool
	Words   string // what it is, in a sentence
}

// Judge checks the evidence ev of verdict v (Safe or Unsafe) about p, and
// returns its ruling; an error is a refusal (the answer does not hold:
// a bug of the engine or of its encoding, never a verdict), or ctx's
// cause when ctx ended first. It handles every type of engine.Evidence
// and refuses any other, and a Safe without the evidence its program
// needs (a program of one thread with recursive functions is decided
// by procedure summaries, and its Safe must bring them).
func Judge(ctx context.Context, p Problem, v engine.Verdict, ev engine.Evidence) (Ruling, error) {
	if ctx.Err() != nil {
		return Ruling{}, context.Cause(ctx)
	}
	// Every check below reads bp's liveness (a dead local's value does
	// not count): it is checked, not trusted.
	for _, prog := range []*bp.Program{p.Prog, p.asked()} {
		if err := checkLiveness(prog, prog.Live()); err != nil {
			return Ruling{}, fmt.Errorf("the program's liveness is wrong: %w", err)
		}
	}
	switch v {
	case engine.Unsafe:
		x, ok := ev.(*engine.Execution)
		if !ok || x == nil || x.Trace == nil {
			return Ruling{}, fmt.Errorf("an Unsafe answer without a counterexample (%T)", ev)
		}
		return execution(ctx, p, x)
	case engine.Safe:
		if p.Slice != nil {
			if err := VerifySlice(p.Slice); err != nil {
				return Ruling{}, err
			}
		}
		return safe(ctx, p, ev)
	}
	return Ruling{}, fmt.Errorf("nothing to judge in an answer %v", v)
}

// execution replays a counterexample, on the program asked about; it
// ends with ctx's cause once ctx has ended.
func execution(ctx context.Context, p Problem, x *engine.Execution) (Ruling, error) {
	tr := x.Trace
	var err error
	if p.Slice != nil {
		// A trace of the sliced program: the cut variables get the
		// original's values, then the trace is replayed on the original.
		tr, err = concretizeSlice(ctx, p.Slice, p.options(), tr)
		if err != nil {
			err = fmt.Errorf("the trace of the sliced program is not one of the program: %w", err)
		}
	}
	if err == nil {
		err = ReplayContext(ctx, p.asked(), p.options(), tr)
	}
	if err != nil {
		if x.MonotoneOnly && p.Reading == bp.Blocking && ReplayContext(ctx, p.asked(), Options{Label: p.Label, Broadcast: bp.Monotone}, tr) == nil {
			// A path under the monotone reading of broadcasts, which the
			// engine said it might be: not a bug, and not an error.
			return Ruling{Verdict: engine.Unknown, Reason: "a path exists under the monotone reading of broadcasts, but it is not an execution under the blocking reading"}, nil
		}
		return Ruling{}, err
	}
	words := fmt.Sprintf("a counterexample of %d steps, replayed step by step by the reference semantics", len(tr.Steps))
	return Ruling{Verdict: engine.Unsafe, Trace: tr, Evidence: Evidence{Kind: "counterexample", Checked: true, Words: words}}, nil
}

// summarised checks procedure summaries, the evidence of a Safe about
// p.Prog by a summary engine, as facts or as formulas.
func summarised(ctx context.Context, p Problem, ev engine.Evidence) (Evidence, error) {
	switch ev := ev.(type) {
	case *engine.Summaries:
		if ev == nil || ev.Summaries == nil {
			return Evidence{}, errors.New("no procedure summaries")
		}
		if err := CheckSummaries(ctx, p.Prog, p.options(), ev.Summaries); err != nil {
			return Evidence{}, err
		}
		contexts, facts, exits := ev.Size()
		return Evidence{Kind: "procedure summaries", Checked: true,
			Words: fmt.Sprintf("procedure summaries: %d procedure entries, %d facts, %d exits, closed under every step", contexts, facts, exits)}, nil
	case *engine.SummaryFormulas:
		if ev == nil {
			return Evidence{}, errors.New("no summary formulas")
		}
		if err := CheckSummaryFormulas(ctx, p.Prog, p.options(), ev); err != nil {
			return Evidence{}, err
		}
		procs, invariants := ev.Size()
		return Evidence{Kind: "procedure summaries as formulas", Checked: true,
			Words: fmt.Sprintf("procedure summaries as formulas: %d procedures, %d step invariants, closed under every step", procs, invariants)}, nil
	}
	return Evidence{}, fmt.Errorf("not procedure summaries: %T", ev)
}

// safe checks the evidence of a Safe about p.Prog.
func safe(ctx context.Context, p Problem, ev engine.Evidence) (Ruling, error) {
	prog := p.Prog
	if prog.HasCalls() && !prog.StartsThreads() {
		switch ev.(type) {
		case *engine.Summaries, *engine.SummaryFormulas:
		default:
			// Summaries decide such a program: their fixed point is the
			// evidence, and a Safe without it is not checked.
			return Ruling{}, fmt.Errorf("a Safe of a program with recursive functions without procedure summaries (%T)", ev)
		}
	}
	r := Ruling{Verdict: engine.Safe}
	switch ev := ev.(type) {
	case *engine.Summaries, *engine.SummaryFormulas:
		e, err := summarised(ctx, p, ev)
		if err != nil {
			return Ruling{}, err
		}
		r.Evidence = e
	case *engine.SlotInvariant:
		if ev == nil {
			return Ruling{}, errors.New("no invariant")
		}
		if err := CheckSlotInvariant(ctx, prog, p.Label, p.Reading, ev); err != nil {
			return Ruling{}, err
		}
		r.Evidence = Evidence{Kind: "inductive invariant", Checked: true, Words: fmt.Sprintf(
			"an inductive invariant of %d clauses over the program with %d thread slots, checked against the judge's own encoding of the program", len(ev.Clauses), ev.Slots)}
	case *engine.KInduction:
		if ev == nil {
			return Ruling{}, errors.New("no k-induction proof")
		}
		if err := CheckKInduction(ctx, prog, p.Label, p.Reading, ev); err != nil {
			return Ruling{}, err
		}
		r.Evidence = Evidence{Kind: "k-induction", Checked: true, Words: fmt.Sprintf(
			"the property is %d-inductive on the program with %d thread slots, checked against the judge's own encoding of the program", ev.K, ev.Slots)}
	case *engine.CounterProof:
		if ev == nil {
			return Ruling{}, errors.New("no counter proof")
		}
		if err := CheckCounterProof(ctx, prog, p.Label, p.Reading, ev); err != nil {
			return Ruling{}, err
		}
		words := fmt.Sprintf("safe for any number of threads: the program as a thread-transition system of %d thread states, checked step by step against the reference semantics, and a certificate of %d minimal configurations and %d boxes, checked closed",
			ev.System.Locals, len(ev.Certificate.Basis), len(ev.Certificate.Boxes))
		if ev.Abstraction != nil {
			words += ", of the program with the threads' local data forgotten (checked an abstraction)"
		}
		r.Evidence = Evidence{Kind: "counter proof", Checked: true, Words: words}
	case *engine.Search:
		if ev == nil {
			return Ruling{}, errors.New("no evidence")
		}
		e, err := searched(ctx, p, ev)
		if err != nil {
			return Ruling{}, err
		}
		r.Evidence = e
	case *engine.Unchecked:
		if ev == nil {
			return Ruling{}, errors.New("no evidence")
		}
		r.Evidence = Evidence{Kind: "peer", Checked: false, Words: fmt.Sprintf("%s's answer, not checked: %s", ev.Tool, ev.Why)}
	case nil:
		return Ruling{}, errors.New("a Safe answer without evidence")
	default:
		return Ruling{}, fmt.Errorf("evidence of a kind the judge does not know: %T", ev)
	}
	return r, nil
}
