package cover

import (
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// concretize turns the Karp–Miller search's path to a node covering the
// target into a concrete path, for systems of moves and spawns only
// (bfc's forward search stops at such a node; bopgo must show a run).
//
// The path's rules make a word in which every acceleration becomes a
// repetition: a rule taken any number of times at once is taken k times,
// and the steps since an ancestor that a node was accelerated against
// are taken k times in all, k the node's multiplier. Without broadcasts
// and transfers a system is a Petri net: if steps lead from a to a' >= a
// they can be taken again from a' (monotony), and each round adds what
// the first did, so for multipliers large enough the word runs and ends
// above the target. The multipliers start at 1; when the word runs out
// of threads in a local, or ends short of the target in one, the
// multipliers of the nodes that made that local unbounded are doubled
// (only those: raising every multiplier alike would also raise what
// later repetitions consume), until the word runs or passes maxWord.
//
// Threads that the initial state allows in unbounded locals are added to
// the start as the word needs them: without broadcasts and transfers a
// thread that is not moved does nothing, so this is sound.
func (c *system) concretize(hit *kmNode) *Path {
	if hit == nil || c.hasBroadcast() || c.hasTransfer() {
		return nil
	}
	var chain []*kmNode
	for n := hit; n != nil; n = n.parent {
		chain = append(chain, n)
	}
	slices.Reverse(chain)
	mult := make([]int, len(chain))
	for i := range mult {
		mult[i] = 1
	}
	for range maxRepairs {
		word, at, ok := c.word(chain, mult)
		if !ok {
			return nil
		}
		p, short := c.run(word)
		if p != nil {
			return c.shrink(chain, mult, p)
		}
		// The nodes before the failure that made the short local
		// unbounded produce it: give them more rounds.
		last := len(chain)
		if short.pos >= 0 {
			i, _ := slices.BinarySearch(at, short.pos+1) // the node being emitted
			last = i + 1
		}
		raised := false
		for i := 1; i < last && i < len(chain); i++ {
			if chain[i].unbounded(short.local) && !chain[i-1].unbounded(short.local) {
				mult[i] *= 2
				raised = true
			}
		}
		if !raised {
			return nil
		}
	}
	return nil
}

// shrink lowers each multiplier, one node at a time, to the least that
// still gives a run (doubling overshoots), for a path with fewer threads
// and steps; p is the run with mult as it is.
func (c *system) shrink(chain []*kmNode, mult []int, p *Path) *Path {
	for i := range mult {
		lo, hi := 1, mult[i] // hi works
		for lo < hi {
			mid := (lo + hi) / 2
			mult[i] = mid
			if w, _, ok := c.word(chain, mult); ok {
				if q, _ := c.run(w); q != nil {
					hi, p = mid, q
					continue
				}
			}
			lo = mid + 1
		}
		mult[i] = hi
	}
	if w, _, ok := c.word(chain, mult); ok {
		if q, _ := c.run(w); q != nil {
			p = q
		}
	}
	return p
}

// maxRepairs and maxWord bound concretize's search.
const (
	maxRepairs = 64
	maxWord    = 1 << 20
)

// shortage is where a word ran out of threads: the word position (-1:
// at the end, short of the target) and the local.
type shortage struct {
	pos   int
	local int32
}

func (c *system) hasTransfer() bool {
	for i := range c.rules {
		if c.rules[i].kind == tts.Transfer {
			return true
		}
	}
	return false
}

// word is the rule sequence of chain (root first) with every
// acceleration repeated by its node's multiplier, and the word position
// after each node; false when it passes maxWord.
func (c *system) word(chain []*kmNode, mult []int) (w []int32, at []int, ok bool) {
	at = make([]int, len(chain))
	for i, n := range chain {
		if i == 0 {
			continue
		}
		times := 1
		if n.repeated {
			times = mult[i]
		}
		for range times {
			w = append(w, n.rule)
		}
		for _, a := range n.loops {
			from := slices.Index(chain[:i], a)
			if from < 0 {
				return nil, nil, false // not on the chain: cannot happen
			}
			seg := slices.Clone(w[at[from]:])
			for range mult[i] - 1 {
				w = append(w, seg...)
				if len(w) > maxWord {
					return nil, nil, false
				}
			}
		}
		if len(w) > maxWord {
			return nil, nil, false
		}
		at[i] = len(w)
	}
	return w, at, true
}

// run fires word from the initial configuration, adding threads to the
// start in unbounded initial locals where a rule needs one, and returns
// the path if every rule fires and the end covers the target, or else
// where it fell short.
func (c *system) run(word []int32) (*Path, shortage) {
	extra := map[int32]int{} // threads added to the start, per local
	count := map[int32]int{}
	for _, l := range c.init.bounded {
		count[l]++
	}
	s := c.init.shared
	for i, ri := range word {
		r := &c.rules[ri]
		if r.s != s {
			return nil, shortage{pos: i, local: -1}
		}
		if count[r.l] == 0 {
			if !c.init.isUnbounded(r.l) {
				return nil, shortage{pos: i, local: r.l}
			}
			extra[r.l]++
			count[r.l]++
		}
		if r.kind == tts.Move {
			count[r.l]--
		}
		count[r.l2]++
		s = r.s2
	}
	if s != c.targetShared {
		return nil, shortage{pos: -1, local: -1}
	}
	for _, l := range c.target {
		if count[l] < c.target.count(l) {
			return nil, shortage{pos: -1, local: l}
		}
	}
	// Again, from the start with the added threads, writing the path.
	start := slices.Clone(c.init.bounded)
	for l, n := range extra {
		for range n {
			start = append(start, l)
		}
	}
	slices.Sort(start)
	cur, s := start, c.init.shared
	p := &Path{Start: Config{int(s), start.ints()}, Threads: len(start)}
	for _, ri := range word {
		r := &c.rules[ri]
		if r.kind == tts.Move {
			cur = cur.removeOne(r.l)
		} else {
			p.Threads++
		}
		cur = cur.add(r.l2)
		s = r.s2
		p.Steps = append(p.Steps, Step{Rule: r.idx, After: Config{int(s), cur.ints()}})
	}
	return p, shortage{}
}
