package interp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// exact checks what Replay leaves open: every step leads to exactly the
// next state, dead locals included (a free value may be either).
func exact(t *testing.T, prog *bp.Program, opts Options, tr *bp.Trace, what string) {
	t.Helper()
	an := analyse(prog, opts)
	for i := range tr.Steps {
		step := &tr.Steps[i]
		if i == len(tr.Steps)-1 && tr.Kind == bp.AssertionFails {
			break
		}
		next := &tr.Final
		if i+1 < len(tr.Steps) {
			next = &tr.Steps[i+1].Before
		}
		s := fromConcrete(&step.Before)
		s.nextID = 0
		for _, n := range next.Threads {
			if step.Before.Thread(n.ID) == nil {
				s.nextID = int32(n.ID)
			}
		}
		x := &stepper{prog: prog, an: an, bound: 1 << 30}
		found := false
		x.exec(&s, s.find(int32(step.Thread)), stepInfo{}, func(n state, _, _ int, info stepInfo) {
			if int(info.taken) == step.Taken && sameAs(&n, next) {
				found = true
			}
		})
		require.True(t, found, "%s: step %d (%s) does not lead exactly to the next state", what, i,
			prog.Position(&prog.Procs[step.Proc].Steps[step.PC]))
	}
}

func sameAs(u *state, c *bp.State) bool {
	if len(u.threads) != len(c.Threads) {
		return false
	}
	for i, v := range u.globals {
		if v != vX && (v == v1) != c.Globals[i] {
			return false
		}
	}
	for k, ut := range u.threads {
		ct := &c.Threads[k]
		if int(ut.id) != ct.ID || int(ut.proc) != ct.Proc || int(ut.pc) != ct.PC || ut.atomic != ct.Atomic {
			return false
		}
		for i, v := range ut.locals {
			if v != vX && (v == v1) != ct.Locals[i] {
				return false
			}
		}
	}
	return true
}

// TestConcretizeRandom: the engine's counterexamples of random programs,
// made concrete, are exact executions with the engine's schedule.
func TestConcretizeRandom(t *testing.T) {
	n := int64(300)
	if testing.Short() {
		n = 50
	}
	for _, c := range []struct {
		name string
		cfg  gen.Config
	}{{"small", gen.Small}, {"broadcast", gen.SmallBroadcast}} {
		for seed := int64(0); seed < n; seed++ {
			what := c.name + " seed " + itoa(seed)
			prog := load(t, gen.Program(seed, c.cfg))
			for _, bound := range []int{1, 3} {
				opts := Options{MaxThreads: bound}
				r, err := Check(context.Background(), prog, opts)
				require.NoError(t, err)
				if r.Outcome != Unsafe {
					continue
				}
				ct, err := Concretize(prog, opts, r.Trace)
				require.NoError(t, err, what)
				require.Len(t, ct.Steps, len(r.Trace.Steps), what)
				for i := range ct.Steps {
					e, g := &r.Trace.Steps[i], &ct.Steps[i]
					assert.Equal(t, [3]int{e.Proc, e.PC, e.Taken}, [3]int{g.Proc, g.PC, g.Taken}, "%s step %d: the schedule", what, i)
				}
				exact(t, prog, opts, ct, what)
			}
		}
	}
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// A dead target shows the value the constrained step really assigned,
// and a start suppressed by the thread bound becomes a thread that never
// runs, numbered in start order.
func TestConcretizeDeadAndSuppressed(t *testing.T) {
	prog := load(t, `decl g;
void w() begin skip; end
void main() begin
  decl a, b;
  a, b := *, * constrain 'a & 'b;
  b := F;
  start_thread w();
  start_thread goto L;
  assert(g);
L: end_thread;
end
`)
	opts := Options{MaxThreads: 1}
	r, err := Check(context.Background(), prog, opts)
	require.NoError(t, err)
	require.Equal(t, Unsafe, r.Outcome)
	c, err := Concretize(prog, opts, r.Trace)
	require.NoError(t, err)
	exact(t, prog, opts, c, "program")
	// After the constrained step, a (dead from here on) is 1.
	assert.True(t, c.Steps[2].Before.Threads[0].Locals[0], "a after 'a & 'b")
	last := c.Steps[len(c.Steps)-1].Before
	require.Len(t, last.Threads, 3, "both starts are threads")
	assert.Equal(t, []int{0, 1, 2}, []int{last.Threads[0].ID, last.Threads[1].ID, last.Threads[2].ID})
	assert.Equal(t, last.Threads[0].Locals, last.Threads[2].Locals, "start_thread goto copies the creator's locals")
	for _, s := range r.Trace.Steps {
		if prog.Procs[s.Proc].Steps[s.PC].Kind == bp.Spawn {
			assert.True(t, s.Suppressed, "the engine suppressed the starts")
		}
	}
}
