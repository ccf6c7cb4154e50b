package bp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMaxThreads(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, src string
		n         int
		bounded   bool
		identical int // the most threads of one kind
	}{
		{"no threads", `void main() begin skip; end`, 1, true, 1},
		{"two starts", `void w() begin skip; end
void main() begin start_thread w(); start_thread w(); end`, 3, true, 2},
		{"a start in a branch counts once", `void w() begin skip; end
void main() begin if * then start_thread w(); else start_thread w(); fi end`, 3, true, 2},
		{"threads that start threads", `void v() begin skip; end
void w() begin start_thread v(); start_thread v(); end
void main() begin start_thread w(); start_thread w(); end`, 7, true, 4},
		{"two kinds", `void v() begin skip; end
void w() begin skip; end
void main() begin start_thread w(); start_thread v(); start_thread w(); end`, 4, true, 2},
		{"a start in a loop", `void w() begin skip; end
void main() begin L: start_thread w(); goto L; end`, 0, false, 0},
		{"a while loop", `void w() begin skip; end
void main() begin while * do start_thread w(); od end`, 0, false, 0},
		{"a thread that starts its own kind", `void w() begin start_thread w(); end
void main() begin start_thread w(); end`, 0, false, 0},
		{"start_thread goto to a place that starts again", `void main() begin
L: start_thread goto M; end_thread;
M: start_thread goto L; end_thread; end`, 0, false, 0},
		{"start_thread goto, bounded", `decl g; void main() begin
start_thread goto M; start_thread goto M; end_thread;
M: g := T; end_thread; end`, 3, true, 2},
	} {
		p, err := Load("t.bp", []byte(c.src))
		require.NoError(t, err, c.name)
		n, bounded := p.MaxThreads()
		assert.Equal(t, c.bounded, bounded, c.name)
		identical, identicalBounded := p.MaxIdenticalThreads()
		assert.Equal(t, c.bounded, identicalBounded, c.name)
		if c.bounded {
			assert.Equal(t, c.n, n, c.name)
			assert.Equal(t, c.identical, identical, c.name)
		}
	}
}
