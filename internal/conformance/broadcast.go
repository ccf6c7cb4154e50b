package conformance

// Broadcast is a small program for one rule of the broadcast semantics
// (DESIGN.md, "Broadcast assignments"), with its verdict under each
// reading: "safe" or "unsafe" for the assertions, with at most 3 threads.
type Broadcast struct {
	Name     string
	Src      string
	Blocking string
	Monotone string
}

// Broadcasts are the conformance programs of broadcast assignments. The
// engines' tests and the docs (docs/semantics.md) use the same programs.
var Broadcasts = []Broadcast{
	{"the broadcast reaches the new thread, not the active one", `void main() begin decl x; x := F; start_thread goto W;
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, "unsafe", "unsafe"},
	{"no passive thread before the start; the new thread copies main's x", `void main() begin decl x; x := F;
  x, x$ := x, T; start_thread goto W; end_thread;
W: assert(!x); end_thread; end`, "safe", "safe"},
	{"each passive thread chooses its own value", `decl go, a, b;
void main() begin decl x; go := F; a := F; b := F;
  start_thread goto W; start_thread goto W;
  x$ := *; go := T; assume(a & b); assert(F); end_thread;
W: assume(go); if x then a := T; else b := T; fi; end_thread; end`, "unsafe", "unsafe"},
	{"without the broadcast the copies agree", `decl go, a, b;
void main() begin decl x; go := F; a := F; b := F;
  start_thread goto W; start_thread goto W;
  go := T; assume(a & b); assert(F); end_thread;
W: assume(go); if x then a := T; else b := T; fi; end_thread; end`, "safe", "safe"},
	{"a passive thread without a solution blocks the step (blocking) or stays (monotone)", `decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x := T; g := T constrain x$; assert(!g); end_thread;
W: assume(F); end_thread; end`, "safe", "unsafe"},
	{"passive conjuncts are vacuous without passive threads", `decl g;
void main() begin decl x; g := F; x := F;
  g := T constrain x$; assert(!g); end_thread; end`, "unsafe", "unsafe"},
	{"ended threads are not passive", `decl g, done;
void main() begin decl x; x := F; g := F; done := F; start_thread goto W;
  assume(done); g := T constrain x$; assert(!g); end_thread;
W: done := T; end_thread; end`, "unsafe", "unsafe"},
	{"y$ reads the passive thread's local, y the active thread's", `void main() begin decl x, y; x := F; y := T; start_thread goto W;
  y := F; x$ := y$ & !y; end_thread;
W: assume(x); assert(F); end_thread; end`, "unsafe", "unsafe"},
	{"a $ target's plain variables are the active thread's", `void main() begin decl x, y; x := F; y := T; start_thread goto W;
  y := F; x$ := y; end_thread;
W: assume(x); assert(F); end_thread; end`, "safe", "safe"},
	{"right-hand sides read the globals before the step", `decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  g, x$ := T, g; end_thread;
W: assume(x); assert(F); end_thread; end`, "safe", "safe"},
	{"'y$ is the passive thread's new value", `void main() begin decl x, y; x := F; y := T; start_thread goto W;
  x$ := * constrain 'x$ = !y$; end_thread;
W: assume(x); assert(F); end_thread; end`, "safe", "safe"},
	{"'g in a passive conjunct is the active part's new value", `decl g;
void main() begin decl x; x := T; start_thread goto W;
  g := * constrain 'g = x$; assert(g); end_thread;
W: assume(F); end_thread; end`, "safe", "unsafe"},
	{"passive conjuncts hold in every passive thread", `decl go, g;
void main() begin decl x; go := F; x := F; start_thread goto W; x := T; start_thread goto W;
  go := T; g := * constrain 'g = x$; assert(F); end_thread;
W: assume(F); end_thread; end`, "safe", "unsafe"},
	{"active conjuncts hold once", `decl g;
void main() begin decl x; g := F; start_thread goto W;
  g, x$ := *, * constrain 'g & ('x$ != 'g); assert(!g); end_thread;
W: assume(F); end_thread; end`, "unsafe", "unsafe"},
	{"the passive part writes only the listed locals", `void main() begin decl x, y; x := F; y := F; start_thread goto W;
  x$ := T; end_thread;
W: assume(x); assert(!y); end_thread; end`, "safe", "safe"},
	{"a passive thread keeps its program counter", `decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x$ := T; g := T; end_thread;
W: assume(g); assert(!x); end_thread; end`, "unsafe", "unsafe"},
	{"the broadcast reaches a passive main", `void main() begin decl x; x := F; start_thread goto W;
  assume(x); assert(F); end_thread;
W: x$ := T; end_thread; end`, "unsafe", "unsafe"},
}
