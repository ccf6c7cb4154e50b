package conformance

// Getafix is a small program of Getafix's dialect for one rule of its
// semantics (docs/semantics.md, "Getafix's dialect"), with its verdict for
// the program's own property: "safe" or "unsafe".
type Getafix struct {
	Name     string
	Src      string
	Expected string
}

// getafixInit is the usual start: the globals a and g F, atomic F.
const getafixInit = `decl atomic, a, g;
void init() begin atomic := F; a := F; g := F; endinit: skip; end
`

// GetafixCases are the conformance programs of Getafix's dialect. The
// engines' tests and the docs use the same programs.
var GetafixCases = []Getafix{
	{"init runs first: the threads see its values", getafixInit + `
void thread1() begin if g then SLIC_ERROR: skip; fi end`, "safe"},
	{"the threads run concurrently: main sees thread1's write", getafixInit + `
void main() begin if g then SLIC_ERROR: skip; fi end
void thread1() begin g := T; end`, "unsafe"},
	{"without atomic another thread sees a value in between", getafixInit + `
void thread0() begin a := T; a := F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"while atomic is T the others stay out", getafixInit + `
void thread0() begin atomic := T; a := T; a := F; atomic := F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"atomic set along with another variable", getafixInit + `
void thread0() begin decl at; atomic, at := T, T; a := T; a := F; atomic, at := F, F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"a thread that ends with atomic T keeps the others out for ever", getafixInit + `
void thread0() begin atomic := T; a := T; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"a call is one step", getafixInit + `
void flip() begin a := T; a := F; end
void thread0() begin flip(); end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"a call that sets atomic leaves the section open", getafixInit + `
void enter() begin atomic := T; end
void thread0() begin enter(); a := T; a := F; atomic := F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"init leaves atomic T: the first thread holds it, the others wait", `decl atomic, a;
void init() begin a := F; atomic := T; endinit: skip; end
void thread0() begin a := T; atomic := F; end
void thread1() begin if !a then SLIC_ERROR: skip; fi end`, "safe"},
	{"the threads start from the globals at endinit", `decl g;
void init() begin g := F; endinit: skip; g := T; end
void thread1() begin if g then SLIC_ERROR: skip; fi end`, "safe"},
	{"with SLIC_ERROR in the program, assertions are not the property", getafixInit + `
void thread1() begin assert(g); end
void thread2() begin if g then SLIC_ERROR: skip; fi end`, "safe"},
	{"without SLIC_ERROR the assertions are the property", getafixInit + `
void thread1() begin assert(g); end`, "unsafe"},
	{"SLIC_ERROR in any thread", getafixInit + `
void thread0() begin if g then SLIC_ERROR: skip; fi end
void thread1() begin SLIC_ERROR: skip; end`, "unsafe"},
	{"a label on two statements: both are the property", getafixInit + `
void thread1() begin if g then SLIC_ERROR: skip; fi; SLIC_ERROR: skip; end`, "unsafe"},
	{"a variable assigned twice: no step unless the values agree", getafixInit + `
void thread1() begin a, a := T, g; SLIC_ERROR: skip; end`, "safe"},
	{"a variable assigned twice, with values that agree", getafixInit + `
void thread1() begin a, a := T, !g; SLIC_ERROR: skip; end`, "unsafe"},
	{"= binds tighter than &", getafixInit + `
void thread1() begin if g = F & F then SLIC_ERROR: skip; fi end`, "safe"},
	{"a thread blocked among its locals lets the others run", getafixInit + `
void thread0() begin decl l; l := F; g := T; assume(l); end
void thread1() begin if g then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"a thread looping for ever among its locals lets the others run", getafixInit + `
void thread0() begin decl l; l := T; g := T; while l do l := T; od end
void thread1() begin if g then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"a goto backwards lets the others run", getafixInit + `
void thread0() begin g := T; L: goto L; end
void thread1() begin if g then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"a thread is switched out between two atomic, at sections (Getafix: unreachable)", getafixInit + `
void main() begin decl at; atomic, at := T, T; a := T; atomic, at := F, F; atomic, at := T, T; if g then SLIC_ERROR: skip; fi atomic, at := F, F; end
void thread1() begin if a then g := T; fi end`, "unsafe"},
	// Found by running Getafix itself on the probes of
	// testdata/getafix-probes: where its reading has more executions
	// than BoPPo's, bopgo reads the dialect as Getafix does.
	{"init runs on past endinit, alone: a label there is reached", `decl atomic, a;
void init() begin atomic, a := F, F; endinit: skip; SLIC_ERROR: skip; end
void thread1() begin a := a; end`, "unsafe"},
	{"init running on past endinit starts no thread", `decl atomic, a;
void init() begin atomic, a := F, F; endinit: skip; a := T; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"the first declared global gates switches, whatever its name", `decl g, atomic, a;
void init() begin g, atomic, a := T, F, F; endinit: skip; end
void main() begin a := T; a := F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"atomic declared second has no effect", `decl super_atomic, atomic, a;
void init() begin super_atomic, atomic, a := F, F, F; endinit: skip; end
void thread0() begin atomic := T; a := T; a := F; atomic := F; end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"an assigned schoose[e, T] is T if e holds, else any value", getafixInit + `
void main() begin decl l; l := schoose[a, T]; if l & !a then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"schoose[e, T] as an argument is e", getafixInit + `
void check(l) begin if l & !a then SLIC_ERROR: skip; fi end
void main() begin check(schoose[a, T]); end`, "safe"},
	{"constrain(e) lets every variable in scope change", getafixInit + `
void main() begin constrain(T); if a then SLIC_ERROR: skip; fi end`, "unsafe"},
	{"constrain(e) changes a local, not the global it hides", getafixInit + `
void main() begin decl a; constrain(T); end
void thread1() begin if a then SLIC_ERROR: skip; fi end`, "safe"},
	{"constrain(e) keeps what e says", getafixInit + `
void main() begin constrain('a = a); if a then SLIC_ERROR: skip; fi end`, "safe"},
}
