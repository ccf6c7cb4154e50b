package explicit

import "github.com/bopgo/bopgo/bp"

// Thread ends the search takes at once: a thread whose step lands it
// just before its end (an EndThread step, not inside an atomic section)
// ends in the same move, so no state is stored with it waiting there.
//
// Why it pays. Getafix's init starts the threads and then only ends
// (bp.Program.InitThread); stopped before its end, it can end at any
// point of the rounds, and every state of the search was stored twice,
// with init waiting and without it: on old/SafeStack_seqcst_forCSEQ_goto
// at --rounds 4, 865,616 of 1,731,225 states had init at its end. A
// thread of any program that reaches its end while others run does the
// same, to fewer states.
//
// Why no violation is lost. An end writes nothing and reads nothing: it
// only removes the thread, and when a thread ends the others go on
// (DESIGN.md). Take an execution E in which thread t reaches its end
// with some step, the others then take steps b1..bk, and t ends. Moving
// t's end to right after the step that brought it there gives an
// execution E' in which every b finds the globals and its own locals as
// in E and so does the same; if E stops before t ends, E' ends t anyway,
// which changes nothing the b's read. A violation is a thread at a
// target or an assertion that fails, a function of that thread's place,
// locals and the globals; a target at the end itself is checked before
// the thread ends (settle). Under a bound, t's end joins the context in
// which t reached it, so E' has no more context switches or rounds than
// E (and Getafix's init, whose steps the rounds do not count, none at
// all).
//
// Not in programs with broadcasts, where a thread waiting at its end is
// a passive thread that a broadcast may wait for (the blocking reading),
// nor with calls, whose searches do not run sections (section.go); and
// Options.KeepEnds stores the threads at their ends as before (for
// differential tests).

// passesEnds reports whether a search of prog with opts ends threads at
// once.
func passesEnds(prog *bp.Program, opts Options) bool {
	return !opts.KeepEnds && !prog.HasCalls() && !prog.HasBroadcasts()
}

// endsNext reports whether thread t's next step is its end, which the
// search takes at once (an.passEnds).
func (an *analysis) endsNext(t *thread) bool {
	return an.passEnds && an.prog.Procs[t.proc].Steps[t.pc].Kind == bp.EndThread
}
