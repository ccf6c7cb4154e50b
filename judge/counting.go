package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/tts"
)

// The counter engine's proof of Safe for any number of threads
// (engine.CounterProof) is checked by translation validation: not by
// trusting the translation that made its thread-transition system
// (encode/threads), but by checking that the system simulates the
// program under the reference semantics (bp/interp), then that the
// certificate shows the system cannot cover its target.
//
// Why that suffices. Read the meanings of the proof as two maps: σ from
// a valuation g of the globals and a lock bit to the shared state of
// phase 0 that stands for them, and λ from a settled thread state (its
// locals dead at its pc false) to the local that stands for it (the
// check refuses two states with one meaning, so both are functions).
// Relate a configuration of the program, globals g and threads T (none
// at the label, no assertion failed), to every configuration of the
// system with shared state σ(g, some thread of T is atomic) and the
// threads λ(settle(t)) for t in T, plus any number of threads in locals
// that stand for an ended thread. Then:
//
//   - Every initial configuration of the program (main at its entry,
//     any globals, any locals) is related to a configuration that one
//     rule reaches from the system's initial one (countingInitial).
//   - Every step of the program from a related configuration is
//     matched by rules to a related one (countingLocal). A thread moves
//     only when no other thread is atomic, so the lock bit is its own
//     atomic flag, and at most one thread is ever atomic; a step that is
//     not a broadcast reads and writes only the globals and its own
//     thread (bp/interp's apply), so its outcomes are those of the
//     thread alone, matched by one move without passes (the others
//     stay), by a move to an ended local (the thread ends), or by the
//     three rules of a thread start. A broadcast is matched by one move
//     whose passes send each other thread to its outcome and keep the
//     ended ones in place; each passive thread's outcomes depend on it
//     and the active part alone (bp: "PassiveConstraint must hold for
//     each passive thread separately", each drawing its own choices),
//     so they are checked a passive thread state at a time.
//   - A thread whose step can fail an assertion, or that is at the
//     label (atomic or not: the property is that no thread is there,
//     and a thread started in another's atomic section is there while
//     the lock is held), has a move to the target.
//   - Thread states that the steps reach are among the system's locals
//     (closure), so the relation is total on reachable configurations.
//
// So every execution of the program that violates the property maps to
// a run of the system that covers the target, and a certificate that no
// run covers it (cover_certificate.go) proves the program safe for any
// number of threads. Settling is sound because a local dead at a pc is
// never read before it is written from there (bp.Proc.Liveness, which
// counts the reads of other threads' broadcasts and of thread starts),
// so two thread states that differ only there have the same futures.
//
// Broadcasts are checked under the monotone reading, where a passive
// thread with no outcome stays as it is (bfc's, and that of SatAbs's
// translation for it). Every step under the blocking reading (Boom's,
// bopgo's default, where such a thread blocks the step) is a step under
// the monotone one, so a proof under the monotone reading holds under
// both; the converse fails, which is why a counterexample of the counter
// engine may be MonotoneOnly while its proofs hold for either reading.
// Getafix's dialect needs nothing more: its init, threads and global
// atomic flag are lowered to ordinary steps (bp/getafix.go).
//
// The cost is that of the translation: every local that stands for a
// thread state is stepped once per valuation of the globals (and, at a
// broadcast, once per passive thread state), and each outcome is looked
// up in an index of the rules sorted by where they start.

// CheckCounterProof checks that the program prog (the one the engine
// checked; with proof.Abstraction, prog's abstraction, checked first
// with VerifyHavocked) under the property of label (empty:
// assertions) is safe for any number of threads: the proof's system
// simulates the program under bp/interp's semantics and its certificate
// holds (see above). reading does not change the check: the proof is
// checked under the monotone reading of broadcasts, which also proves
// the blocking one.
func CheckCounterProof(ctx context.Context, prog *bp.Program, label string, reading bp.Reading, proof *engine.CounterProof) error {
	_ = reading // a proof under the monotone reading holds under both
	if proof == nil || proof.System == nil || proof.Certificate == nil {
		return errors.New("the counter proof has no system or no certificate")
	}
	if err := countingSimulates(ctx, prog, label, proof); err != nil {
		return err
	}
	p := Coverability{System: proof.System, Init: proof.Init, Target: proof.Target}
	if err := p.CheckCertificateContext(ctx, proof.Certificate); err != nil {
		return fmt.Errorf("the certificate: %w", err)
	}
	return nil
}

// countingSimulates checks that proof's system simulates prog (or,
// with proof.Abstraction, prog's abstraction, checked first) under the
// property of label: the first part of CheckCounterProof, all of it but
// the certificate.
func countingSimulates(ctx context.Context, prog *bp.Program, label string, proof *engine.CounterProof) error {
	src := prog
	if proof.Abstraction != nil {
		if err := VerifyHavocked(prog, proof.Abstraction); err != nil {
			return fmt.Errorf("the program the system was built from is not the program with its local data forgotten: %w", err)
		}
		src = proof.Abstraction
	}
	c, err := newCountingCheck(src, label, proof)
	if err != nil {
		return err
	}
	if err := c.countingInitial(ctx); err != nil {
		return err
	}
	for l := range c.proof.Locals {
		if c.proof.Locals[l].Kind != engine.CounterThread {
			continue
		}
		if err := c.countingLocal(ctx, l); err != nil {
			return err
		}
	}
	return nil
}

// countingCheck is one check of a counter proof: the program, the
// reference semantics, and the proof indexed.
type countingCheck struct {
	prog    *bp.Program
	label   string
	proof   *engine.CounterProof
	rules   []tts.Rule
	sem     *interp.Semantics // under the monotone reading
	live    [][]bp.Bits
	targets [][]bool
	nglob   int

	start, target tts.Thread // the initial thread and the one to cover
	// shared[g*2+lock] is σ: the phase-0 shared state standing for
	// globals g (as a number, bit i global i) and the lock; -1 none.
	shared []int32
	// locals is λ: the local standing for each settled thread state, by
	// countingKey.
	locals map[string]int32
	// ended are the locals standing for an ended thread; passive are
	// those standing for a thread state that may be passive in a
	// broadcast (not atomic, not at the label).
	ended, passive []int
	// byFrom is the rules' indices sorted by From.Local, From.Shared,
	// To.Shared, To.Local; firstOf[l] is where local l's begin.
	byFrom  []int32
	firstOf []int32
}
