package bp

// GlobalLive returns, for every proc and pc, the globals that a thread at
// pc may read before it writes them, on some path from pc. A global that
// no thread of a state has live can hold any value without changing what
// the program can do from that state: every thread's next access to it,
// whichever thread comes first, is a write. Engines use this to forget
// dead globals, as Liveness lets them forget dead locals.
//
// A thread start reads what its new thread has live where it starts (the
// new thread's accesses are the program's too). A call or a return may
// lead to code whose accesses this analysis does not follow across procs,
// so every global is live at both. The result is computed once.
func (p *Program) GlobalLive() [][]Bits {
	p.globalLiveOnce.Do(func() { p.globalLive = p.globalLiveness() })
	return p.globalLive
}

func (p *Program) globalLiveness() [][]Bits {
	ng := len(p.Globals)
	reads := make([][]Bits, len(p.Procs))
	kills := make([][]Bits, len(p.Procs))
	live := make([][]Bits, len(p.Procs))
	for pi, proc := range p.Procs {
		reads[pi], kills[pi], live[pi] = globalDataflow(proc, ng)
	}
	// Thread starts tie the procs together: iterate over all of them
	// until nothing changes (a start reads its target's entry set).
	out := NewBits(ng)
	for changed := true; changed; {
		changed = false
		for pi, proc := range p.Procs {
			for pc := len(proc.Steps) - 1; pc >= 0; pc-- {
				// Backwards within a proc converges in few rounds on
				// mostly forward code; the outer loop makes it exact.
				clear(out)
				for _, s := range proc.Succs(pc) {
					out.union(live[pi][s])
				}
				st := &proc.Steps[pc]
				if st.Kind == Spawn {
					out.union(live[st.SpawnProc][st.SpawnPC])
				}
				if live[pi][pc].grow(reads[pi][pc], out, kills[pi][pc]) {
					changed = true
				}
			}
		}
	}
	return live
}

// globalDataflow returns the globals each step of proc reads and the ones
// it writes, and the sets the fixed point starts from: every global at a
// call or a return, none elsewhere.
func globalDataflow(proc *Proc, ng int) (reads, kills, live []Bits) {
	n := len(proc.Steps)
	reads, kills, live = make([]Bits, n), make([]Bits, n), make([]Bits, n)
	for pc := range proc.Steps {
		st := &proc.Steps[pc]
		reads[pc], kills[pc], live[pc] = NewBits(ng), NewBits(ng), NewBits(ng)
		st.access(Global, reads[pc], kills[pc])
		if st.Kind == Call || st.Kind == Return {
			for i := range ng {
				reads[pc].Add(i)
			}
		}
		copy(live[pc], reads[pc])
	}
	return reads, kills, live
}

// union adds the elements of o to b.
func (b Bits) union(o Bits) {
	for i := range b {
		b[i] |= o[i]
	}
}

// grow adds reads ∪ (out \ kills) to b and reports whether b changed.
func (b Bits) grow(reads, out, kills Bits) bool {
	changed := false
	for i := range b {
		w := b[i] | reads[i] | out[i]&^kills[i]
		if w != b[i] {
			b[i] = w
			changed = true
		}
	}
	return changed
}
