package qbf

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// ErrUnsupported is wrapped by the error SolveQDIMACS returns for a
// prefix it cannot decide.
var ErrUnsupported = errors.New("unsupported")

// QDIMACSResult is the answer of SolveQDIMACS.
type QDIMACSResult struct {
	Truth Truth
	// Certificate assigns the outermost block when that block decides the
	// answer, as in the "V" lines of the QDIMACS output format: the
	// universal values that falsify a formula whose outer block is
	// universal, the existential values that satisfy one whose outer
	// block is existential. It holds one DIMACS literal per variable of
	// the block, in prefix order, and is nil otherwise.
	Certificate []int
	Reason      string
	// Gates counts the existential variables recognised as Tseitin
	// definitions and rebuilt as circuit gates.
	Gates int
	Stats Stats
}

// SolveQDIMACS decides q. Prefixes with more than two blocks, after
// merging and after adding free variables to an outermost existential
// block, are rejected with an error wrapping ErrUnsupported.
func SolveQDIMACS(ctx context.Context, q *QDIMACS) (QDIMACSResult, error) {
	return SolveQDIMACSWith(ctx, q, Options{})
}

// SolveQDIMACSWith is SolveQDIMACS with parts of the solver turned off.
func SolveQDIMACSWith(ctx context.Context, q *QDIMACS, opts Options) (QDIMACSResult, error) {
	f, err := q.formula(opts.Gates)
	if err != nil {
		return QDIMACSResult{Reason: "invalid input"}, err
	}
	r, err := SolveWith(ctx, f.p, opts)
	if err != nil {
		return QDIMACSResult{Reason: r.Reason}, err
	}
	out := QDIMACSResult{Truth: r.Truth, Reason: r.Reason, Gates: f.gates, Stats: r.Stats}
	if f.dual {
		out.Truth = r.Truth.negate()
	}
	if r.Truth == False {
		out.Certificate = make([]int, len(f.outer))
		for i, v := range f.outer {
			if r.Witness[i] {
				out.Certificate[i] = v
			} else {
				out.Certificate[i] = -v
			}
		}
	}
	return out, nil
}

// formula is a QDIMACS formula as a Problem.
type formula struct {
	p Problem
	// dual means p is the negation of the file's formula.
	dual bool
	// outer[i] is the DIMACS variable of p.Forall[i].
	outer []int
	// gates counts the variables rebuilt as gates.
	gates int
}

// formula builds the circuit of q's matrix and chooses the direct or the
// dual problem from the prefix.
func (q *QDIMACS) formula(mode GateMode) (*formula, error) {
	prefix, free, err := q.normalPrefix()
	if err != nil {
		return nil, err
	}
	if len(prefix) > 2 {
		return nil, tooManyBlocks(prefix, free)
	}

	// Gates are extracted only from an innermost existential block that
	// is not also the outermost: a ∃-only formula is solved as its dual,
	// whose universals must all stay inputs to give a full certificate.
	var defs map[int]*gateDef
	var order []int
	var removed map[int]bool
	q = q.cleaned()
	if len(prefix) == 2 && prefix[1].Quant == Existential && mode != GatesNone {
		defs, order, removed = extractGates(q, prefix[1].Vars, mode)
	}

	c := logic.NewC()
	lits, matrix := q.circuit(c, prefix, defs, order, removed)
	f := &formula{p: Problem{Circuit: c, Matrix: matrix}, gates: len(order)}

	inputs := func(b Block) []z.Lit {
		ls := make([]z.Lit, 0, len(b.Vars))
		for _, v := range b.Vars {
			if defs[v] == nil {
				ls = append(ls, lits[v])
			}
		}
		return ls
	}
	if len(prefix) > 0 {
		outer := prefix[0]
		f.outer = outer.Vars
		f.p.Forall = inputs(outer)
		if len(prefix) == 2 {
			f.p.Exists = inputs(prefix[1])
		}
		if outer.Quant == Existential {
			// ∃Y ∀X. φ is ¬∀Y ∃X. ¬φ.
			f.dual = true
			f.p.Matrix = f.p.Matrix.Not()
		}
	}
	return f, nil
}

// tooManyBlocks is the error of a prefix of more than 2 quantifier blocks.
func tooManyBlocks(prefix []Block, free bool) error {
	words := make([]string, len(prefix))
	for i, b := range prefix {
		words[i] = b.Quant.String()
	}
	msg := fmt.Sprintf("prefix %q has %d quantifier blocks; at most 2 are supported",
		strings.Join(words, " "), len(prefix))
	if free {
		msg += " (the variables missing from the prefix form its outermost e block)"
	}
	return fmt.Errorf("%w: %s", ErrUnsupported, msg)
}

