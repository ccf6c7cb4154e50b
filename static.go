package bopgo

import (
	"context"
	"math/bits"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/verdict"
)

// Safe before any engine runs, on the control flow alone
// (bp.ControlFlowProof) or with the branches on fixed globals decided
// (bp.FixedTargetUnreachable): neither walk is trusted. Its answer goes to the judge as an inductive invariant of the
// program run with its static thread bound's slots, which the judge
// checks against its own encoding of the program like IC3's
// (judge.CheckSlotInvariant); an invariant the judge refuses is an
// internal error, as for any engine.
//
// The invariant says, for every slot s:
//
//   - s's thread is at a place the walk reached (a clause per place it
//     did not reach);
//   - a fixed global g holds its value wherever a thread other than
//     main runs: in slots other than main's (no thread runs main's proc
//     there: FixedTargetUnreachable refuses such programs), in main's slot
//     once a thread of another proc has it (after main ended), and where
//     main's every path has assigned g;
//   - no assertion has failed (for the assertion property; a label's is
//     the places, which the first item excludes).
//
// It is inductive: a step writes each fixed global its one value or
// nothing, a thread start runs where the value holds already, and a
// branch the walk took one way goes that way where the value holds.

// controlFlowAnswer is Safe where no target is reachable in the plain
// control flow (why says so): checked by the judge as the walk's
// invariant where its slots cover the program (bp.ControlFlowProof),
// else resting on the lowering alone (recursion, threads without a
// static bound or more than its slots).
func controlFlowAnswer(ctx context.Context, info EngineInfo, p *engine.Problem, why string) (Result, error) {
	if reach := p.Prog.ControlFlowProof(p.Targets, p.Label); reach != nil {
		return judgedWalk(ctx, info, p, reach)
	}
	return Result{Verdict: verdict.Safe, Reason: why, Engine: info.Name}, nil
}

// staticProof is the judged answer Safe of the fixed-globals walk, or
// ok false when the walk proves nothing. As for an engine's answer
// (decide), an invariant the judge refuses is an internal error, and one
// whose check the context cut short is Unknown with the context's limit.
func staticProof(ctx context.Context, info EngineInfo, p *engine.Problem) (res Result, ok bool, err error) {
	reach := p.Prog.FixedTargetUnreachable(p.Targets, p.Label)
	if reach == nil {
		return Result{}, false, nil
	}
	res, err = judgedWalk(ctx, info, p, reach)
	return res, true, err
}

// judgedWalk is Safe from the walk reach, as the judge ruled on its
// invariant.
func judgedWalk(ctx context.Context, info EngineInfo, p *engine.Problem, reach *bp.FixedReach) (Result, error) {
	return decide(ctx, info.Name,
		func(context.Context) (engine.Result, error) {
			return engine.Result{Verdict: verdict.Safe, Reason: reach.Why, Evidence: fixedInvariant(p.Prog, p.Label, reach)}, nil
		},
		func(ctx context.Context, r engine.Result) (Result, error) { return ruled(ctx, info, p, r) },
		func(_ engine.Result, why string) Result {
			s := engine.Stopped(ctx)
			return Result{Engine: info.Name, Limit: s.Limit, Reason: why + " while checking the invariant of the walk on the control flow"}
		})
}

// fixedInvariant is reach as an invariant of prog over its static thread
// bound's slots.
func fixedInvariant(prog *bp.Program, label string, reach *bp.FixedReach) *engine.SlotInvariant {
	slots, _ := prog.MaxThreads()
	slots = max(slots, 1)
	procWidth := bits.Len(uint(len(prog.Procs)))
	pcWidth := 0
	for _, proc := range prog.Procs {
		pcWidth = max(pcWidth, bits.Len(uint(len(proc.Steps))))
	}
	inactive := func(s int) engine.SlotLit {
		return engine.SlotLit{Atom: engine.SlotAtom{Kind: engine.AtomActive, Slot: s}, Neg: true}
	}
	// notValue are the literals "the bits of kind differ from v".
	notValue := func(kind engine.AtomKind, s, width, v int) []engine.SlotLit {
		lits := make([]engine.SlotLit, width)
		for b := range width {
			lits[b] = engine.SlotLit{Atom: engine.SlotAtom{Kind: kind, Slot: s, Index: b}, Neg: v&(1<<b) != 0}
		}
		return lits
	}
	notAt := func(s, proc, pc int) []engine.SlotLit {
		cl := append([]engine.SlotLit{inactive(s)}, notValue(engine.AtomProcBit, s, procWidth, proc)...)
		if pc < 0 {
			return cl
		}
		return append(cl, notValue(engine.AtomPCBit, s, pcWidth, pc)...)
	}
	inv := &engine.SlotInvariant{Slots: slots}
	if label == "" {
		inv.Clauses = append(inv.Clauses, []engine.SlotLit{{Atom: engine.SlotAtom{Kind: engine.AtomErr}, Neg: true}})
	}
	for s := range slots {
		for proc, at := range reach.Reached {
			for pc, r := range at {
				if !r {
					inv.Clauses = append(inv.Clauses, notAt(s, proc, pc))
				}
			}
		}
	}
	for g, v := range reach.Fixed {
		if v < 0 {
			continue
		}
		holds := engine.SlotLit{Atom: engine.SlotAtom{Kind: engine.AtomGlobal, Index: g}, Neg: v == 0}
		for s := 1; s < slots; s++ {
			inv.Clauses = append(inv.Clauses, []engine.SlotLit{inactive(s), holds})
		}
		for proc := 1; proc < len(prog.Procs); proc++ {
			inv.Clauses = append(inv.Clauses, append(notAt(0, proc, -1), holds))
		}
		for pc, w := range reach.MainWritten {
			if w != nil && w.Has(g) {
				inv.Clauses = append(inv.Clauses, append(notAt(0, 0, pc), holds))
			}
		}
	}
	return inv
}
