package explicit

import (
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// Threads that run the same code in different procs are symmetric too.
//
// The store keys a state by the multiset of its threads' parts, so two
// threads of one proc are interchangeable (store.go). Getafix's programs
// write every thread as a function of its own, thread0, thread1, ...,
// and the SafeStack ones write three copies of one body: as procs they
// differ, and the store kept each of the 3! placements of three thread
// states among them apart. nodeClasses finds the places (proc, pc) that
// behave the same: the coarsest partition of every proc's pcs in which
// two places in a class have steps that are equal but for where they are
// written (kind, targets, values, conditions, choices, thread starts),
// the same locals live, the same answer to "is it a target", and
// successors in the same classes, in order (Moore's refinement, as for
// the states of an automaton). A thread at a place with some locals then
// has the same steps, with the same effects on the globals and its
// locals, reaching places of the same classes, as a thread at any place
// of that class with the same locals, and reaches a target at the same
// steps: exchanging the two in a state changes no execution but for
// where the threads are, so the property holds of one state iff of the
// other (the usual argument for symmetry reduction, Emerson and Sistla;
// Ip and Dill, here of a bisimulation of places). The key then holds a
// thread's class, not its proc and pc, and the rest of the record which
// member of the class it is, so that a state comes back as stored.
//
// The partial-order reduction reads a place's accesses (por.Info's Move
// and Future), which are the same in a class (they are made of the steps
// reachable from it, class by class), and its cycle proviso works on the
// stored states, which are now the classes of states, as it did for the
// multisets of threads. Not used under a bound on context switches or
// rounds (the threads' order counts there), with calls (a thread's
// stack holds places of other procs) or broadcasts, or with
// Options.NoCodeSymmetry (for differential tests).
type nodeClasses struct {
	class   [][]int32    // [proc][pc]: the place's class
	member  [][]int32    // [proc][pc]: its index among its class's members
	members [][][2]int32 // per class, its places (proc, pc) in order
	shared  bool         // some class has places of two procs
}

// placeClasses are the classes of places of a program, per values of the
// stable globals that branches read alone (conds): with those values a
// branch on them is decided, and the places it passes through are
// transparent. Getafix's thread0, where init may leave the flag either
// way, tests the flag at every yield, as its copies thread1 and thread2
// (which wait for it to be F at their start) do not; with the flag F the
// tests are decided, and thread0's places after them are in the classes
// of thread1's and thread2's. A transparent place is one a thread is at
// only while it holds a section (holdingOnly): the search stores no
// state with a thread there, so a thread at it runs on through the
// decided branch in the same move, which does nothing but move it.
// Each stays a class of its own; the places around it are compared as
// if it were not there (its predecessors' successor is its outcome).
// The key holds the stable globals (all the globals), so the states of
// each valuation are keyed by its own classes.
type placeClasses struct {
	prog        *bp.Program
	an          *analysis
	conds       []int32  // stable globals that branches read alone
	holdingOnly [][]bool // [proc][pc]: a thread there holds a section
	byVals      map[uint64]*nodeClasses
	// sigs are the places' stepSignatures, the same for every valuation:
	// computed once, not in each partition (a signature prints the
	// step's terms: two thirds of each of deepcount's partitions).
	sigs [][]string
}

// newPlaceClasses returns prog's classes of places, or nil when no two
// places of different procs are in one class for any values of the
// conds, as where fewer than two procs start threads: then the classes
// would only cost their computation, once per valuation of the conds
// that the search meets (deepcount d=14, one thread and 14 conds: 16,384
// partitions, 1.7 s of the search's 2.4 s).
func newPlaceClasses(prog *bp.Program, an *analysis) *placeClasses {
	if len(threadProcs(prog)) < 2 {
		return nil
	}
	pc := &placeClasses{prog: prog, an: an, byVals: map[uint64]*nodeClasses{}, holdingOnly: holdingOnly(prog), conds: condsOf(prog, an.stable)}
	if len(pc.conds) == 0 && !pc.of(nil).shared {
		return nil
	}
	return pc
}

// of returns the classes for the globals g (nil: no branch decided).
func (pc *placeClasses) of(g []val) *nodeClasses {
	return byConds(pc.byVals, pc.conds, g, pc.partition)
}

// partition computes the classes of places with the globals g (nil:
// none known).
func (pc *placeClasses) partition(g []val) *nodeClasses {
	prog, an := pc.prog, pc.an
	type place struct{ proc, pc int }
	var places []place
	index := map[place]int{}
	for pi, p := range prog.Procs {
		for i := range p.Steps {
			index[place{pi, i}] = len(places)
			places = append(places, place{pi, i})
		}
	}
	// through is where a place's successor s leads: past the
	// transparent places.
	through := func(proc, s int) int {
		for range prog.Procs[proc].Steps {
			if !pc.holdingOnly[proc][s] {
				break
			}
			to, ok := an.stable.decided(&prog.Procs[proc].Steps[s], g)
			if !ok {
				break
			}
			s = to
		}
		return s
	}
	class := make([]int, len(places))
	ids := map[string]int{}
	intern := func(sig string) int {
		id, ok := ids[sig]
		if !ok {
			id = len(ids)
			ids[sig] = id
		}
		return id
	}
	sigs := pc.signatures()
	for i, pl := range places {
		sig := sigs[pl.proc][pl.pc]
		if through(pl.proc, pl.pc) != pl.pc {
			sig = fmt.Sprintf("transparent %d %d", pl.proc, pl.pc)
		}
		class[i] = intern(sig)
	}
	// Refine by the successors' classes until nothing splits.
	for n := len(ids); ; {
		ids = map[string]int{}
		next := make([]int, len(places))
		for i, pl := range places {
			var b strings.Builder
			fmt.Fprint(&b, class[i])
			for _, s := range prog.Procs[pl.proc].Succs(pl.pc) {
				fmt.Fprintf(&b, " %d", class[index[place{pl.proc, through(pl.proc, s)}]])
			}
			next[i] = intern(b.String())
		}
		class = next
		if len(ids) == n {
			break
		}
		n = len(ids)
	}
	nc := &nodeClasses{members: make([][][2]int32, len(ids))}
	for i, pl := range places {
		c := class[i]
		if pl.pc == 0 {
			nc.class = append(nc.class, make([]int32, len(prog.Procs[pl.proc].Steps)))
			nc.member = append(nc.member, make([]int32, len(prog.Procs[pl.proc].Steps)))
		}
		nc.class[pl.proc][pl.pc] = int32(c)
		nc.member[pl.proc][pl.pc] = int32(len(nc.members[c]))
		if len(nc.members[c]) > 0 && nc.members[c][0][0] != int32(pl.proc) {
			nc.shared = true
		}
		nc.members[c] = append(nc.members[c], [2]int32{int32(pl.proc), int32(pl.pc)})
	}
	return nc
}

// signatures returns the places' stepSignatures, computed on the first
// call.
func (pc *placeClasses) signatures() [][]string {
	if pc.sigs == nil {
		pc.sigs = make([][]string, len(pc.prog.Procs))
		for pi, p := range pc.prog.Procs {
			pc.sigs[pi] = make([]string, len(p.Steps))
			for i := range p.Steps {
				pc.sigs[pi][i] = stepSignature(pc.prog, pc.an, pi, i)
			}
		}
	}
	return pc.sigs
}

// threadProcs are the procs that threads run: main's and those started.
func threadProcs(prog *bp.Program) map[int]bool {
	procs := map[int]bool{0: true}
	for _, p := range prog.Procs {
		for i := range p.Steps {
			if st := &p.Steps[i]; st.Kind == bp.Spawn {
				procs[st.SpawnProc] = true
			}
		}
	}
	return procs
}

// holdingOnly marks the places where a thread always holds an atomic
// section: those not reached from a thread's start (main's entry, a
// start's target) or from an atomic_end without passing an atomic_begin.
func holdingOnly(prog *bp.Program) [][]bool {
	free := make([][]bool, len(prog.Procs))
	type place struct{ proc, pc int }
	work := []place{{0, prog.Procs[0].Entry}}
	for pi, p := range prog.Procs {
		free[pi] = make([]bool, len(p.Steps))
		for i := range p.Steps {
			switch st := &p.Steps[i]; st.Kind {
			case bp.Spawn:
				work = append(work, place{st.SpawnProc, st.SpawnPC})
			case bp.AtomicEnd:
				work = append(work, place{pi, st.Next})
			}
		}
	}
	for len(work) > 0 {
		at := work[len(work)-1]
		work = work[:len(work)-1]
		if free[at.proc][at.pc] {
			continue
		}
		free[at.proc][at.pc] = true
		if p := prog.Procs[at.proc]; p.Steps[at.pc].Kind != bp.AtomicBegin {
			for _, s := range p.Succs(at.pc) {
				work = append(work, place{at.proc, s})
			}
		}
	}
	for pi := range free {
		for i := range free[pi] {
			free[pi][i] = !free[pi][i]
		}
	}
	return free
}

// stepSignature is what the step at (proc, pc) does, without where it is
// written: two places with equal signatures and successors in the same
// classes behave the same.
func stepSignature(prog *bp.Program, an *analysis, proc, pc int) string {
	st := &prog.Procs[proc].Steps[pc]
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%d|%t|%v|%d", st.Kind, st.Choices, an.target[proc][pc], an.live[proc][pc], len(prog.Procs[proc].Locals))
	terms := func(ts []*bp.Term) {
		for _, t := range ts {
			fmt.Fprintf(&b, "|%v", t)
		}
	}
	term := func(t *bp.Term) {
		if t == nil {
			b.WriteString("|-")
			return
		}
		fmt.Fprintf(&b, "|%v", t)
	}
	fmt.Fprintf(&b, "|%v", st.Targets)
	terms(st.Values)
	term(st.Constraint)
	term(st.Cond)
	fmt.Fprintf(&b, "|%v|%d", st.PassiveTargets, st.PassiveChoices)
	terms(st.PassiveValues)
	term(st.PassiveConstraint)
	if st.Kind == bp.Spawn {
		fmt.Fprintf(&b, "|%d|%d|%t", st.SpawnProc, st.SpawnPC, st.CopyLocals)
		terms(st.SpawnArgs)
	}
	if st.Kind == bp.Call || st.Kind == bp.Return {
		fmt.Fprintf(&b, "|%d|%v", st.Callee, st.RetTargets)
		terms(st.Args)
	}
	return b.String()
}
