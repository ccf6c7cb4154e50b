package satabs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// execute checks the step of thread k at statement st (line l) and moves
// the checker past it. next returns the following line's values, read
// with the thread's new pc (nil after the last line).
func (c *checker) execute(l *Line, k int, st *bp.Step, last bool, next func() *view) {
	t := c.threads[k]
	if l.Taken >= 0 && st.Kind != bp.Branch {
		c.fail(l.Num, "TAKEN=%d on a %s", l.Taken, st.Kind)
	}
	switch st.Kind {
	case bp.Skip:
		t.pcs = []int{st.Next}
	case bp.Assume:
		if c.possible(st.Cond, k)&2 == 0 {
			c.fail(l.Num, "%s: the assumption is false", c.stmt(st))
		}
		t.pcs = []int{st.Next}
	case bp.Assert:
		p := c.possible(st.Cond, k)
		switch {
		case c.opts.Label != "":
		case last && p&1 == 0:
			c.fail(l.Num, "%s: the last step is an assertion that holds", c.stmt(st))
		case !last && p&2 == 0:
			c.fail(l.Num, "%s: the assertion fails, but the trace goes on", c.stmt(st))
		}
		t.pcs = []int{st.Next}
	case bp.Branch:
		p := c.possible(st.Cond, k)
		switch {
		case l.Taken < 0:
			c.fail(l.Num, "%s: a branch without TAKEN", c.stmt(st))
		case l.Taken == 1 && p&2 == 0, l.Taken == 0 && p&1 == 0:
			c.fail(l.Num, "%s: TAKEN=%d, but the condition is %d", c.stmt(st), l.Taken, 1-l.Taken)
		}
		if l.Taken == 0 {
			t.pcs = []int{st.Else}
		} else {
			t.pcs = []int{st.Then}
		}
	case bp.Goto:
		t.pcs = slices.Clone(st.Succs)
	case bp.Assign:
		t.pcs = []int{st.Next}
		c.assign(l, k, st, next())
	case bp.Spawn:
		c.spawn(l, k, st)
		t.pcs = []int{st.Next}
	case bp.EndThread:
		t.ended = true
	case bp.AtomicBegin, bp.AtomicEnd:
		t.atomic = st.Kind == bp.AtomicBegin
		t.pcs = []int{st.Next}
	case bp.Call:
		c.call(k, st)
	case bp.Return:
		c.ret(l, k, st)
	}
}

// call enters the callee of Call step st with a new frame: the
// parameters the arguments (unknown where either is possible), the
// thread-locals the caller's, the other locals unknown.
func (c *checker) call(k int, st *bp.Step) {
	t := c.threads[k]
	p := c.prog.Procs[t.proc]
	pc := slices.IndexFunc(t.pcs, func(pc int) bool { return &p.Steps[pc] == st })
	callee := c.prog.Procs[st.Callee]
	vals := unknowns(len(callee.Locals))
	copy(vals, t.vals[:len(c.prog.ThreadLocals)])
	for j, a := range st.Args {
		switch c.possible(a, k) {
		case 1:
			vals[callee.Params[j]] = 0
		case 2:
			vals[callee.Params[j]] = 1
		}
	}
	t.stack = append(t.stack, frame{proc: t.proc, pc: t.pcs[pc], vals: t.vals})
	t.proc, t.pcs, t.vals = st.Callee, []int{callee.Entry}, vals
}

// ret leaves the callee for the frame on top of the stack: the thread-
// locals come back, the call's targets take the returned values (unknown
// where either is possible).
func (c *checker) ret(l *Line, k int, st *bp.Step) {
	t := c.threads[k]
	if len(t.stack) == 0 {
		c.fail(l.Num, "%s: a return without a caller", c.stmt(st))
		t.ended = true
		return
	}
	vals := make([]int8, len(st.Values))
	for j, v := range st.Values {
		vals[j] = unknown
		switch c.possible(v, k) {
		case 1:
			vals[j] = 0
		case 2:
			vals[j] = 1
		}
	}
	f := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	copy(f.vals, t.vals[:len(c.prog.ThreadLocals)])
	call := &c.prog.Procs[f.proc].Steps[f.pc]
	for j, ref := range call.RetTargets {
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			c.globals[ref.Index] = vals[j]
		default:
			f.vals[ref.Index] = vals[j]
		}
	}
	t.proc, t.pcs, t.vals = f.proc, []int{call.Next}, f.vals
}

func (c *checker) stmt(st *bp.Step) string {
	return fmt.Sprintf("%s %q", c.prog.Position(st), st.Text)
}

// env is one evaluation: thread k's values, the step's choices, and the
// targets' new values for primed reads.
type env struct {
	c       *checker
	k       int
	ch      []bool
	targets []bp.VarRef
	news    []int8
	// A broadcast's passive part: passive thread, its choices, and its
	// targets' new values for 'y$.
	passive  int
	pch      []bool
	ptargets []bp.VarRef
	pnews    []int8
}

