package symbolic

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/por"
	"github.com/bopgo/bopgo/sat"
)

// symNode is a stored symbolic state and how it was reached.
type symNode struct {
	st         encode.State
	parent     int
	thread     int // identity of the thread that moved
	proc, pc   int // where it was
	taken      int
	suppressed bool

	// Derived once from st, when the node is made: the history key and
	// the literals subsumption compares (the search reads them for every
	// successor at the same key).
	key  string
	vals []z.Lit

	rp reparamInfo // re-parameterisation (reparam.go)
}

// newNode makes a node, with its key and compared values.
func newNode(st encode.State, parent int) symNode {
	k, order := key(&st)
	return symNode{st: st, parent: parent, thread: -1, taken: -1, key: k, vals: values(&st, order)}
}

type symEngine struct {
	prob     *engine.Problem
	opts     Options
	enc      *encode.Encoder
	solver   *sat.Solver // only with Problem.IncrementalSAT
	nodes    []symNode
	history  map[string][]int // pc-vector key -> stored nodes
	feasible map[z.Lit]bool   // guard -> satisfiable, memoised
	value    func(z.Lit) bool // the model of the last satisfiable query, on inputs
	sub      *subsumer
	por      *por.Info // nil without partial-order reduction
	others   [][2]int  // othersOf's buffer
	stats    *stats
	bytes    int64 // the nodes' memory, as nodeBytes estimates it
}

func (e *symEngine) run(ctx context.Context) engine.Result {
	init := e.enc.Initial()
	e.addNode(newNode(init, -1))
	e.remember(0)
	if r, ok := e.labelAt(0, []int{0}); ok {
		return r
	}
	for head := 0; head < len(e.nodes); head++ {
		if ctx.Err() != nil {
			return engine.Stopped(ctx)
		}
		if e.prob.MaxStates > 0 && len(e.nodes) >= e.prob.MaxStates {
			return engine.Result{Limit: engine.States, Reason: fmt.Sprintf("state limit reached: %d states", e.prob.MaxStates)}
		}
		regions := e.ampleRegions(ctx, head)
		if regions == nil {
			regions = []region{{ample: -1, guard: e.nodes[head].st.Guard}}
		}
		if len(regions) > 1 {
			e.stats.SplitStates++
		}
		for _, reg := range regions {
			if r, decided := e.expandRegion(ctx, head, reg); decided {
				return r
			}
		}
	}
	return engine.Result{Verdict: engine.Safe, Evidence: &engine.Search{States: int64(len(e.nodes))}}
}

// expandRegion expands the part of node head that reg selects: by its
// ample thread alone if the cycle proviso allows, else by every thread.
func (e *symEngine) expandRegion(ctx context.Context, head int, reg region) (engine.Result, bool) {
	s := e.nodes[head].st
	s.Guard = reg.guard
	done := -1 // a thread already expanded
	if reg.ample >= 0 {
		r, decided, allNew := e.expand(ctx, head, &s, reg.ample)
		if decided {
			return r, true
		}
		if allNew {
			e.stats.ReducedExpansions++
			return engine.Result{}, false
		}
		// The cycle proviso: expand the other threads too.
		e.stats.ProvisoExpansions++
		done = reg.ample
	}
	e.stats.FullExpansions++
	holder := s.AtomicHolder()
	for ti := range s.Threads {
		if (holder >= 0 && ti != holder) || ti == done {
			continue
		}
		if r, decided, _ := e.expand(ctx, head, &s, ti); decided {
			return r, true
		}
	}
	return engine.Result{}, false
}

