package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// TestJSONTraceReplays takes the values of every step of the JSON
// counterexamples of the conformance programs, as the printer writes them
// for each engine, writes them into the interpreter's trace (globals and
// the running thread's visible locals) and replays it: the printed values
// must be those of a real execution. One check per engine and program, its
// result printed (TestGoldenOutput runs check --json end to end); one
// parallel subtest per program.
func TestJSONTraceReplays(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	var n atomic.Int64
	t.Cleanup(func() { assert.Greater(t, n.Load(), int64(30)) })
	for _, c := range cases {
		if c.Expected != "unsafe" {
			continue
		}
		t.Run(c.Dir, func(t *testing.T) {
			t.Parallel()
			file, label := c.Path(conformanceDir), c.Label
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			prog, err := bp.Load(file, src)
			require.NoError(t, err)
			for _, engine := range bopgo.Engines {
				if !bopgo.Decides(engine) || unchecked(engine) || engine == bopgo.Auto {
					continue // bounded by depth (circuit_test.go checks them), or the portfolio, whose winner varies from run to run
				}
				checked, err := bopgo.Check(context.Background(), prog, bopgo.Options{Engine: engine, Label: label})
				require.NoError(t, err)
				require.Equal(t, verdict.Unsafe, checked.Verdict, "%s (%s): %s", c.Dir, engine, checked.Reason)
				var out bytes.Buffer
				newPrinter(&out, true).result(file, prog, checked, false)
				var res jsonResult
				require.NoError(t, json.Unmarshal(out.Bytes(), &res))

				exec := checked.Trace.Exec
				require.Len(t, res.Trace, len(exec.Steps), c.Dir)
				for i, js := range res.Trace {
					before := &exec.Steps[i].Before
					for gi, name := range prog.Globals {
						v, ok := js.Values.Globals[name]
						require.True(t, ok, "%s step %d: global %s missing", c.Dir, i, name)
						before.Globals[gi] = v
					}
					th := before.Thread(js.Thread)
					require.NotNil(t, th, "%s step %d: thread %d", c.Dir, i, js.Thread)
					proc := prog.Procs[th.Proc]
					for _, slot := range proc.FrameLocals(proc.Steps[th.PC].Frame) {
						v, ok := js.Values.Locals[proc.LocalName(slot)]
						require.True(t, ok, "%s step %d: local %s missing", c.Dir, i, proc.LocalName(slot))
						th.Locals[slot] = v
					}
				}
				assert.NoError(t, judge.Replay(prog, interp.Options{Label: label}, exec), "%s (%s)", c.Dir, engine)
				n.Add(1)
			}
		})
	}
}

// TestJSONWrittenValues: each step lists every variable it assigned,
// changed or not (docs/json.md, "written"): on the race, the workers'
// stale reads tmp := c write the value tmp held, and the first
// assignment writes the globals' initial values.
func TestJSONWrittenValues(t *testing.T) {
	t.Parallel()
	_, out, _ := runCmd("check", "--json", "--engine", "explicit", "--exact-trace", "testdata/race.bp")
	var r struct {
		Trace []struct {
			Thread    int    `json:"thread"`
			Statement string `json:"statement"`
			Written   []struct {
				Name      string `json:"name"`
				Value     bool   `json:"value"`
				Thread    *int   `json:"thread"`
				Unchanged bool   `json:"unchanged"`
				Chosen    bool   `json:"chosen"`
			} `json:"written"`
		} `json:"trace"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.NotEmpty(t, r.Trace)
	init := r.Trace[0]
	require.Equal(t, "c, done := F, F", init.Statement)
	require.Len(t, init.Written, 2)
	for k, name := range []string{"c", "done"} {
		w := init.Written[k]
		assert.Equal(t, name, w.Name)
		assert.False(t, w.Value)
		assert.Nil(t, w.Thread, "a shared variable has no thread")
	}
	var reads, decls int
	for _, s := range r.Trace {
		switch s.Statement {
		case "tmp := c":
			reads++
			require.Len(t, s.Written, 1)
			w := s.Written[0]
			assert.Equal(t, "worker::tmp", w.Name)
			require.NotNil(t, w.Thread)
			assert.Equal(t, s.Thread, *w.Thread)
			assert.False(t, w.Chosen)
			assert.False(t, w.Value, "c is F until a worker writes it")
			assert.True(t, w.Unchanged, "the declaration picked F: the read writes tmp's own value")
		case "decl tmp;":
			decls++
			require.Len(t, s.Written, 1)
			assert.True(t, s.Written[0].Chosen, "a declaration's value is a choice")
		}
	}
	assert.Positive(t, reads)
	assert.Positive(t, decls)
}

// TestJSONChoices: with --exact-trace each step lists the value each *
// of its statement took (docs/json.md, "choices"), the text output too;
// without it no step does, as an engine's trace does not fix them.
func TestJSONChoices(t *testing.T) {
	t.Parallel()
	const file = "testdata/choices.bp"
	type choice struct {
		Line, Column      int
		Value             bool
		Schoose, Assigned bool
	}
	steps := func(args ...string) map[string][]choice {
		_, out, errOut := runCmd(append([]string{"check", "--json", "--engine", "explicit"}, append(args, file)...)...)
		var r struct {
			Trace []struct {
				Statement string   `json:"statement"`
				Choices   []choice `json:"choices"`
			} `json:"trace"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &r), errOut)
		m := map[string][]choice{}
		for _, s := range r.Trace {
			m[s.Statement] = s.Choices
		}
		return m
	}
	exact := steps("--exact-trace")
	assert.Equal(t, []choice{{Line: 7, Column: 12, Value: true}}, exact["x := y & *"])
	assert.Equal(t, []choice{{Line: 9, Column: 7, Value: false}}, exact["if (*)"])
	assert.Equal(t, []choice{{Line: 12, Column: 10, Value: true, Schoose: true}}, exact["z := schoose[F, F]"])
	assert.Equal(t, []choice{{Line: 13, Column: 29, Value: false}}, exact["assert(!x | *)"])
	for stmt, cs := range steps() {
		assert.Empty(t, cs, "an engine's trace: %s", stmt)
	}
	_, text, _ := runCmd("check", "--engine", "explicit", "--exact-trace", file)
	assert.Contains(t, text, "x := y & *\n    globals: x=0 y=1 z=0\n    choices: *=1 at 7:12\n")
}
