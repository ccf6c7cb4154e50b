package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/bopgo/bopgo/qbf"
)

// Params choose one formula.
type Params struct {
	// Vars is the number of state variables, Choices the number of fresh
	// choice bits each round draws.
	Vars, Choices int
	// Rounds is how many rounds the new state has run; Olds lists the
	// rounds of each old state (often 0 ... Rounds-1, as when a new state
	// is compared with all those stored at its location).
	Rounds int
	Olds   []int
	// Assume adds an assumption to each round (a constrain that the
	// round's choices must meet), which makes the guards γ non-trivial.
	Assume bool
	// TopClause writes the top-level implication as one clause
	// (¬γn ∨ o1 ∨ ... ∨ om) instead of a Tseitin variable and a unit.
	TopClause bool
	// TopDown numbers the Tseitin variables in reverse, each gate before
	// its inputs, as encoders that walk a formula from its root do.
	TopDown bool
	// Shuffle numbers the Tseitin variables in a random order (after
	// TopDown, which it makes moot), as no encoder does on purpose:
	// gate recovery must not depend on the numbering.
	Shuffle bool
	// Seed chooses the loop body and the encoding's small variations.
	Seed uint64
}

func (p Params) String() string {
	dir := ""
	if p.TopDown {
		dir = "-topdown"
	}
	if p.Shuffle {
		dir += "-shuffled"
	}
	return fmt.Sprintf("v%d-c%d-k%d-o%d-a%v%s-s%d", p.Vars, p.Choices, p.Rounds, len(p.Olds), p.Assume, dir, p.Seed)
}

// Random returns parameters drawn from r, with between minVars and
// maxVars state variables and between 1 and maxRounds rounds.
func Random(r *rand.Rand, maxVars, maxRounds int) Params {
	p := Params{
		Vars:      2 + r.IntN(max(1, maxVars-1)),
		Choices:   1 + r.IntN(3),
		Rounds:    1 + r.IntN(max(1, maxRounds)),
		Assume:    r.IntN(2) == 0,
		TopClause: r.IntN(2) == 0,
		Seed:      r.Uint64(),
	}
	switch r.IntN(3) {
	case 0: // every earlier round, as a fix-point check asks
		for k := 0; k < p.Rounds; k++ {
			p.Olds = append(p.Olds, k)
		}
	case 1: // the same number of rounds with other choices: true
		p.Olds = []int{p.Rounds}
	default: // a few rounds, some of them later than the new state's
		for range 1 + r.IntN(3) {
			p.Olds = append(p.Olds, r.IntN(p.Rounds+2))
		}
	}
	return p
}

// Formula builds the formula of p. It returns an error for parameters
// out of range.
func Formula(p Params) (*qbf.QDIMACS, error) {
	if p.Vars < 1 || p.Choices < 1 || p.Rounds < 0 || len(p.Olds) == 0 {
		return nil, fmt.Errorf("gen: parameters out of range: %+v", p)
	}
	for _, k := range p.Olds {
		if k < 0 {
			return nil, fmt.Errorf("gen: negative rounds %d", k)
		}
	}
	r := rand.New(rand.NewPCG(p.Seed, 0x9b0))
	prog := newLoop(r, p.Vars, p.Choices, p.Assume)
	w := &writer{r: r}

	// Inputs are numbered before any Tseitin variable: the new state's
	// choices (universal), then each old state's (existential).
	nIn := func(k int) int { return p.Choices * (k + 1) }
	newIn := w.inputs(nIn(p.Rounds))
	oldIn := make([][]int, len(p.Olds))
	for i, k := range p.Olds {
		oldIn[i] = w.inputs(nIn(k))
	}
	w.firstTseitin = w.n + 1

	gn, vn := prog.unroll(w, newIn, p.Rounds)
	var disjuncts []int
	for i, k := range p.Olds {
		g, vo := prog.unroll(w, oldIn[i], k)
		conj := []int{g}
		for v := range vn {
			conj = append(conj, w.xnor(vo[v], vn[v]))
		}
		disjuncts = append(disjuncts, w.and(conj...))
	}
	if p.TopClause {
		w.clause(append([]int{-gn}, disjuncts...)...)
	} else {
		w.clause(w.or(append([]int{-gn}, disjuncts...)...))
	}

	if p.TopDown {
		for _, cl := range w.clauses {
			for i, m := range cl {
				if v := abs(m); v >= w.firstTseitin {
					cl[i] = sign(m) * (w.firstTseitin + w.n - v)
				}
			}
		}
	}
	if p.Shuffle {
		perm := r.Perm(w.n - w.firstTseitin + 1)
		for _, cl := range w.clauses {
			for i, m := range cl {
				if v := abs(m); v >= w.firstTseitin {
					cl[i] = sign(m) * (w.firstTseitin + perm[v-w.firstTseitin])
				}
			}
		}
	}
	q := &qbf.QDIMACS{NumVars: w.n, Clauses: w.clauses}
	q.Prefix = []qbf.Block{{Quant: qbf.Universal, Vars: newIn}}
	var ex []int
	for _, in := range oldIn {
		ex = append(ex, in...)
	}
	if len(ex) > 0 {
		q.Prefix = append(q.Prefix, qbf.Block{Quant: qbf.Existential, Vars: ex})
	}
	var ts []int
	for v := w.firstTseitin; v <= w.n; v++ {
		ts = append(ts, v)
	}
	if len(ts) > 0 {
		q.Prefix = append(q.Prefix, qbf.Block{Quant: qbf.Existential, Vars: ts})
	}
	return q, nil
}

func abs(m int) int {
	if m < 0 {
		return -m
	}
	return m
}

func sign(m int) int {
	if m < 0 {
		return -1
	}
	return 1
}
