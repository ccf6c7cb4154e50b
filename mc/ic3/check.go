package ic3

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// pdr is the state of one run.
type pdr struct {
	ctx context.Context
	sys *mc.System
	s   *logic.S
	// Either one solver for all levels, with each level's clauses
	// behind the activation literal acts[k] (acts[0] guards Init), or
	// one solver per level (perFrame), whose clauses are all its
	// level's, added as they are (acts[k] is z.LitNull). lifter holds T
	// only.
	perFrame bool
	sh       *shape
	one      *solver
	acts     []z.Lit
	solvers  []*solver
	lifter   *solver
	frames   [][]cube // frames[k]: the cubes blocked at level k (none at 0)
	ready    z.Lit    // readyCopy's latch ready, or z.LitNull
	halted   bool     // the context ended, or the call budget, during a query
	maxCalls int      // opts.MaxSATCalls
	// carried are the obligations blocked at the top level, in the
	// order blocked, with their levels one above it: the next level
	// asks them first (carry).
	carried []*obligation
	cfg     config
	tern    *ternary // xlift's, made on first use
	// rival, in a race, is the number of SAT calls past which another
	// configuration's answer wins (race); nil alone.
	rival *atomic.Int64

	satCalls, learned, seq int
	satTime                time.Duration
}

var _ mc.Engine = Check

// perFrame chooses one solver per frame over one solver for all frames
// (see the package comment for the measurements).
var perFrame = true

// Check decides sys by IC3/PDR (see the package comment). A Safe answer
// carries the inductive invariant, an Unsafe one a trace; the answer is
// Unknown when ctx ends, opts.MaxDepth levels did not suffice or
// opts.MaxSATCalls calls were made.
//
// With opts.Workers of 2 or more, the configurations run at once
// (configs), and of their answers the one found with the fewest SAT
// calls wins (race): the same answer whatever the timing of the two, as
// far as each configuration's own run is the same (solver.go's slices).
// With fewer, one configuration runs (alone).
//
// A system with uninitialised latches is decided on its readyCopy (see
// there) and the answer mapped back.
func Check(ctx context.Context, sys *mc.System, opts mc.Options) mc.Result {
	if n := min(opts.Workers, len(configs)); n > 1 {
		return race(ctx, sys, opts, configs[:n])
	}
	return checkWith(ctx, sys, opts, alone, nil)
}

// checkWith is Check with one configuration; rival is pdr.rival.
func checkWith(ctx context.Context, sys *mc.System, opts mc.Options, cfg config, rival *atomic.Int64) mc.Result {
	rc := newReadyCopy(sys)
	if rc == nil || noReady {
		return checkSystem(ctx, sys, opts, z.LitNull, cfg, rival)
	}
	res := checkSystem(ctx, rc.sys, opts, rc.ready, cfg, rival)
	if res.Trace != nil {
		res.Trace = rc.trace(res.Trace)
	}
	if res.Invariant != nil {
		res.Invariant = rc.invariant(res.Invariant)
	}
	return res
}

// noReady makes Check run on systems as they are: the tests that
// compare the two set it.
var noReady = false

// checkSystem is Check on sys as it is.
func checkSystem(ctx context.Context, sys *mc.System, opts mc.Options, ready z.Lit, cfg config, rival *atomic.Int64) (res mc.Result) {
	p := newPDR(ctx, sys, perFrame)
	p.cfg, p.rival = cfg, rival
	p.ready = ready
	p.maxCalls = opts.MaxSATCalls
	defer func() {
		if r := recover(); r != nil {
			res = mc.Result{Verdict: verdict.Unknown, Reason: fmt.Sprintf("internal error in ic3: %v", r)}
		}
		res.Stats = mc.Stats{SATCalls: p.satCalls, SATTime: p.satTime, Clauses: p.learned}
	}()
	p.newFrame()
	for {
		n := p.top()
		if tr := p.blockCarried(); tr != nil {
			return mc.Result{Verdict: verdict.Unsafe, Trace: tr, Depth: n}
		}
		if p.halted {
			return p.unknown()
		}
		for {
			r, st := p.badState(n)
			if r == 0 {
				return p.unknown()
			}
			if r == -1 {
				break
			}
			root := &obligation{cube: p.lift(st, nil, []z.Lit{sys.Bad.Not()}), level: n}
			if tr := p.block(root); tr != nil {
				return mc.Result{Verdict: verdict.Unsafe, Trace: tr, Depth: n}
			}
			if p.halted {
				return p.unknown()
			}
		}
		p.newFrame()
		if inv, ok := p.propagate(); ok {
			return mc.Result{Verdict: verdict.Safe, Invariant: inv, Depth: p.top()}
		}
		if p.halted {
			return p.unknown()
		}
		if opts.MaxDepth > 0 && n >= opts.MaxDepth {
			return mc.Result{Verdict: verdict.Unknown, Depth: n, Limit: verdict.Depth, Reason: fmt.Sprintf("no answer within %d frames", opts.MaxDepth)}
		}
	}
}

