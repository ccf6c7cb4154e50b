package bp

import "fmt"

// Targets returns, for every proc and pc, whether the step is where the
// property can fail: with label empty, an assertion that is not assert(T)
// (which cannot fail); otherwise a step labelled label. It is computed
// once per label and shared by every engine: the caller must not change
// it.
func (p *Program) Targets(label string) [][]bool {
	p.factsMu.Lock()
	defer p.factsMu.Unlock()
	if t, ok := p.targets[label]; ok {
		return t
	}
	if p.targets == nil {
		p.targets = map[string][][]bool{}
	}
	t := p.computeTargets(label)
	p.targets[label] = t
	return t
}

func (p *Program) computeTargets(label string) [][]bool {
	out := make([][]bool, len(p.Procs))
	for i, proc := range p.Procs {
		out[i] = make([]bool, len(proc.Steps))
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			if label == "" {
				out[i][pc] = st.Kind == Assert && !(st.Cond.Op == TConst && st.Cond.Val)
				continue
			}
			for _, l := range st.Labels {
				if l == label {
					out[i][pc] = true
				}
			}
		}
	}
	return out
}

// TargetReachable reports whether some target step (of Targets(label)) is
// reachable in the control flow from main's entry, following thread
// starts and ignoring data but for the globals fixed to one value
// (fixed.go), whose branches go one way; if none is, the program is safe
// whatever the thread bound, and why says so.
func (p *Program) TargetReachable(targets [][]bool, label string) (ok bool, why string) {
	type loc struct{ proc, pc int }
	fixed := p.fixedGlobals()
	pruned := false // a branch or assume was decided
	found := false
	for _, t := range targets {
		for _, b := range t {
			found = found || b
		}
	}
	if found {
		seen := map[loc]bool{}
		work := []loc{{0, p.Procs[0].Entry}}
		seen[work[0]] = true
		for len(work) > 0 {
			l := work[len(work)-1]
			work = work[:len(work)-1]
			if targets[l.proc][l.pc] {
				return true, ""
			}
			proc := p.Procs[l.proc]
			next := []loc{}
			succs := proc.Succs(l.pc)
			switch st := &proc.Steps[l.pc]; st.Kind {
			case Branch:
				if v, ok := fixed.decided(st.Cond, l.proc, l.pc); ok {
					succs, pruned = []int{st.Else}, true
					if v {
						succs = []int{st.Then}
					}
				}
			case Assume:
				if v, ok := fixed.decided(st.Cond, l.proc, l.pc); ok && !v {
					succs, pruned = nil, true // blocks for ever
				}
			}
			for _, s := range succs {
				next = append(next, loc{l.proc, s})
			}
			switch st := &proc.Steps[l.pc]; st.Kind {
			case Spawn:
				next = append(next, loc{st.SpawnProc, st.SpawnPC})
			case Call:
				next = append(next, loc{st.Callee, p.Procs[st.Callee].Entry})
			}
			for _, n := range next {
				if !seen[n] {
					seen[n] = true
					work = append(work, n)
				}
			}
		}
	}
	with := ""
	if pruned {
		with = ", whose branches on the globals that every assignment sets to one constant, after main set them, go one way"
	}
	switch {
	case label != "" && !found:
		return false, fmt.Sprintf("no statement is labelled %s", label)
	case label != "":
		return false, fmt.Sprintf("label %s is unreachable in the control flow%s", label, with)
	case !found:
		return false, "the program has no assertion"
	}
	return false, "no assertion is reachable in the control flow" + with
}
