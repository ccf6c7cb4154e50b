package gen

import (
	"fmt"
	"math/rand/v2"
)

// MaxTruthChoices bounds the choice bits of one state that Truth
// enumerates.
const MaxTruthChoices = 20

// Truth decides p's formula without any solver: it runs the loop on
// every assignment to each state's choices and compares the sets of
// values reached. It is the reference the tests hold solvers to, and
// returns an error when a state has more than MaxTruthChoices choices.
func Truth(p Params) (bool, error) {
	if _, err := Formula(p); err != nil {
		return false, err
	}
	r := rand.New(rand.NewPCG(p.Seed, 0x9b0))
	prog := newLoop(r, p.Vars, p.Choices, p.Assume)
	for _, k := range append([]int{p.Rounds}, p.Olds...) {
		if n := p.Choices * (k + 1); n > MaxTruthChoices {
			return false, fmt.Errorf("gen: %d choices to enumerate, at most %d", n, MaxTruthChoices)
		}
	}
	old := make(map[string]bool)
	for _, k := range p.Olds {
		for _, vals := range prog.reach(p.Choices*(k+1), k) {
			old[vals] = true
		}
	}
	for _, vals := range prog.reach(p.Choices*(p.Rounds+1), p.Rounds) {
		if !old[vals] {
			return false, nil
		}
	}
	return true, nil
}

// reach lists the values, as strings of 0 and 1, of the states after k
// rounds whose guard holds, one per assignment to the n choices.
func (l *loop) reach(n, k int) []string {
	var out []string
	in := make([]bool, n)
	for bits := 0; bits < 1<<n; bits++ {
		for i := range in {
			in[i] = bits>>i&1 == 1
		}
		if vals, ok := l.run(in, k); ok {
			out = append(out, vals)
		}
	}
	return out
}

func (l *loop) run(in []bool, k int) (string, bool) {
	vals := make([]bool, l.vars)
	ch := in[:l.choices]
	for v, e := range l.init {
		vals[v] = e.eval(nil, ch)
	}
	ok := true
	for round := 1; round <= k; round++ {
		ch = in[round*l.choices : (round+1)*l.choices]
		if l.assume != nil && !l.assume.eval(vals, ch) {
			ok = false
		}
		next := make([]bool, l.vars)
		for v, e := range l.body {
			next[v] = e.eval(vals, ch)
		}
		vals = next
	}
	b := make([]byte, len(vals))
	for i, x := range vals {
		b[i] = '0'
		if x {
			b[i] = '1'
		}
	}
	return string(b), ok
}

func (e *expr) eval(vals, ch []bool) bool {
	switch e.op {
	case opVar:
		return vals[e.idx]
	case opChoice:
		return ch[e.idx]
	case opConst:
		return e.val
	case opNot:
		return !e.a.eval(vals, ch)
	case opAnd:
		return e.a.eval(vals, ch) && e.b.eval(vals, ch)
	case opOr:
		return e.a.eval(vals, ch) || e.b.eval(vals, ch)
	case opXor:
		return e.a.eval(vals, ch) != e.b.eval(vals, ch)
	case opIte:
		if e.a.eval(vals, ch) {
			return e.b.eval(vals, ch)
		}
		return e.c.eval(vals, ch)
	}
	panic("gen: unknown operator")
}
