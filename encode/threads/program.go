package threads

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/tts"
)

// maxTTSGlobals bounds the globals of a program the translation accepts:
// each local state gets a rule for every valuation of the globals.
const maxTTSGlobals = 14

// Program is a Boolean program as a thread-transition system, with what
// it takes to map a path back to an execution.
type Program struct {
	Sys          *tts.System
	Init, Target tts.State

	prog    *bp.Program
	label   string
	nglob   int
	locals  []localState    // by local index, from 3 on
	index   map[string]int  // localState key -> index
	origins chunked[origin] // by rule index
	// While Build runs, the rules (chunked.go); Sys.Rules at its end.
	rules chunked[tts.Rule]
	// stuck, by rule index of a broadcast's rule: the locals whose
	// threads have no outcome of their passive part with that rule's
	// active outcome (sorted). They stay under the monotone reading; under
	// the blocking one the step is not possible with them around
	// (NeedsMonotone).
	stuck map[int][]int
}

type localState struct {
	t       bp.ThreadState // ID unused
	pending int            // > 0: mid-start, index of the move+1 in moves
	of      int            // for pending: the creator's local
}

// origin says which program step a rule is.
type origin struct {
	kind     ruleKind
	proc, pc int
	taken    int
	created  int // for startMove: the started thread's local
}

type ruleKind uint8

const (
	initRule   ruleKind = iota // the initial values are chosen
	stepRule                   // one step of one thread
	startRule                  // a start_thread, first of three rules
	startSpawn                 // the new thread
	startMove                  // the creator moves on
	errorRule                  // the property fails
)

const (
	sharedInit, sharedError = 0, 1
	localInit, localError   = 0, 1
	localEnded              = 2
	firstLocal              = 3
)

// shared encodes globals g (as a number), the lock and the phase.
func (p *Program) shared(g int, lock bool, phase int) int {
	s := g*2 + boolInt(lock)
	return 2 + s*3 + phase
}

func (p *Program) decodeShared(s int) (g int, lock bool, phase int) {
	s -= 2
	phase = s % 3
	s /= 3
	return s / 2, s%2 == 1, phase
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *Program) globals(g int) []bool {
	out := make([]bool, p.nglob)
	for i := range out {
		out[i] = g&(1<<i) != 0
	}
	return out
}

func globalsNum(vs []bool) int {
	g := 0
	for i, b := range vs {
		if b {
			g |= 1 << i
		}
	}
	return g
}

func key(l localState) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d.%d.%t.%d.%d:", l.t.Proc, l.t.PC, l.t.Atomic, l.pending, l.of)
	for _, v := range l.t.Locals {
		b.WriteByte('0' + byte(boolInt(v)))
	}
	return b.String()
}

// local returns the index of l, adding it (and queueing it) if new.
func (p *Program) local(l localState, queue *[]int) int {
	k := key(l)
	if i, ok := p.index[k]; ok {
		return i
	}
	i := firstLocal + len(p.locals)
	p.index[k] = i
	p.locals = append(p.locals, l)
	*queue = append(*queue, i)
	return i
}

func (p *Program) rule(r tts.Rule, o origin) {
	p.rules.add(r)
	p.origins.add(o)
}

