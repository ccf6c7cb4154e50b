// Package bp is the Boolean-program language: scanner, parser, abstract
// syntax tree, semantic checker, and the lowering of a checked program to a
// per-thread control-flow program that the engines execute.
//
// The dialect is BoPPo's, as written by SatAbs and SLAM-style tools; see
// DESIGN.md in the repository for the grammar and semantics. Getafix's
// concurrent dialect shares the grammar and is recognised from a file's
// shape (dialect.go); its programs are lowered to the same core form, with
// a first proc that runs init and starts every thread, and atomic sections
// between yield points (getafix*.go). Load and LoadWith are the front end
// in one call; a Program records its Dialect, its own property
// (DefaultLabel) and Notes that are not errors.
//
// Layering, one way only: token.go < scanner.go < ast.go < parser*.go <
// check*.go < lower*.go, getafix*.go / cfg.go < dialect.go. Positions are one small integer (Pos, a
// byte offset plus one) resolved to file:line:col through a File only when
// printed.
//
// Errors are collected, never thrown: Parse returns a partial tree and an
// ErrorList sorted by position. Nothing in this package panics on user
// input; FuzzParse in the tests keeps it that way.
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
// lowered form.
//
// Sliced (slice.go) cuts from a lowered program the variables that
// cannot affect its property, keeping every step and pc; the checker
// runs its engines on the result (docs/semantics.md, "Slicing").
package bp
