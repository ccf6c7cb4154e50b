package circuit_test

import (
	"testing"

	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/encode/circuit"
)

// TestLatchMeanings: every latch of a circuit has a meaning, no two the
// same, and the initial values agree with what they mean (main alone in
// slot 0, the rest empty).
func TestLatchMeanings(t *testing.T) {
	p := load(t, `decl g, h;
void w(a) begin decl x; x := a; assert(x | g); end
void main() begin decl y; start_thread w(g); y := h; end`)
	for _, label := range []string{"", "L"} {
		c, err := circuit.Build(p, label, 3)
		require.NoError(t, err)
		seen := map[circuit.Meaning]bool{}
		count := map[circuit.LatchKind]int{}
		for _, l := range c.S.Latches {
			mean, ok := c.Meaning(l)
			require.True(t, ok, "latch %v", l)
			require.False(t, seen[mean], "two latches mean %+v", mean)
			seen[mean] = true
			count[mean.Kind]++
			init := c.S.Init(l)
			switch mean.Kind {
			case circuit.LatchActive:
				assert.Equal(t, mean.Slot == 0, init == c.S.T, "slot %d active", mean.Slot)
			case circuit.LatchErr, circuit.LatchOverflow, circuit.LatchAtomic, circuit.LatchProcBit:
				assert.Equal(t, c.S.F, init, "%+v", mean)
			}
			neg, ok := c.Meaning(l.Not())
			require.True(t, ok)
			assert.Equal(t, mean, neg, "the sign does not matter")
		}
		assert.Equal(t, 2, count[circuit.LatchGlobal])
		assert.Equal(t, 3, count[circuit.LatchActive])
		assert.Equal(t, 3, count[circuit.LatchAtomic])
		assert.Equal(t, 3*2, count[circuit.LatchLocal], "the widest proc has two locals")
		assert.Equal(t, 3, count[circuit.LatchProcBit], "two procs: one bit a slot")
		assert.Equal(t, 1, count[circuit.LatchOverflow])
		if label == "" {
			assert.Equal(t, 1, count[circuit.LatchErr])
		} else {
			assert.Zero(t, count[circuit.LatchErr], "no Err latch with a label")
		}
		_, ok := c.Meaning(c.Inputs[0])
		assert.False(t, ok, "an input is not a latch")
	}
}

// TestDescribeNamesOnlyTheSlotsProcs: a lemma that fixes a worker slot's
// pc and not its proc names the lines of the procs a start can put there,
// not main's (which starts in slot 0 and is never started).
func TestDescribeNamesOnlyTheSlotsProcs(t *testing.T) {
	p := load(t, `decl g;
void w() begin g := T; end
void main() begin start_thread w(); assert(!g); end`)
	c, err := circuit.Build(p, "", 2)
	require.NoError(t, err)
	var clause []z.Lit
	for _, l := range c.S.Latches {
		if m, ok := c.Meaning(l); ok && m.Kind == circuit.LatchPCBit && m.Slot == 1 {
			clause = append(clause, l) // the pc's bits all 0: the clause says "never at pc 0"
		}
	}
	require.NotEmpty(t, clause)
	d := c.Describe(clause)
	assert.Contains(t, d, "t1 at line 2", d)
	assert.NotContains(t, d, "3", "main's line 3 is not slot 1's: %s", d)
}
