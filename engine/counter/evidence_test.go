package counter

import (
	"slices"
	"testing"

	"github.com/bopgo/bopgo/tts"
)

// checkEvidence re-checks a path step by step with a direct reading of
// the rules (the certificate is checked by the root package's checker).
func checkEvidence(t *testing.T, sys *tts.System, opts Options, res *Result) {
	t.Helper()
	switch res.Verdict {
	case Unsafe:
		if err := verifyPath(sys, opts, res.Path); err != "" {
			t.Fatalf("path: %s", err)
		}
	case Safe:
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