func (e *env) readPassive(r bp.VarRef, primed bool) int8 {
	if primed && e.pnews != nil {
		for j, tr := range e.ptargets {
			if tr == r {
				return e.pnews[j]
			}
		}
	}
	return e.c.threads[e.passive].vals[r.Index]
}

func (e *env) read(r bp.VarRef, primed bool) int8 {
	if primed && e.news != nil {
		for j, tr := range e.targets {
			if tr == r {
				return e.news[j]
			}
		}
	}
	if r.Scope == bp.Global {
		return e.c.globals[r.Index]
	}
	return e.c.threads[e.k].vals[r.Index]
}

// eval is three-valued: unknown where the value depends on an unknown
// read.
func (e *env) eval(t *bp.Term) int8 {
	switch t.Op {
	case bp.TConst:
		return b2i(t.Val)
	case bp.TVar:
		if t.Passive {
			return e.readPassive(t.Ref, t.Primed)
		}
		return e.read(t.Ref, t.Primed)
	case bp.TNondet:
		if e.pch != nil {
			return b2i(e.pch[t.Choice])
		}
		return b2i(e.ch[t.Choice])
	case bp.TNot:
		if x := e.eval(t.Args[0]); x != unknown {
			return 1 - x
		}
		return unknown
	case bp.TChoose:
		a, b := e.eval(t.Args[0]), e.eval(t.Args[1])
		switch {
		case a == 1:
			return 1
		case a == 0 && b == 1:
			return 0
		case a == 0 && b == 0:
			if e.pch != nil {
				return b2i(e.pch[t.Choice])
			}
			return b2i(e.ch[t.Choice])
		}
		return unknown
	}
	a, b := e.eval(t.Args[0]), e.eval(t.Args[1])
	switch t.Op {
	case bp.TAnd:
		if a == 0 || b == 0 {
			return 0
		}
		if a == 1 && b == 1 {
			return 1
		}
	case bp.TOr:
		if a == 1 || b == 1 {
			return 1
		}
		if a == 0 && b == 0 {
			return 0
		}
	case bp.TImplies:
		if a == 0 || b == 1 {
			return 1
		}
		if a == 1 && b == 0 {
			return 0
		}
	case bp.TXor, bp.TIff:
		if a == unknown || b == unknown {
			return unknown
		}
		if (a != b) == (t.Op == bp.TXor) {
			return 1
		}
		return 0
	}
	return unknown
}

// choiceMasks calls f with every assignment of n choices; false if n is
// too large to enumerate.
func choiceMasks(n int, f func(ch []bool)) bool {
	if n > maxChoices {
		return false
	}
	ch := make([]bool, n)
	for mask := 0; mask < 1<<n; mask++ {
		for j := range ch {
			ch[j] = mask&(1<<j) != 0
		}
		f(ch)
	}
	return true
}

// possible returns bit 0 if t can be false and bit 1 if it can be true,
// over the step's choices; an unknown value counts as both.
func (c *checker) possible(t *bp.Term, k int) uint8 {
	var got uint8
	if !choiceMasks(maxInt(choiceCount(t), 0), func(ch []bool) {
		switch (&env{c: c, k: k, ch: ch}).eval(t) {
		case 0:
			got |= 1
		case 1:
			got |= 2
		default:
			got |= 3
		}
	}) {
		return 3
	}
	return got
}