// Build translates prog, with the property of label (assertions
// when empty). The thread-transition system has the thread states that
// one thread can reach from the start with some values of the globals: a
// superset of those reachable with other threads around.
//
// It polls ctx at every valuation of the globals it steps a thread state
// from, and returns ctx's error when ctx ends: the translation can take
// seconds (six LocalWorkers threads with eight locals each), and the
// portfolio's schedule hands the core on at a poll.
func Build(ctx context.Context, prog *bp.Program, label string) (*Program, error) {
	if prog.HasCalls() {
		return nil, fmt.Errorf("the thread-transition system: %w", bp.ErrRecursion)
	}
	if len(prog.Globals) > maxTTSGlobals {
		return nil, fmt.Errorf("the counter engine takes at most %d globals, the program has %d", maxTTSGlobals, len(prog.Globals))
	}
	p := &Program{Sys: &tts.System{}, prog: prog, label: label, nglob: len(prog.Globals), index: map[string]int{}, stuck: map[int][]int{}}
	p.Init = tts.State{Shared: sharedInit, Bounded: []int{localInit}}
	p.Target = tts.State{Shared: sharedError, Bounded: []int{localError}}
	sem := newSemantics(prog, label)
	live := prog.Live()
	var queue []int

	// The start: every value of the globals and of main's live locals.
	main := prog.Procs[0]
	var free []int
	for i := range main.Locals {
		if live[0][main.Entry].Has(i) {
			free = append(free, i)
		}
	}
	if len(free) > 16 {
		return nil, fmt.Errorf("main has %d locals live at its start, too many", len(free))
	}
	for g := 0; g < 1<<p.nglob; g++ {
		for mask := 0; mask < 1<<len(free); mask++ {
			t := bp.ThreadState{Proc: 0, PC: main.Entry, Locals: make([]bool, len(main.Locals))}
			for j, i := range free {
				t.Locals[i] = mask&(1<<j) != 0
			}
			l := p.local(localState{t: t}, &queue)
			p.rule(tts.Rule{Kind: tts.Move, From: tts.Thread{Shared: sharedInit, Local: localInit}, To: tts.Thread{Shared: p.shared(g, false, 0), Local: l}}, origin{kind: initRule})
		}
	}
	var bcasts []*broadcastSource
	for len(queue) > 0 {
		li := queue[0]
		queue = queue[1:]
		if err := p.translate(ctx, sem, li, &queue, &bcasts); err != nil {
			return nil, err
		}
		if len(queue) == 0 {
			// Every thread state known so far may be passive. (Whatever
			// the last local was: a pending one, which has no rules of
			// its own, once ended the loop here and left the last thread
			// states without passes; the judge refused that proof.)
			for _, b := range bcasts {
				if err := p.addPasses(sem, b, &queue); err != nil {
					return nil, err
				}
			}
		}
	}
	p.Sys.Rules, p.rules = p.rules.flat(), chunked[tts.Rule]{}
	for _, b := range bcasts {
		for _, ri := range b.rules {
			r := &p.Sys.Rules[ri]
			slices.SortFunc(r.Passes, func(x, y tts.Pass) int { return cmp.Or(x.From-y.From, x.To-y.To) })
			r.Passes = slices.Compact(r.Passes)
		}
	}
	p.Sys.Shared = 2 + (1<<p.nglob)*2*3
	p.Sys.Locals = firstLocal + len(p.locals)
	return p, nil
}

// translate makes the rules of the thread state of local li with every
// valuation of the globals, queueing the locals they reach; a broadcast's
// rules go to bcasts, to be given their passes.
func (p *Program) translate(ctx context.Context, sem *semantics, li int, queue *[]int, bcasts *[]*broadcastSource) error {
	label, targets := p.label, p.prog.Targets(p.label)
	l := p.locals[li-firstLocal]
	if l.pending > 0 {
		return nil // its rules were made with the start
	}
	from := func(g int) tts.Thread { return tts.Thread{Shared: p.shared(g, l.t.Atomic, 0), Local: li} }
	toError := func(from tts.Thread) {
		p.rule(tts.Rule{Kind: tts.Move, From: from, To: tts.Thread{Shared: sharedError, Local: localError}}, origin{kind: errorRule, proc: l.t.Proc, pc: l.t.PC, taken: -1})
	}
	for g := 0; g < 1<<p.nglob; g++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if targets[l.t.Proc][l.t.PC] && label != "" {
			// A thread at the label is the violation whether or not it
			// could move: a thread started in another's atomic section
			// is there while the lock is held.
			toError(from(g))
			if !l.t.Atomic {
				toError(tts.Thread{Shared: p.shared(g, true, 0), Local: li})
			}
			continue
		}
		if sem.isBroadcast(&l.t) {
			b, err := p.broadcastRules(sem, li, g, queue)
			if err != nil {
				return err
			}
			*bcasts = append(*bcasts, b)
			continue
		}
		outs, fails, err := sem.outcomes(p.globals(g), l.t)
		if err != nil {
			return err
		}
		if fails && Fault != FaultNoFailure {
			toError(from(g))
		}
		for j, m := range outs {
			if Fault == FaultNoElse && m.taken == 0 {
				continue
			}
			o := origin{kind: stepRule, proc: l.t.Proc, pc: l.t.PC, taken: m.taken}
			g2 := globalsNum(m.globals)
			switch {
			case m.ended:
				p.rule(tts.Rule{Kind: tts.Move, From: from(g), To: tts.Thread{Shared: p.shared(g2, false, 0), Local: localEnded}}, o)
			case m.started != nil:
				creator := p.local(localState{t: m.thread}, queue)
				started := p.local(localState{t: *m.started}, queue)
				pend := p.local(localState{t: l.t, pending: j + 1, of: creator}, queue)
				ph := func(phase int) int { return p.shared(g, l.t.Atomic, phase) }
				p.rule(tts.Rule{Kind: tts.Move, From: from(g), To: tts.Thread{Shared: ph(1), Local: pend}}, origin{kind: startRule, proc: l.t.Proc, pc: l.t.PC, taken: -1})
				p.rule(tts.Rule{Kind: tts.Spawn, From: tts.Thread{Shared: ph(1), Local: pend}, To: tts.Thread{Shared: ph(2), Local: started}}, origin{kind: startSpawn, proc: l.t.Proc, pc: l.t.PC, taken: -1, created: started})
				p.rule(tts.Rule{Kind: tts.Move, From: tts.Thread{Shared: ph(2), Local: pend}, To: tts.Thread{Shared: p.shared(g2, m.thread.Atomic, 0), Local: creator}}, origin{kind: startMove, proc: l.t.Proc, pc: l.t.PC, taken: -1})
			default:
				l2 := p.local(localState{t: m.thread}, queue)
				p.rule(tts.Rule{Kind: tts.Move, From: from(g), To: tts.Thread{Shared: p.shared(g2, m.thread.Atomic, 0), Local: l2}}, o)
			}
		}
	}
	return nil
}

