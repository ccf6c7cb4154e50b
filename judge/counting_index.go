package judge

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/tts"
)

// countingMaxGlobals bounds the globals of a program whose counter proof
// is checked: every valuation is a shared state of the system, and the
// translation takes at most 14.
const countingMaxGlobals = 24

// newCountingCheck indexes proof for prog: the meanings are checked for
// shape (every thread state one of prog's, its dead locals false; every
// valuation of the right length) and for being functions (no two states
// of one meaning), the initial state and the target for being one
// thread at the start and at the error, and every rule for staying in
// range. It does not say whether the meanings are true: the steps do.
func newCountingCheck(prog *bp.Program, label string, proof *engine.CounterProof) (*countingCheck, error) {
	sys := proof.System
	if prog.HasCalls() {
		return nil, fmt.Errorf("the program has recursive functions, whose threads' stacks a thread-transition system does not hold")
	}
	c := &countingCheck{prog: prog, label: label, proof: proof, rules: sys.Rules,
		sem:  interp.New(prog, interp.Options{Label: label, Broadcast: bp.Monotone}),
		live: prog.Live(), targets: prog.Targets(label), nglob: len(prog.Globals), locals: map[string]int32{}}
	if len(proof.Shared) != sys.Shared || len(proof.Locals) != sys.Locals {
		return nil, fmt.Errorf("the proof says what %d shared and %d local states stand for; the system has %d and %d", len(proof.Shared), len(proof.Locals), sys.Shared, sys.Locals)
	}
	if c.nglob > countingMaxGlobals || 1<<c.nglob > sys.Shared {
		return nil, fmt.Errorf("the program has %d globals, more than the system's %d shared states can stand for", c.nglob, sys.Shared)
	}
	var err error
	if c.start, err = c.oneThread("initial state", proof.Init, engine.CounterStart); err != nil {
		return nil, err
	}
	if c.target, err = c.oneThread("target", proof.Target, engine.CounterError); err != nil {
		return nil, err
	}
	if err := c.indexShared(); err != nil {
		return nil, err
	}
	if err := c.indexLocals(); err != nil {
		return nil, err
	}
	if err := c.indexRules(); err != nil {
		return nil, err
	}
	return c, nil
}

// oneThread checks that st is one thread in a state of kind k, and
// returns it.
func (c *countingCheck) oneThread(what string, st tts.State, k engine.CounterKind) (tts.Thread, error) {
	if len(st.Bounded) != 1 || len(st.Unbounded) != 0 {
		return tts.Thread{}, fmt.Errorf("the %s %v is not one thread", what, st)
	}
	th := tts.Thread{Shared: st.Shared, Local: st.Bounded[0]}
	if th.Shared < 0 || th.Shared >= len(c.proof.Shared) || th.Local < 0 || th.Local >= len(c.proof.Locals) {
		return tts.Thread{}, fmt.Errorf("the %s %v is out of the system's range", what, st)
	}
	if c.proof.Shared[th.Shared].Kind != k || c.proof.Locals[th.Local].Kind != k {
		return tts.Thread{}, fmt.Errorf("the %s %v does not stand for the %s", what, st, map[engine.CounterKind]string{engine.CounterStart: "start", engine.CounterError: "error"}[k])
	}
	return th, nil
}

// indexShared makes σ from the shared states of phase 0.
func (c *countingCheck) indexShared() error {
	c.shared = make([]int32, 2<<c.nglob)
	for i := range c.shared {
		c.shared[i] = -1
	}
	for s, m := range c.proof.Shared {
		switch m.Kind {
		case engine.CounterStart, engine.CounterError:
			continue
		case engine.CounterGlobals:
		default:
			return fmt.Errorf("shared state %d: kind %d is not a shared state's", s, m.Kind)
		}
		if len(m.Globals) != c.nglob || m.Phase < 0 || m.Phase > 2 {
			return fmt.Errorf("shared state %d: %d globals and phase %d, for a program of %d globals", s, len(m.Globals), m.Phase, c.nglob)
		}
		if m.Phase != 0 {
			continue
		}
		i := countingGlobals(m.Globals)*2 + boolIndex(m.Lock)
		if c.shared[i] >= 0 {
			return fmt.Errorf("shared states %d and %d both stand for %s", c.shared[i], s, c.describeShared(s))
		}
		c.shared[i] = int32(s)
	}
	return nil
}

