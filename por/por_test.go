package por

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

func load(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// pcOf returns the proc and pc of the step whose text is text.
func pcOf(t *testing.T, p *bp.Program, text string) [2]int {
	t.Helper()
	for pi, proc := range p.Procs {
		for pc, st := range proc.Steps {
			if st.Text == text {
				return [2]int{pi, pc}
			}
		}
	}
	t.Fatalf("no step %q", text)
	return [2]int{}
}

// The trap of docs/design.md that BoPPo's reduction misses: the assertion
// is visible, and t2's write of g is dependent with t1's future.
func TestDesignTrap(t *testing.T) {
	p := load(t, `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`)
	in := Analyse(p, "")
	assertPC := pcOf(t, p, "assert(!g)")
	setH, setG := pcOf(t, p, "h := T"), pcOf(t, p, "g := T")
	assert.True(t, in.Step[assertPC[0]][assertPC[1]].Visible)
	assert.False(t, in.Ample(assertPC[0], assertPC[1], [][2]int{setH}), "an assertion is never ample")
	assert.True(t, in.Ample(setH[0], setH[1], [][2]int{assertPC}), "h is not read by t1")
	assert.False(t, in.Ample(setG[0], setG[1], [][2]int{assertPC}), "g is read by t1's assertion")
	// t2's future at h := T includes its later write of g.
	assert.True(t, in.Future[setH[0]][setH[1]].Write.Has(0))
}

func TestFutureIncludesStartedThreads(t *testing.T) {
	p := load(t, `decl g, x;
void w() begin g := T; end
void main() begin decl l; l := T; start_thread w(); l := F; end`)
	in := Analyse(p, "")
	first := pcOf(t, p, "l := T")
	last := pcOf(t, p, "l := F")
	assert.True(t, in.Future[first[0]][first[1]].Write.Has(0), "main will start w, which writes g")
	assert.False(t, in.Future[last[0]][last[1]].Write.Has(0), "after the start, main itself never writes g")
	assert.True(t, in.Future[first[0]][first[1]].Threads)
	assert.True(t, in.Step[last[0]][last[1]].Local())
}

func TestAtomicAndThreadStepsAreNeverAmple(t *testing.T) {
	p := load(t, `decl g;
void w() begin atomic_begin; g := T; atomic_end; end
void main() begin start_thread w(); end`)
	in := Analyse(p, "")
	begin := pcOf(t, p, "atomic_begin")
	spawn := pcOf(t, p, "start_thread w()")
	assert.False(t, in.Ample(begin[0], begin[1], nil))
	assert.False(t, in.Ample(spawn[0], spawn[1], nil))
	a := in.Step[begin[0]][begin[1]]
	b := in.Step[spawn[0]][spawn[1]]
	assert.False(t, Independent(&a, &b))
}

func TestLabelMakesItsPredecessorVisible(t *testing.T) {
	p := load(t, `decl g;
void main() begin decl l; l := T; ERR: skip; end`)
	in := Analyse(p, "ERR")
	set := pcOf(t, p, "l := T")
	assert.True(t, in.Step[set[0]][set[1]].Visible, "the step that reaches the label")
	assert.False(t, in.Ample(set[0], set[1], nil))
	inAsserts := Analyse(p, "")
	assert.False(t, inAsserts.Step[set[0]][set[1]].Visible)
}

func TestBlocking(t *testing.T) {
	p := load(t, `decl g;
void main() begin assume(g); assume(T); g := * constrain 'g; g := *; end`)
	in := Analyse(p, "")
	for text, want := range map[string]bool{
		"assume(g)": true, "assume(T)": false, "g := * constrain 'g": true, "g := *": false,
	} {
		at := pcOf(t, p, text)
		assert.Equal(t, want, in.Step[at[0]][at[1]].Blocking, text)
	}
}

func TestIndependent(t *testing.T) {
	mk := func(r, w []int) Access {
		a := newAccess(3)
		for _, i := range r {
			a.Read.Add(i)
		}
		for _, i := range w {
			a.Write.Add(i)
		}
		return a
	}
	cases := []struct {
		a, b Access
		want bool
	}{
		{mk([]int{0}, nil), mk([]int{0}, nil), true},      // read/read
		{mk(nil, []int{0}), mk([]int{0}, nil), false},     // write/read
		{mk([]int{0}, nil), mk(nil, []int{0}), false},     // read/write
		{mk(nil, []int{0}), mk(nil, []int{0}), false},     // write/write
		{mk(nil, []int{1}), mk([]int{0}, []int{2}), true}, // disjoint
	}
	for i, c := range cases {
		assert.Equal(t, c.want, Independent(&c.a, &c.b), "case %d", i)
	}
}

// A broadcast writes and reads the other threads' locals: a step that
// touches only its own locals is not ample while another thread can still
// broadcast, and a broadcast is never ample.
func TestBroadcastIsDependent(t *testing.T) {
	p := load(t, `void main() begin decl l; l := F; start_thread goto W; l := T; end_thread;
W: l$ := F constrain l$; end`)
	in := Analyse(p, "")
	local := pcOf(t, p, "l := T")
	bcast := pcOf(t, p, "l$ := F constrain l$")
	assert.False(t, in.Step[local[0]][local[1]].Broadcast)
	assert.True(t, in.Step[bcast[0]][bcast[1]].Broadcast)
	assert.True(t, in.Step[bcast[0]][bcast[1]].Blocking, "passive conjuncts can block")
	assert.False(t, in.Ample(local[0], local[1], [][2]int{bcast}), "the worker's broadcast writes main's l")
	assert.False(t, in.Ample(bcast[0], bcast[1], [][2]int{local}))
	assert.False(t, in.Ample(bcast[0], bcast[1], nil), "a broadcast is never ample")
}

// TestEndsCommute: two ends of threads commute (each removes its own
// thread), a start and an end do not (the end changes the number of
// live threads, which the start's bound reads), nor do two starts; and
// Independent, which the symbolic engine uses, still takes any two as
// dependent.
func TestEndsCommute(t *testing.T) {
	p := load(t, `decl g;
void w() begin skip; end
void main() begin start_thread w(); end`)
	in := Analyse(p, "")
	var end, start Access
	for pi, proc := range p.Procs {
		for pc, st := range proc.Steps {
			switch st.Kind {
			case bp.EndThread:
				end = in.Step[pi][pc]
			case bp.Spawn:
				start = in.Step[pi][pc]
			}
		}
	}
	require.True(t, end.Threads && !end.Starts)
	require.True(t, start.Threads && start.Starts)
	assert.True(t, Commute(&end, &end), "two ends")
	assert.False(t, Commute(&start, &end), "a start and an end")
	assert.False(t, Commute(&end, &start), "an end and a start")
	assert.False(t, Commute(&start, &start), "two starts")
	assert.False(t, Independent(&end, &end), "Independent is unchanged")
}