// circuit builds q's matrix in c, without the clauses removed, with an
// input for each variable of prefix and a gate for each of defs (in
// order): the literal of each variable, and the matrix's.
func (q *QDIMACS) circuit(c *logic.C, prefix []Block, defs map[int]*gateDef, order []int, removed map[int]bool) (map[int]z.Lit, z.Lit) {
	lits := make(map[int]z.Lit)
	for _, b := range prefix {
		for _, v := range b.Vars {
			if defs[v] == nil {
				lits[v] = c.Lit()
			}
		}
	}
	lit := func(m int) z.Lit {
		l := lits[abs(m)]
		if m < 0 {
			l = l.Not()
		}
		return l
	}
	var buf []z.Lit
	for _, v := range order {
		d := defs[v]
		var sets []z.Lit
		for _, s := range d.sets {
			buf = buf[:0]
			for _, m := range s {
				buf = append(buf, lit(m))
			}
			sets = append(sets, c.Ors(buf...))
		}
		g := balancedAnd(c, sets).Not()
		if d.out < 0 {
			g = g.Not()
		}
		lits[v] = g
	}
	cls := make([]z.Lit, 0, len(q.Clauses)-len(removed))
	for i, cl := range q.Clauses {
		if removed[i] {
			continue
		}
		buf = buf[:0]
		for _, m := range cl {
			buf = append(buf, lit(m))
		}
		cls = append(cls, c.Ors(buf...))
	}
	return lits, balancedAnd(c, cls)
}

// normalPrefix validates q and returns its prefix with empty blocks
// dropped, free variables added as an outermost existential block, and
// adjacent blocks of one quantifier merged. free reports whether there
// were free variables.
func (q *QDIMACS) normalPrefix() (prefix []Block, free bool, err error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidProblem, fmt.Sprintf(format, args...))
	}
	if q.NumVars < 0 || q.NumVars > MaxVars {
		return nil, false, bad("variable count %d out of range", q.NumVars)
	}
	quantified := make(map[int]bool)
	for _, b := range q.Prefix {
		if b.Quant != Universal && b.Quant != Existential {
			return nil, false, bad("unknown quantifier %q", byte(b.Quant))
		}
		for _, v := range b.Vars {
			if v <= 0 || v > q.NumVars {
				return nil, false, bad("quantified variable %d out of range 1..%d", v, q.NumVars)
			}
			if quantified[v] {
				return nil, false, bad("variable %d quantified twice", v)
			}
			quantified[v] = true
		}
	}
	var freeVars []int
	seen := make(map[int]bool)
	for i, cl := range q.Clauses {
		for _, m := range cl {
			v := abs(m)
			if v <= 0 || v > q.NumVars { // v < 0 for math.MinInt
				return nil, false, bad("clause %d: literal %d out of range", i+1, m)
			}
			if !quantified[v] && !seen[v] {
				seen[v] = true
				freeVars = append(freeVars, v)
			}
		}
	}
	slices.Sort(freeVars)

	blocks := q.Prefix
	if len(freeVars) > 0 {
		blocks = append([]Block{{Quant: Existential, Vars: freeVars}}, blocks...)
	}
	for _, b := range blocks {
		if len(b.Vars) == 0 {
			continue
		}
		if k := len(prefix); k > 0 && prefix[k-1].Quant == b.Quant {
			prefix[k-1].Vars = append(prefix[k-1].Vars, b.Vars...)
			continue
		}
		prefix = append(prefix, Block{Quant: b.Quant, Vars: slices.Clone(b.Vars)})
	}
	return prefix, len(freeVars) > 0, nil
}

// cleaned returns q with repeated literals removed from its clauses and
// tautologies dropped, as encoders that never simplify write them
// (x ∧ x gives the clause g ∨ ¬x ∨ ¬x); gate patterns expect neither.
// q itself is not modified.
func (q *QDIMACS) cleaned() *QDIMACS {
	out := &QDIMACS{NumVars: q.NumVars, Prefix: q.Prefix, Clauses: make([][]int, 0, len(q.Clauses))}
	for _, cl := range q.Clauses {
		if distinctVars(cl) {
			out.Clauses = append(out.Clauses, cl)
			continue
		}
		var c []int
		taut := false
		for _, m := range cl {
			if slices.Contains(c, -m) {
				taut = true
				break
			}
			if !slices.Contains(c, m) {
				c = append(c, m)
			}
		}
		if !taut {
			out.Clauses = append(out.Clauses, c)
		}
	}
	return out
}

// balancedAnd conjoins ms as a balanced tree, so that a matrix of many
// clauses is a shallow circuit.
func balancedAnd(c *logic.C, ms []z.Lit) z.Lit {
	switch len(ms) {
	case 0:
		return c.T
	case 1:
		return ms[0]
	}
	h := len(ms) / 2
	return c.And(balancedAnd(c, ms[:h]), balancedAnd(c, ms[h:]))
}

func abs(m int) int {
	if m < 0 {
		return -m
	}
	return m
}