// choiceCount is one more than the largest choice number in t.
func choiceCount(t *bp.Term) int {
	n := 0
	if t.Op == bp.TNondet || t.Op == bp.TChoose {
		n = t.Choice + 1
	}
	for _, a := range t.Args {
		n = maxInt(n, choiceCount(a))
	}
	return n
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// set gives variable r of thread k the value x.
func (c *checker) set(k int, r bp.VarRef, x int8) {
	if r.Scope == bp.Global {
		c.globals[r.Index] = x
	} else {
		c.threads[k].vals[r.Index] = x
	}
}

// printed is the value that v, the next line, prints for variable r of
// thread k; unknown without a next line.
func (v *view) printed(k int, r bp.VarRef) int8 {
	switch {
	case v == nil:
		return unknown
	case r.Scope == bp.Global:
		return v.globals[r.Index]
	}
	return v.locals[k][r.Index]
}

// assign checks an assignment against the next line: some choice of its
// `*` values, with the constraint true, must give the printed values of
// its targets. The targets become known where every such choice agrees.
func (c *checker) assign(l *Line, k int, st *bp.Step, next *view) {
	if st.Choices > maxChoices {
		c.assignWide(l, k, st, next)
		return
	}
	var outcomes [][]int8
	var passives [][][]int8 // per outcome, per passive thread
	enabled := false
	choiceMasks(st.Choices, func(ch []bool) { // not too many: assignWide takes those
		e := &env{c: c, k: k, ch: ch, targets: st.Targets}
		vals := make([]int8, len(st.Targets))
		for j, v := range st.Values {
			vals[j] = e.eval(v)
		}
		if st.Constraint != nil {
			e.news = vals
			if e.eval(st.Constraint) == 0 {
				return
			}
		}
		enabled = true
		for j, r := range st.Targets {
			if p := next.printed(k, r); p != unknown && vals[j] != unknown && vals[j] != p {
				return
			}
		}
		if st.Broadcast() {
			ps, ok := c.passiveFit(st, k, ch, vals, next)
			if !ok {
				return
			}
			passives = append(passives, ps)
		}
		outcomes = append(outcomes, vals)
	})
	switch {
	case !enabled:
		c.fail(l.Num, "%s: no choice satisfies the constraint: the step cannot be taken", c.stmt(st))
	case len(outcomes) == 0:
		c.fail(l.Num, "%s: no execution of the step gives the next line's %s", c.stmt(st), c.printedTargets(k, st, next))
	}
	if st.Broadcast() {
		c.mergePassives(k, st, passives)
	}
	for j, r := range st.Targets {
		x := unknown
		for n, o := range outcomes {
			if n == 0 {
				x = o[j]
			} else if o[j] != x {
				x = unknown
			}
		}
		c.set(k, r, x)
	}
}

// printedTargets lists the targets of thread k's assignment st with the
// values the next line prints for them (name=value).
func (c *checker) printedTargets(k int, st *bp.Step, next *view) string {
	var got []string
	p := c.prog.Procs[c.threads[k].proc]
	for _, r := range st.Targets {
		name := ""
		if r.Scope == bp.Global {
			name = c.prog.Globals[r.Index]
		} else {
			name = p.LocalName(r.Index)
		}
		got = append(got, fmt.Sprintf("%s=%s", name, show(next.printed(k, r))))
	}
	return strings.Join(got, " ")
}

// mergePassives sets the passive targets of thread k's broadcast st in
// every other running thread to the value all its outcomes (passives:
// per outcome, per passive thread) agree on, else to unknown.
func (c *checker) mergePassives(k int, st *bp.Step, passives [][][]int8) {
	for j, t := range c.threads {
		if j == k || t.ended {
			continue
		}
		for n, r := range st.PassiveTargets {
			x := unknown
			for m, ps := range passives {
				v := t.vals[r.Index] // a monotone thread without outcome keeps it
				if ps[j] != nil {
					v = ps[j][n]
				}
				if m == 0 {
					x = v
				} else if v != x {
					x = unknown
				}
			}
			t.vals[r.Index] = x
		}
	}
}

func show(x int8) string {
	if x == unknown {
		return "?"
	}
	return fmt.Sprint(x)
}

// spawn adds the started thread, as SatAbs counts it: a thread start is
// one more thread, whether or not the thread ever runs.
func (c *checker) spawn(l *Line, k int, st *bp.Step) {
	if l.PC < 0 && c.hasPCs() {
		c.fail(l.Num, "a thread start without a PC label: SatAbs skips the line and does not count the thread")
	}
	creator := c.threads[k]
	p := c.prog.Procs[st.SpawnProc]
	n := &thread{proc: st.SpawnProc, pcs: []int{st.SpawnPC}}
	if st.CopyLocals {
		n.vals = slices.Clone(creator.vals)
	} else {
		n.vals = unknowns(len(p.Locals))
		copy(n.vals, creator.vals[:len(c.prog.ThreadLocals)])
		for j, a := range st.SpawnArgs {
			switch c.possible(a, k) {
			case 1:
				n.vals[p.Params[j]] = 0
			case 2:
				n.vals[p.Params[j]] = 1
			}
		}
	}
	c.threads = append(c.threads, n)
}

func (c *checker) hasPCs() bool {
	for _, l := range c.out.Lines {
		if l.PC >= 0 {
			return true
		}
	}
	return false
}

// finish checks how the trace ends: at the label (the last assertion was
// checked with its step), and that a LOOP bracket closes a lasso.
func (c *checker) finish(views []view) {
	last := c.out.Lines[len(c.out.Lines)-1].Num
	if c.opts.Label != "" {
		for _, t := range c.threads {
			if t.ended {
				continue
			}
			for _, pc := range t.pcs {
				if slices.Contains(c.prog.Procs[t.proc].Steps[pc].Labels, c.opts.Label) {
					return
				}
			}
		}
		c.fail(last, "after the last step no thread is at label %s", c.opts.Label)
	}
	if from, to := c.out.Loop[0], c.out.Loop[1]; from >= 0 && to+1 < len(views) {
		a, b := views[from], views[to+1]
		same := slices.Equal(a.globals, b.globals) && len(a.locals) == len(b.locals)
		for k := 0; same && k < len(a.locals); k++ {
			same = slices.Equal(a.locals[k], b.locals[k])
		}
		if !same {
			c.fail(c.out.Lines[from].Num, "LOOP [ ... LOOP ] does not lead back to the same values")
		}
	}
}