// broadcastSource is a broadcast step from one local state with one
// valuation of the globals: its rules, one per outcome of the active
// part (dead locals included: the passive part reads them), and how many
// thread states have been given their passes.
type broadcastSource struct {
	local, g int
	outs     []outcome
	rules    []int // parallel to outs
	passed   int   // p.locals[:passed] are done
}

// broadcastRules makes the rules of a broadcast step, without passes.
func (p *Program) broadcastRules(sem *semantics, li, g int, queue *[]int) (*broadcastSource, error) {
	l := p.locals[li-firstLocal]
	outs, _, err := sem.outcomes(p.globals(g), l.t)
	if err != nil {
		return nil, err
	}
	b := &broadcastSource{local: li, g: g, outs: outs}
	for _, m := range outs {
		l2 := p.local(localState{t: m.thread}, queue)
		b.rules = append(b.rules, p.rules.len())
		p.rule(tts.Rule{Kind: tts.Move, From: tts.Thread{Shared: p.shared(g, l.t.Atomic, 0), Local: li},
			To: tts.Thread{Shared: p.shared(globalsNum(m.globals), m.thread.Atomic, 0), Local: l2}},
			origin{kind: stepRule, proc: l.t.Proc, pc: l.t.PC, taken: -1})
	}
	return b, nil
}

// addPasses gives b's rules the passes of the thread states that have
// none yet, under the monotone reading: a passive thread whose only
// outcome is to stay as it is gets no pass (unlisted locals stay), nor
// does one with no outcome (recorded in p.stuck). Thread states mid-start
// never meet a broadcast, as nobody else moves then, nor do atomic
// ones: a thread moves only when no other holds the lock.
func (p *Program) addPasses(sem *semantics, b *broadcastSource, queue *[]int) error {
	active := p.locals[b.local-firstLocal].t
	g := p.globals(b.g)
	for i := b.passed; i < len(p.locals); i++ {
		if p.locals[i].pending > 0 || p.locals[i].t.Atomic {
			continue
		}
		u := firstLocal + i
		for k := range b.outs {
			outs, err := sem.passive(g, active, &b.outs[k], p.locals[i].t)
			if err != nil {
				return err
			}
			ri := b.rules[k]
			switch {
			case len(outs) == 0:
				p.stuck[ri] = append(p.stuck[ri], u)
			case len(outs) == 1 && sameState(outs[0], p.locals[i].t):
			default:
				r := p.rules.at(ri)
				for _, o := range outs {
					r.Passes = append(r.Passes, tts.Pass{From: u, To: p.local(localState{t: o}, queue)})
				}
			}
		}
	}
	b.passed = len(p.locals)
	return nil
}
