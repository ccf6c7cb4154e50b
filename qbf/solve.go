package qbf

import (
	"context"
	"fmt"
	"time"

	"github.com/bopgo/bopgo/sat"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Solve decides ∀p.Forall ∃p.Exists. p.Matrix.
//
// It returns Unknown, with no error, when ctx is done first. An error
// means the problem is malformed (ErrInvalidProblem) or the solver failed
// internally; the truth value is then Unknown.
func Solve(ctx context.Context, p Problem) (res Result, err error) {
	return SolveWith(ctx, p, Options{})
}

// Options turn parts of the solver off, to measure what each one pays.
// The zero value is the full solver.
type Options struct {
	// NoSplit solves a matrix whose conjuncts share no variable as one
	// part.
	NoSplit bool
	// Gates chooses which Tseitin definitions SolveQDIMACSWith recovers.
	Gates GateMode
}

// GateMode says which definitions of innermost existential variables
// SolveQDIMACSWith rebuilds as circuit gates.
type GateMode int8

// Gate modes.
const (
	GatesAll      GateMode = iota // And/Or patterns and truth tables
	GatesPatterns                 // And/Or patterns only
	GatesNone                     // every variable stays a variable
)

// SolveWith is Solve with parts of the solver turned off.
func SolveWith(ctx context.Context, p Problem, opts Options) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = Result{Reason: "internal error"}
			err = fmt.Errorf("internal error in qbf solve: %v", r)
		}
	}()
	start := time.Now()
	l, err := compile(p)
	if err != nil {
		return Result{Reason: "invalid problem"}, err
	}
	var parts []z.Lit
	if !opts.NoSplit {
		parts = l.components()
	}
	if parts != nil {
		res = solveSplit(ctx, p, l, parts)
	} else {
		res = runCegar(ctx, p, l)
	}
	res.Stats.SATCalls = res.Stats.Candidate.Calls + res.Stats.Check.Calls
	res.Stats.Time = time.Since(start)
	return res, nil
}

// solveOne solves a valid problem without splitting it further.
func solveOne(ctx context.Context, p Problem) Result {
	l, err := compile(p)
	if err != nil {
		// The parts of a valid problem are valid.
		panic(err)
	}
	return runCegar(ctx, p, l)
}

func runCegar(ctx context.Context, p Problem, l *local) Result {
	cg := newCegar(p, l)
	res := cg.run(ctx)
	res.Stats.Candidate = cg.cand.Stats()
	res.Stats.Check = cg.check.Stats()
	return res
}

// cegar holds the two solvers of one Solve.
type cegar struct {
	p Problem
	l *local

	// The candidate solver works on its own circuit, whose inputs xs[i]
	// stand for the variables of p.Forall[i].
	cc   *logic.C
	cand *sat.Solver
	xs   []z.Lit

	// The check solver shares the local circuit and holds the matrix as
	// a unit.
	check *sat.Solver

	// sub maps the local circuit's variables to cc's literals during a
	// refinement; xs entries are filled once, the rest every time.
	sub []z.Lit
	// assume is scratch space for the check solver's assumptions.
	assume []z.Lit
	// clause, stack and stamp are scratch space for refine; stamp[v] ==
	// gen marks cc's variable v as visited in the current refinement.
	clause, stack []z.Lit
	stamp         []uint32
	gen           uint32
}

func newCegar(p Problem, l *local) *cegar {
	cc := logic.NewC()
	cg := &cegar{
		p:     p,
		l:     l,
		cc:    cc,
		cand:  sat.New(cc),
		xs:    make([]z.Lit, len(p.Forall)),
		check: sat.New(l.c),
		sub:   make([]z.Lit, l.c.Len()),
	}
	for i, m := range l.forall {
		cg.xs[i] = cc.Lit()
		cg.sub[m.Var()] = cg.xs[i]
	}
	cg.check.Assert(l.matrix)
	return cg
}

func (cg *cegar) run(ctx context.Context) Result {
	var st Stats
	unknown := func() Result {
		reason := "stopped"
		if err := ctx.Err(); err != nil {
			reason = err.Error()
		}
		return Result{Reason: reason, Stats: st}
	}
	for {
		if ctx.Err() != nil {
			return unknown()
		}
		st.Iterations++
		switch cg.cand.SolveContext(ctx) {
		case sat.Unknown:
			return unknown()
		case sat.Unsat:
			// Every assignment to X is answered by some y seen so far.
			return Result{Truth: True, Stats: st}
		}

		cg.assume = cg.assume[:0]
		for i, x := range cg.xs {
			if !cg.l.inCone[i] {
				continue
			}
			v := cg.l.forall[i]
			if !cg.cand.Value(x) {
				v = v.Not()
			}
			cg.assume = append(cg.assume, v)
		}
		cg.check.Assume(cg.assume...)
		switch cg.check.SolveContext(ctx) {
		case sat.Unknown:
			return unknown()
		case sat.Unsat:
			return Result{Truth: False, Witness: cg.witness(), Stats: st}
		}
		cg.refine()
		st.Refinements++
	}
}

// witness reads the counterexample off the candidate solver's model.
func (cg *cegar) witness() []bool {
	w := make([]bool, len(cg.xs))
	for i, x := range cg.xs {
		if !cg.p.Forall[i].IsPos() {
			x = x.Not()
		}
		w[i] = cg.cand.Value(x)
	}
	return w
}

// refine adds ¬φ(X, y) to the candidate solver, y being the check
// solver's model: from now on the candidate must be an x that this y
// does not answer.
func (cg *cegar) refine() {
	cc := cg.cc
	for _, m := range cg.l.exists {
		v := m.Var()
		if cg.check.Value(m) {
			cg.sub[v] = cc.T
		} else {
			cg.sub[v] = cc.F
		}
	}
	phi := cg.l.substitute(cc, cg.sub)
	cg.cand.Add(cg.negatedConjuncts(phi)...)
}

// negatedConjuncts returns the clause ¬φ as the negations of the leaves
// of φ's top conjunction. The conjunction's own gates are never encoded:
// for a matrix that is a conjunction, as a CNF's is, that saves most new
// variables, and gini rescans every clause in each Solve after the
// variable count grows. Shared subtrees are visited once, as a DAG of
// Ands can have exponentially many paths.
func (cg *cegar) negatedConjuncts(phi z.Lit) []z.Lit {
	cc := cg.cc
	if n := cc.Len(); len(cg.stamp) < n {
		cg.stamp = append(cg.stamp, make([]uint32, n-len(cg.stamp))...)
	}
	cg.gen++
	cg.clause = cg.clause[:0]
	cg.stack = append(cg.stack[:0], phi)
	for len(cg.stack) > 0 {
		m := cg.stack[len(cg.stack)-1]
		cg.stack = cg.stack[:len(cg.stack)-1]
		if m.IsPos() {
			if cg.stamp[m.Var()] == cg.gen {
				continue
			}
			cg.stamp[m.Var()] = cg.gen
			if a, b := cc.Ins(m); a != z.LitNull {
				cg.stack = append(cg.stack, a, b)
				continue
			}
		}
		cg.clause = append(cg.clause, m.Not())
	}
	return cg.clause
}
