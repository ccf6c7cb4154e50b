package cover

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
)

// Algorithm selects the backward search's pruning.
type Algorithm int

const (
	// Accelerated runs the Karp–Miller forward search (karpmiller.go)
	// first: its result proves safety when it misses the target, and
	// otherwise prunes the backward search (the default).
	Accelerated Algorithm = iota
	// Pruned is backward reachability that drops elements outside the
	// thread-modular forward invariant.
	Pruned
	// Plain is backward reachability without pruning, for comparison.
	Plain
)

func (a Algorithm) String() string {
	return [...]string{"accelerated", "pruned", "plain"}[a]
}

// Options says what to decide.
type Options struct {
	// Init is the initial state: Bounded threads plus any number in each
	// Unbounded local ("0|0": one thread in local 0; "0/0": any number).
	Init tts.State
	// Target is the state to cover; it must have no Unbounded locals.
	Target    tts.State
	Algorithm Algorithm
	// ForwardBudget bounds the configurations the bounded forward search
	// visits, before the backward search and again afterwards to make an
	// Unsafe path minimal. 0 means 50,000; negative turns it off.
	ForwardBudget int
	// MaxElements bounds the backward search's elements, and the counts
	// of the invariant that prunes it (0: no limit).
	MaxElements int
	// AccelerationBudget bounds the nodes the Karp–Miller search keeps
	// (0: 200,000); past it the thread-modular invariant prunes instead.
	AccelerationBudget int
}

// Config is a configuration: a shared state and a sorted multiset of
// locals, one entry a thread.
type Config struct {
	Shared int
	Locals []int
}

func (c Config) String() string {
	return fmt.Sprintf("%d|%s", c.Shared, toMS(c.Locals).String())
}

// Step is one rule application and the configuration after it.
type Step struct {
	Rule  int // index in System.Rules
	After Config
}

// Path is a run from an initial configuration to one covering the target.
type Path struct {
	Start Config
	Steps []Step
	// Threads is the number of threads on the path: those of Start plus
	// one per spawn.
	Threads int
	// Minimal: every run with fewer threads was searched and none covers
	// the target.
	Minimal bool
}

// Certificate is the evidence of Safe: U = the upward closure of Basis,
// I = the union of the Boxes (each the configurations at its shared state
// with at most so many threads in each local). I holds every initial
// configuration and is closed under successors; U holds no initial
// configuration; every predecessor of U is in U or outside I; the target
// is in U or outside I. So U ∪ ¬I is an upward-closed set, closed under
// predecessors, holding the target and no initial configuration.
type Certificate struct {
	Basis []Config
	Boxes []Box
}

// Box is the configurations at Shared with at most Max threads in each
// listed local (-1: any number) and at most Others in every other local
// (0 or -1).
type Box struct {
	Shared int
	Bounds []Bound // sorted by Local
	Others int
}

// Bound is one local's limit in a Box.
type Bound struct{ Local, Max int }

// Stats counts the work done.
type Stats struct {
	Elements int // backward elements created
	Basis    int // size of the final basis
	Pruned   int // backward elements dropped by the invariant
	Forward  int // configurations the forward search visited
	Bound    int // largest thread bound searched exhaustively forward
	// Accelerated is the number of nodes the Karp–Miller search kept
	// (0: not run); AcceleratedComplete says it ran to its end.
	Accelerated         int
	AcceleratedComplete bool
	// MetForward: the backward search ended at an element that a
	// configuration of the forward search covers (projections.go).
	MetForward bool
	// Concretized: the path is the Karp–Miller search's, made concrete
	// (concretize.go).
	Concretized bool
}

// Result is Check's answer. Every Unknown Result has a limit, set where
// the search hit it (a search that nothing stops decides): verdict.States
// at Options.MaxElements, verdict.Time at the context's deadline,
// verdict.Cancelled when it was cancelled (its cause is in Reason).
type Result struct {
	Verdict verdict.Verdict
	Limit   verdict.Limit // for Unknown: what stopped the search
	Reason  string        // for Unknown: why, in words
	Path    *Path
	Cert    *Certificate
	Stats   Stats
}

// ErrTarget says the target is not a plain multiset.
var ErrTarget = errors.New("target must not have unbounded locals")

// quickThreads bounds the forward search that runs before the backward
// one: past a few threads the backward search is the better bug finder.
const quickThreads = 6

// interleave runs the Karp–Miller search and the backward search by
// turns, each turn twice as long as the last, until one decides. A
// Karp–Miller search that ends without covering the target proves
// safety; one that ends covering it still bounds the reachable
// configurations, and from then on the backward search is pruned by it
// too. On one core this costs at most about twice the better of the two:
// the backward search alone proves ijit's PrngSimp-L #2 in 6,088 bfc
// iterations where the Karp–Miller search does not end within 200,000
// nodes, and the Karp–Miller search alone proves wahl-kroening's
// Function_Pointer3 #3 where the backward search runs out of time.
func interleave(ctx context.Context, c *system, bw *backward, limit int) (outcome, *karpMiller) {
	if limit == 0 {
		limit = 200_000
	}
	km := newKarpMiller(c, limit)
	// Turns are measured in operations each search counts (work), so
	// that both get about the same time, deterministically.
	for turn := 20_000; ; turn *= 2 {
		if !km.complete && !km.stopped {
			km.advance(ctx, turn)
			if km.complete {
				if !km.target {
					return outcome{verdict: verdict.Safe}, km
				}
				if km.path = c.concretize(km.hit); km.path != nil {
					return outcome{verdict: verdict.Unsafe}, km
				}
				bw.inv = intersection{bw.inv, km}
			}
		}
		// The Karp–Miller search stops quietly at its node budget or an
		// ended context; the backward search then goes on alone, and
		// reports the context's end itself.
		if out := bw.advance(ctx, turn); out.done() {
			return out, km
		}
	}
}