// blockCarried discharges the obligations carried to the top level, the
// oldest first, and returns a counterexample if one reaches the initial
// states. Those blocked again are carried again.
func (p *pdr) blockCarried() *mc.Trace {
	carried := p.carried
	p.carried = nil
	for _, ob := range carried {
		if tr := p.block(ob); tr != nil || p.halted {
			return tr
		}
	}
	return nil
}

func newPDR(ctx context.Context, sys *mc.System, perFrame bool) *pdr {
	p := &pdr{ctx: ctx, sys: sys, s: sys.S, perFrame: perFrame, sh: newShape(sys)}
	p.lifter = newSolver(p.sh)
	init := p.lifter
	if perFrame {
		init = newSolver(p.sh)
		p.solvers = []*solver{init}
	} else {
		p.one = p.lifter
	}
	p.acts = []z.Lit{p.newAct(init)}
	// Level 0 is the initial states: the fixed inits behind acts[0].
	p.frames = [][]cube{nil}
	for _, l := range sys.S.Latches {
		if m := p.initLit(l.Var()); m != z.LitNull {
			init.add([]z.Lit{m}, p.acts[0])
		}
	}
	return p
}

func (p *pdr) unknown() mc.Result {
	limit, reason := verdict.Stopped(p.ctx)
	if limit == verdict.NoLimit {
		reason = "stopped"
		if p.maxCalls > 0 && p.satCalls >= p.maxCalls {
			// A budget of the caller's choosing, not a limit of the check.
			reason = fmt.Sprintf("no answer within %d SAT calls", p.maxCalls)
		}
	}
	return mc.Result{Verdict: verdict.Unknown, Depth: p.top(), Limit: limit, Reason: reason}
}

// propagate pushes each clause to the next level where it holds there
// too. If a level is left without clauses of its own, it equals the next
// and the clauses above it are an inductive invariant (ok).
//
// A clause that does not propagate has a witness: a state of F_k whose
// successor is in its cube. The successor may be in the cubes of other
// clauses of the level too, which then do not propagate either: they are
// skipped without a query of their own (on deep safe runs propagation was
// 40% of the time, most of it such failing queries).
func (p *pdr) propagate() (inv [][]z.Lit, ok bool) {
	for k := 1; k < p.top(); k++ {
		cubes := slices.Clone(p.frames[k])
		stays := make([]bool, len(cubes))
		for i, c := range cubes {
			if stays[i] {
				continue
			}
			switch p.propagates(c, k) {
			case 0:
				return nil, false
			case 1:
				sv, _ := p.at(k)
				for j := i + 1; j < len(cubes); j++ {
					stays[j] = stays[j] || p.successorIn(sv, cubes[j])
				}
			case -1:
				p.frames[k] = slices.DeleteFunc(p.frames[k], func(d cube) bool { return slices.Equal(c, d) })
				p.frames[k+1] = append(p.frames[k+1], c)
				sv, _ := p.at(k + 1)
				sv.add(c.clause(), p.acts[k+1])
			}
		}
		if len(p.frames[k]) == 0 {
			return p.invariant(k + 1), true
		}
	}
	return nil, false
}

// successorIn reports whether the successor state of sv's last model is
// in c. It says no when a next-state function of c has no variable in sv,
// as its value is then not part of the model.
func (p *pdr) successorIn(sv *solver, c cube) bool {
	for _, m := range c {
		nx := p.s.Next(m.Var().Pos())
		if !m.IsPos() {
			nx = nx.Not()
		}
		if !sv.mapped(nx) || !sv.value(nx) {
			return false
		}
	}
	return true
}
