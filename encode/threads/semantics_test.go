package threads

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestSemanticsAgreesWithInterp: on random programs, every thread state
// of the translation with every valuation of the globals has exactly the
// outcomes of bp/interp's reference semantics (settled), for a
// broadcast with every passive thread state too. The judge checks one
// direction on every proof (each reference outcome has its rule); this
// is the other, that the translation adds no behaviour, which the judge
// allows (it only makes proofs harder) but which would make the counter
// engine report bugs the program does not have.
func TestSemanticsAgreesWithInterp(t *testing.T) {
	plain := gen.Small
	plain.SpawnLoop = true
	bcast := gen.SmallBroadcast
	bcast.SpawnLoop = true
	bcast.Helpers = 0
	n := 30
	if testing.Short() {
		n = 6
	}
	for _, cfg := range []gen.Config{plain, bcast, gen.Small} {
		for seed := int64(1); seed <= int64(n); seed++ {
			src := gen.Program(seed, cfg)
			prog := load(t, src)
			tp, err := Build(t.Context(), prog, "")
			require.NoError(t, err)
			sem := newSemantics(prog, "")
			ref := interp.New(prog, interp.Options{Broadcast: bp.Monotone})
			for li, l := range tp.locals {
				if l.pending > 0 {
					continue
				}
				for g := range 1 << tp.nglob {
					what := fmt.Sprintf("seed %d (broadcast %t), local %d, globals %d\n%s", seed, cfg.Broadcast, li+firstLocal, g, src)
					agree(t, tp, sem, ref, l.t, tp.globals(g), what)
				}
			}
		}
	}
}

// agree compares the outcomes of the step of t on gs, as strings.
func agree(t *testing.T, tp *Program, sem *semantics, ref *interp.Semantics, t0 bp.ThreadState, gs []bool, what string) {
	t.Helper()
	outs, fails, err := sem.outcomes(gs, t0)
	require.NoError(t, err, what)
	bcast := sem.isBroadcast(&t0)
	var mine []string
	for _, o := range outs {
		mine = append(mine, outcomeString(&o, bcast))
	}
	s := bp.State{Globals: gs, Threads: []bp.ThreadState{t0}}
	succs, refFails, err := ref.Successors(&s, 0, 0)
	require.NoError(t, err, what)
	var theirs []string
	for _, sc := range succs {
		o := outcome{globals: sc.Next.Globals, ended: true, taken: sc.Taken}
		for _, nt := range sc.Next.Threads {
			nt.Locals = sem.settle(nt.Proc, nt.PC, nt.Locals)
			if nt.ID == 0 {
				if bcast {
					o.full = sc.Next.Threads[0].Locals
				}
				o.thread, o.ended = nt, false
			} else {
				o.started = &nt
			}
		}
		theirs = append(theirs, outcomeString(&o, bcast))
	}
	slices.Sort(mine)
	slices.Sort(theirs)
	require.Equal(t, slices.Compact(theirs), mine, what)
	require.Equal(t, refFails, fails, what)
	if !bcast {
		return
	}
	// Each passive thread state's outcomes, by active outcome.
	for _, u := range tp.locals {
		if u.pending > 0 || u.t.Atomic {
			continue
		}
		p := u.t
		p.ID = 1
		two := bp.State{Globals: gs, Threads: []bp.ThreadState{t0, p}}
		succs, _, err := ref.Successors(&two, 0, 0)
		require.NoError(t, err, what)
		want := map[string][]string{}
		for _, sc := range succs {
			a := outcome{globals: sc.Next.Globals, full: sc.Next.Threads[0].Locals, thread: sc.Next.Threads[0], taken: -1}
			pu := sc.Next.Threads[1]
			pu.ID = 0
			pu.Locals = sem.settle(pu.Proc, pu.PC, pu.Locals)
			k := outcomeString(&a, true)
			want[k] = append(want[k], fmt.Sprint(pu))
		}
		for i := range outs {
			ps, err := sem.passive(gs, t0, &outs[i], u.t)
			require.NoError(t, err, what)
			if len(ps) == 0 {
				ps = []bp.ThreadState{u.t} // the monotone reading: it stays
			}
			var got []string
			for _, p := range ps {
				got = append(got, fmt.Sprint(p))
			}
			k := outcomeString(&outs[i], true)
			w := want[k]
			slices.Sort(w)
			slices.Sort(got)
			require.Equal(t, slices.Compact(w), got, "%s: passive %v", what, u.t)
		}
	}
}

// outcomeString is an outcome as a comparable string; the full locals
// count only for a broadcast, the thread's settled locals otherwise.
func outcomeString(o *outcome, bcast bool) string {
	th := o.thread
	th.ID = 0
	if bcast {
		th.Locals = o.full
	}
	s := fmt.Sprint(o.globals, o.ended, o.taken)
	if !o.ended {
		s += fmt.Sprint(th.Proc, th.PC, th.Atomic, th.Locals)
	}
	if o.started != nil {
		st := *o.started
		st.ID = 0
		s += fmt.Sprint("+", st)
	}
	return s
}
