package explicit

import (
	"slices"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/por"
)

// Partial-order reduction: stubborn sets of threads.
//
// A stored state is expanded by a set of threads T instead of all of
// them (Valmari's stubborn sets; Godefroid's persistent sets, "Partial-
// Order Methods for the Verification of Concurrent Systems", 1996, ch. 4
// and 6). A thread's transition is its move: one step, or a whole atomic
// section (section.go; por.Info.Move is what it can touch). T is closed
// under this rule, for every thread t in it, enabled or not:
//
//	a thread u outside T joins T if some step u can still take (its
//	future, por.Info.Future, the threads it can start included) does not
//	commute with t's move (por.Commute: a write of one meets a read or
//	write of the other, both start or end threads, or a broadcast).
//
// So no sequence of moves of threads outside T can enable, disable or
// change the move of a thread in T, nor be changed by one (D1, and the
// necessary enabling sets of disabled moves, for which the writers of
// what they read are in T). One move of T must be enabled in every
// concrete state the three-valued state stands for (its key transition,
// D2): move reports that, and without one the state is expanded fully.
//
// Which property is kept: reachability of a local state, a thread at a
// target step (Godefroid's theorem 6.14 for persistent sets with the
// cycle proviso); a failing assertion is the move of its thread to such
// a state, reading the globals of its condition, and so is a start at
// the thread bound (reading the number of threads, which only moves that
// start or end threads write), so no visibility condition is needed:
// the argument is the usual one, a path to the target either has a move
// of T, which can go first, or is independent of T's key move and is
// still there after it.
//
// The ignoring problem: a reduced expansion can postpone a thread for
// ever around a cycle. The cycle proviso in its breadth-first form: a
// reduced expansion that reaches a state already expanded (its index at
// most the head's) expands the other threads too. Every cycle of the
// reduced graph has a state expanded last, whose successor on the cycle
// was expanded before it, so every cycle has a fully expanded state
// (Bošnački, Leue and Lluch-Lafuente's C3 for BFS; the symbolic engine's
// ample.go uses the same form).
//
// A program that cannot revisit a state needs no proviso (search.acyclic,
// terminates): when no thread's control flow has a cycle and no proc can
// start, directly or through others, a thread of its own proc, every move
// lowers the program's remaining work,
//
//	Φ(s) = Σ over s's threads of W(proc, pc),
//	W(p, pc) = 1 + W(q, entry) if pc starts a thread of q + max over pc's successors of W(p, ·),
//
// which is finite then (both graphs are acyclic): a move of a thread at
// pc replaces W(p, pc) by less (its successor's, plus the thread it may
// start), an ended thread's W leaves the sum, and the steps inside a
// section are moves too. So the state graph has no cycle and no thread
// can be postponed for ever. In Getafix's unrolled SafeStack programs the
// proviso made more expansions full (7.4 million) than the reduction
// made reduced (5.9 million).
//
// Off (Options.NoPOR) or not used: with a bound on context switches or
// rounds (reordering moves changes the count) and in programs with calls (their
// sections are not run whole).

// stubborn returns the smallest stubborn set of threads of s found from
// each thread in turn, or nil when it is every thread.
func (e *search) stubborn(s *state) []int {
	n := len(s.threads)
	var best []int
	in := make([]bool, n)
	for t0 := range n {
		clear(in)
		set := append(make([]int, 0, n), t0)
		in[t0] = true
		for k := 0; k < len(set) && len(set) < n; k++ {
			t := &s.threads[set[k]]
			mv := &e.por.Move[t.proc][t.pc]
			for u := range n {
				if in[u] {
					continue
				}
				if o := &s.threads[u]; !por.Commute(mv, &e.por.Future[o.proc][o.pc]) {
					in[u] = true
					set = append(set, u)
				}
			}
		}
		if best == nil || len(set) < len(best) {
			best = set
		}
		if len(best) == 1 {
			break
		}
	}
	if len(best) == n {
		return nil
	}
	return best
}

// expandReduced expands node head, state s (no thread holds a section),
// by a stubborn set of threads; it reports false, having expanded
// nothing, when the set would be every thread. The other threads are
// expanded too when no move of the set is its key transition or the
// cycle proviso asks for it.
func (e *search) expandReduced(head int32, s *state) bool {
	set := e.stubborn(s)
	if set == nil {
		return false
	}
	m := e.mover(head)
	defer func() { e.chain = m.chain[:0] }()
	key := false
	done := make([]bool, len(s.threads))
	for _, ti := range set {
		done[ti] = true
		if e.move(m, s, ti) {
			key = true
		}
		if e.failure != nil {
			return true
		}
	}
	if key && (!m.revisit || e.acyclic) {
		e.reduced++
		return true
	}
	e.proviso++
	for ti := range s.threads {
		if !done[ti] {
			e.move(m, s, ti)
			if e.failure != nil {
				return true
			}
		}
	}
	return true
}

// terminates reports whether every execution of prog ends: no proc's
// control flow has a cycle (an has no loop head) and the graph of
// thread starts (proc p has a step that starts a thread of proc q) has
// none either. Then Φ above is finite and every move lowers it.
func terminates(prog *bp.Program, an *analysis) bool {
	for pi := range prog.Procs {
		if slices.Contains(an.loopHead[pi], true) {
			return false
		}
	}
	starts := make([][]int, len(prog.Procs))
	for pi, p := range prog.Procs {
		for _, st := range p.Steps {
			if st.Kind == bp.Spawn {
				starts[pi] = append(starts[pi], st.SpawnProc)
			}
		}
	}
	return !slices.Contains(backTargets(len(starts), func(p int) []int { return starts[p] }), true)
}
