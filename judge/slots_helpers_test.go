package judge_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/internal/gen"
)

// family is a shape of random programs with the readings to check them
// under.
type family struct {
	name     string
	cfg      gen.Config
	readings []bp.Reading
}

var families = []family{
	{"small", gen.Small, []bp.Reading{bp.Blocking}},
	{"broadcast", gen.SmallBroadcast, []bp.Reading{bp.Blocking, bp.Monotone}},
	{"spawnloop", gen.Config{Globals: 3, Locals: 2, Threads: 1, Stmts: 4, Depth: 2, Helpers: 1, SpawnLoop: true}, []bp.Reading{bp.Blocking}},
	{"broadcastloop", gen.Config{Globals: 2, Locals: 2, Stmts: 4, Depth: 2, Broadcast: true, SpawnLoop: true}, []bp.Reading{bp.Blocking, bp.Monotone}},
}

func randomProgram(t *testing.T, cfg gen.Config, seed int64) (*bp.Program, string) {
	t.Helper()
	src := gen.Program(seed, cfg)
	p, err := bp.Load("gen.bp", []byte(src))
	require.NoError(t, err, "seed %d\n%s", seed, src)
	return p, src
}

// labels are the properties checked on p: its assertions, and reaching
// t0_L1 where the program has that label.
func labels(p *bp.Program) []string {
	if len(p.FindLabel("t0_L1")) == 0 {
		return []string{""}
	}
	return []string{"", "t0_L1"}
}

// question is one check an engine answers on a program.
type question struct {
	prog    *bp.Program
	src     string
	label   string
	reading bp.Reading
	what    string // for messages: family, seed, label, reading
}

func (q question) String() string { return q.what }

// questions lists the checks of n seeds of every family.
func questions(t *testing.T, n int) []question {
	var out []question
	for _, fam := range families {
		for seed := int64(1); seed <= int64(n); seed++ {
			out = append(out, questionsOf(t, fam.name, seed)...)
		}
	}
	return out
}

// questionsOf lists the checks of the given seeds of one family.
func questionsOf(t *testing.T, family string, seeds ...int64) []question {
	var out []question
	for _, fam := range families {
		if fam.name != family {
			continue
		}
		for _, seed := range seeds {
			p, src := randomProgram(t, fam.cfg, seed)
			for _, label := range labels(p) {
				for _, r := range fam.readings {
					out = append(out, question{p, src, label, r, fmt.Sprintf("%s seed %d label %q %v", fam.name, seed, label, r)})
				}
			}
		}
	}
	require.NotEmpty(t, out, "family %s", family)
	return out
}

// answerTime bounds an engine's run on one question: a few random
// programs take IC3 tens of seconds, and their answers are not needed.
const answerTime = time.Second

// answer runs a circuit engine as the root would: with a slot for each
// thread where the control flow bounds them, else with 1 to maxSlots
// slots until an answer that is not "too few slots".
func answer(t *testing.T, run engine.Run, q question, maxDepth int) engine.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerTime)
	defer cancel()
	p := &engine.Problem{Prog: q.prog, Label: q.label, Targets: q.prog.Targets(q.label), Broadcast: q.reading, MaxDepth: maxDepth}
	const maxSlots = 3
	if n, bounded := q.prog.MaxThreads(); bounded {
		r, err := run(ctx, p, n, true)
		require.NoError(t, err, q.what)
		return r
	}
	for slots := 1; ; slots++ {
		r, err := run(ctx, p, slots, slots == maxSlots)
		require.NoError(t, err, q.what)
		if !r.BoundHit || slots == maxSlots {
			return r
		}
	}
}

// proved is a Safe answer of an engine to a question.
type proved struct {
	q question
	r engine.Result
}

type provedKey struct {
	engine string
	n      int
}

var provedCache sync.Map // provedKey -> *provedEntry

type provedEntry struct {
	once sync.Once
	out  []proved
	all  int
}

// safeAnswers returns the Safe answers of engine ("ic3" or "kind") on
// the questions of n seeds of every family, computed once per test
// binary, on every core, in the order of the questions; all is the
// number of questions.
func safeAnswers(t *testing.T, name string, n int) (out []proved, all int) {
	t.Helper()
	v, _ := provedCache.LoadOrStore(provedKey{name, n}, &provedEntry{})
	e := v.(*provedEntry)
	e.once.Do(func() {
		run, depth := circuit.IC3, 0
		if name == "kind" {
			run, depth = circuit.KInduction, kindDepth
		}
		qs := questions(t, n)
		rs := make([]engine.Result, len(qs))
		var wg sync.WaitGroup
		work := make(chan int)
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for i := range work {
					rs[i] = answer(t, run, qs[i], depth)
				}
			})
		}
		for i := range qs {
			work <- i
		}
		close(work)
		wg.Wait()
		for i, r := range rs {
			if r.Verdict == engine.Safe {
				e.out = append(e.out, proved{qs[i], r})
			}
		}
		e.all = len(qs)
	})
	return e.out, e.all
}

// kindDepth bounds k-induction on the random programs: deeper proofs are
// rare and take seconds.
const kindDepth = 6

// timing adds up the time of one kind of check, and keeps the worst.
type timing struct {
	total, worst time.Duration
	worstAt      string
}

func (tm *timing) add(d time.Duration, q question) {
	tm.total += d
	if d > tm.worst {
		tm.worst, tm.worstAt = d, q.what
	}
}

// costs compares the judge's checks with mc's on the engine's circuit.
type costs struct{ judge, mc timing }

func (c costs) String() string {
	return fmt.Sprintf("judge %v (worst %v, %s), mc on the circuit %v (worst %v, %s)",
		c.judge.total.Round(time.Millisecond), c.judge.worst.Round(time.Microsecond), c.judge.worstAt,
		c.mc.total.Round(time.Millisecond), c.mc.worst.Round(time.Microsecond), c.mc.worstAt)
}

// proofSeeds is how many random programs' IC3 and k-induction proofs
// the tests judge and mutate (one cache for all of them: safeAnswers).
func proofSeeds() int { return gen.Count(50, 15) }
