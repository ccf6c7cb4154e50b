package judge

import (
	"encoding/binary"
	"slices"

	"github.com/bopgo/bopgo/tts"
)

// box is a tts.Box: a shared state, the most threads of each listed
// local (max, sorted by local, a local once), and the bound of the
// others. A certificate of the reachable configurations themselves has
// a box per configuration (Workers n=5 k=8: 22,482), and the check
// takes the image of each under each rule it enables, so boxes are
// slices, not maps.
type box struct {
	shared int
	max    []limit
	others int
}

// limit is a local's bound in a box.
type limit struct{ local, max int }

// newBox is the box of limits (of a local listed twice, the last).
func newBox(shared, others int, limits []limit) *box {
	slices.SortStableFunc(limits, func(a, b limit) int { return a.local - b.local })
	b := &box{shared: shared, others: others}
	for i, l := range limits {
		if i+1 < len(limits) && limits[i+1].local == l.local {
			continue
		}
		b.max = append(b.max, l)
	}
	return b
}

func (b *box) bound(l int) int {
	if i, found := slices.BinarySearchFunc(b.max, l, func(x limit, l int) int { return x.local - l }); found {
		return b.max[i].max
	}
	return b.others
}

// within reports a ⊆ b: every local's bound in a is at most its bound
// in b.
func (a *box) within(b *box) bool {
	if a.shared != b.shared || !leq(a.others, b.others) {
		return false
	}
	for i, j := 0, 0; i < len(a.max) || j < len(b.max); {
		switch {
		case j == len(b.max) || i < len(a.max) && a.max[i].local < b.max[j].local:
			if !leq(a.max[i].max, b.others) {
				return false
			}
			i++
		case i == len(a.max) || b.max[j].local < a.max[i].local:
			if !leq(a.others, b.max[j].max) {
				return false
			}
			j++
		default:
			if !leq(a.max[i].max, b.max[j].max) {
				return false
			}
			i, j = i+1, j+1
		}
	}
	return true
}

// key names a box for exact lookups: its shared state, others bound and
// limits, as varints.
func (b *box) key() string {
	k := make([]byte, 0, 4+4*len(b.max))
	k = binary.AppendVarint(k, int64(b.shared))
	k = binary.AppendVarint(k, int64(b.others))
	for _, l := range b.max {
		k = binary.AppendVarint(k, int64(l.local))
		k = binary.AppendVarint(k, int64(l.max))
	}
	return string(k)
}

// imageWithinAt reports whether the image of b (whose others bound is 0)
// under r has at most b's bounds in the locals r moves.
func imageWithinAt(r tts.Rule, b *box) bool {
	targets := passTargets(r)
	for _, x := range moved(r) {
		if !leq(imageBound(r, targets, b, x), b.bound(x)) {
			return false
		}
	}
	return true
}

// image is the smallest box holding every successor under r of a
// configuration of b that enables r.
func image(r tts.Rule, b *box) *box {
	out := &box{shared: r.To.Shared, others: b.others}
	if b.others == inf {
		return out // every count unbounded before, so after
	}
	targets := passTargets(r)
	// Only a local of b, or one r moves threads to, can hold any.
	xs := make([]int, 0, len(b.max)+2+2*len(r.Passes))
	for _, l := range b.max {
		xs = append(xs, l.local)
	}
	xs = append(xs, moved(r)...)
	slices.Sort(xs)
	xs = slices.Compact(xs)
	out.max = make([]limit, 0, len(xs))
	for _, x := range xs {
		if n := imageBound(r, targets, b, x); n != 0 {
			out.max = append(out.max, limit{x, n})
		}
	}
	return out
}

// moved lists the locals where r can change the number of threads:
// its source and target, and a broadcast's listed locals and theirs.
// (A Transfer from a local to itself and a pass from a local to itself
// change nothing; listing them is harmless.)
func moved(r tts.Rule) []int {
	ls := []int{r.From.Local, r.To.Local}
	for _, ps := range r.Passes {
		ls = append(ls, ps.From, ps.To)
	}
	return ls
}

// imageBound is the most threads a successor under r (targets: its
// passes, passTargets) of a configuration of b that enables r has in x,
// where b's others bound is 0: the threads of every local whose threads
// may go to x (x itself, r's source, a broadcast's listed locals), less
// the active thread, which leaves r's source and arrives in its target.
func imageBound(r tts.Rule, targets map[int][]int, b *box, x int) int {
	n := 0
	if r.Kind != tts.Transfer && x == r.To.Local {
		n = 1
	}
	n = plus(n, contribution(r, targets, b, x, x))
	if r.From.Local != x {
		n = plus(n, contribution(r, targets, b, r.From.Local, x))
	}
	for p := range targets {
		if p != x && p != r.From.Local {
			n = plus(n, contribution(r, targets, b, p, x))
		}
	}
	return n
}

// contribution is the most threads of local y in a configuration of b
// that a step under r can leave in x, the active thread aside.
func contribution(r tts.Rule, targets map[int][]int, b *box, y, x int) int {
	if !reaches(r, targets, y, x) {
		return 0
	}
	m := b.bound(y)
	if r.Kind == tts.Move && y == r.From.Local && m != inf {
		m = max(m-1, 0) // the active thread leaves (never -1: that is "any number")
	}
	return m
}

// reaches reports whether a thread found in local y before a step under
// r (targets: its passes) may be in x after it, the active thread
// aside.
func reaches(r tts.Rule, targets map[int][]int, y, x int) bool {
	switch {
	case r.Kind == tts.Transfer && y == r.From.Local:
		return x == r.To.Local
	case r.Kind == tts.Move && targets[y] != nil:
		return slices.Contains(targets[y], x)
	}
	return x == y
}