// Check decides whether the target is coverable from the initial state.
func Check(ctx context.Context, sys *tts.System, opts Options) (*Result, error) {
	c, err := compile(ctx, sys, opts)
	if err != nil {
		if ctx.Err() != nil {
			o := stoppedBy(ctx)
			return &Result{Limit: o.limit, Reason: o.reason}, nil
		}
		return nil, err
	}
	budget := opts.ForwardBudget
	if budget == 0 {
		// Measured on ijit's QRCU-4 #20-#27 (bugs with 4 and 5
		// threads): 50,000 takes 1.0 s in all, 200,000 2.6 s; the
		// backward search meets the smaller forward search as well.
		budget = 50_000
	}
	res := &Result{}
	fw := newForward(c)
	if budget > 0 && quickForward(ctx, c, fw, budget, res) {
		return res, nil
	}
	var inv overapprox
	if opts.Algorithm != Plain {
		if i := c.invariant(ctx, opts.MaxElements); i != nil {
			inv = i
		} // else ctx ended (the backward search stops at once), or the
		// invariant grew past the element bound (the backward search
		// goes on without it, within the bound)
	}
	bw := newBackward(c, inv, opts.MaxElements)
	if len(fw.reached) > 0 {
		bw.known = newProjections(fw.reached)
	}
	var out outcome
	var found *Path // a path the Karp–Miller search made concrete
	if opts.Algorithm == Accelerated {
		var km *karpMiller
		out, km = interleave(ctx, c, bw, opts.AccelerationBudget)
		found = km.path
		res.Stats.Accelerated, res.Stats.AcceleratedComplete = km.created, km.complete
		if km.complete && !km.target {
			res.Verdict = verdict.Safe
			res.Cert = &Certificate{Boxes: km.boxes()}
			res.Stats.Forward, res.Stats.Bound = fw.visited, fw.done
			return res, nil
		}
		inv = bw.inv
	} else {
		out = bw.run(ctx)
	}
	res.Stats.Elements, res.Stats.Basis, res.Stats.Pruned = bw.created, len(bw.live), bw.pruned
	switch out.verdict {
	case verdict.Safe:
		res.Verdict = verdict.Safe
		res.Cert = bw.certificate(inv)
	case verdict.Unsafe:
		res.Stats.MetForward = bw.met >= 0
		res.Stats.Concretized = found != nil
		p, err := unsafePath(ctx, c, fw, bw, out, found, budget)
		if err != nil {
			return nil, err
		}
		res.Verdict, res.Path = verdict.Unsafe, p
	default:
		res.Limit, res.Reason = out.limit, out.reason
	}
	res.Stats.Forward, res.Stats.Bound = fw.visited, fw.done
	return res, nil
}

// quickForward looks for quick bugs first: a forward search with 1, 2,
// 3... threads, within budget configurations, finds shallow bugs with a
// minimal number of threads. It reports whether it decided, with res
// the answer.
func quickForward(ctx context.Context, c *system, fw *forward, budget int, res *Result) bool {
	p := fw.search(ctx, quickThreads, budget)
	res.Stats.Forward, res.Stats.Bound = fw.visited, fw.done
	if p != nil {
		res.Verdict, res.Path = verdict.Unsafe, p
		return true
	}
	// Finitely many configurations, all seen: their downward closure is
	// an invariant without the target. (With broadcasts a box's
	// successors are no box of it; then backward decides.)
	if fw.complete && !c.hasBroadcast() {
		res.Verdict = verdict.Safe
		res.Cert = &Certificate{Boxes: fw.boxes()}
		return true
	}
	return false
}

// unsafePath is the path of an Unsafe answer of the backward search: the
// one the Karp–Miller search made concrete (found), else the backward
// chain replayed from where it met the forward search, or from the
// start; then, if the bound allows, one with fewer threads.
func unsafePath(ctx context.Context, c *system, fw *forward, bw *backward, out outcome, found *Path, budget int) (*Path, error) {
	p := found
	var err error
	switch {
	case found != nil:
	case bw.met >= 0:
		start, s, cur := fw.pathTo(fw.reached, bw.met)
		p, err = c.replayFrom(start, s, cur, out.chain)
	default:
		p, err = c.replay(out.chain)
	}
	if err != nil {
		return nil, fmt.Errorf("cover: internal error: %w", err)
	}
	// A path with fewer threads, if the bound allows, from the forward
	// search continued up to one below the path's threads. The answer is
	// known by now, and a minimal number of threads is worth more search
	// than a quick bug: eight times the budget (ijit's QRCU-4 #22-#27,
	// bugs with 5 threads, are shown minimal with it, not with the
	// budget alone).
	if budget > 0 && fw.done < p.Threads-1 {
		if q := fw.search(ctx, p.Threads-1, 8*budget); q != nil {
			p = q
		}
	}
	p.Minimal = p.Minimal || fw.done >= p.Threads-1
	return p, nil
}

// pollEvery+1 is how many steps of a search (a backward element, a
// forward state, a Karp–Miller node) go between two polls of the
// context. A step can take milliseconds on a large basis, and the
// portfolio's schedule reads its clock only every few polls
// (race/schedule.go), so polling every 1,024 steps let the counter engine keep
// a core for seconds beyond its turn (six LocalWorkers, k=8: 15.3 s on a
// core where each of the others had 7.5 s); a poll costs far less than a
// step.
const pollEvery = 15
