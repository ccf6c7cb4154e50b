package bp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustLoad(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

func TestLowerInlinesCalls(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, `
decl g;
bool neg(a) begin decl t; t := !a; return t; end
void main() begin
  decl x;
  x := neg(g);
  x := neg(x);
end`)
	require.Len(t, p.Procs, 1)
	main := p.Procs[0]
	// main's x, then one frame for both calls of neg from main's frame
	// (inline): a and t.
	assert.Len(t, main.Locals, 3)
	assert.Len(t, main.Frames, 2)
	assert.Equal(t, "neg", main.Frames[1].Func)
	assert.Equal(t, 0, main.Frames[1].Parent)
	assert.Equal(t, "neg::t", main.LocalName(main.Frames[1].Slots[1]))
	assert.Equal(t, []int{1, 1}, []int{main.Steps[3].Frame, main.Steps[7].Frame}, "both calls run t := !a in frame 1")
	// decl x; call; decl t; t := !a; return; (again); end of main
	kinds := []StepKind{}
	for _, s := range main.Steps {
		kinds = append(kinds, s.Kind)
	}
	assert.Equal(t, []StepKind{Assign, Assign, Assign, Assign, Assign, Assign, Assign, Assign, Assign, EndThread}, kinds)
	// The return assigns the caller's x from the callee's t.
	ret := main.Steps[4]
	assert.Equal(t, []VarRef{{Local, 0}}, ret.Targets)
	assert.Equal(t, "l2", ret.Values[0].String())
}

func TestLowerThreadsAndLabels(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, `
decl g;
void w(a) begin g := a; end
void main() begin
  decl l;
  start_thread w(T);
  ASYNC_7: w(F);
  L: start_thread goto L;
  main_end: skip;
end`)
	require.Len(t, p.Procs, 2, "main and w")
	main := p.Procs[0]
	spawns := []*Step{}
	for i := range main.Steps {
		if main.Steps[i].Kind == Spawn {
			spawns = append(spawns, &main.Steps[i])
		}
	}
	require.Len(t, spawns, 3)
	assert.Equal(t, 1, spawns[0].SpawnProc)
	assert.Equal(t, p.Procs[1].Entry, spawns[0].SpawnPC)
	assert.Equal(t, 1, spawns[1].SpawnProc)
	assert.True(t, spawns[2].CopyLocals)
	assert.Equal(t, 0, spawns[2].SpawnProc)
	assert.Equal(t, []string{"L"}, spawns[2].Labels)
	assert.Equal(t, []Label{{0, 3}}, p.FindLabel("L"))
	assert.Equal(t, []Label{{0, 4}}, p.FindLabel("main_end"))
	assert.Empty(t, p.FindLabel("nowhere"))
	assert.Equal(t, []int{0}, p.Procs[1].Params)
}

func TestLowerEnforce(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, `
decl a, b;
void main() begin
  a := T;
  enforce a;
  a, b := *, *;
end`)
	steps := p.Procs[0].Steps
	assert.Nil(t, steps[0].Constraint, "before enforce: unconstrained")
	assert.Equal(t, Assume, steps[1].Kind)
	require.NotNil(t, steps[2].Constraint)
	assert.Equal(t, "'g0", steps[2].Constraint.String(), "the invariant holds after the step")
}

func TestLowerGlobalInitialisers(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, `
decl s := 1;
decl u;
void main() begin skip; end`)
	first := p.Procs[0].Steps[p.Procs[0].Entry]
	assert.Equal(t, Assign, first.Kind)
	assert.Equal(t, []VarRef{{Global, 0}}, first.Targets)
}

func TestLivenessForgetsAfterLastRead(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, `
void main() begin
  decl x, y;
  x := *;
  y := x;
  assert(y);
end`)
	main := p.Procs[0]
	live := main.Liveness(0)
	// pc 2 (y := x) reads x; at the assert only y is live.
	assert.True(t, live[2].Has(0))
	assert.False(t, live[3].Has(0))
	assert.True(t, live[3].Has(1))
	assert.Equal(t, 0, live[0].Len(), "nothing is live before decl")
}

// Lowering is as deep as the parser: an expression nested as deep as
// syntax accepts (100,000 levels, as go/parser) lowers.
func TestLowerDeepNesting(t *testing.T) {
	const n = 100_000 - 1
	src := "decl x; void main() begin x := " + strings.Repeat("(", n) + "!x" + strings.Repeat(")", n) + "; assert(x | !x); end"
	p, err := Load("deep.bp", []byte(src))
	require.NoError(t, err)
	assert.NotEmpty(t, p.Procs[0].Steps)
}

// SatAbs (since 2015) names C's main $main and calls it from main.
func TestDollarNames(t *testing.T) {
	src := `decl g;
void $main() begin decl $x; $x := T; g := $x; end
void main() begin PC1: $main(); assert(g); end
`
	p, err := Load("d.bp", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, []string{"g"}, p.Globals)
	var names []string
	for slot := range p.Procs[0].Locals {
		names = append(names, p.Procs[0].LocalName(slot))
	}
	assert.Equal(t, []string{"$main::$x"}, names)
}
