package trace_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/trace"
)

// star is the Choice of a * written at line:col with value v.
func star(line, col int, v bool) trace.Choice {
	return trace.Choice{Position: syntax.Position{Filename: "t.bp", Line: line, Column: col}, Value: v}
}

// TestChoicesInsideExpressions: the value of every * the trace needs,
// each forced by the violation: x := y & * sets x only if its * is 1,
// assume(* | !y) passes only if its * is 1 (y holds), if (*) goes to
// else only if its * is 0, the schoose must give z its 1, and the
// assertion fails only if its * is 0.
func TestChoicesInsideExpressions(t *testing.T) {
	t.Parallel()
	_, tr := exactTrace(t, `decl x, y, z;
void main() begin
  y := T;
  x := y & *;
  assume(* | !y);
  if (*) then
    skip;
  else
    z := schoose[F, F];
    if (z) then assert(!x | *); fi
  fi
end`, bp.Blocking, 0)
	want := map[string][]trace.Choice{
		"y := T":             nil,
		"x := y & *":         {star(4, 12, true)},
		"assume(* | !y)":     {star(5, 10, true)},
		"if (*)":             {star(6, 7, false)},
		"z := schoose[F, F]": {{Position: syntax.Position{Filename: "t.bp", Line: 9, Column: 10}, Schoose: true, Value: true}},
		"if (z)":             nil,
		"assert(!x | *)":     {star(10, 29, false)},
	}
	require.Len(t, tr.Steps, len(want))
	for _, s := range tr.Steps {
		w, ok := want[s.Statement]
		require.True(t, ok, s.Statement)
		assert.Equal(t, w, s.Choices, s.Statement)
	}
}

// TestChoicesInSourceOrder: a statement's * are listed as written; a
// bare * assigned to a variable is marked (Written shows its value
// too), and a * argument of a thread start is listed.
func TestChoicesInSourceOrder(t *testing.T) {
	t.Parallel()
	_, tr := exactTrace(t, `decl g, h;
void w(a) begin g := a; end
void main() begin
  decl x, u;
  g := F;
  x, u := *, !*;
  start_thread w(*);
  assume(g);
  h := x & u;
  assert(!h);
end`, bp.Blocking, 0)
	assign := tr.Steps[stepAt(t, tr, 0, "x, u := *, !*")]
	first := star(6, 11, true)
	first.Assigned = true
	assert.Equal(t, []trace.Choice{first, star(6, 15, false)}, assign.Choices, "x is 1, and u = !* is 1")
	assert.Equal(t, []trace.Choice{star(7, 18, true)}, tr.Steps[stepAt(t, tr, 0, "start_thread w(*)")].Choices, "w's a is 1: it sets g")
	assert.Nil(t, tr.Steps[stepAt(t, tr, 0, "decl x, u;")].Choices, "a declaration's values are the lowering's choices, marked in Written")
}
