package circuit

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/mc"
)

// Circuit is a program as a sequential circuit, with what is needed to
// read its counterexamples back as program traces.
type Circuit struct {
	Prog  *bp.Program
	Label string // the property: empty for assertions, else the label
	Slots int    // thread slots: the bound on live threads, main included
	// Reading is the reading of broadcasts. Under the blocking reading,
	// in a program with broadcasts, a start without a free slot blocks
	// (and sets Overflow) instead of being suppressed.
	Reading bp.Reading
	// Bound, when not zero, restricts the executions to those of at
	// most K rounds or context switches (bound.go): a violation is then
	// one within the bound, and none reached says only that.
	Bound Bound

	S      *logic.S
	Inputs []z.Lit // every input of S: the scheduler's, then the pool
	// Err is the latch an assertion failure sets (S.F with a label
	// property, where assertions are not checked).
	Err z.Lit
	// Overflow is the latch a thread start with every slot busy sets.
	Overflow z.Lit
	// Violation, over latches only, holds in the states that violate the
	// property: Err, or an active thread at the label.
	Violation z.Lit

	globals []z.Lit
	slots   []slot
	bl      boundLatches // the latches of Bound (bound.go)
	// badOrOverflow is Violation ∨ Overflow, made in Build: S must not
	// grow once an engine unrolls it.
	badOrOverflow z.Lit
	// Combinational wires Trace reads back.
	exec    []z.Lit         // per slot: its thread takes a step
	failing z.Lit           // the running step is an assertion that fails
	cond    map[place]z.Lit // the condition of each branch step, for Taken
	// meanings: what each latch stands for (Meaning).
	meanings map[z.Var]Meaning
}

// slot is one thread slot's latches.
type slot struct {
	active z.Lit
	proc   []z.Lit // binary, least significant bit first
	pc     []z.Lit
	atomic z.Lit
	locals []z.Lit
}

type place struct{ proc, pc int }

// ErrOverflow is what Trace returns for a trace that reaches Overflow
// without violating the property: the slots were too few, not a bug.
var ErrOverflow = errors.New("a thread start found every slot busy")

// System returns the safety problem: with stopAtOverflow, Overflow is bad
// too, so that an engine's answer says whether the slots were enough.
func (c *Circuit) System(stopAtOverflow bool) *mc.System {
	bad := c.Violation
	if stopAtOverflow {
		bad = c.badOrOverflow
	}
	return &mc.System{S: c.S, Inputs: c.Inputs, Bad: bad}
}

// Build encodes prog with the property of label (empty: assertions) and
// the given number of thread slots.
func Build(prog *bp.Program, label string, slots int) (*Circuit, error) {
	return BuildReading(prog, label, slots, bp.Blocking)
}

// BuildReading is Build with the given reading of broadcasts.
func BuildReading(prog *bp.Program, label string, slots int, reading bp.Reading) (*Circuit, error) {
	return BuildWith(prog, label, slots, Options{Reading: reading})
}

// Options are what a circuit is built with besides the program, the
// property and the slots.
type Options struct {
	Reading bp.Reading // the reading of broadcasts
	Bound   Bound      // a bound on rounds or context switches; zero: none
}

// BuildWith is Build with the given options.
func BuildWith(prog *bp.Program, label string, slots int, opts Options) (*Circuit, error) {
	reading := opts.Reading
	if prog == nil || len(prog.Procs) == 0 {
		return nil, errors.New("circuit: no program")
	}
	if prog.HasCalls() {
		return nil, fmt.Errorf("circuit: %w", bp.ErrRecursion)
	}
	if slots < 1 {
		return nil, fmt.Errorf("circuit: %d thread slots, need at least 1", slots)
	}
	if reading == bp.Monotone {
		if err := checkMonotone(prog); err != nil {
			return nil, err
		}
	}
	if err := checkBound(prog, opts.Bound); err != nil {
		return nil, err
	}
	b := newBuilder(prog, label, slots, reading)
	b.c.Bound = opts.Bound
	b.latches()
	b.steps()
	b.connect()
	b.property()
	b.c.meanings = b.c.latchMeanings()
	return b.c, nil
}

// bitsFor is the width of a binary number holding 0..n-1.
func bitsFor(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// constBits is v in binary, width bits.
func (b *builder) constBits(v, width int) []z.Lit {
	out := make([]z.Lit, width)
	for i := range out {
		out[i] = b.s.F
		if v&(1<<i) != 0 {
			out[i] = b.s.T
		}
	}
	return out
}

// decode returns, for each value v in 0..n-1, the literal "bits == v".
// It splits the bits in halves and combines the two decodings, which
// costs about n gates instead of n·len(bits).
func (b *builder) decode(xs []z.Lit, n int) []z.Lit {
	s := b.s
	switch len(xs) {
	case 0:
		return []z.Lit{s.T}[:min(n, 1)]
	case 1:
		return []z.Lit{xs[0].Not(), xs[0]}[:min(n, 2)]
	}
	h := len(xs) / 2
	lo := b.decode(xs[:h], 1<<h)
	hi := b.decode(xs[h:], (n+(1<<h)-1)>>h)
	out := make([]z.Lit, n)
	for v := range out {
		out[v] = s.And(lo[v&(1<<h-1)], hi[v>>h])
	}
	return out
}

// equals is "xs == v" for one value, without a decoder.
func (b *builder) equals(xs []z.Lit, v int) z.Lit {
	ms := make([]z.Lit, len(xs))
	for i, x := range xs {
		if v&(1<<i) != 0 {
			ms[i] = x
		} else {
			ms[i] = x.Not()
		}
	}
	if v>>len(xs) != 0 {
		return b.s.F
	}
	return b.s.Ands(ms...)
}
