package bopgo

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// ttsQuestion: spawned threads in local 1, and a move that needs three
// of them (main included, four threads).
func ttsQuestion(t *testing.T, target string) (*tts.System, cover.Options) {
	t.Helper()
	sys, err := tts.Read("t.tts", strings.NewReader("2 3\n0 0 +> 0 1\n0 0 -> 1 2\n"))
	require.NoError(t, err)
	init, err := tts.ParseState("0|0")
	require.NoError(t, err)
	goal, err := tts.ParseState(target)
	require.NoError(t, err)
	return sys, cover.Options{Init: init, Target: goal}
}

// withSearch replaces CheckTTS's search for one test.
func withSearch(t *testing.T, search func(context.Context, *tts.System, cover.Options) (*cover.Result, error)) {
	t.Helper()
	old := searchTTS
	searchTTS = search
	t.Cleanup(func() { searchTTS = old })
}

func TestCheckTTS(t *testing.T) {
	t.Parallel()
	sys, opts := ttsQuestion(t, "1|1,1,1")
	res, err := CheckTTS(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict)
	assert.Equal(t, 4, res.Cover.Path.Threads)
	assert.True(t, res.Cover.Path.Minimal)
	assert.Equal(t, Counter, res.Engine)
	assert.True(t, res.Counters.Has(CounterCheckSeconds))
	assert.Equal(t, res.Cover.Stats.Elements, res.Counters.Int("backward_elements"))

	sys, opts = ttsQuestion(t, "0|2")
	res, err = CheckTTS(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict)
	assert.NotNil(t, res.Cover.Cert)

	sys, opts = ttsQuestion(t, "1|1,1,1")
	opts.ForwardBudget = -1
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	res, err = CheckTTS(ended, sys, opts)
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict)
	assert.Equal(t, verdict.Cancelled, res.Limit)

	sys, opts = ttsQuestion(t, "1|1/2")
	_, err = CheckTTS(t.Context(), sys, opts)
	assert.ErrorIs(t, err, cover.ErrTarget)
	assert.NotErrorIs(t, err, ErrInternal)
}

// An answer that does not check is an internal error, never a verdict.
func TestCheckTTSRefusesBadAnswers(t *testing.T) {
	t.Parallel()
	for name, forge := range map[string]func(*cover.Result){
		"a path whose last step is not the rule's": func(r *cover.Result) {
			r.Path.Steps[len(r.Path.Steps)-1].After.Shared = 0
		},
		"a path with a thread too few": func(r *cover.Result) { r.Path.Threads-- },
		"safe without a certificate":   func(r *cover.Result) { r.Verdict, r.Path = verdict.Safe, nil },
		"a certificate without its basis": func(r *cover.Result) {
			r.Verdict, r.Path = verdict.Safe, nil
			r.Cert = &cover.Certificate{Boxes: []cover.Box{{Shared: 0, Others: -1}, {Shared: 1, Others: -1}}}
		},
	} {
		t.Run(name, func(t *testing.T) {
			withSearch(t, func(ctx context.Context, sys *tts.System, opts cover.Options) (*cover.Result, error) {
				r, err := cover.Check(ctx, sys, opts)
				require.Equal(t, verdict.Unsafe, r.Verdict)
				forge(r)
				return r, err
			})
			sys, opts := ttsQuestion(t, "1|1,1,1")
			_, err := CheckTTS(t.Context(), sys, opts)
			require.ErrorIs(t, err, ErrInternal)
			assert.Contains(t, err.Error(), "does not check")
		})
	}

	withSearch(t, func(context.Context, *tts.System, cover.Options) (*cover.Result, error) { panic("forged") })
	sys, opts := ttsQuestion(t, "1|1,1,1")
	_, err := CheckTTS(t.Context(), sys, opts)
	require.ErrorIs(t, err, ErrInternal)
	assert.Contains(t, err.Error(), "forged")
}
