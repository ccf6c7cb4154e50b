package explicit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
)

// TestFixedGlobals is bp.Program.FixedTargetUnreachable's test against the
// naive search (which lives here): where every assignment of a global
// assigns one constant and main assigns it before it starts the
// threads, the branches on it are decided, and a target behind them is
// out of reach;
// each program where one of those conditions fails has an execution to
// the target, which the naive search finds and the analysis must not
// rule out (an analysis that read any constant as the global's value,
// or did not ask main to assign it first, would call these safe).
func TestFixedGlobals(t *testing.T) {
	cases := []struct {
		name, src   string
		unreachable bool
	}{
		{"fixed", `decl atomic, v, h;
void init() begin atomic, v := F, F; endinit: skip; end
void thread0() begin h := T; v := F; if v then SLIC_ERROR: skip; fi end
void thread1() begin h := F; if v then SLIC_ERROR: skip; fi end`, true},
		{"fixed, a target after assume(F)", `decl atomic, v;
void init() begin atomic, v := F, F; endinit: skip; end
void thread0() begin assume(v); SLIC_ERROR: skip; end`, true},
		{"two constants", `decl atomic, v;
void init() begin atomic, v := F, F; endinit: skip; end
void thread0() begin v := T; end
void thread1() begin if v then SLIC_ERROR: skip; fi end`, false},
		{"a value that is not a constant", `decl atomic, v, h;
void init() begin atomic, v := F, F; endinit: skip; end
void thread0() begin v := h; end
void thread1() begin if v then SLIC_ERROR: skip; fi end`, false},
		{"not assigned by init", `decl atomic, v;
void init() begin atomic := F; endinit: skip; end
void thread0() begin v := F; end
void thread1() begin if v then SLIC_ERROR: skip; fi end`, false},
		{"assigned by init on one path only", `decl atomic, v;
void init() begin atomic := F; if * then v := F; fi endinit: skip; end
void thread1() begin if v then SLIC_ERROR: skip; fi end`, false},
		{"read by init before it assigns it", `decl atomic, v;
void init() begin atomic := F; if v then SLIC_ERROR: skip; fi v := F; endinit: skip; end
void thread1() begin skip; end`, false},
		// No global at all, and a loop: the analysis once went round
		// the loop for ever (an empty set of written globals read as
		// "not reached yet"), and bopgo check hung before any engine
		// ran on BoPPo's Deep1.
		{"no global, a loop", `void main() begin decl l; l := T; L: assert(l); l := *; goto L; end`, false},
	}
	for _, c := range cases {
		p := load(t, c.src)
		label := p.CheckedLabel("")
		proof := p.FixedTargetUnreachable(p.Targets(label), label)
		assert.Equal(t, c.unreachable, proof != nil, c.name)
		want, ok := naiveSearch(t, p, interp.Options{Label: label}, 4, 20000)
		require.True(t, ok, c.name)
		r := searchAndReplay(t, p, Options{Label: label}, 4, c.name)
		assert.Equal(t, want, r.Verdict, "%s: %s", c.name, r.Reason)
		if c.unreachable {
			assert.Equal(t, engine.Safe, want, c.name)
		} else {
			assert.Equal(t, engine.Unsafe, want, c.name)
		}
	}
}
