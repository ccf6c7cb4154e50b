package bp_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// globalLiveAt returns, for the first step of proc whose text is text,
// whether each of the globals named is live there.
func globalLiveAt(t *testing.T, p *bp.Program, proc, text string, globals ...string) []bool {
	t.Helper()
	live := p.GlobalLive()
	for pi, pr := range p.Procs {
		if pr.Name != proc {
			continue
		}
		for pc := range pr.Steps {
			if pr.Steps[pc].Text != text {
				continue
			}
			var out []bool
			for _, g := range globals {
				i := slices.Index(p.Globals, g)
				require.GreaterOrEqual(t, i, 0, g)
				out = append(out, live[pi][pc].Has(i))
			}
			return out
		}
	}
	t.Fatalf("no step %q in %s", text, proc)
	return nil
}

// A global is live where some path reads it before a write: the thread's
// own, and a thread it starts (from its entry). (Calls that stay calls,
// of recursive functions, have every global live: TestGlobalLiveClosed.)
func TestGlobalLive(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("g.bp", []byte(`decl g, h, k;
void f() begin
  k := F;
end
void w() begin
  h := g;
end
void main() begin
  g := T;
  h := g;
  g := F;
  k := T;
  start_thread w();
  g := T;
  f();
  assert(h);
end`))
	require.NoError(t, err)
	// Before h := g, g is read next; h is written first.
	assert.Equal(t, []bool{true, false}, globalLiveAt(t, p, "main", "h := g", "g", "h"))
	// g := F writes g before anything reads it; h is read by the assert.
	assert.Equal(t, []bool{false, true}, globalLiveAt(t, p, "main", "g := F", "g", "h"))
	// The start reads g in the new thread, whose h := g then writes h:
	// h is still live, for main's assert.
	assert.Equal(t, []bool{true, true, false}, globalLiveAt(t, p, "main", "start_thread w()", "g", "h", "k"))
	// f is not recursive, so it is inlined: its k := F writes k, which
	// is dead at main's k := T and at the call.
	assert.Equal(t, []bool{false}, globalLiveAt(t, p, "main", "k := T", "k"))
	assert.Equal(t, []bool{false, true, false}, globalLiveAt(t, p, "main", "f()", "g", "h", "k"))
}

// GlobalLive is closed under every step of random programs of every
// family: a global a step reads is live there, one live after it that it
// does not write is live before, a thread start has live what its new
// thread has, and a call or a return has every global live. That is what
// makes forgetting a global that no thread has live sound.
func TestGlobalLiveClosed(t *testing.T) {
	t.Parallel()
	n := gen.Count(30, 5)
	for _, f := range gen.Families {
		for seed := int64(1); seed <= int64(n); seed++ {
			src := f.Program(seed)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "%s seed %d", f.Name, seed)
			if err := globalLiveClosed(p); err != nil {
				t.Fatalf("%s seed %d: %v\n%s", f.Name, seed, err, src)
			}
		}
	}
}

func globalLiveClosed(p *bp.Program) error {
	live := p.GlobalLive()
	for pi, proc := range p.Procs {
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			at := live[pi][pc]
			var err error
			need := func(g int, why string) {
				if err == nil && !at.Has(g) {
					err = fmt.Errorf("%s pc %d (%s): %s not live, but %s", proc.Name, pc, st.Text, p.Globals[g], why)
				}
			}
			st.Reads(func(r bp.VarRef) {
				if r.Scope == bp.Global {
					need(r.Index, "read")
				}
			})
			written := map[int]bool{}
			for _, r := range st.Targets {
				if r.Scope == bp.Global {
					written[r.Index] = true
				}
			}
			for g := range p.Globals {
				for _, s := range proc.Succs(pc) {
					if live[pi][s].Has(g) && !written[g] {
						need(g, "live after")
					}
				}
				if st.Kind == bp.Spawn && live[st.SpawnProc][st.SpawnPC].Has(g) {
					need(g, "live in the new thread")
				}
				if st.Kind == bp.Call || st.Kind == bp.Return {
					need(g, "a call or a return")
				}
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}
