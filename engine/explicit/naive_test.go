package explicit

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// naiveSearch is the definition the engine is tested against: breadth-first
// search over concrete states with bp/interp's reference semantics
// (interp.Successors), every initial value enumerated, no symmetry, no
// forgetting of dead locals, one fixed thread bound. It shares no code
// with the engine's search. Its verdict is Unsafe when a violation is
// reachable, Safe when none is and no start met the bound, Unknown when
// one did; ok is false past limit states.
func naiveSearch(t testing.TB, prog *bp.Program, opts interp.Options, bound, limit int) (v engine.Verdict, ok bool) {
	return naiveSearchStack(t, prog, opts, bound, 0, limit)
}

// naiveSearchStack is naiveSearch with a bound on the depth of calls of
// recursive functions (0: none): a call beyond it is not taken, and the
// verdict is then Unknown where no bug was found.
func naiveSearchStack(t testing.TB, prog *bp.Program, opts interp.Options, bound, maxStack, limit int) (v engine.Verdict, ok bool) {
	return naiveSearchBounds(t, prog, opts, naiveBounds{threads: bound, stack: maxStack}, limit)
}

// naiveBounds are the bounds of a naive search: live threads, the depth
// of calls of recursive functions (0: none) and rounds (0: none).
type naiveBounds struct{ threads, stack, rounds, contexts int }

// naiveItem is a state of the naive search: the concrete state, and
// under a bound on rounds the id of the thread whose step counted last
// (-1: none yet) and its round.
type naiveItem struct {
	s                     bp.State
	last, round, switches int
}

// naiveSearchBounds is naiveSearch under bounds b. A step that would
// exceed the bound on rounds is not taken, by the definition of
// Options.Rounds: the threads take turns by id; a step by a thread below
// the one that counted last starts a round; thread 0's steps are outside
// the rounds in Getafix's dialect. A step by another thread than the
// one whose step counted last is a switch under the bound on context
// switches.
func naiveSearchBounds(t testing.TB, prog *bp.Program, opts interp.Options, b naiveBounds, limit int) (v engine.Verdict, ok bool) {
	sem := interp.New(prog, opts)
	targets := prog.Targets(opts.Label)
	seen := map[string]bool{}
	var queue []naiveItem
	push := func(it naiveItem) {
		k := key(&it.s)
		if b.rounds > 0 || b.contexts > 0 {
			k += fmt.Sprintf("|%d|%d|%d", it.last, it.round, it.switches)
		}
		if !seen[k] {
			seen[k] = true
			queue = append(queue, it)
		}
	}
	main := prog.Procs[0]
	n := len(prog.Globals) + len(main.Locals)
	for mask := 0; mask < 1<<n; mask++ {
		s := bp.State{Globals: make([]bool, len(prog.Globals))}
		t := bp.ThreadState{Proc: 0, PC: main.Entry, Locals: make([]bool, len(main.Locals))}
		for i := range s.Globals {
			s.Globals[i] = mask&(1<<i) != 0
		}
		for i := range t.Locals {
			t.Locals[i] = mask&(1<<(len(s.Globals)+i)) != 0
		}
		s.Threads = []bp.ThreadState{t}
		push(naiveItem{s: s, last: -1})
	}
	initOutside := prog.InitThread()
	hit := false
	for head := 0; head < len(queue); head++ {
		if len(queue) > limit {
			return engine.Unknown, false
		}
		it := queue[head]
		s := it.s
		for _, th := range s.Threads {
			if opts.Label != "" && targets[th.Proc][th.PC] {
				return engine.Unsafe, true
			}
		}
		for ti := range s.Threads {
			st := &prog.Procs[s.Threads[ti].Proc].Steps[s.Threads[ti].PC]
			if st.Kind == bp.Spawn && len(s.Threads) >= b.threads {
				hit = true
			}
			if st.Kind == bp.Call && b.stack > 0 && len(s.Threads[ti].Stack) >= b.stack {
				hit = true
				continue
			}
			succs, fails, err := sem.Successors(&s, ti, b.threads)
			require.NoError(t, err)
			next := naiveItem{last: it.last, round: it.round, switches: it.switches}
			if id := s.Threads[ti].ID; b.contexts > 0 && (len(succs) > 0 || fails) {
				if next.last >= 0 && next.last != id {
					next.switches++
				}
				if next.switches > b.contexts {
					hit = true
					continue
				}
				next.last = id
			}
			if id := s.Threads[ti].ID; b.rounds > 0 && (id != 0 || !initOutside) && (len(succs) > 0 || fails) {
				if next.last < 0 || id < next.last {
					next.round++
				}
				if next.round > b.rounds {
					hit = true
					continue
				}
				next.last = id
			}
			if fails {
				return engine.Unsafe, true
			}
			for _, sc := range succs {
				next.s = sc.Next
				push(next)
			}
		}
	}
	if hit {
		return engine.Unknown, true
	}
	return engine.Safe, true
}

// key is s as a string, thread identities and order included.
func key(s *bp.State) string {
	b := make([]byte, 0, 64)
	bit := func(v bool) byte {
		if v {
			return 1
		}
		return 0
	}
	for _, v := range s.Globals {
		b = append(b, bit(v))
	}
	for _, t := range s.Threads {
		b = append(b, 0xff, byte(t.ID), byte(t.Proc), byte(t.PC>>8), byte(t.PC), bit(t.Atomic))
		for _, v := range t.Locals {
			b = append(b, bit(v))
		}
		for _, f := range t.Stack {
			b = append(b, 0xfe, byte(f.Proc), byte(f.PC>>8), byte(f.PC))
			for _, v := range f.Locals {
				b = append(b, bit(v))
			}
		}
	}
	return string(b)
}

// searchAndReplay runs the engine at bound and replays a counterexample
// with bp/interp. The verdict is Unknown for a Safe answer that met the
// bound.
func searchAndReplay(t testing.TB, p *bp.Program, opts Options, bound int, what string) engine.Result {
	t.Helper()
	r, _ := Search(context.Background(), p, opts, bound)
	if r.Verdict == engine.Unsafe {
		require.NotNil(t, r.Counterexample(), what)
		require.NoError(t, judge.Replay(p, interp.Options{Label: opts.Label, Broadcast: opts.Broadcast}, r.Counterexample()), "%s: the counterexample does not replay", what)
	}
	if r.Verdict == engine.Safe && r.BoundHit {
		r.Verdict = engine.Unknown
	}
	return r
}
