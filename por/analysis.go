package por

import "github.com/bopgo/bopgo/bp"

// Info is the static analysis of one program for one property.
type Info struct {
	// Step[proc][pc] is what the step reads, writes and is.
	Step [][]Access
	// Future[proc][pc] is the union of the accesses of every step a thread
	// at pc can still execute, and of every step of every thread it can
	// start (and they can start), transitively.
	Future [][]Access
	// Move[proc][pc] is what the move of a thread at pc touches when a
	// search runs atomic sections whole (the explicit engine's): the
	// step's access, or, for a step that begins a section, the union of
	// the steps the section can run, up to the steps that end it.
	Move [][]Access
}

// Analyse computes Info for prog; label selects the property as in
// bp.Program.Targets.
func Analyse(prog *bp.Program, label string) *Info {
	targets := prog.Targets(label)
	n := len(prog.Globals)
	info := &Info{}
	for pi, p := range prog.Procs {
		steps := make([]Access, len(p.Steps))
		for pc := range p.Steps {
			steps[pc] = stepAccess(&p.Steps[pc], n)
			// With a label, the property watches program counters: a step
			// that can move its thread onto the label is visible too.
			steps[pc].Visible = targets[pi][pc]
			if label != "" {
				for _, s := range p.Succs(pc) {
					steps[pc].Visible = steps[pc].Visible || targets[pi][s]
				}
			}
		}
		info.Step = append(info.Step, steps)
	}
	info.Future = futures(prog, info.Step, n)
	info.Move = moves(prog, info.Step, n)
	return info
}

// moves computes Info.Move: each section's steps are those reachable
// from its atomic_begin without passing one of its atomic_ends.
func moves(prog *bp.Program, step [][]Access, globals int) [][]Access {
	mv := copyAccesses(step, globals)
	for pi, p := range prog.Procs {
		for pc := range p.Steps {
			if p.Steps[pc].Kind != bp.AtomicBegin {
				continue
			}
			seen := map[int]bool{pc: true}
			work := []int{pc}
			for len(work) > 0 {
				at := work[len(work)-1]
				work = work[:len(work)-1]
				mv[pi][pc].union(&step[pi][at])
				if p.Steps[at].Kind == bp.AtomicEnd {
					continue
				}
				for _, s := range p.Succs(at) {
					if !seen[s] {
						seen[s] = true
						work = append(work, s)
					}
				}
			}
		}
	}
	return mv
}

// copyAccesses returns a copy of every step's access, to grow in place.
func copyAccesses(step [][]Access, globals int) [][]Access {
	out := make([][]Access, len(step))
	for pi := range step {
		out[pi] = make([]Access, len(step[pi]))
		for pc := range step[pi] {
			out[pi][pc] = newAccess(globals)
			out[pi][pc].union(&step[pi][pc])
		}
	}
	return out
}

func stepAccess(st *bp.Step, globals int) Access {
	a := newAccess(globals)
	st.Reads(func(r bp.VarRef) {
		if r.Scope == bp.Global {
			a.Read.Add(r.Index)
		}
	})
	for _, t := range st.Targets {
		if t.Scope == bp.Global {
			a.Write.Add(t.Index)
		}
	}
	switch st.Kind {
	case bp.AtomicBegin, bp.AtomicEnd:
		a.Atomic = true
	case bp.Spawn, bp.EndThread:
		a.Threads = true
		a.Starts = st.Kind == bp.Spawn
	case bp.Assume:
		a.Blocking = !(st.Cond.Op == bp.TConst && st.Cond.Val)
	case bp.Assign:
		a.Blocking = st.Constraint != nil || st.PassiveConstraint != nil
		a.Broadcast = st.Broadcast()
	}
	return a
}

// futures computes the transitive futures by a fixpoint over all procs:
// future(pc) = step(pc) ∪ future(successors) ∪ future(started thread).
func futures(prog *bp.Program, step [][]Access, globals int) [][]Access {
	fut := copyAccesses(step, globals)
	for changed := true; changed; {
		changed = false
		for pi := len(prog.Procs) - 1; pi >= 0; pi-- {
			p := prog.Procs[pi]
			for pc := len(p.Steps) - 1; pc >= 0; pc-- {
				f := &fut[pi][pc]
				for _, s := range p.Succs(pc) {
					if f.union(&fut[pi][s]) {
						changed = true
					}
				}
				if st := &p.Steps[pc]; st.Kind == bp.Spawn {
					if f.union(&fut[st.SpawnProc][st.SpawnPC]) {
						changed = true
					}
				}
			}
		}
	}
	return fut
}

// Ample reports whether the next step of a thread at (proc, pc) may be
// taken alone, ahead of the other threads at the given (proc, pc)
// positions: it is invisible, leaves atomic sections and the thread count
// alone, and is independent of everything the others can still do. The
// caller must also make sure the step is enabled in every state it stands
// for (Step[proc][pc].Blocking) and apply a cycle proviso.
func (in *Info) Ample(proc, pc int, others [][2]int) bool {
	a := &in.Step[proc][pc]
	if a.Visible || a.Atomic || a.Threads || a.Broadcast {
		return false
	}
	for _, o := range others {
		if !Independent(a, &in.Future[o[0]][o[1]]) {
			return false
		}
	}
	return true
}
