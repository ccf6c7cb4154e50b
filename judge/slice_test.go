package judge_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// Every slice bp.Sliced makes passes the judge: random programs with
// many variables that feed nothing, and a thread started in a loop with
// an argument that reads a global only that argument reads (issue 34:
// the slice kept the argument and cut the global).
func TestVerifySliceAccepts(t *testing.T) {
	t.Parallel()
	srcs := []string{noisyWorker, `
decl g0, g3;
void worker(l0) begin
  decl l1;
  l0 := (l0 | l1);
  assert(!g0);
end
void main() begin
  g0, g3 := F, *;
  m_loop: goto m_body, m_done;
  m_body: start_thread worker(g3);
  goto m_loop;
  m_done: skip;
end`}
	wide := gen.Config{Globals: 6, Locals: 4, Threads: 2, Stmts: 6, Depth: 2, Helpers: 1, RareAsserts: true}
	for seed := int64(1); seed <= 200; seed++ {
		srcs = append(srcs, gen.Program(seed, wide))
	}
	sliced := 0
	for i, src := range srcs {
		s := bp.Sliced(load(t, src))
		if s == nil {
			continue
		}
		sliced++
		require.NoError(t, judge.VerifySlice(s), "program %d:\n%s", i, src)
	}
	require.Greater(t, sliced, len(srcs)/2, "most programs must be sliced, or the test checks little")
}

// VerifySlice refuses a slice whose cut set is not closed, or whose program
// is not the original cut: it does not trust the relevance computation.
func TestVerifySliceRefuses(t *testing.T) {
	t.Parallel()
	src := noisyWorker
	for name, spoil := range map[string]func(s *bp.Slice){
		"a condition's variable cut": func(s *bp.Slice) {
			globals := bp.NewBits(len(s.Orig.Globals))
			globals.Add(0) // lock, not inside
			*s = *bp.SlicedTo(s.Orig, globals, s.Locals)
		},
		"a kept value changed": func(s *bp.Slice) {
			for i := range s.Prog.Procs[0].Steps {
				if st := &s.Prog.Procs[0].Steps[i]; st.Kind == bp.Assign && len(st.Values) > 0 {
					st.Values[0] = &bp.Term{Op: bp.TConst, Val: true}
					return
				}
			}
			for _, proc := range s.Prog.Procs {
				for i := range proc.Steps {
					if st := &proc.Steps[i]; st.Kind == bp.Assign && len(st.Values) > 0 {
						st.Values[0] = &bp.Term{Op: bp.TNot, Args: []*bp.Term{st.Values[0]}}
						return
					}
				}
			}
		},
		"a kept target cut": func(s *bp.Slice) {
			for _, proc := range s.Prog.Procs {
				for i := range proc.Steps {
					if st := &proc.Steps[i]; st.Kind == bp.Assign && len(st.Targets) > 0 && st.Constraint == nil {
						st.Targets, st.Values = nil, nil
						return
					}
				}
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			s := bp.Sliced(load(t, src))
			if err := judge.VerifySlice(s); err != nil {
				t.Fatalf("the slice itself: %v", err)
			}
			spoil(s)
			if err := judge.VerifySlice(s); err == nil {
				t.Error("VerifySlice took a spoilt slice")
			}
		})
	}
}

// noisyWorker is ../bp/testdata/noisy-worker.bp, read once.
var noisyWorker = mustRead("../bp/testdata/noisy-worker.bp")
