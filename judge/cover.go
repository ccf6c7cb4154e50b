package judge

import (
	"fmt"

	"github.com/bopgo/bopgo/tts"
)

// Coverability is the question that was answered.
type Coverability struct {
	System       *tts.System
	Init, Target tts.State
}

// counts is a configuration as a count per local.
type counts map[int]int

func countsOf(locals []int) counts {
	c := counts{}
	for _, l := range locals {
		c[l]++
	}
	return c
}

// geq reports c >= d pointwise.
func (c counts) geq(d counts) bool {
	for l, n := range d {
		if c[l] < n {
			return false
		}
	}
	return true
}

func (c counts) clone() counts {
	d := make(counts, len(c))
	for l, n := range c {
		if n > 0 {
			d[l] = n
		}
	}
	return d
}

func (c counts) equal(d counts) bool { return c.geq(d) && d.geq(c) }

func (p Coverability) unbounded(l int) bool {
	for _, u := range p.Init.Unbounded {
		if u == l {
			return true
		}
	}
	return false
}

// passTargets lists, for a broadcast, where a passive thread in each
// listed local may go.
func passTargets(r tts.Rule) map[int][]int {
	if len(r.Passes) == 0 {
		return nil // a plain move's: nothing listed
	}
	t := map[int][]int{}
	for _, ps := range r.Passes {
		t[ps.From] = append(t[ps.From], ps.To)
	}
	return t
}

// CheckPath replays path and checks that it starts in an initial
// configuration, follows the rules, counts its threads right and ends
// covering the target.
func (p Coverability) CheckPath(path *tts.Path) error {
	if path == nil {
		return fmt.Errorf("no path")
	}
	start := countsOf(path.Start.Locals)
	if path.Start.Shared != p.Init.Shared {
		return fmt.Errorf("start: shared state %d is not the initial %d", path.Start.Shared, p.Init.Shared)
	}
	bounded := countsOf(p.Init.Bounded)
	for l, n := range start {
		if !p.unbounded(l) && n != bounded[l] {
			return fmt.Errorf("start: %d threads in local %d, not initial", n, l)
		}
	}
	for l, n := range bounded {
		if start[l] != n {
			return fmt.Errorf("start: %d threads in local %d, want %d", start[l], l, n)
		}
	}
	threads := len(path.Start.Locals)
	cur, shared := start, path.Start.Shared
	for i, st := range path.Steps {
		if st.Rule < 0 || st.Rule >= len(p.System.Rules) {
			return fmt.Errorf("step %d: no rule %d", i+1, st.Rule)
		}
		r := p.System.Rules[st.Rule]
		next := countsOf(st.After.Locals)
		if r.From.Shared != shared || r.To.Shared != st.After.Shared {
			return fmt.Errorf("step %d (line %d): shared states %d -> %d do not match the rule", i+1, r.Line, shared, st.After.Shared)
		}
		if !stepValid(r, cur, next) {
			return fmt.Errorf("step %d (line %d, %s): not a successor", i+1, r.Line, r.String())
		}
		if r.Kind == tts.Spawn {
			threads++
		}
		cur, shared = next, st.After.Shared
	}
	if shared != p.Target.Shared || !cur.geq(countsOf(p.Target.Bounded)) {
		return fmt.Errorf("the last configuration does not cover the target %v", p.Target)
	}
	if threads != path.Threads {
		return fmt.Errorf("the path has %d threads, not %d", threads, path.Threads)
	}
	return nil
}

// stepValid reports whether next is a successor of cur under r.
func stepValid(r tts.Rule, cur, next counts) bool {
	want := cur.clone()
	switch r.Kind {
	case tts.Spawn:
		if cur[r.From.Local] == 0 {
			return false
		}
		want[r.To.Local]++
		return want.equal(next)
	case tts.Transfer:
		if r.From.Local != r.To.Local {
			want[r.To.Local] += want[r.From.Local]
			delete(want, r.From.Local)
		}
		return want.equal(next)
	}
	if cur[r.From.Local] == 0 || next[r.To.Local] == 0 {
		return false
	}
	want[r.From.Local]--
	after := next.clone()
	after[r.To.Local]--
	if len(r.Passes) == 0 {
		return want.equal(after)
	}
	return transportable(want, after, passTargets(r))
}

// transportable reports whether the threads of from can be sent to fill
// to exactly, a thread in a listed local going to one of its targets and
// any other thread staying: a maximum flow that must saturate.
func transportable(from, to counts, targets map[int][]int) bool {
	need := to.clone()
	supply := counts{}
	total := 0
	for l, n := range from {
		if n == 0 {
			continue
		}
		if _, listed := targets[l]; !listed {
			if need[l] < n {
				return false
			}
			need[l] -= n
			continue
		}
		supply[l] = n
		total += n
	}
	rest := 0
	for _, n := range need {
		rest += n
	}
	if rest != total {
		return false
	}
	return saturates(supply, need, targets)
}

// saturates reports whether a flow from the sources (supply: threads
// per listed local) to the sinks (need: threads per local), along the
// edges of targets, carries every supplied thread.
func saturates(supply, need counts, targets map[int][]int) bool {
	// Augmenting paths over (source local, target local) edges of
	// unbounded capacity; flows are thread counts.
	flow := map[[2]int]int{}
	filled := counts{}
	used := counts{}
	for {
		// BFS from sources with supply left to a target with need left.
		type hop struct{ node, from int } // node >= 0: source local; node < 0: ^target local
		prev := map[int]hop{}
		var queue []int
		for l, n := range supply {
			if used[l] < n {
				prev[l] = hop{l, l}
				queue = append(queue, l)
			}
		}
		end := 0
		found := false
		for len(queue) > 0 && !found {
			u := queue[0]
			queue = queue[1:]
			if u >= 0 {
				for _, q := range targets[u] {
					v := ^q
					if _, ok := prev[v]; !ok {
						prev[v] = hop{v, u}
						if filled[q] < need[q] {
							end, found = v, true
							break
						}
						queue = append(queue, v)
					}
				}
				continue
			}
			q := ^u
			for pair, f := range flow {
				if pair[1] == q && f > 0 {
					if _, ok := prev[pair[0]]; !ok {
						prev[pair[0]] = hop{pair[0], u}
						queue = append(queue, pair[0])
					}
				}
			}
		}
		if !found {
			break
		}
		for v := end; ; {
			h := prev[v]
			if h.from == v {
				used[v]++
				break
			}
			if v < 0 {
				flow[[2]int{h.from, ^v}]++
			} else {
				flow[[2]int{v, ^h.from}]--
			}
			v = h.from
		}
		filled[^end]++
	}
	for l, n := range supply {
		if used[l] != n {
			return false
		}
	}
	return true
}
