package bp

import (
	"strings"
	"testing"
)

// relevantNames lists the relevant variables of s by name: globals, then
// each proc's locals as proc::name.
func relevantNames(s *Slice) string {
	var names []string
	for i, g := range s.Orig.Globals {
		if s.Globals.Has(i) {
			names = append(names, g)
		}
	}
	for pi, proc := range s.Orig.Procs {
		for i, l := range proc.Locals {
			if s.Locals[pi].Has(i) {
				names = append(names, proc.Name+"::"+l.Name)
			}
		}
	}
	return strings.Join(names, " ")
}

func TestSlicedCutsWhatFeedsNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src, relevant string
	}{
		{"locals that only feed one another", noisyWorker, "lock inside"},
		{"a branch reads a local, which reads a global", `
decl g, h, x;
void main() begin
  decl a;
  a := g;
  h := x;
  if a then assert(F); fi
end`, "g main::a"},
		{"a constraint on a target's new value", `
decl g, h;
void main() begin
  decl a;
  a, g := *, * constrain 'a;
  h := a;
  assert(g);
end`, "g main::a"},
		{"a local recomputed with a fresh bit, read by a branch", `
decl lock, inside;
void w() begin
  decl a, b, c;
L: a, b, c := b ^ *, c = *, a | *;
  if !a then goto L; fi
  lock := T constrain !lock;
  assert(!inside);
  lock := F;
  goto L;
end
void main() begin
  start_thread w();
end`, "lock inside w::a"},
		{"a fresh bit absorbs ^, not &", `
decl g, h;
void main() begin
  decl a, b;
  a, b := g ^ *, h & *;
  assert(a | b);
end`, "h main::a main::b"},
		{"a thread's parameter", `
decl g, h;
void w(p) begin
  assert(p);
end
void main() begin
  decl a;
  a := g;
  h := a;
  start_thread w(a);
end`, "g main::a w::p"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := Sliced(mustLoad(t, c.src))
			if s == nil {
				t.Fatal("not sliced")
			}
			if got := relevantNames(s); got != c.relevant {
				t.Errorf("relevant: %q, want %q", got, c.relevant)
			}
			if err := s.Prog.Validate(); err != nil {
				t.Errorf("the sliced program is not a valid lowering: %v", err)
			}
			if len(s.Prog.Globals) != s.Globals.Len() {
				t.Errorf("the sliced program has globals %v", s.Prog.Globals)
			}
			// No step of the sliced program reads or writes a cut variable.
			for pi, proc := range s.Prog.Procs {
				for pc := range proc.Steps {
					st := &proc.Steps[pc]
					for _, r := range st.Targets {
						if r.Scope == Local && !s.Locals[pi].Has(r.Index) {
							t.Errorf("%s pc %d writes cut local %d", proc.Name, pc, r.Index)
						}
					}
					st.Reads(func(r VarRef) {
						if r.Scope == Local && !s.Locals[pi].Has(r.Index) {
							t.Errorf("%s pc %d reads cut local %d", proc.Name, pc, r.Index)
						}
						if r.Scope == Global && r.Index >= len(s.Prog.Globals) {
							t.Errorf("%s pc %d reads global %d of %d", proc.Name, pc, r.Index, len(s.Prog.Globals))
						}
					})
				}
			}
		})
	}
}

// An assignment whose every target is cut becomes a skip, and the
// choices a kept step uses are numbered from 0 again.
func TestSlicedSteps(t *testing.T) {
	t.Parallel()
	s := Sliced(mustLoad(t, `
decl g;
void main() begin
  decl a, b;
  a := *;
  b, g := *, *;
  assert(g);
end`))
	if s == nil {
		t.Fatal("not sliced")
	}
	main := s.Prog.Procs[0]
	var kinds []string
	for pc := range main.Steps {
		st := &main.Steps[pc]
		kinds = append(kinds, st.Kind.String())
		if st.Kind == Assign {
			if len(st.Targets) != 1 || st.Targets[0] != (VarRef{Global, 0}) || st.Choices != 1 || st.Values[0].Choice != 0 {
				t.Errorf("pc %d: targets %v, %d choices, value %+v; want g alone with choice 0", pc, st.Targets, st.Choices, st.Values[0])
			}
		}
	}
	if got := strings.Join(kinds, " "); !strings.Contains(got, "skip") || !strings.Contains(got, "assign") {
		t.Errorf("steps %s: want the assignment to a alone as a skip, and g's kept", got)
	}
	// The original is untouched.
	for pc := range s.Orig.Procs[0].Steps {
		if st := &s.Orig.Procs[0].Steps[pc]; st.Kind == Assign && len(st.Targets) == 2 && st.Values[1].Choice == 0 {
			t.Errorf("the original's step %d was renumbered", pc)
		}
	}
}

// A cut local is dead at every pc of the sliced program, so that a
// trace of it may show any value there (judge.ConcretizeSlice requires
// the live ones to agree with the original's): also a thread-local at a
// thread start, which Proc.Liveness has read (the new thread gets a
// copy), and a local live at a start_thread goto's target.
func TestSlicedCutLocalsAreDead(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"a thread-local at start_thread goto": `
decl thread_local t;
void main() begin
  t := T;
  start_thread goto W;
  TARGET: skip;
  W: skip;
end`,
		"a thread-local at start_thread f()": `
decl g;
decl thread_local t;
void w() begin t := !t; end
void main() begin
  t := g;
  start_thread w();
  assert(g);
end`,
		"a local read at a start_thread goto's target": `
decl g;
void main() begin
  decl a;
  a := g;
  start_thread goto W;
  assert(g);
  W: a := !a;
end`,
	} {
		s := Sliced(mustLoad(t, src))
		if s == nil {
			t.Fatalf("%s: not sliced", name)
		}
		live := s.Prog.Live()
		for pi, proc := range s.Prog.Procs {
			for pc := range proc.Steps {
				for i, l := range proc.Locals {
					if !s.Locals[pi].Has(i) && live[pi][pc].Has(i) {
						t.Errorf("%s: the cut local %s is live at %s pc %d", name, l.Name, proc.Name, pc)
					}
				}
			}
		}
	}
}

func TestSlicedLeavesAlone(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"everything relevant": `
decl g;
void main() begin
  g := *;
  assert(g);
end`,
		"recursion": `
decl g, h;
bool f(x) begin
  decl r;
  if x then r := f(!x); return r; fi
  return x;
end
void main() begin
  h := *;
  g := f(*);
  assert(g);
end`,
	} {
		if s := Sliced(mustLoad(t, src)); s != nil {
			t.Errorf("%s: sliced, relevant %q", name, relevantNames(s))
		}
	}
}

// noisyWorker is testdata/noisy-worker.bp, read once.
var noisyWorker = mustRead("testdata/noisy-worker.bp")
