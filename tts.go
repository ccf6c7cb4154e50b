package bopgo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/counter"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// searchTTS is the search CheckTTS runs; tests replace it to forge
// answers.
var searchTTS = cover.Check

// CheckTTS decides whether a configuration covering opts.Target can be
// reached in sys from opts.Init, for any number of threads (tts/cover),
// and checks the answer before it returns it, as Check does for a
// program: a path is replayed rule by rule and a certificate of safety is
// re-checked, both by the judge (package judge), which shares no code
// with the search, on the path every answer takes (judged.go). An answer
// that fails its check is an ErrInternal error, never a verdict; one whose
// check ctx cut short is Unknown.
//
// It honours ctx: when ctx ends the verdict is Unknown with verdict.Time or
// verdict.Cancelled. The error is non-nil only when the question is not one
// (cover.ErrTarget: a target with unbounded locals) or the search failed
// (ErrInternal).
func CheckTTS(ctx context.Context, sys *tts.System, opts cover.Options) (Result, error) {
	var searched, checking time.Duration
	q := judge.Coverability{System: sys, Init: opts.Init, Target: opts.Target}
	answer := func(found *cover.Result) Result {
		return Result{Verdict: found.Verdict, Limit: found.Limit, Reason: found.Reason, Property: ttsProperty, Engine: Counter,
			Cover: found, Counters: withTimes(counter.CountersOf(found.Stats), searched+checking, checking)}
	}
	return decide(ctx, Counter,
		func(ctx context.Context) (*cover.Result, error) {
			start := time.Now()
			found, err := searchTTS(ctx, sys, opts)
			searched = time.Since(start)
			switch {
			case errors.Is(err, cover.ErrTarget):
				return nil, err
			case err != nil:
				return nil, fmt.Errorf("%w in the coverability search: %w", ErrInternal, err)
			}
			return found, nil
		},
		func(ctx context.Context, found *cover.Result) (Result, error) {
			start := time.Now()
			err := judgeCover(ctx, q, found)
			checking = time.Since(start)
			return answer(found), err
		},
		func(found *cover.Result, why string) Result {
			s := engine.Stopped(ctx)
			res := answer(&cover.Result{Stats: found.Stats})
			res.Limit, res.Reason = s.Limit, fmt.Sprintf("%s while checking the answer %s", why, found.Verdict)
			return res
		})
}

// ttsProperty is the property CheckTTS decides, in words.
const ttsProperty = "the target is not coverable"

// judgeCover is the judge's check of an answer of CheckTTS.
func judgeCover(ctx context.Context, q judge.Coverability, r *cover.Result) error {
	switch r.Verdict {
	case verdict.Unsafe:
		if r.Path == nil {
			return errors.New("no path")
		}
		return q.CheckPath(r.Path.Checkable())
	case verdict.Safe:
		if r.Cert == nil {
			return errors.New("no certificate")
		}
		return q.CheckCertificateContext(ctx, r.Cert.Checkable())
	}
	return nil
}
