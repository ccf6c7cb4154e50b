package promela

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// Options configure the translation.
type Options struct {
	// Label, if not empty, makes the property "no statement labelled
	// Label is reached"; assertions are then not checked.
	Label string
	// MaxThreads bounds the live threads, main included, as bopgo's
	// --max-threads; 0 means DefaultMaxThreads.
	MaxThreads int
	// Broadcast is the reading of broadcasts (x$): blocking by default.
	Broadcast bp.Reading

	// enumLimit overrides defaultEnumLimit when positive, -1 means 0; for
	// tests of both forms of guards.
	enumLimit int
}

// DefaultMaxThreads is the thread bound when Options.MaxThreads is 0, the
// same as bopgo's.
const DefaultMaxThreads = 8

// MaxThreads is the largest thread bound a model can have: SPIN runs at
// most 255 processes, and the model's init process is one of them.
const MaxThreads = 250

// defaultEnumLimit is the largest number of choices a guard enumerates as
// a guarded choice (2^defaultEnumLimit options); guards over more choices
// choose, test the guard, and retry the step when it fails.
const defaultEnumLimit = 4

// ErrNoMain is returned for a program without procs.
var ErrNoMain = errors.New("promela: program has no main thread")

// Write writes prog as a Promela model to out.
func Write(out io.Writer, prog *bp.Program, opts Options) error {
	if len(prog.Procs) == 0 {
		return ErrNoMain
	}
	if prog.HasCalls() {
		return fmt.Errorf("the Promela export: %w", bp.ErrRecursion)
	}
	if opts.MaxThreads == 0 {
		opts.MaxThreads = DefaultMaxThreads
	}
	if opts.MaxThreads < 1 || opts.MaxThreads > MaxThreads {
		return fmt.Errorf("promela: thread bound %d out of range 1..%d (SPIN runs at most 255 processes)", opts.MaxThreads, MaxThreads)
	}
	if err := checkBroadcasts(prog); err != nil {
		return err
	}
	w := newWriter(prog, opts)
	bw := bufio.NewWriter(out)
	w.out = bw
	w.model()
	return bw.Flush()
}

// writer holds what the translation computes once per program.
type writer struct {
	out     *bufio.Writer
	prog    *bp.Program
	opts    Options
	atomics bool // the program has atomic_begin: steps wait on bp_holder
	// enumLimit is the most choices a guard enumerates.
	enumLimit int

	globals []string   // Promela names of the globals
	procs   []string   // of the procs
	locals  [][]string // [proc][slot]
	live    [][]bp.Bits
	targets [][]bool
	starts  [][]int // [proc]: the pcs a thread of the proc can start at, entry first

	maxChoices int // size of bp_c
	maxTemps   int // size of bp_t

	// With broadcasts: the array of each local slot of proc 0 that
	// broadcasts touch (nil without broadcasts), and the most passive
	// targets of a step.
	bslots     map[int]string
	maxPassive int
}

func newWriter(prog *bp.Program, opts Options) *writer {
	w := &writer{prog: prog, opts: opts, targets: prog.Targets(opts.Label), enumLimit: defaultEnumLimit}
	w.live = prog.Live()
	switch {
	case opts.enumLimit > 0:
		w.enumLimit = opts.enumLimit
	case opts.enumLimit < 0:
		w.enumLimit = 0
	}
	top := newNamer()
	for _, g := range prog.Globals {
		w.globals = append(w.globals, top.name("g_", g))
	}
	w.starts = make([][]int, len(prog.Procs))
	for i, p := range prog.Procs {
		w.procs = append(w.procs, top.name("p_", p.Name))
		loc := newNamer()
		var names []string
		for slot, l := range p.Locals {
			if l.ThreadLocal {
				names = append(names, loc.name("t_", l.Name))
			} else {
				names = append(names, loc.name("l_", p.Frames[l.Frame].Func+"_"+l.Name))
			}
			_ = slot
		}
		w.locals = append(w.locals, names)
		w.starts[i] = append(w.starts[i], p.Entry)
	}
	for _, p := range prog.Procs {
		for pc := range p.Steps {
			st := &p.Steps[pc]
			w.maxChoices = max(w.maxChoices, st.Choices)
			w.maxTemps = max(w.maxTemps, len(st.Targets))
			switch st.Kind {
			case bp.AtomicBegin:
				w.atomics = true
			case bp.Spawn:
				q := prog.Procs[st.SpawnProc]
				w.maxTemps = max(w.maxTemps, len(q.Locals))
				if st.CopyLocals && !contains(w.starts[st.SpawnProc], st.SpawnPC) {
					w.starts[st.SpawnProc] = append(w.starts[st.SpawnProc], st.SpawnPC)
				}
			}
		}
	}
	w.maxTemps = max(w.maxTemps, len(prog.Procs[0].Locals))
	w.setupBroadcasts()
	return w
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(w.out, format, args...) }

func (w *writer) varName(proc int, r bp.VarRef) string {
	if r.Scope == bp.Global {
		return w.globals[r.Index]
	}
	return w.locals[proc][r.Index]
}

func (w *writer) property() string {
	if w.opts.Label != "" {
		return "label " + w.opts.Label + " is unreachable"
	}
	return "assertions hold"
}

// model writes the whole file: declarations, one proctype per proc, init.
func (w *writer) model() {
	w.printf("/* Promela model of %s, written by bopgo export --format promela.\n", comment(w.prog.File.Name))
	w.printf("   Property: %s. Thread bound: %d live threads.\n", w.property(), w.opts.MaxThreads)
	w.printf("   Check with: spin -a FILE && gcc -DSAFETY -o pan pan.c && ./pan -E */\n\n")
	// A start is suppressed at the thread bound, and at SPIN's limit of
	// 255 processes, which can be reached below the bound: a process that
	// ended stays until every process created after it has ended.
	pids := 255
	if w.bslots != nil {
		pids = w.pids() // the per-process arrays of broadcasts
	}
	w.printf("#define bp_can_start (bp_live < %d && _nr_pr < %d)\n", w.opts.MaxThreads, pids)
	w.printf("#ifdef BP_BOUND_SILENT\n#define bp_suppressed skip\n#else\n#define bp_suppressed assert(bp_can_start)\n#endif\n\n")
	for _, g := range w.globals {
		w.printf("bit %s;\n", g)
	}
	w.printf("byte bp_live = 1; /* live threads */\n")
	if w.atomics {
		w.printf("byte bp_holder; /* _pid+1 of the thread in an atomic section, 0 if none */\n")
	}
	w.printf("hidden byte bp_c[%d]; /* the choices of one step */\n", max(w.maxChoices, 1))
	w.printf("hidden byte bp_t[%d]; /* new values within one step */\n", max(w.maxTemps, 1))
	w.declareBroadcasts()
	w.printf("\n")
	for i := range w.prog.Procs {
		w.proctype(i)
	}
	w.initProc()
}

// comment makes s safe inside a Promela comment.
func comment(s string) string { return strings.ReplaceAll(s, "*/", "* /") }