// indexLocals makes λ from the locals that stand for a thread state,
// and lists the ended and the possibly passive ones.
func (c *countingCheck) indexLocals() error {
	for l, m := range c.proof.Locals {
		switch m.Kind {
		case engine.CounterStart, engine.CounterError:
		case engine.CounterEnded:
			c.ended = append(c.ended, l)
		case engine.CounterThread, engine.CounterStarting:
			if err := c.threadShape(&m.Thread); err != nil {
				return fmt.Errorf("local %d: %w", l, err)
			}
			if m.Kind == engine.CounterStarting {
				if m.Thread.Proc >= len(c.prog.Procs) || c.prog.Procs[m.Thread.Proc].Steps[m.Thread.PC].Kind != bp.Spawn {
					return fmt.Errorf("local %d: a thread starting another, not at a thread start", l)
				}
				continue
			}
			k := countingKey(&m.Thread)
			if other, dup := c.locals[k]; dup {
				return fmt.Errorf("locals %d and %d both stand for %s", other, l, c.describeThread(&m.Thread))
			}
			c.locals[k] = int32(l)
			if !m.Thread.Atomic && !(c.label != "" && c.targets[m.Thread.Proc][m.Thread.PC]) {
				c.passive = append(c.passive, l)
			}
		default:
			return fmt.Errorf("local %d: kind %d is not a local state's", l, m.Kind)
		}
	}
	return nil
}

// threadShape checks that t is a thread state of the program: a
// thread's proc, a pc in it, its locals with the dead ones false, no
// stack.
func (c *countingCheck) threadShape(t *bp.ThreadState) error {
	if t.Proc < 0 || t.Proc >= len(c.prog.Procs) || c.prog.Procs[t.Proc].Callable {
		return fmt.Errorf("no thread runs proc %d", t.Proc)
	}
	p := c.prog.Procs[t.Proc]
	if t.PC < 0 || t.PC >= len(p.Steps) || len(t.Locals) != len(p.Locals) || len(t.Stack) > 0 {
		return fmt.Errorf("not a state of %s (pc %d, %d locals)", p.Name, t.PC, len(t.Locals))
	}
	for i, v := range t.Locals {
		if v && !c.live[t.Proc][t.PC].Has(i) {
			return fmt.Errorf("%s is dead at line %d and not false", p.LocalName(i), c.prog.Position(&p.Steps[t.PC]).Line)
		}
	}
	return nil
}

// indexRules checks that every rule stays in the system's range and
// sorts the rules by where they start.
func (c *countingCheck) indexRules() error {
	sys := c.proof.System
	in := func(th tts.Thread) bool {
		return th.Shared >= 0 && th.Shared < sys.Shared && th.Local >= 0 && th.Local < sys.Locals
	}
	c.byFrom = make([]int32, len(c.rules))
	for i := range c.rules {
		r := &c.rules[i]
		if !in(r.From) || !in(r.To) || r.Kind > tts.Transfer {
			return fmt.Errorf("rule %d (%s) is out of the system's range", i, r.String())
		}
		for _, ps := range r.Passes {
			if ps.From < 0 || ps.From >= sys.Locals || ps.To < 0 || ps.To >= sys.Locals {
				return fmt.Errorf("rule %d (%s) is out of the system's range", i, r.String())
			}
		}
		if !slices.IsSortedFunc(r.Passes, comparePasses) {
			return fmt.Errorf("rule %d (%s): its passes are not sorted", i, r.String())
		}
		c.byFrom[i] = int32(i)
	}
	slices.SortFunc(c.byFrom, func(a, b int32) int {
		x, y := &c.rules[a], &c.rules[b]
		return cmp.Or(x.From.Local-y.From.Local, x.From.Shared-y.From.Shared, x.To.Shared-y.To.Shared, x.To.Local-y.To.Local, int(a-b))
	})
	c.firstOf = make([]int32, sys.Locals+1)
	k := 0
	for l := range sys.Locals + 1 {
		for k < len(c.byFrom) && c.rules[c.byFrom[k]].From.Local < l {
			k++
		}
		c.firstOf[l] = int32(k)
	}
	return nil
}

func comparePasses(a, b tts.Pass) int { return cmp.Or(a.From-b.From, a.To-b.To) }

// from is the rules that start at th, sorted by where they go.
func (c *countingCheck) from(th tts.Thread) []int32 {
	rs := c.byFrom[c.firstOf[th.Local]:c.firstOf[th.Local+1]]
	lo, _ := slices.BinarySearchFunc(rs, th.Shared, func(r int32, s int) int { return c.rules[r].From.Shared - s })
	hi, _ := slices.BinarySearchFunc(rs, th.Shared+1, func(r int32, s int) int { return c.rules[r].From.Shared - s })
	return rs[lo:hi]
}

