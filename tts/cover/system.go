package cover

import (
	"context"
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// rule is a compiled tts.Rule.
type rule struct {
	idx          int
	kind         tts.Kind
	s, l, s2, l2 int32
	to           map[int32][]int32 // broadcast: p to its q's
	from         map[int32][]int32 // broadcast: q to the p's that may go there
}

// system is the compiled input: dimensions grown to cover the target and
// initial states (locals without rules are legal in bfc's files).
type system struct {
	src            *tts.System
	shared, locals int
	rules          []rule
	byPost         [][]int32 // shared state -> rules entering it
	bySource       map[[2]int32][]int32
	transfersFrom  [][]int32 // shared state -> transfer rules leaving it
	init           initial
	target         ms
	targetShared   int32
}

type initial struct {
	shared    int32
	bounded   ms
	unbounded []int32 // sorted set
}

func (in *initial) isUnbounded(l int32) bool {
	_, ok := slices.BinarySearch(in.unbounded, l)
	return ok
}

// covers reports whether some initial configuration covers m at shared s.
func (in *initial) covers(s int32, m ms) bool {
	if s != in.shared {
		return false
	}
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		if !in.isUnbounded(m[i]) && j-i > in.bounded.count(m[i]) {
			return false
		}
		i = j
	}
	return true
}

// compile is sys in the searches' form, with its rules indexed; ctx's
// error when ctx ends first.
func compile(ctx context.Context, sys *tts.System, opts Options) (*system, error) {
	if len(opts.Target.Unbounded) > 0 {
		return nil, ErrTarget
	}
	c := &system{src: sys, shared: sys.Shared, locals: sys.Locals}
	grow := func(st tts.State) {
		c.shared = max(c.shared, st.Shared+1)
		for _, l := range append(slices.Clone(st.Bounded), st.Unbounded...) {
			c.locals = max(c.locals, l+1)
		}
	}
	grow(opts.Init)
	grow(opts.Target)
	c.init = initial{shared: int32(opts.Init.Shared), bounded: toMS(opts.Init.Bounded)}
	for _, u := range opts.Init.Unbounded {
		c.init.unbounded = append(c.init.unbounded, int32(u))
	}
	slices.Sort(c.init.unbounded)
	c.target, c.targetShared = toMS(opts.Target.Bounded), int32(opts.Target.Shared)
	c.byPost = make([][]int32, c.shared)
	c.transfersFrom = make([][]int32, c.shared)
	c.bySource = map[[2]int32][]int32{}
	// Sized at once: grown by doubling, the copies of hundreds of
	// thousands of rules (which hold maps) took a second on scaled-0423
	// and, as the garbage collector cannot interrupt a copy, stalled the
	// engines racing beside it.
	c.rules = make([]rule, 0, len(sys.Rules))
	for i, r := range sys.Rules {
		// Polled like a search's steps: half a million rules take most
		// of a second, which the portfolio's schedule must not wait for.
		if i&compilePollEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		cr := rule{idx: i, kind: r.Kind, s: int32(r.From.Shared), l: int32(r.From.Local), s2: int32(r.To.Shared), l2: int32(r.To.Local)}
		if len(r.Passes) > 0 {
			cr.to, cr.from = map[int32][]int32{}, map[int32][]int32{}
			for _, p := range r.Passes {
				cr.to[int32(p.From)] = append(cr.to[int32(p.From)], int32(p.To))
				cr.from[int32(p.To)] = append(cr.from[int32(p.To)], int32(p.From))
			}
		}
		c.rules = append(c.rules, cr)
		c.byPost[cr.s2] = append(c.byPost[cr.s2], int32(i))
		if r.Kind == tts.Transfer {
			c.transfersFrom[cr.s] = append(c.transfersFrom[cr.s], int32(i))
		} else {
			k := [2]int32{cr.s, cr.l}
			c.bySource[k] = append(c.bySource[k], int32(i))
		}
	}
	return c, nil
}

// compilePollEvery+1 is how many rules compile makes between two polls
// of the context.
const compilePollEvery = 1023

func (c *system) hasBroadcast() bool {
	for i := range c.rules {
		if c.rules[i].to != nil {
			return true
		}
	}
	return false
}