// expand executes the step of thread ti in s, a part of node head, and
// stores the new successors; done reports a decided search (a violation, or Unknown), and
// allNew whether no successor was covered by an already expanded state
// (what the cycle proviso asks of a reduced expansion).
func (e *symEngine) expand(ctx context.Context, head int, s *encode.State, ti int) (res engine.Result, done, allNew bool) {
	th := s.Threads[ti]
	succs, fail := e.enc.Step(s, ti, e.prob.Label == "")
	if fail != z.LitNull && fail != e.enc.C.F {
		switch e.solve(ctx, fail) {
		case sat.Sat:
			tr := e.counterexample(head, &th)
			return engine.Result{Verdict: engine.Unsafe, Reason: "assertion can fail", Evidence: &engine.Execution{Trace: tr}}, true, false
		case sat.Unknown:
			return engine.Stopped(ctx), true, false
		}
	}
	allNew = true
	for _, succ := range succs {
		if succ.State.Guard != s.Guard && !e.isFeasible(ctx, succ.State.Guard) {
			if ctx.Err() != nil {
				return engine.Stopped(ctx), true, false
			}
			continue
		}
		st, rp := e.reparameterise(succ.State, head)
		n := newNode(st, head)
		n.rp = rp
		n.thread, n.proc, n.pc, n.taken, n.suppressed = th.ID, th.Proc, th.PC, succ.Taken, succ.Suppressed
		i := e.addNode(n)
		if r, ok := e.labelAt(i, []int{succ.Moved, succ.Created}); ok {
			return r, true, false
		}
		covered, err := e.sub.covered(ctx, &e.nodes[i], e.stored(e.nodes[i].key))
		if err != nil {
			if ctx.Err() != nil {
				return engine.Stopped(ctx), true, false
			}
			return engine.Result{Reason: err.Error()}, true, false
		}
		if covered {
			e.stats.Subsumed++
			// A covered successor is a possible back edge only if a state
			// stored at its key was already expanded (BFS expands in order).
			if e.expandedAt(e.nodes[i].key, head) {
				allNew = false
			}
			e.nodes = e.nodes[:i]
			continue
		}
		e.remember(i)
	}
	return engine.Result{}, false, allNew
}

// solve asks whether lit is satisfiable; after Sat, value gives the model.
//
// By default each query is solved on a fresh solver holding only the cone
// of lit: the one incremental solver of the search accumulates the clauses
// of every path explored, and measured on random programs each of its
// calls grew to tens of milliseconds (gini propagates over the whole
// database), while a cone is small. Options.IncrementalSAT keeps the
// incremental solver, for comparison.
func (e *symEngine) solve(ctx context.Context, lit z.Lit) int {
	start := time.Now()
	defer func() {
		e.stats.SATCalls++
		e.stats.SATTime += time.Since(start)
	}()
	if e.opts.IncrementalSAT {
		if e.solver == nil {
			e.solver = sat.New(e.enc.C)
		}
		e.solver.Assume(lit)
		r := e.solver.SolveContext(ctx)
		e.value = e.solver.Value
		return r
	}
	dst := logic.NewC()
	inputs := map[z.Var]z.Lit{}
	cp := encode.NewCopier(e.enc.C, dst, func(in z.Lit) z.Lit {
		m := dst.Lit()
		inputs[in.Var()] = m
		return m
	})
	root := cp.Copy(lit)
	s := sat.New(dst)
	s.Assume(root)
	r := s.SolveContext(ctx)
	e.value = func(m z.Lit) bool {
		d, ok := inputs[m.Var()]
		if !ok {
			return false // outside the cone: unconstrained
		}
		return s.Value(d) == m.IsPos()
	}
	return r
}

func (e *symEngine) isFeasible(ctx context.Context, guard z.Lit) bool {
	if guard == e.enc.C.F {
		return false
	}
	if ok, known := e.feasible[guard]; known {
		return ok
	}
	ok := e.solve(ctx, guard) == sat.Sat
	if ctx.Err() == nil {
		e.feasible[guard] = ok
	}
	return ok
}

// labelAt checks the label property on node i, for the threads at the
// given indices (-1 entries are skipped). The node's guard is known to be
// satisfiable.
func (e *symEngine) labelAt(i int, threads []int) (engine.Result, bool) {
	if e.prob.Label == "" {
		return engine.Result{}, false
	}
	st := &e.nodes[i].st
	for _, ti := range threads {
		if ti < 0 || ti >= len(st.Threads) {
			continue
		}
		t := st.Threads[ti]
		if e.prob.Targets[t.Proc][t.PC] {
			if e.solve(context.Background(), st.Guard) != sat.Sat {
				return engine.Result{}, false
			}
			tr := e.counterexample(i, nil)
			return engine.Result{Verdict: engine.Unsafe, Reason: "label " + e.prob.Label + " reached", Evidence: &engine.Execution{Trace: tr}}, true
		}
	}
	return engine.Result{}, false
}

