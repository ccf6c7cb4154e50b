package bp

// TraceRounds is the number of rounds tr takes as --rounds counts them
// (docs/semantics.md): the threads take turns in the order of their
// identities, and a step by thread b after the last one by thread a ≠ b
// stays in the round if b comes after a, and otherwise starts the next
// round; the first step starts round 1. Getafix's init (InitThread) is
// outside the rounds: its steps count nothing. A thread that has ended
// still counts as the last that ran. The explicit engine counts a step
// the same way (engine/explicit's search.counted), and a trace it finds
// under --rounds K takes at most K rounds by this count.
func (p *Program) TraceRounds(tr *Trace) int {
	if tr == nil {
		return 0
	}
	rounds, last := 0, -1
	initOutside := p.InitThread()
	for i := range tr.Steps {
		id := tr.Steps[i].Thread
		if id == 0 && initOutside {
			continue
		}
		if last < 0 || id < last {
			rounds++
		}
		last = id
	}
	return rounds
}
