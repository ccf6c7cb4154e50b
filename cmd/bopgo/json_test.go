package main

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/conformance"
)

// TestJSONTraceReplays takes the values of every step of the JSON
// counterexamples of the conformance programs, writes them into the
// interpreter's trace (globals and the running thread's visible locals)
// and replays it: the printed values must be those of a real execution.
func TestJSONTraceReplays(t *testing.T) {
	cases, err := conformance.Read(conformanceDir)
	require.NoError(t, err)
	n := 0
	for _, c := range cases {
		if c.Expected != "unsafe" {
			continue
		}
		file, label := c.Path(conformanceDir), c.Label
		for _, engine := range bopgo.Engines {
			if !bopgo.Decides(engine) || unchecked(engine) || engine == bopgo.Auto {
				continue // bounded by depth (circuit_test.go checks them), or the portfolio, whose winner varies from run to run
			}
			args := []string{"check", "--json", "--engine", string(engine), file}
			if label != "" {
				args = append(args, "-l", label)
			}
			code, out, errOut := runCmd(args...)
			require.Equal(t, exitUnsafe, code, errOut)
			var res jsonResult
			require.NoError(t, json.Unmarshal([]byte(out), &res))

			src, err := os.ReadFile(file)
			require.NoError(t, err)
			prog, err := bp.Load(file, src)
			require.NoError(t, err)
			checked, err := bopgo.Check(context.Background(), prog, bopgo.Options{Engine: engine, Label: label})
			require.NoError(t, err)
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
			assert.NoError(t, interp.Replay(prog, interp.Options{Label: label}, exec), "%s (%s)", c.Dir, engine)
			n++
		}
	}
	assert.Greater(t, n, 30)
}
