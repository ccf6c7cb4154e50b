package satabs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

const prog = `decl g;
void main() begin
  decl b0, b1;
PC0: b0, b1 := *, * constrain 'b0 | 'b1;
PC1: start_thread goto l1;
PC2: if g then goto l2; fi;
PC3: assert(b0);
l2:
PC4: end_thread;
l1:
PC5: g, b1 := b0, F;
PC6: end_thread;
end
`

func check(t *testing.T, out string) []Problem {
	t.Helper()
	p, err := bp.Load("p.bp", []byte(prog))
	require.NoError(t, err)
	o, err := Read(out)
	require.NoError(t, err)
	return Check(p, o, Options{})
}

// A trace that is an execution passes; each way of breaking it is found.
func TestCheck(t *testing.T) {
	good := `TRACE t=0 g=0 main::b0=1 main::b1=1
TRACE t=0 PC0 g=0 main::b0=1 main::b1=1
TRACE t=0 PC1 g=0 main::b0=0 main::b1=1
TRACE t=1 l1 PC5 g=0 main::b0=0 main::b1=1 main::b0=0 main::b1=1
TRACE t=1 PC6 g=0 main::b0=0 main::b1=1 main::b0=0 main::b1=0
TRACE t=0 PC2 g=0 main::b0=0 main::b1=1 main::b0=0 main::b1=0 TAKEN=0
TRACE t=0 PC3 g=0 main::b0=0 main::b1=1 main::b0=0 main::b1=0
VERIFICATION FAILED
`
	assert.Empty(t, check(t, good))
	for _, c := range []struct{ old, new, want string }{
		// PC0's constraint forbids b0=b1=0 after it.
		{"PC1 g=0 main::b0=0 main::b1=1", "PC1 g=0 main::b0=0 main::b1=0", "no execution of the step"},
		// The started thread has no group: SatAbs's assertion.
		{"l1 PC5 g=0 main::b0=0 main::b1=1 main::b0=0 main::b1=1", "l1 PC5 g=0 main::b0=0 main::b1=1", "2 threads were started"},
		// g changes without an assignment.
		{"PC2 g=0", "PC2 g=1", "steps before leave it"},
		// TAKEN disagrees with the condition.
		{"TAKEN=0", "TAKEN=1", "the condition is 0"},
		// The wrong thread's label.
		{"t=1 l1 PC5", "t=1 PC2", "not labelled"},
	} {
		bad := strings.Replace(good, c.old, c.new, 1)
		require.NotEqual(t, good, bad, c.want)
		ps := check(t, bad)
		require.NotEmpty(t, ps, c.want)
		assert.Contains(t, ps[0].Msg, c.want)
	}
}

func TestRead(t *testing.T) {
	o, err := Read("junk\nTRACE t=2 L PC7 main::b0=1 b1=0 TAKEN=1\nLOOP [\nTRACE t=0 PC8\nLOOP ]\nVERIFICATION SUCCESSFUL\nVERIFICATION FAILED\n")
	require.NoError(t, err)
	assert.Equal(t, Successful, o.Verdict, "the first verdict line counts")
	require.Len(t, o.Lines, 2)
	assert.Equal(t, Line{Num: 2, Thread: 2, Labels: []string{"L", "PC7"}, PC: 7, Taken: 1,
		Values: []Value{{"b0", true}, {"b1", false}}}, o.Lines[0])
	assert.Equal(t, [2]int{1, 1}, o.Loop)
	_, err = Read("TRACE t=0 b0=2\n")
	assert.Error(t, err)
}

// Threads whose functions name their locals differently cannot be read
// by SatAbs's rule: the worker's only local is read as main's. Read by
// position the same output is an execution.
func TestReadingRules(t *testing.T) {
	p, err := bp.Load("p.bp", []byte(`decl g;
void w() begin decl x; x := g; assert(x); end
void main() begin g := F; start_thread w(); end
`))
	require.NoError(t, err)
	out := `TRACE t=0 g=0
TRACE t=0 g=0
TRACE t=1 g=0 w::x=1
TRACE t=1 g=0 w::x=1
TRACE t=1 g=0 w::x=0
VERIFICATION FAILED
`
	o, err := Read(out)
	require.NoError(t, err)
	assert.Empty(t, Check(p, o, Options{Positional: true}))
	ps := Check(p, o, Options{})
	require.NotEmpty(t, ps)
	assert.Contains(t, ps[0].Msg, "2 threads were started")
}

func TestReadable(t *testing.T) {
	p, err := bp.Load("p.bp", []byte(prog))
	require.NoError(t, err)
	assert.NoError(t, Readable(p))
	p, err = bp.Load("p.bp", []byte("decl t;\nvoid main() begin t := T; end\n"))
	require.NoError(t, err)
	assert.ErrorContains(t, Readable(p), "named t")
}