// between is the rules from a to b.
func (c *countingCheck) between(a, b tts.Thread) []int32 {
	rs := c.from(a)
	lo, _ := slices.BinarySearchFunc(rs, b, func(r int32, t tts.Thread) int {
		return cmp.Or(c.rules[r].To.Shared-t.Shared, c.rules[r].To.Local-t.Local)
	})
	hi := lo
	for hi < len(rs) && c.rules[rs[hi]].To == b {
		hi++
	}
	return rs[lo:hi]
}

// plainMove reports whether a rule moves one thread from a to b and no
// other thread.
func (c *countingCheck) plainMove(a, b tts.Thread) bool {
	for _, ri := range c.between(a, b) {
		if r := &c.rules[ri]; r.Kind == tts.Move && len(r.Passes) == 0 {
			return true
		}
	}
	return false
}

// lets reports whether broadcast rule r lets a passive thread in local
// u go to local x: u is listed and x is among its targets, or u is not
// listed and x is u.
func (c *countingCheck) lets(r *tts.Rule, u, x int) bool {
	lo, _ := slices.BinarySearchFunc(r.Passes, tts.Pass{From: u}, comparePasses)
	if lo == len(r.Passes) || r.Passes[lo].From != u {
		return x == u
	}
	_, found := slices.BinarySearchFunc(r.Passes, tts.Pass{From: u, To: x}, comparePasses)
	return found
}

// sigma is the shared state standing for globals gs and the lock, -1
// when none does.
func (c *countingCheck) sigma(gs []bool, lock bool) int {
	return int(c.shared[countingGlobals(gs)*2+boolIndex(lock)])
}

// lambda is the local standing for thread state t once settled, -1 when
// none does.
func (c *countingCheck) lambda(t *bp.ThreadState) int {
	s := c.settle(t)
	if l, ok := c.locals[countingKey(&s)]; ok {
		return int(l)
	}
	return -1
}

// settle is t with its locals dead at its pc false (a copy).
func (c *countingCheck) settle(t *bp.ThreadState) bp.ThreadState {
	s := bp.ThreadState{Proc: t.Proc, PC: t.PC, Atomic: t.Atomic, Locals: make([]bool, len(t.Locals))}
	live := c.live[t.Proc][t.PC]
	for i, v := range t.Locals {
		s.Locals[i] = v && live.Has(i)
	}
	return s
}

// countingKey identifies a thread state by its proc, pc, atomic flag and
// locals.
func countingKey(t *bp.ThreadState) string {
	b := binary.AppendUvarint(nil, uint64(t.Proc))
	b = binary.AppendUvarint(b, uint64(t.PC))
	b = append(b, byte(boolIndex(t.Atomic)))
	var w byte
	for i, v := range t.Locals {
		if v {
			w |= 1 << (i % 8)
		}
		if i%8 == 7 || i == len(t.Locals)-1 {
			b = append(b, w)
			w = 0
		}
	}
	return string(b)
}

// countingGlobals is a valuation as a number, bit i global i.
func countingGlobals(gs []bool) int {
	n := 0
	for i, v := range gs {
		if v {
			n |= 1 << i
		}
	}
	return n
}

func countingValuation(n, nglob int) []bool {
	gs := make([]bool, nglob)
	for i := range gs {
		gs[i] = n&(1<<i) != 0
	}
	return gs
}

func boolIndex(v bool) int {
	if v {
		return 1
	}
	return 0
}

// describeThread says what a thread state is, for messages: where, and
// the values of the live locals.
func (c *countingCheck) describeThread(t *bp.ThreadState) string {
	p := c.prog.Procs[t.Proc]
	var b strings.Builder
	fmt.Fprintf(&b, "%s at line %d", p.Name, c.prog.Position(&p.Steps[t.PC]).Line)
	if t.Atomic {
		b.WriteString(" (atomic)")
	}
	for i, v := range t.Locals {
		if c.live[t.Proc][t.PC].Has(i) {
			fmt.Fprintf(&b, " %s=%d", p.LocalName(i), boolIndex(v))
		}
	}
	return b.String()
}

// describeGlobals says what a valuation is, for messages.
func (c *countingCheck) describeGlobals(gs []bool, lock bool) string {
	var parts []string
	for i, name := range c.prog.Globals {
		parts = append(parts, fmt.Sprintf("%s=%d", name, boolIndex(gs[i])))
	}
	if len(parts) == 0 {
		parts = append(parts, "no globals")
	}
	if lock {
		parts = append(parts, "the lock held")
	}
	return strings.Join(parts, " ")
}

func (c *countingCheck) describeShared(s int) string {
	m := c.proof.Shared[s]
	return c.describeGlobals(m.Globals, m.Lock)
}