// key is the history key of a state: the program counters of its threads
// (with the atomic flag), in a canonical order that ignores identities.
func key(st *encode.State) (string, []int) {
	order := canonicalOrder(st)
	var b strings.Builder
	for _, i := range order {
		t := &st.Threads[i]
		b.WriteString(strconv.Itoa(t.Proc))
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(t.PC))
		if t.Atomic {
			b.WriteByte('a')
		}
		b.WriteByte(' ')
	}
	return b.String(), order
}

// canonicalOrder sorts thread indices by proc, pc, atomic flag, then
// identity: symmetric threads line up, so states that differ only by
// thread names share a key.
func canonicalOrder(st *encode.State) []int {
	order := make([]int, len(st.Threads))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		x, y := &st.Threads[order[a]], &st.Threads[order[b]]
		if x.Proc != y.Proc {
			return x.Proc < y.Proc
		}
		if x.PC != y.PC {
			return x.PC < y.PC
		}
		if x.Atomic != y.Atomic {
			return !x.Atomic
		}
		return x.ID < y.ID
	})
	return order
}

// expandedAt reports whether some state stored at key k has already been
// expanded, the search being at node head.
func (e *symEngine) expandedAt(k string, head int) bool {
	for _, j := range e.history[k] {
		if j <= head {
			return true
		}
	}
	return false
}

// addNode stores n and returns its index. It keeps the meter's estimate
// of the engine's memory (engine.Meter.SetBytes), by which the portfolio
// holds the engine to its share of the race's memory: the nodes and the
// circuit their formulas live in, which is nearly all the engine holds
// (a heap profile of five mutex workers, k=8: 99% under expand, State
// clones and node slices first).
func (e *symEngine) addNode(n symNode) int {
	e.nodes = append(e.nodes, n)
	e.bytes += nodeBytes(&e.nodes[len(e.nodes)-1])
	e.prob.Meter.SetBytes(e.bytes/sharedSlices + circuitNodeBytes*int64(e.enc.C.Len()))
	return len(e.nodes) - 1
}

// nodeBytes is the memory of a node counting every slice in full: its
// struct, its state's literals and threads, its key and compared values.
func nodeBytes(n *symNode) int64 {
	b := int64(unsafe.Sizeof(*n)) + int64(len(n.key)) + litBytes*int64(len(n.vals)+len(n.st.Globals))
	for _, t := range n.st.Threads {
		b += int64(unsafe.Sizeof(t)) + litBytes*int64(len(t.Locals))
	}
	return b
}

// litBytes is the size of a literal (z.Lit); circuitNodeBytes that of an
// AND node of gini's circuit with its share of the hash table.
//
// sharedSlices: counting every node's slices in full gives about twice
// the live heap after a collection (five mutex workers, k=8: 316 MB
// against 163 MB at 200,000 nodes; six LocalWorkers, k=8: 67 against 34
// MB), as nodes share arrays; the count is divided by it.
const (
	litBytes         = 4
	circuitNodeBytes = 24
	sharedSlices     = 2
)

func (e *symEngine) remember(i int) {
	k := e.nodes[i].key
	e.history[k] = append(e.history[k], i)
	e.stats.States++
	e.prob.Meter.AddStates(1)
}

// stored returns the nodes kept at key k.
func (e *symEngine) stored(k string) []*symNode {
	js := e.history[k]
	out := make([]*symNode, len(js))
	for x, j := range js {
		out[x] = &e.nodes[j]
	}
	return out
}

// tooWide says why the encoder cannot take the program under the
// problem's reading: a monotone broadcast is "some choice of the passive
// thread satisfies it", expanded over its choices, which is bounded.
func tooWide(p *engine.Problem) string {
	if p.Broadcast != bp.Monotone {
		return ""
	}
	for _, proc := range p.Prog.Procs {
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			if st.Broadcast() && st.PassiveChoices > encode.MaxMonotoneChoices {
				return fmt.Sprintf("%s: a broadcast with %d passive choices under the monotone reading, more than the symbolic engine expands (%d)",
					p.Prog.Position(st), st.PassiveChoices, encode.MaxMonotoneChoices)
			}
		}
	}
	return ""
}
