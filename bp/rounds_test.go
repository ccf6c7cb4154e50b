package bp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
)

// TestTraceRounds: a step by a thread before the last one in the order
// starts a round; Getafix's init (thread 0 of a program in its dialect)
// counts none, nor breaks a round.
func TestTraceRounds(t *testing.T) {
	trace := func(ids ...int) *bp.Trace {
		tr := &bp.Trace{}
		for _, id := range ids {
			tr.Steps = append(tr.Steps, bp.TraceStep{Thread: id})
		}
		return tr
	}
	plain, getafix := &bp.Program{}, &bp.Program{Dialect: syntax.DialectGetafix}
	for _, c := range []struct {
		prog *bp.Program
		ids  []int
		want int
	}{
		{plain, nil, 0},
		{plain, []int{0, 0, 1, 2}, 1},
		{plain, []int{0, 1, 1, 0, 2}, 2},
		{plain, []int{2, 1, 0}, 3},
		{getafix, []int{0, 0, 1, 2, 1}, 2},
		{getafix, []int{0, 1, 0, 2}, 1},
		{getafix, []int{0, 0}, 0},
		{getafix, []int{2, 0, 1}, 2},
	} {
		assert.Equal(t, c.want, c.prog.TraceRounds(trace(c.ids...)), "%v (Getafix %v)", c.ids, c.prog.InitThread())
	}
}
