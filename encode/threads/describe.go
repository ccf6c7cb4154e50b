package threads

import (
	"fmt"
	"strings"
)

// DescribeShared says what shared state s is in the program's terms:
// the start, the error, or the globals' values, the atomic lock, and a
// thread start in progress.
func (p *Program) DescribeShared(s int) string {
	switch s {
	case sharedInit:
		return "the start"
	case sharedError:
		return "the property violated"
	}
	g, lock, phase := p.decodeShared(s)
	var parts []string
	for i, name := range p.prog.Globals {
		parts = append(parts, fmt.Sprintf("%s=%d", name, boolInt(g&(1<<i) != 0)))
	}
	if len(parts) == 0 {
		parts = append(parts, "no globals")
	}
	if lock {
		parts = append(parts, "an atomic section held")
	}
	if phase != 0 {
		parts = append(parts, "a thread start under way")
	}
	return strings.Join(parts, " ")
}

// DescribeLocal says what thread state l is: where the thread is and the
// values of its locals there (dead ones are false in the translation,
// and left out).
func (p *Program) DescribeLocal(l int) string {
	switch l {
	case localInit:
		return "before the start"
	case localError:
		return "failed"
	case localEnded:
		return "ended"
	}
	ls := p.locals[l-firstLocal]
	t := ls.t
	proc := p.prog.Procs[t.Proc]
	st := &proc.Steps[t.PC]
	var b strings.Builder
	fmt.Fprintf(&b, "at line %d", p.prog.Position(st).Line)
	if ls.pending > 0 {
		b.WriteString(" (starting a thread)")
	}
	if t.Atomic {
		b.WriteString(" (atomic)")
	}
	live := p.prog.Live()[t.Proc][t.PC]
	for _, slot := range proc.FrameLocals(st.Frame) {
		if live.Has(slot) {
			fmt.Fprintf(&b, " %s=%d", proc.LocalName(slot), boolInt(t.Locals[slot]))
		}
	}
	return b.String()
}

// DescribeConfig says what a configuration is: the shared state, then
// how many threads are in each thread state (locals as the search keeps
// them: a sorted list, a state repeated once per thread).
func (p *Program) DescribeConfig(shared int, locals []int) string {
	var b strings.Builder
	b.WriteString(p.DescribeShared(shared))
	for i := 0; i < len(locals); {
		j := i
		for j < len(locals) && locals[j] == locals[i] {
			j++
		}
		fmt.Fprintf(&b, "; %d× %s", j-i, p.DescribeLocal(locals[i]))
		i = j
	}
	return b.String()
}

// DescribeBox says what a box of an invariant is: the shared state, then
// at most how many threads are in each listed thread state (-1: any
// number) and in every other one.
func (p *Program) DescribeBox(shared int, bounds [][2]int, others int) string {
	var b strings.Builder
	b.WriteString(p.DescribeShared(shared))
	count := func(n int) string {
		if n < 0 {
			return "any number"
		}
		return fmt.Sprintf("at most %d", n)
	}
	for _, bd := range bounds {
		fmt.Fprintf(&b, "; %s %s", count(bd[1]), p.DescribeLocal(bd[0]))
	}
	if others != 0 {
		fmt.Fprintf(&b, "; %s elsewhere", count(others))
	}
	return b.String()
}
