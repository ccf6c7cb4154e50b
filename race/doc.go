// Package race runs engines against one another on a machine's cores and
// memory: every entrant starts at once, a schedule shares the cores among
// them by weight, a watch shares the memory, and the first definite
// answer wins while the others are cancelled. It knows nothing of
// programs or of which engines race with which shares: the caller (the
// root's portfolio, from its engine table) gives it abstract entrants
// (Entrant: a name, a share, a meter and a Run returning any answer type)
// and says which answers are definite; Run gives back the winner and a
// Record per entrant (its outcome, answer or error, time on the cores,
// turns, polls). The memory side serves a check whether it races or not:
// WatchMemory stops a check at its memory limit, Budget is the memory a
// race's entrants share, and CollectNear makes the Go runtime collect as
// the heap nears a limit, so that the watches read a fresh live heap. It
// imports verdict (the limits) only: never the root, nor bp, nor an
// engine.
//
// # The contract of an entrant
//
// The schedule (schedule.go) takes nothing from an entrant by force: an
// entrant gives up its core only inside ctx.Err() of the context that
// Run gives it, which blocks there while the entrant's quantum is up and
// another waits that has run less for its share. So an entrant, and
// every engine raced, must
//
//   - poll ctx.Err() of the very context it is given, regularly: at
//     every state, clause, frame or SAT call, and every few milliseconds
//     inside a long step. A context derived from it (context.WithCancel,
//     WithTimeout) has an Err of its own that never calls the parent's,
//     and ctx.Done() is a channel that cannot hold its reader for a
//     turn: polling only those is no poll;
//   - be idle while it blocks there: work left running in another
//     goroutine (a SAT solver's background search) must be paused around
//     the poll (sat.Solver.SolveContext does so), or the core it takes is
//     counted as nobody's;
//   - stop promptly, reporting engine.Stopped(ctx), once Err returns an
//     error: the race's end, the caller's, or its memory share's (a
//     verdict.Cause with the Memory limit).
//
// An entrant that polls only Done, or a context of its own, silently
// leaves the schedule: it keeps its core for its whole run, and the
// others' shares shrink. The schedule's rescue lends its slot's
// neighbours an extra slot after overdue quanta, which bounds the harm
// but counts it (Record.Overdue); Record.Turns and Record.Polls show it.
// The root's TestRacedEnginesKeepTheSchedule runs every raced engine in
// a real schedule against an entrant that only polls, and fails on an
// engine that does not hand its core on.
//
// # Invariants
//
//   - A panic in an entrant never leaves its goroutine: it is the
//     entrant's error (*PanicError), and the others race on.
//   - Records are in the entrants' order; Result.Ended is the only
//     order that depends on timing.
//   - An entrant runs under the pprof label entrant=its name, which
//     the goroutines it starts inherit: a CPU profile of a race splits
//     by entrant (go tool pprof -tags, or -tagfocus entrant=NAME).
//   - An entrant's memory is its own estimate (Meter: engine.Meter's); one
//     over its share of Config.Budget, or the one counting most when the
//     live heap nearly fills the budget, is stopped with the Memory
//     limit (memory.go).
package race
