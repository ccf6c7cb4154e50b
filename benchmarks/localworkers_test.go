package benchmarks

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// TestLocalWorkersStepwise: the programs load, have the promised shape, and the
// explicit engine's verdict on small instances is the variant's.
func TestLocalWorkersStepwise(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ n, k int }{{1, 1}, {2, 1}, {2, 3}, {3, 2}} {
		for _, bug := range []bool{false, true} {
			name := fmt.Sprintf("n=%d k=%d bug=%v", c.n, c.k, bug)
			src := LocalWorkersStepwise(c.n, c.k, bug)
			assert.Equal(t, c.n, strings.Count(src, "start_thread"), name)
			assert.Equal(t, c.n*c.k, strings.Count(src, " * ")+strings.Count(src, " *;"), name+": one fresh bit per local and round")
			p, err := bp.Load(name+".bp", []byte(src))
			require.NoError(t, err, name)
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
			require.NoError(t, err, name)
			want := verdict.Safe
			if bug && c.n >= 2 {
				want = verdict.Unsafe
			}
			assert.Equal(t, want, res.Verdict, "%s: %s", name, res.Reason)
		}
	}
}

// TestLocalWorkersSim: random simulation finds the bug of 6 workers with
// 8 locals, whose depth (about 24 steps) is out of BMC's reach (see
// mc/sim's package comment); Check replays its trace.
func TestLocalWorkersSim(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("lw.bp", []byte(LocalWorkersStepwise(6, 8, true)))
	require.NoError(t, err)
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Sim, MaxDepth: 256})
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
	assert.NotEmpty(t, res.Trace.Exec)
}
