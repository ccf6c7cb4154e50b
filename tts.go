package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
)

// TTSResult is the outcome of CheckTTS.
type TTSResult struct {
	Verdict Verdict
	// Limit, for Unknown, is what stopped the search: TimeLimit,
	// CancelledByUser, or StateLimit for cover.Options.MaxElements.
	Limit  Limit
	Reason string // for Unknown: why, in words
	// Path, for Unsafe, runs from an initial configuration to one that
	// covers the target; tts/covercheck has replayed it.
	Path *cover.Path
	// Certificate, for Safe, shows that the target is not coverable;
	// tts/covercheck has checked it.
	Certificate *cover.Certificate
	Stats       cover.Stats
	// SearchTime is the time tts/cover took, CheckTime the time the check
	// of its answer took.
	SearchTime, CheckTime time.Duration
}

// searchTTS is the search CheckTTS runs; tests replace it to forge
// answers.
var searchTTS = cover.Check

// CheckTTS decides whether a configuration covering opts.Target can be
// reached in sys from opts.Init, for any number of threads (tts/cover),
// and checks the answer before it returns it, as Check does for a
// program: a path is replayed rule by rule and a certificate of safety is
// re-checked, both by tts/covercheck, which shares no code with the
// search. An answer that fails its check is an ErrInternal error, never a
// verdict; one whose check ctx cut short is Unknown.
//
// It honours ctx: when ctx ends the verdict is Unknown with TimeLimit or
// CancelledByUser. The error is non-nil only when the question is not one
// (cover.ErrTarget: a target with unbounded locals) or the search failed
// (ErrInternal).
func CheckTTS(ctx context.Context, sys *tts.System, opts cover.Options) (res TTSResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = TTSResult{}, fmt.Errorf("%w in the coverability search: %v\n%s", ErrInternal, r, debug.Stack())
		}
	}()
	start := time.Now()
	found, err := searchTTS(ctx, sys, opts)
	if errors.Is(err, cover.ErrTarget) {
		return TTSResult{}, err
	}
	if err != nil {
		return TTSResult{}, fmt.Errorf("%w in the coverability search: %w", ErrInternal, err)
	}
	res = TTSResult{Verdict: found.Verdict, Limit: found.Limit, Reason: found.Reason,
		Path: found.Path, Certificate: found.Cert, Stats: found.Stats, SearchTime: time.Since(start)}
	checked := time.Now()
	if err := verifyTTS(ctx, judge.Coverability{System: sys, Init: opts.Init, Target: opts.Target}, found); err != nil {
		if ctx.Err() != nil {
			s := engine.Stopped(ctx)
			return TTSResult{Limit: s.Limit, Reason: fmt.Sprintf("%s while checking the answer %s", s.Reason, found.Verdict),
				Stats: found.Stats, SearchTime: res.SearchTime, CheckTime: time.Since(checked)}, nil
		}
		return TTSResult{}, fmt.Errorf("%w: the coverability search's answer %s does not check: %w", ErrInternal, found.Verdict, err)
	}
	res.CheckTime = time.Since(checked)
	return res, nil
}

// verifyTTS is the check every answer of CheckTTS passes.
func verifyTTS(ctx context.Context, p judge.Coverability, r *cover.Result) error {
	switch r.Verdict {
	case cover.Unsafe:
		if r.Path == nil {
			return errors.New("no path")
		}
		return p.CheckPath(r.Path.Checkable())
	case cover.Safe:
		if r.Cert == nil {
			return errors.New("no certificate")
		}
		return p.CheckCertificateContext(ctx, r.Cert.Checkable())
	}
	return nil
}
