package bopgo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/benchmarks"
)

// TestPortfolioOrder: the cheap features put the engine that wins by far
// on such programs first, and every engine stays in the list.
func TestPortfolioOrder(t *testing.T) {
	vs := make([]string, wideChoices)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%d", i)
	}
	stars := strings.Repeat("*, ", wideChoices-1) + "*"
	wide := "decl " + strings.Join(vs, ", ") + ";\nvoid main() begin " +
		strings.Join(vs, ", ") + " := " + stars + " constrain " + strings.Join(vs, " | ") + "; assert(v0 | !v0); end\n"
	narrow := "decl g; void w() begin g := *; end\nvoid main() begin start_thread w(); start_thread w(); g := !g; end\n"
	for _, c := range []struct {
		name  string
		src   string
		opts  Options
		first []Engine
	}{
		{"narrow data, two threads of a kind", narrow, Options{}, []Engine{Explicit, IC3}},
		{"a wide step", wide, Options{}, []Engine{Symbolic, Explicit}},
		{"six identical workers", benchmarks.Workers(6, 2, false), Options{}, []Engine{Counter, Explicit}},
		{"five threads, each of its own kind", "void a() begin skip; end\nvoid b() begin skip; end\nvoid c() begin skip; end\nvoid d() begin skip; end\nvoid main() begin start_thread a(); start_thread b(); start_thread c(); start_thread d(); end\n", Options{}, []Engine{Counter, Explicit}},
		{"four threads, each of its own kind", "void a() begin skip; end\nvoid b() begin skip; end\nvoid c() begin skip; end\nvoid main() begin start_thread a(); start_thread b(); start_thread c(); end\n", Options{}, []Engine{Explicit, IC3}},
		{"a thread start in a loop", "void w() begin skip; end\nvoid main() begin while * do start_thread w(); od end\n", Options{}, []Engine{Counter, Explicit}},
		{"a thread bound asked for", benchmarks.Workers(6, 2, false), Options{MaxThreads: 4}, []Engine{Explicit, IC3}},
	} {
		p := mustLoad(t, c.src)
		order := portfolioOrder(p, c.opts)
		assert.Equal(t, c.first, order[:len(c.first)], c.name)
		assert.ElementsMatch(t, []Engine{Explicit, IC3, Symbolic}, without(order, Counter), c.name)
		assert.Equal(t, order, RacedEngines(p, c.opts), "%s: every engine runs from the start", c.name)
	}
}

// TestRaceShares: each raced engine's weight is its table share, raised
// to leadShare for the engine a feature of the program leads, and no
// engine's weight is 0.
func TestRaceShares(t *testing.T) {
	share := func(e Engine) int { info, _ := e.Info(); return info.Share }
	narrow := "decl g; void w() begin g := *; end\nvoid main() begin start_thread w(); start_thread w(); g := !g; end\n"
	for _, c := range []struct {
		name string
		src  string
		lead Engine // "" when no feature holds
	}{
		{"narrow data, two threads of a kind", narrow, ""},
		{"six identical workers", benchmarks.Workers(6, 2, false), Counter},
	} {
		p := mustLoad(t, c.src)
		order := portfolioOrder(p, Options{})
		shares := raceShares(p, order)
		for i, e := range order {
			want := share(e)
			if e == c.lead {
				want = max(want, leadShare)
			}
			assert.Equal(t, want, shares[i], "%s: %s", c.name, e)
			assert.Positive(t, shares[i], "%s: %s", c.name, e)
		}
	}
	assert.Greater(t, leadShare, share(Counter), "a feature raises the engine it leads")
}

func without(es []Engine, e Engine) []Engine {
	var out []Engine
	for _, x := range es {
		if x != e {
			out = append(out, x)
		}
	}
	return out
}
