package cover

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
)

// checkEvidence re-checks a path step by step with a direct reading of
// the rules (the certificate is checked by the root package's checker).
func checkEvidence(t *testing.T, sys *tts.System, opts Options, res *Result) {
	t.Helper()
	switch res.Verdict {
	case verdict.Unsafe:
		if err := verifyPath(sys, opts, res.Path); err != "" {
			t.Fatalf("path: %s", err)
		}
	case verdict.Safe:
		if res.Cert == nil {
			t.Fatal("safe without certificate")
		}
	}
}

func countOf(l []int, x int) int {
	n := 0
	for _, y := range l {
		if y == x {
			n++
		}
	}
	return n
}

func includes(small, big []int) bool {
	for _, x := range small {
		if countOf(small, x) > countOf(big, x) {
			return false
		}
	}
	return true
}

// verifyPath returns "" when p is a run of sys from an initial
// configuration to one covering the target.
func verifyPath(sys *tts.System, opts Options, p *Path) string {
	if p == nil {
		return "missing"
	}
	st := p.Start
	if st.Shared != opts.Init.Shared || !includes(opts.Init.Bounded, st.Locals) {
		return "start is not initial"
	}
	for _, x := range st.Locals {
		if countOf(opts.Init.Bounded, x) < countOf(st.Locals, x) && !slices.Contains(opts.Init.Unbounded, x) {
			return "start has too many threads in a bounded local"
		}
	}
	threads := len(st.Locals)
	cur := st
	for i, step := range p.Steps {
		r := sys.Rules[step.Rule]
		next := step.After
		if cur.Shared != r.From.Shared || next.Shared != r.To.Shared {
			return "step " + r.String() + ": shared state does not match"
		}
		if !stepOK(r, cur.Locals, next.Locals) {
			return "step " + r.String() + " does not lead to " + next.String() + " from " + cur.String() + " (step " + string(rune('0'+i%10)) + ")"
		}
		if r.Kind == tts.Spawn {
			threads++
		}
		cur = next
	}
	if cur.Shared != opts.Target.Shared || !includes(opts.Target.Bounded, cur.Locals) {
		return "end does not cover the target"
	}
	if threads != p.Threads {
		return "thread count is wrong"
	}
	return ""
}

// stepOK checks one step by matching threads: the after-multiset must be
// obtainable from before by the rule.
func stepOK(r tts.Rule, before, after []int) bool {
	switch r.Kind {
	case tts.Spawn:
		if countOf(before, r.From.Local) == 0 {
			return false
		}
		want := slices.Clone(before)
		want = append(want, r.To.Local)
		slices.Sort(want)
		return slices.Equal(want, after)
	case tts.Transfer:
		want := slices.Clone(before)
		for i := range want {
			if want[i] == r.From.Local {
				want[i] = r.To.Local
			}
		}
		slices.Sort(want)
		return slices.Equal(want, after)
	}
	i := slices.Index(before, r.From.Local)
	if i < 0 {
		return false
	}
	rest := slices.Delete(slices.Clone(before), i, i+1)
	j := slices.Index(after, r.To.Local)
	if j < 0 {
		return false
	}
	restAfter := slices.Delete(slices.Clone(after), j, j+1)
	if len(r.Passes) == 0 {
		return slices.Equal(rest, restAfter)
	}
	// Each passive thread goes to an allowed local: try all matchings
	// (tests keep them small).
	allowed := func(from, to int) bool {
		listed := false
		for _, p := range r.Passes {
			if p.From == from {
				listed = true
				if p.To == to {
					return true
				}
			}
		}
		return !listed && from == to
	}
	used := make([]bool, len(restAfter))
	var match func(k int) bool
	match = func(k int) bool {
		if k == len(rest) {
			return true
		}
		for j := range restAfter {
			if !used[j] && allowed(rest[k], restAfter[j]) {
				used[j] = true
				if match(k + 1) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return len(rest) == len(restAfter) && match(0)
}

// coverableWith reports, by its own breadth-first search, whether some run
// with at most n threads (initial ones plus spawned ones) covers the
// target: the check of Path.Minimal.
func coverableWith(sys *tts.System, opts Options, n int) bool {
	key := func(s int, m []int) string { return fmt.Sprint(s, m) }
	type conf struct {
		s int
		m []int
	}
	var queue []conf
	seen := map[string]bool{}
	push := func(s int, m []int) {
		m = slices.Clone(m)
		slices.Sort(m)
		if k := key(s, m); !seen[k] {
			seen[k] = true
			queue = append(queue, conf{s, m})
		}
	}
	// Initial: the bounded threads plus up to n in the unbounded locals.
	var starts func(i int, m []int)
	starts = func(i int, m []int) {
		if i == len(opts.Init.Unbounded) {
			push(opts.Init.Shared, m)
			return
		}
		for k := 0; len(m)+k <= n; k++ {
			mm := slices.Clone(m)
			for range k {
				mm = append(mm, opts.Init.Unbounded[i])
			}
			starts(i+1, mm)
		}
	}
	if len(opts.Init.Bounded) > n {
		return false
	}
	starts(0, slices.Clone(opts.Init.Bounded))
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c.s == opts.Target.Shared && includes(opts.Target.Bounded, c.m) {
			return true
		}
		for _, r := range sys.Rules {
			if r.From.Shared != c.s {
				continue
			}
			switch r.Kind {
			case tts.Transfer:
				m := slices.Clone(c.m)
				for i := range m {
					if m[i] == r.From.Local {
						m[i] = r.To.Local
					}
				}
				push(r.To.Shared, m)
				continue
			case tts.Spawn:
				if countOf(c.m, r.From.Local) > 0 && len(c.m) < n {
					push(r.To.Shared, append(slices.Clone(c.m), r.To.Local))
				}
				continue
			}
			i := slices.Index(c.m, r.From.Local)
			if i < 0 {
				continue
			}
			rest := slices.Delete(slices.Clone(c.m), i, i+1)
			// Every passive thread independently: all combinations.
			var assign func(k int, out []int)
			assign = func(k int, out []int) {
				if k == len(rest) {
					push(r.To.Shared, append(slices.Clone(out), r.To.Local))
					return
				}
				moved := false
				for _, p := range r.Passes {
					if p.From == rest[k] {
						moved = true
						assign(k+1, append(out, p.To))
					}
				}
				if !moved {
					assign(k+1, append(out, rest[k]))
				}
			}
			assign(0, nil)
		}
	}
	return false
}
