package explicit

import "github.com/bopgo/bopgo/bp"

// analysis is what the engine precomputes about a program: liveness, the
// property's target steps, and the slots each step reads.
type analysis struct {
	prog  *bp.Program
	label string
	// reading is the meaning of a broadcast for a passive thread that
	// cannot take it.
	reading bp.Reading
	// blockStarts: a thread start beyond the bound blocks the creator
	// instead of being suppressed. Under the blocking reading a thread
	// that never starts is not the same as one that never runs: it would
	// be a passive thread that could block a broadcast.
	blockStarts bool
	live        [][]bp.Bits // [proc][pc]: live local slots
	target      [][]bool    // [proc][pc]: an assertion (or the label) to check
	reads       [][]readSet // [proc][pc]
	// frameLive[proc][pc], for a Call step: the caller's locals that count
	// while the call runs: live where it returns, but the thread-locals
	// and the results, which the return overwrites.
	frameLive [][]bp.Bits
	// loopHead[proc][pc]: every cycle of the proc's control flow passes
	// one; where a section that runs on is checked for coming back
	// (section.go).
	loopHead [][]bool
	// stable are the globals no step writes while another thread may
	// run (yields.go); nil in programs with calls or broadcasts.
	stable stableSet
	// passYield: the yields the search passes (yields.go); nil: none.
	passYield *yieldPass
	// passEnds: a thread that reaches its end ends in the same move
	// (ends.go).
	passEnds bool
}

// readSet is the slots a step reads, which must be concrete before it runs:
// the running thread's and, for a broadcast, every passive thread's.
type readSet struct {
	globals, locals []int32
	passive         []int32
}

func analyse(prog *bp.Program, opts Options) *analysis {
	a := &analysis{prog: prog, label: opts.Label, reading: opts.Broadcast, target: prog.Targets(opts.Label),
		passEnds: passesEnds(prog, opts)}
	a.blockStarts = a.reading == bp.Blocking && prog.HasBroadcasts()
	nTL := len(prog.ThreadLocals)
	a.live = prog.Live()
	for i, p := range prog.Procs {
		live := a.live[i]
		reads := make([]readSet, len(p.Steps))
		for pc := range p.Steps {
			reads[pc] = stepReads(&p.Steps[pc], live, nTL, len(p.Locals))
		}
		a.reads = append(a.reads, reads)
	}
	for _, p := range prog.Procs {
		a.loopHead = append(a.loopHead, loopHeads(p))
	}
	if !prog.HasCalls() && !prog.HasBroadcasts() {
		a.stable = stableSet(stableGlobals(prog))
		if !opts.KeepYields {
			a.passYield = passYields(prog, a.stable)
		}
	}
	a.frameLive = make([][]bp.Bits, len(prog.Procs))
	for i, p := range prog.Procs {
		a.frameLive[i] = make([]bp.Bits, len(p.Steps))
		for pc := range p.Steps {
			st := &p.Steps[pc]
			if st.Kind != bp.Call {
				continue
			}
			b := append(bp.Bits(nil), a.live[i][st.Next]...)
			for l := 0; l < nTL; l++ {
				b[l/64] &^= 1 << (uint(l) % 64)
			}
			for _, r := range st.RetTargets {
				if r.Scope == bp.Local && r.Index >= 0 {
					b[r.Index/64] &^= 1 << (uint(r.Index) % 64)
				}
			}
			a.frameLive[i][pc] = b
		}
	}
	return a
}

func stepReads(st *bp.Step, live []bp.Bits, nTL, nLocals int) readSet {
	var rs readSet
	seenG, seenL := map[int]bool{}, map[int]bool{}
	addL := func(i int) {
		if !seenL[i] {
			seenL[i] = true
			rs.locals = append(rs.locals, int32(i))
		}
	}
	st.Reads(func(r bp.VarRef) {
		if r.Scope == bp.Global {
			if !seenG[r.Index] {
				seenG[r.Index] = true
				rs.globals = append(rs.globals, int32(r.Index))
			}
		} else {
			addL(r.Index)
		}
	})
	seenP := map[int]bool{}
	st.PassiveReads(func(i int) {
		if !seenP[i] {
			seenP[i] = true
			rs.passive = append(rs.passive, int32(i))
		}
	})
	if st.Kind == bp.Spawn {
		// The new thread gets copies: they must be the same concrete value
		// in both threads, so they are split before the copy.
		for i := 0; i < nTL; i++ {
			addL(i)
		}
		if st.CopyLocals {
			for i := 0; i < nLocals; i++ {
				if live[st.SpawnPC].Has(i) {
					addL(i)
				}
			}
		}
	}
	return rs
}

// loopHeads marks the targets of the back edges of a depth-first search
// of p's control flow from every pc: every cycle has one.
func loopHeads(p *bp.Proc) []bool { return backTargets(len(p.Steps), p.Succs) }

// backTargets marks, in the graph of nodes 0..n-1 with the successors
// succs, the targets of the back edges of a depth-first search from every
// node: every cycle has one, and a graph without a mark has no cycle.
func backTargets(n int, succs func(int) []int) []bool {
	const (
		unseen = iota
		onStack
		finished
	)
	head := make([]bool, n)
	mark := make([]uint8, n)
	type frame struct{ node, next int }
	for root := range n {
		if mark[root] != unseen {
			continue
		}
		stack := []frame{{root, 0}}
		mark[root] = onStack
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			out := succs(f.node)
			if f.next == len(out) {
				mark[f.node] = finished
				stack = stack[:len(stack)-1]
				continue
			}
			s := out[f.next]
			f.next++
			switch mark[s] {
			case onStack:
				head[s] = true
			case unseen:
				mark[s] = onStack
				stack = append(stack, frame{s, 0})
			}
		}
	}
	return head
}
