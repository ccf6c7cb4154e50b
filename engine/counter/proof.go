package counter

import (
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/tts/cover"
)

// proof is the evidence of Safe for the judge: the system, its question,
// the certificate, and what every state of the system stands for, in the
// program's terms (the judge checks the system against the program
// through these, trusting none of them).
func proof(tp *threads.Program, cert *cover.Certificate) *engine.CounterProof {
	pr := &engine.CounterProof{System: tp.Sys, Init: tp.Init, Target: tp.Target, Certificate: cert.Checkable(),
		Shared: make([]engine.CounterShared, tp.Sys.Shared), Locals: make([]engine.CounterLocal, tp.Sys.Locals)}
	for s := range pr.Shared {
		m := tp.SharedMeaning(s)
		pr.Shared[s] = engine.CounterShared{Kind: kinds[m.Kind], Globals: m.Globals, Lock: m.Lock, Phase: m.Phase}
	}
	for l := range pr.Locals {
		m := tp.LocalMeaning(l)
		pr.Locals[l] = engine.CounterLocal{Kind: kinds[m.Kind], Thread: m.Thread, After: m.After}
	}
	return pr
}

// kinds names the translation's kinds of states in the evidence's terms.
var kinds = [...]engine.CounterKind{
	threads.KindStart:    engine.CounterStart,
	threads.KindError:    engine.CounterError,
	threads.KindEnded:    engine.CounterEnded,
	threads.KindThread:   engine.CounterThread,
	threads.KindStarting: engine.CounterStarting,
	threads.KindGlobals:  engine.CounterGlobals,
}
