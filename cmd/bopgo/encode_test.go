package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/bopgo/bopgo/internal/jsonresult"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEncodeResultStreamsTheSameBytes: the result written a step at a
// time is byte for byte the result encoding/json writes whole: traces of
// none to five steps, steps that share their values' maps (all or some),
// strings that need escaping (quotes, <>, the NULs of the placeholder
// step), and an error result. The golden outputs
// (TestGoldenOutput) run it on real counterexamples.
func TestEncodeResultStreamsTheSameBytes(t *testing.T) {
	t.Parallel()
	same := func(r jsonResult) {
		t.Helper()
		var whole, streamed bytes.Buffer
		newPrinter(&whole, true).encode(r)
		newPrinter(&streamed, true).encodeResult(r)
		require.Equal(t, whole.String(), streamed.String())
		var back jsonResult
		require.NoError(t, json.Unmarshal(streamed.Bytes(), &back))
		assert.Len(t, back.Trace, len(r.Trace))
	}
	yes := true
	steps := []jsonresult.Step{
		{Thread: 0, File: "a.bp", Line: 1, Column: 2, Labels: []string{}, Statement: "x := y & <z>", Taken: &yes,
			Values: jsonresult.Values{Globals: map[string]bool{"x": true, "b": false}, Locals: map[string]bool{}}},
		{Thread: 1, File: "a \"b\".bp", Line: 3, Labels: []string{"L"}, Statement: "trace\x00", Note: "\x00trace\x00",
			Values: jsonresult.Values{Globals: map[string]bool{}, Locals: map[string]bool{"l": true}}, Blocked: []int{0}},
	}
	// Steps that share their values' maps, as toJSON makes them where a
	// step changed nothing: encoded once, written for each.
	shared := steps[1].Values
	steps = append(steps,
		jsonresult.Step{Thread: 1, File: "a.bp", Line: 4, Labels: []string{}, Statement: "skip", Values: shared},
		jsonresult.Step{Thread: 1, File: "a.bp", Line: 5, Labels: []string{}, Statement: "g := T",
			Values: jsonresult.Values{Globals: map[string]bool{"g": true}, Locals: shared.Locals}},
		jsonresult.Step{Thread: 0, File: "a.bp", Line: 6, Labels: []string{}, Statement: "skip", Values: shared})
	for n := range len(steps) + 1 {
		same(jsonResult{Version: 1, File: "a.bp", Verdict: "unsafe", Trace: steps[:n],
			Violation: &jsonresult.Violation{Kind: "assertion", File: "a.bp", Line: 3}, Stats: jsonStats{}})
	}
	same(jsonResult{Version: 1, File: "b.bp", Verdict: "error", Errors: []string{"b.bp:1:1: bad"}})
}
