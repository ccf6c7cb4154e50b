package bopgo

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/verdict"
)

// The table passes its own check (init would have panicked otherwise),
// and the check catches each kind of wrong row.
func TestTableInvariants(t *testing.T) {
	require.NoError(t, checkTable(engineTable))
	row := func(name Engine) int {
		i := slices.IndexFunc(engineTable, func(e EngineInfo) bool { return e.Name == name })
		require.GreaterOrEqual(t, i, 0, name)
		return i
	}
	for _, c := range []struct {
		name   string
		change func(table []EngineInfo)
	}{
		{"auto not last", func(tb []EngineInfo) { tb[0], tb[len(tb)-1] = tb[len(tb)-1], tb[0] }},
		{"a name twice", func(tb []EngineInfo) { tb[row(BMC)].Name = IC3 }},
		{"complete without proving", func(tb []EngineInfo) { tb[row(BMC)].Complete = true }},
		{"certificates without proving", func(tb []EngineInfo) { tb[row(BMC)].Certificates = true }},
		{"an engine without a Run", func(tb []EngineInfo) { tb[row(Explicit)].new = nil }},
		{"two engines in one race position", func(tb []EngineInfo) { tb[row(Symbolic)].Race = tb[row(Explicit)].Race }},
		{"an unchecked engine raced", func(tb []EngineInfo) { tb[row(Spin)].Race = 9 }},
		{"a raced engine without a share", func(tb []EngineInfo) { tb[row(Explicit)].Share = 0 }},
		{"a share for an engine never raced", func(tb []EngineInfo) { tb[row(BMC)].Share = 1 }},
		{"a feature leading an engine never raced", func(tb []EngineInfo) { tb[row(BMC)].Lead = WideStep }},
		{"a feature the portfolio does not apply", func(tb []EngineInfo) { tb[row(Explicit)].Lead = ManyThreads + 1 }},
		{"no thread bound but a Threads limit", func(tb []EngineInfo) { tb[row(Counter)].Limits = []engine.Limit{engine.Threads} }},
		{"a circuit engine from bound 1", func(tb []EngineInfo) { tb[row(IC3)].Threads = FromOne }},
		{"a raced engine's limit not auto's", func(tb []EngineInfo) {
			tb[row(Counter)].Limits = append(tb[row(Counter)].Limits, engine.Depth, engine.Memory)
		}},
		{"a counter twice", func(tb []EngineInfo) { tb[row(IC3)].Counters = Counters{}.Count("x", 0).Count("x", 0) }},
		{"the root's counter", func(tb []EngineInfo) { tb[row(IC3)].Counters = Counters{}.Level(CounterThreadBound, 0) }},
		{"a duration not named seconds", func(tb []EngineInfo) { tb[row(IC3)].Counters = Counters{}.Duration("sat_time", 0) }},
	} {
		table := EngineTable()
		for i := range table {
			table[i].Limits = slices.Clone(table[i].Limits)
		}
		c.change(table)
		assert.Error(t, checkTable(table), c.name)
	}
}

// Every engine reports exactly the counters its row declares, in that
// order, then the root's; and stops only at the limits its row declares
// (or at those of the context).
func TestEnginesReportWhatTheTableSays(t *testing.T) {
	progs := []string{
		`decl g; void w() begin g := !g; end void main() begin g := F; start_thread w(); assert(!g); end`,
		`decl g; void main() begin g := F; L: g := g & *; assert(!g); goto L; end`,
		`decl a, b; void w() begin L: a, b := *, * constrain a | b; goto L; end void main() begin L: start_thread w(); assert(a | b | !a); goto L; end`,
	}
	for _, info := range engineTable {
		if info.Unchecked {
			continue // SPIN: cmd/bopgo's spin tests run it when it is installed
		}
		want := append(names(info.Counters), CounterThreadBound, CounterSeconds, CounterCheckSeconds)
		for i, src := range progs {
			p := mustLoad(t, src)
			for _, opts := range []Options{{MaxDepth: 10, MaxThreads: 3}, {MaxStates: 3, MaxDepth: 2, MaxThreads: 2}} {
				opts.Engine = info.Name
				res, err := Check(context.Background(), p, opts)
				require.NoError(t, err, "%s, program %d", info.Name, i)
				if info.Name != Auto {
					assert.Equal(t, want, names(res.Counters), "%s, program %d", info.Name, i)
				}
				if res.Limit != verdict.NoLimit {
					assert.True(t, info.Hits(res.Limit), "%s, program %d: limit %s not in the row: %s", info.Name, i, res.Limit, res.Reason)
				}
			}
		}
	}
}

func names(cs Counters) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// An engine whose thread policy is FromStaticBound starts at the
// program's own bound: it is not run with fewer slots than threads the
// control flow allows (the skip was inside engine/circuit; it is the
// root's policy now). Past a smaller --max-threads it starts there.
func TestStartsAtStaticBound(t *testing.T) {
	p := mustLoad(t, `decl g; void w() begin assert(!g); end
void main() begin g := F; start_thread w(); start_thread w(); g := T; g := F; end`)
	n, bounded := p.MaxThreads()
	require.True(t, bounded)
	require.Equal(t, 3, n)
	for _, c := range []struct {
		engine     Engine
		maxThreads int
		want       []int
	}{
		{IC3, 0, []int{3}},
		{BMC, 0, []int{3}},
		{IC3, 2, []int{2}},
		{Explicit, 0, []int{1, 2}},
	} {
		var bounds []int
		withEngine(t, c.engine, func(honest engine.Run) engine.Run {
			return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
				bounds = append(bounds, bound)
				return honest(ctx, p, bound, last)
			}
		})
		res, err := Check(context.Background(), p, Options{Engine: c.engine, MaxThreads: c.maxThreads, MaxDepth: 20})
		require.NoError(t, err)
		assert.Equal(t, verdict.Unsafe, res.Verdict, "%s: %s", c.engine, res.Reason)
		assert.Equal(t, c.want, bounds, "%s, --max-threads %d", c.engine, c.maxThreads)
	}
}
