package bp

import (
	"math/bits"
	"slices"
)

// Bits is a set of small non-negative integers (variable slots).
type Bits []uint64

// NewBits returns an empty set able to hold 0..n-1.
func NewBits(n int) Bits { return make(Bits, (n+63)/64) }

// Has reports whether i is in the set.
func (b Bits) Has(i int) bool { return b[i/64]&(1<<(uint(i)%64)) != 0 }

// Add puts i in the set.
func (b Bits) Add(i int) { b[i/64] |= 1 << (uint(i) % 64) }

// Len returns the number of elements.
func (b Bits) Len() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Succs returns the possible successor pcs of step pc of p.
func (p *Proc) Succs(pc int) []int {
	n := &p.Steps[pc]
	switch n.Kind {
	case Branch:
		return []int{n.Then, n.Else}
	case Goto:
		return n.Succs
	case EndThread, Return:
		return nil
	}
	return []int{n.Next}
}

// Reads calls f for every variable whose current value the step reads.
// A primed reference to a variable the step does not assign reads its
// current value too, since the variable keeps it.
func (n *Step) Reads(f func(VarRef)) {
	target := func(r VarRef) bool { return slices.Contains(n.Targets, r) || slices.Contains(n.RetTargets, r) }
	n.terms(eachNode(func(t *Term) {
		if t.Op == TVar && !t.Passive && (!t.Primed || !target(t.Ref)) {
			f(t.Ref)
		}
	}))
}

// terms calls f on each of the step's terms (nil ones included): its
// activeTerms, then its passiveTerms.
func (n *Step) terms(f func(*Term)) {
	n.activeTerms(f)
	n.passiveTerms(f)
}

// activeTerms calls f on the terms of the running thread's part of the
// step (nil ones included): values, constraint, condition, thread and
// call arguments.
func (n *Step) activeTerms(f func(*Term)) {
	for _, v := range n.Values {
		f(v)
	}
	f(n.Constraint)
	f(n.Cond)
	for _, a := range n.SpawnArgs {
		f(a)
	}
	for _, a := range n.Args {
		f(a)
	}
}

// passiveTerms calls f on the passive threads' values and constraint (nil
// ones included).
func (n *Step) passiveTerms(f func(*Term)) {
	for _, v := range n.PassiveValues {
		f(v)
	}
	f(n.PassiveConstraint)
}

// eachNode returns a function that calls f on every node of a term, a
// node before its arguments; a nil term has none.
func eachNode(f func(*Term)) func(*Term) {
	var walk func(t *Term)
	walk = func(t *Term) {
		if t == nil {
			return
		}
		f(t)
		for _, a := range t.Args {
			walk(a)
		}
	}
	return walk
}

// PassiveReads calls f for every local slot of a passive thread whose
// current value a broadcast step reads (y$, or 'y$ of a slot that is not a
// passive target), possibly more than once.
func (n *Step) PassiveReads(f func(slot int)) {
	target := func(i int) bool {
		return slices.ContainsFunc(n.PassiveTargets, func(t VarRef) bool { return t.Index == i })
	}
	n.passiveTerms(eachNode(func(t *Term) {
		if t.Op == TVar && t.Passive && (!t.Primed || !target(t.Ref.Index)) {
			f(t.Ref.Index)
		}
	}))
}

// Liveness returns, for every pc of p, the local slots that may be read
// before they are written on some path from pc. A slot that is not live
// can hold any value without changing what the thread can do: engines use
// this to forget dead locals, which keeps states few and formulas small.
//
// A thread start reads the creator's thread-locals, and start_thread goto
// reads every local live at its target, since the new thread gets copies.
// A local that some broadcast reads as y$ is live everywhere: another
// thread may read it whatever this thread's pc.
func (p *Proc) Liveness(threadLocals int) []Bits {
	nl := len(p.Locals)
	n := len(p.Steps)
	reads, kills, preds := p.dataflow(threadLocals)
	live := make([]Bits, n)
	always := NewBits(nl)
	for pc := range p.Steps {
		p.Steps[pc].PassiveReads(always.Add)
	}
	for pc := range live {
		live[pc] = NewBits(nl)
		copy(live[pc], always)
	}
	// Round-robin over a worklist until nothing changes.
	work := make([]int, 0, n)
	queued := make([]bool, n)
	for pc := n - 1; pc >= 0; pc-- {
		work = append(work, pc)
		queued[pc] = true
	}
	out := NewBits(nl)
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		queued[pc] = false
		for i := range out {
			out[i] = 0
		}
		for _, s := range p.Succs(pc) {
			for i := range out {
				out[i] |= live[s][i]
			}
		}
		st := &p.Steps[pc]
		changed := false
		for i := range out {
			w := reads[pc][i] | out[i]&^kills[pc][i]
			if st.Kind == Spawn && st.CopyLocals {
				w |= live[st.SpawnPC][i]
			}
			if w|live[pc][i] != live[pc][i] {
				live[pc][i] |= w
				changed = true
			}
		}
		if !changed {
			continue
		}
		for _, q := range preds[pc] {
			if !queued[q] {
				queued[q] = true
				work = append(work, q)
			}
		}
	}
	return live
}

// dataflow is what Liveness propagates: the local slots each step reads
// and writes, and each step's predecessors, a start_thread goto among
// those of its target.
func (p *Proc) dataflow(threadLocals int) (reads, kills []Bits, preds [][]int) {
	nl := len(p.Locals)
	n := len(p.Steps)
	reads = make([]Bits, n)
	kills = make([]Bits, n)
	preds = make([][]int, n)
	for pc := range p.Steps {
		st := &p.Steps[pc]
		reads[pc], kills[pc] = NewBits(nl), NewBits(nl)
		st.access(Local, reads[pc], kills[pc])
		for _, t := range st.RetTargets {
			if t.Scope == Local && t.Index >= 0 {
				kills[pc].Add(t.Index)
			}
		}
		if st.Kind == Spawn || st.Kind == Call || st.Kind == Return {
			// A thread start copies the thread-locals; a callee may read
			// them, and a return hands them back to the caller.
			for i := 0; i < threadLocals; i++ {
				reads[pc].Add(i)
			}
		}
		for _, s := range p.Succs(pc) {
			preds[s] = append(preds[s], pc)
		}
		if st.Kind == Spawn && st.CopyLocals {
			// The start reads what is live at its target: a data edge.
			preds[st.SpawnPC] = append(preds[st.SpawnPC], pc)
		}
	}
	return reads, kills, preds
}

// access adds to reads the slots of scope that the step reads, and to
// kills those its Targets assign.
func (n *Step) access(scope Scope, reads, kills Bits) {
	n.Reads(func(r VarRef) {
		if r.Scope == scope {
			reads.Add(r.Index)
		}
	})
	for _, t := range n.Targets {
		if t.Scope == scope {
			kills.Add(t.Index)
		}
	}
}
