package symbolic

import (
	"context"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/sat"
)

// Partial-order reduction in the symbolic search, decided in the solver's
// case split.
//
// A thread is a candidate in a state when its next step is invisible and
// independent of everything the other threads can still do, their future
// threads included (por.Info.Ample: the sound condition that BoPPo's
// reduction lacked). A candidate is ample in a concrete state where its
// step is enabled (encode.Encoder.Enabled: an assume's condition or a
// constraint satisfiable by some choice). A symbolic state stands for many
// concrete states, and a blocking candidate may be enabled in only some of
// them, so the state is split by which thread is ample:
//
//	region 1 = γ ∧ en₁, region 2 = γ ∧ ¬en₁ ∧ en₂, …, rest = γ ∧ ¬en₁ ∧ … ∧ ¬enₖ
//
// Region i explores only candidate i's step; the rest, where no candidate
// is enabled, explores every thread. The regions are found by one solver
// over γ and the enabledness literals, which serve as selectors: assumed
// in priority order (candidates that cannot block first, then in thread
// order), each satisfiable query opens a region, and on an unsatisfiable
// one the failed assumptions (Why) tell whether the candidate is disabled
// in what is left (skip it) or nothing is left at all (stop). Regions are
// disjoint, so every concrete state gets exactly one ample set.
//
// Cycle proviso, in the form for breadth-first search: a region's reduced
// expansion suffices only if no successor is covered by an already
// expanded state; otherwise the other threads are expanded too, in that
// region. A cycle of the reduced graph must close with an edge back to an
// expanded state, so every cycle has a fully expanded state and no step is
// postponed forever. (Successors covered by states still in the queue are
// the diamonds of different interleavings, not cycles; rejecting those too
// was measured to undo most of the reduction.)

// region is part of a symbolic state: its concrete states that satisfy
// guard, in which thread ample alone is explored (-1: every thread).
type region struct {
	ample int
	guard z.Lit
}

// ampleRegions splits node head by which thread is ample. It returns nil
// when there is nothing to reduce: the whole state is expanded fully.
func (e *symEngine) ampleRegions(ctx context.Context, head int) []region {
	s := &e.nodes[head].st
	if e.por == nil || len(s.Threads) < 2 || s.AtomicHolder() >= 0 {
		return nil
	}
	var cands []int
	var ens []z.Lit
	for ti := range s.Threads {
		t := &s.Threads[ti]
		if !e.por.Ample(t.Proc, t.PC, e.othersOf(s, ti)) {
			continue
		}
		en, ok := e.enc.Enabled(s, ti)
		switch {
		case !ok || en == e.enc.C.F:
			continue
		case en == e.enc.C.T:
			// Enabled everywhere: no split, no query.
			return []region{{ample: ti, guard: s.Guard}}
		}
		cands, ens = append(cands, ti), append(ens, en)
	}
	if len(cands) == 0 {
		return nil
	}
	return e.splitByEnabled(ctx, s.Guard, cands, ens)
}

// othersOf lists the (proc, pc) of the threads of s other than ti, in a
// buffer reused across calls (it runs for every thread of every state).
func (e *symEngine) othersOf(s *encode.State, ti int) [][2]int {
	others := e.others[:0]
	for oi := range s.Threads {
		if oi != ti {
			others = append(others, [2]int{s.Threads[oi].Proc, s.Threads[oi].PC})
		}
	}
	e.others = others
	return others
}

// splitByEnabled finds the regions of guard for the candidates cands with
// enabledness ens, by assumption-driven queries on one solver.
func (e *symEngine) splitByEnabled(ctx context.Context, guard z.Lit, cands []int, ens []z.Lit) []region {
	start := time.Now()
	defer func() { e.stats.SATTime += time.Since(start) }()
	// One small solver over the cone of the guard and the selectors.
	dst := logic.NewC()
	cp := encode.NewCopier(e.enc.C, dst, func(z.Lit) z.Lit { return dst.Lit() })
	g := cp.Copy(guard)
	sel := make([]z.Lit, len(ens))
	for i, en := range ens {
		sel[i] = cp.Copy(en)
	}
	solver := sat.New(dst)
	ask := func(lits ...z.Lit) int {
		e.stats.SATCalls++
		solver.Assume(lits...)
		return solver.SolveContext(ctx)
	}
	var regions []region
	prefix := []z.Lit{g}   // in dst: the part not yet assigned
	rest := []z.Lit{guard} // the same, in the search's circuit
	left := true           // whether the part not yet assigned may be non-empty
	for i, ti := range cands {
		r := ask(append(prefix, sel[i])...)
		if r == sat.Unknown {
			return nil
		}
		if r == sat.Unsat {
			if failed(solver.Why(), sel[i]) {
				continue // disabled in every state left
			}
			left = false
			break
		}
		c := e.enc.C
		regions = append(regions, region{ample: ti, guard: c.And(c.Ands(rest...), ens[i])})
		prefix = append(prefix, sel[i].Not())
		rest = append(rest, ens[i].Not())
	}
	if left {
		switch ask(prefix...) {
		case sat.Unknown:
			return nil
		case sat.Sat:
			if len(regions) == 0 {
				return nil // no candidate is enabled anywhere: expand fully
			}
			return append(regions, region{ample: -1, guard: e.enc.C.Ands(rest...)})
		}
	}
	if len(regions) == 0 {
		return nil
	}
	// Nothing is left after the last region: its enabledness conjunct is
	// implied, and dropping it keeps the guard small.
	last := &regions[len(regions)-1]
	last.guard = e.enc.C.Ands(rest[:len(regions)]...)
	return regions
}

// failed reports whether m is among the failed assumptions why.
func failed(why []z.Lit, m z.Lit) bool {
	for _, w := range why {
		if w == m {
			return true
		}
	}
	return false
}
