package explicit

import (
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// Yields the search passes: a thread that leaves its atomic section at
// a yield (an atomic_end) whose next section cannot interact with any
// other thread runs on into that section at once, in the same move,
// instead of stopping in a stored state where the others may run first.
//
// Getafix's lowering puts a yield before every statement that reads or
// writes a global (bp/getafix_yield.go), but slicing then cuts globals
// that nothing reads: the SafeStack programs open and close every
// section with `atomic, at := T, T` and `atomic, at := F, F`, which
// gate nothing there (super_atomic, declared first, is the flag) and
// become skips, each after a yield of its own. Such a yield is a place
// where every other thread can move first, and it multiplies the stored
// states by the positions a thread can wait at; about one stored thread
// position in three of SafeStack's was one.
//
// A yield at pc y (an atomic_end whose next step is the atomic_begin r
// that resumes the thread) is passed when every path of the section
// from r to its next atomic_end is finite (no cycle) and each step on
// it is a skip, a goto, a branch, or an assignment without a constraint
// or a broadcast, whose targets are the thread's locals and which reads
// only the thread's locals and globals that no step running beside
// another thread writes (stable: those init writes before it starts the
// threads, or none writes; stableGlobals). Such a section, σ, is always
// enabled (nothing in it blocks), ends (no cycle), and commutes with
// every step of every other thread (it reads nothing they write and
// writes nothing they touch; a broadcast, which writes other threads'
// locals, is excluded by passYields' caller).
//
// Why no violation is lost: take an execution E that reaches one, in
// which the thread t leaves at y, the other threads take steps b1..bk,
// and t then takes r and a path σ of the section to its atomic_end.
// Moving r·σ to right after y gives an execution E' of the program: r is
// enabled there (t has just left, nobody holds a section), σ's steps
// read the same values (the b's do not write them) and so take the same
// branches and choices, and each b then finds the globals, its own
// locals and who holds a section (no one, t having left again at σ's
// atomic_end) as in E, so it does the same. If E ends before t resumes,
// E' runs any path of σ after y (one exists: σ never blocks and ends),
// which changes nothing the b's read. A violation is a thread at a
// target label or an assertion that fails, each a function of that
// thread's pc, its locals and the globals, so E' has E's. And E' is an
// execution in which t passed y. Conversely every execution the search
// explores is one of the program (passing a yield is the schedule in
// which the others do not move there), so the answer is the program's,
// and a trace is an execution of it, replayed as any.
//
// The same reordering keeps the number of context switches and rounds
// of E (r·σ joins t's context before y, and the b's context is
// unchanged), so the bounded searches (Options.Contexts, Rounds) pass
// the yields too. Programs with calls (no whole sections) or broadcasts
// (a passive thread's locals are written by another thread) pass none,
// and Options.KeepYields turns passing off (for differential tests).

// yieldPass is which yields the search passes.
type yieldPass struct {
	prog   *bp.Program
	stable stableSet
	// conds are the stable globals that branches read alone (at most
	// maxConds; condsOf): their values decide such a branch, and so
	// which yields are passed. Getafix's thread0, where init may leave
	// the flag either way, tests the flag at each of its yields, and the
	// path that skips the yield (flag T) reads the globals the yield was
	// for; with the flag F that path is never taken.
	conds  []int32
	byVals map[uint64][][]bool // per values of the conds, [proc][pc]
}

// passYields returns the yields the search passes; nil when the program
// has no yield (an atomic_end followed by an atomic_begin).
func passYields(prog *bp.Program, stable stableSet) *yieldPass {
	for _, p := range prog.Procs {
		for pc := range p.Steps {
			if isYield(p, pc) {
				return &yieldPass{prog: prog, stable: stable, conds: condsOf(prog, stable), byVals: map[uint64][][]bool{}}
			}
		}
	}
	return nil
}

// isYield tells whether the step at pc is an atomic_end followed by an
// atomic_begin.
func isYield(p *bp.Proc, pc int) bool {
	st := &p.Steps[pc]
	return st.Kind == bp.AtomicEnd && p.Steps[st.Next].Kind == bp.AtomicBegin
}

// passes tells whether the search passes the yield at (proc, pc), the
// atomic_end a thread has just taken, with the globals g.
func (y *yieldPass) passes(proc, pc int32, g []val) bool {
	if y.prog.Procs[proc].Steps[pc].Kind != bp.AtomicEnd {
		return false
	}
	return byConds(y.byVals, y.conds, g, y.table)[proc][pc]
}

// byConds is memo's entry for the values of the globals conds in g
// (nil: none known), built from those values where it has none: a table
// that depends on the globals only through conds is built once per
// valuation of them.
func byConds[T any](memo map[uint64]T, conds []int32, g []val, build func(g []val) T) T {
	key := uint64(0)
	if g != nil {
		key = valsKey(conds, g)
	}
	if t, ok := memo[key]; ok {
		return t
	}
	if key == 0 {
		g = nil // no conds: the table is the same for every valuation
	}
	t := build(g)
	memo[key] = t
	return t
}

// valsKey codes the values of the globals conds in g, 0 for none.
func valsKey(conds []int32, g []val) uint64 {
	var k uint64
	for i, c := range conds {
		k |= uint64(g[c]+1) << (2 * i)
	}
	return k
}

// table computes which yields are passed with the globals g (nil: none
// known): those whose section is invisible, but for those on a cycle of
// passed yields (a yield whose section reaches a yield whose section
// reaches ... the first): a thread that passed them for ever would keep
// the others out, as in `L: goto L` after a write of a global.
func (y *yieldPass) table(g []val) [][]bool {
	out := make([][]bool, len(y.prog.Procs))
	for pi, p := range y.prog.Procs {
		out[pi] = make([]bool, len(p.Steps))
		ends := map[int][]int{}
		for pc := range p.Steps {
			if !isYield(p, pc) {
				continue
			}
			if es, ok := y.invisibleSection(p, p.Steps[pc].Next, g); ok {
				ends[pc] = es
			}
		}
		for pc := range ends {
			out[pi][pc] = !onCycle(ends, pc)
		}
	}
	return out
}

// onCycle tells whether from comes back to itself in the graph of
// yields to the ends of their sections.
func onCycle(ends map[int][]int, from int) bool {
	seen := map[int]bool{}
	work := slices.Clone(ends[from])
	for len(work) > 0 {
		at := work[len(work)-1]
		work = work[:len(work)-1]
		if at == from {
			return true
		}
		if !seen[at] {
			seen[at] = true
			work = append(work, ends[at]...)
		}
	}
	return false
}

// condsOf lists the stable globals that branches of prog read alone,
// nil when they are more than maxConds.
func condsOf(prog *bp.Program, stable stableSet) []int32 {
	var conds []int32
	for _, p := range prog.Procs {
		for i := range p.Steps {
			if st := &p.Steps[i]; st.Kind == bp.Branch && stable.cond(st.Cond) {
				st.Reads(func(r bp.VarRef) {
					if !slices.Contains(conds, int32(r.Index)) {
						conds = append(conds, int32(r.Index))
					}
				})
			}
		}
	}
	if len(conds) > maxConds {
		return nil
	}
	slices.Sort(conds)
	return conds
}

// maxConds bounds the stable globals whose values select the yields
// passed and the classes of places (symmetry.go).
const maxConds = 16

// invisibleSection tells whether every path of p's section from the
// atomic_begin at r to its next atomic_end is finite and made only of
// steps that touch the thread's locals and stable globals, and cannot
// block (yields.go's conditions), and if so returns the atomic_ends it
// reaches. With g, a branch on stable globals alone whose values g holds
// follows only its outcome: they keep their values while the section
// runs.
func (y *yieldPass) invisibleSection(p *bp.Proc, r int, g []val) ([]int, bool) {
	const (
		unseen = iota
		onPath
		done
	)
	mark := map[int]uint8{}
	var ends []int
	var visit func(pc int) bool
	visit = func(pc int) bool {
		switch mark[pc] {
		case onPath:
			return false // a cycle: the section may not end
		case done:
			return true
		}
		st := &p.Steps[pc]
		if st.Kind == bp.AtomicEnd {
			mark[pc] = done
			ends = append(ends, pc)
			return true
		}
		if !y.invisibleStep(st) {
			return false
		}
		succs := p.Succs(pc)
		if to, ok := y.stable.decided(st, g); ok {
			succs = []int{to}
		}
		mark[pc] = onPath
		for _, s := range succs {
			if !visit(s) {
				return false
			}
		}
		mark[pc] = done
		return true
	}
	if !visit(p.Steps[r].Next) {
		return nil, false
	}
	return ends, true
}

// invisibleStep tells whether st cannot block and touches only its
// thread's locals and the stable globals.
func (y *yieldPass) invisibleStep(st *bp.Step) bool {
	switch st.Kind {
	case bp.Skip, bp.Goto, bp.Branch:
	case bp.Assign:
		if st.Constraint != nil || st.Broadcast() {
			return false
		}
		for _, t := range st.Targets {
			if t.Scope == bp.Global {
				return false
			}
		}
	default:
		return false
	}
	ok := true
	st.Reads(func(r bp.VarRef) {
		if r.Scope == bp.Global && !bp.Bits(y.stable).Has(r.Index) {
			ok = false
		}
	})
	return ok
}

// stableGlobals are the globals that no step writes while another
// thread may run: every step of a proc other than main's can (it runs in
// a started thread), and so can a step of main that a thread start of
// main's reaches; main's other steps run while main is the only thread.
// Getafix's init (main here) sets the globals and then starts the
// threads, so the globals it alone writes are stable, and a flag no one
// sets (SafeStack's super_atomic) too.
func stableGlobals(prog *bp.Program) bp.Bits {
	stable := bp.NewBits(len(prog.Globals))
	for i := range prog.Globals {
		stable.Add(i)
	}
	main := prog.Procs[0]
	var starts []int
	for pc := range main.Steps {
		if main.Steps[pc].Kind == bp.Spawn {
			starts = append(starts, pc)
		}
	}
	concurrent := map[int]bool{}
	for work := starts; len(work) > 0; {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		if concurrent[pc] {
			continue
		}
		concurrent[pc] = true
		work = append(work, main.Succs(pc)...)
	}
	for pi, p := range prog.Procs {
		for pc := range p.Steps {
			if pi != 0 || concurrent[pc] {
				for _, t := range p.Steps[pc].Targets {
					if t.Scope == bp.Global {
						stable[t.Index/64] &^= 1 << (uint(t.Index) % 64)
					}
				}
			}
		}
	}
	return stable
}

// stableSet is the set of stable globals.
type stableSet bp.Bits

// cond tells whether a branch's condition reads stable globals and
// nothing else (no local, no choice).
func (ss stableSet) cond(t *bp.Term) bool {
	if t.Op == bp.TNondet || t.Op == bp.TChoose || t.Op == bp.TVar && (t.Ref.Scope != bp.Global || !bp.Bits(ss).Has(t.Ref.Index)) {
		return false
	}
	for _, a := range t.Args {
		if !ss.cond(a) {
			return false
		}
	}
	return true
}

// decided returns where the step st goes when it is a branch on stable
// globals alone (or constants) and the globals g (nil: none known)
// decide it.
func (ss stableSet) decided(st *bp.Step, g []val) (int, bool) {
	if st.Kind != bp.Branch || !ss.cond(st.Cond) {
		return 0, false
	}
	concrete := true
	st.Reads(func(r bp.VarRef) {
		if g == nil || g[r.Index] == vX {
			concrete = false
		}
	})
	if !concrete {
		return 0, false
	}
	if (&env{g: g}).eval(st.Cond) {
		return st.Then, true
	}
	return st.Else, true
}
