// Package bp is the lowered Boolean program: the per-thread control-flow
// program that the engines execute (Program, Proc, Step, Term), the
// lowering that builds it from a checked source file, its analyses
// (liveness, property targets, thread and call bounds) and rewrites
// (slicing, havocking, absorbing, broadcasts), and the formats in which
// engines exchange states, traces and summaries.
//
// The source language (tokens, scanner, syntax tree, parser, checker,
// both dialects' syntax and rules) is package bp/syntax; bp imports it,
// never the reverse (deps_test.go at the root enforces it). Load and
// LoadWith are the front end in one call: parse, recognise the dialect,
// check and lower. A Program records its Dialect, its own property
// (DefaultLabel) and Notes that are not errors.
//
// Getafix's programs are lowered to the same core form as BoPPo's, with
// a first proc that runs init and starts every thread, and atomic
// sections between yield points (getafix*.go).
//
// Lowering inlines every call (BoPPo does the same) but the calls of
// recursive functions, those on a cycle of calls, so that a thread's
// control state is one integer, its pc, and every variable is a fixed
// slot: globals are shared, thread-locals and the locals of every inlined
// function instance live in the thread's local vector. A recursive
// function is a Callable proc of its own, entered by Call steps and left
// by Return steps, with a frame of locals per call on the thread's stack;
// a program without recursion has none (and LoadOptions.KeepCalls makes
// every call one, for comparison). See cfg.go for the invariants of the
// lowered form, and Validate for their check.
//
// Sliced (slice.go) cuts from a lowered program the variables that
// cannot affect its property, keeping every step and pc; bopgo runs its
// engines on the result (docs/semantics.md, "Slicing").
//
// Errors of lowering are a syntax.ErrorList, as the checker's are, and
// nothing here panics on user input: FuzzLoad runs the whole front end,
// slicing included, and keeps its crashers in testdata/fuzz.
package bp
