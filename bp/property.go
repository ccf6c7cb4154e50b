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
// starts and calls and ignoring data; if none is, the program is safe
// whatever the thread bound, and why says so.
func (p *Program) TargetReachable(targets [][]bool, label string) (ok bool, why string) {
	found, _, _ := p.walk(targets, nil)
	if found {
		return true, ""
	}
	return false, unreachableWhy(targets, label, "")
}

// FixedReach is the proof that no target is reachable once the branches
// on fixed globals (fixed.go) go their one way: what is fixed, where
// main has assigned it, and the places a thread can be at. The caller
// hands it to the judge as an inductive invariant (bopgo's check.go):
// the analysis is not trusted.
type FixedReach struct {
	// Fixed[g] is the value global g holds wherever a thread other than
	// main runs, -1 where g is not fixed; nil when none is.
	Fixed []int8
	// MainWritten[pc] is the globals every path of main's to pc
	// assigns (nil where none reaches): main there sees them fixed.
	MainWritten []Bits
	// Reached[proc][pc]: a thread can be there.
	Reached [][]bool
	// Why says so in words.
	Why string
}

// ControlFlowProof returns the places the plain control flow reaches
// (every branch both ways, data ignored), as a FixedReach with nothing
// fixed (Fixed nil), when no target is among them and the judge's slots
// cover the program (a static thread bound of at most maxProofSlots, no
// calls); nil otherwise. The caller has the judge check it as it checks the
// walk on fixed globals.
func (p *Program) ControlFlowProof(targets [][]bool, label string) *FixedReach {
	if n, bounded := p.MaxThreads(); !bounded || n > maxProofSlots || p.HasCalls() {
		return nil
	}
	found, reached, _ := p.walk(targets, nil)
	if found {
		return nil
	}
	return &FixedReach{Reached: reached, Why: unreachableWhy(targets, label, "")}
}

// maxProofSlots bounds the threads of a program whose walk is given to
// the judge as an invariant: its model has a slot per thread.
const maxProofSlots = 16

// FixedTargetUnreachable returns the proof that no target is reachable
// in the control flow whose branches on fixed globals are decided, or
// nil when there is none: a target is reachable that way too, nothing is
// fixed, or the program is one the proof is not made for (with calls,
// broadcasts, a thread started in main's proc, or no static thread
// bound, so that the judge's slots cover every thread).
func (p *Program) FixedTargetUnreachable(targets [][]bool, label string) *FixedReach {
	if n, bounded := p.MaxThreads(); !bounded || n > maxProofSlots {
		return nil
	}
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Kind == Spawn && st.SpawnProc == 0 {
				return nil
			}
		}
	}
	fixed := p.fixedGlobals()
	if fixed == nil {
		return nil
	}
	found, reached, pruned := p.walk(targets, fixed)
	if found || !pruned {
		return nil
	}
	with := ", whose branches on the globals that every assignment sets to one constant, after main set them, go one way"
	return &FixedReach{Fixed: fixed.fixed, MainWritten: fixed.mainWritten, Reached: reached, Why: unreachableWhy(targets, label, with)}
}

// walk follows the control flow from main's entry, through thread starts
// and calls, and with fixed (when not nil) only one way at a branch or
// an assume its globals decide. It stops at the first target it reaches
// (found); otherwise reached is every place it reached, and pruned
// whether fixed decided a branch or an assume.
func (p *Program) walk(targets [][]bool, fixed *fixing) (found bool, reached [][]bool, pruned bool) {
	reached = make([][]bool, len(p.Procs))
	for i, proc := range p.Procs {
		reached[i] = make([]bool, len(proc.Steps))
	}
	type loc struct{ proc, pc int }
	work := []loc{{0, p.Procs[0].Entry}}
	reached[0][p.Procs[0].Entry] = true
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if targets[l.proc][l.pc] {
			return true, nil, pruned
		}
		proc := p.Procs[l.proc]
		st := &proc.Steps[l.pc]
		succs := proc.Succs(l.pc)
		switch st.Kind {
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
		next := make([]loc, 0, len(succs)+1)
		for _, s := range succs {
			next = append(next, loc{l.proc, s})
		}
		switch st.Kind {
		case Spawn:
			next = append(next, loc{st.SpawnProc, st.SpawnPC})
		case Call:
			next = append(next, loc{st.Callee, p.Procs[st.Callee].Entry})
		}
		for _, n := range next {
			if !reached[n.proc][n.pc] {
				reached[n.proc][n.pc] = true
				work = append(work, n)
			}
		}
	}
	return false, reached, pruned
}

// unreachableWhy says why no target is reached, with what the walk
// assumed (with).
func unreachableWhy(targets [][]bool, label, with string) string {
	any := false
	for _, t := range targets {
		for _, b := range t {
			any = any || b
		}
	}
	switch {
	case label != "" && !any:
		return fmt.Sprintf("no statement is labelled %s", label)
	case label != "":
		return fmt.Sprintf("label %s is unreachable in the control flow%s", label, with)
	case !any:
		return "the program has no assertion"
	}
	return "no assertion is reachable in the control flow" + with
}
