package gen

import (
	"fmt"
	"strings"
)

// HandoffConfig shapes Handoff's programs.
type HandoffConfig struct {
	Threads int  // at most this many threads besides main (two at least)
	Getafix bool // Getafix's dialect: init and thread0, thread1, ...; else main starts the threads
	// Late (BoPPo's dialect): main starts its last thread only after it
	// has waited for a global, so that threads start mid-execution, and
	// the first thread may end before (with a thread bound of three, a
	// later thread then takes the place of one that ended).
	Late bool
}

// Handoff returns a random program whose threads hand control to one
// another through globals: each waits for some (assume), sets others,
// and the property fails only on some orders of their steps. Bugs there
// need several context switches or rounds more often than in Program's
// programs, where most fail within one thread: the tests of the bounds
// on rounds and contexts compare the engines on them.
func Handoff(seed int64, cfg HandoffConfig) string {
	r := newRand(seed)
	const globals = 4
	threads := 2 + r.Intn(max(cfg.Threads-1, 1))
	var b strings.Builder
	names := make([]string, globals)
	for i := range names {
		names[i] = fmt.Sprintf("g%d", i)
	}
	falses := strings.TrimSuffix(strings.Repeat("F, ", globals), ", ")
	if cfg.Getafix {
		fmt.Fprintf(&b, "// generated (handoff, getafix)\ndecl atomic, %s;\n", strings.Join(names, ", "))
		fmt.Fprintf(&b, "void init() begin atomic := F; %s := %s; endinit: skip; end\n", strings.Join(names, ", "), falses)
	} else {
		fmt.Fprintf(&b, "// generated (handoff)\ndecl %s;\n", strings.Join(names, ", "))
	}
	g := func() string { return names[r.Intn(globals)] }
	lit := func() string { // mostly positive: every global starts F
		if r.Intn(4) == 0 {
			return "!" + g()
		}
		return g()
	}
	fail := func() string {
		cond := fmt.Sprintf("%s & %s", lit(), lit())
		if cfg.Getafix {
			return fmt.Sprintf("if (%s) then SLIC_ERROR: skip; fi", cond)
		}
		return fmt.Sprintf("assert(!(%s))", cond)
	}
	failing := r.Intn(threads) // the thread that checks the property at its end
	for t := range threads {
		var body []string
		for range 2 + r.Intn(3) {
			switch r.Intn(8) {
			case 0, 1:
				body = append(body, fmt.Sprintf("assume(%s)", lit()))
			case 2:
				body = append(body, fmt.Sprintf("%s := %s", g(), []string{"F", lit()}[r.Intn(2)]))
			case 3, 4:
				body = append(body, fmt.Sprintf("if (%s) then %s := T; fi", lit(), g()))
			default:
				body = append(body, fmt.Sprintf("%s := T", g()))
			}
		}
		if t == failing || r.Intn(4) == 0 {
			body = append(body, fail())
		}
		name := fmt.Sprintf("t%d", t)
		if cfg.Getafix {
			name = fmt.Sprintf("thread%d", t)
		}
		fmt.Fprintf(&b, "void %s() begin %s; end\n", name, strings.Join(body, "; "))
	}
	if cfg.Getafix {
		return b.String()
	}
	main := []string{fmt.Sprintf("%s := %s", strings.Join(names, ", "), falses)}
	for t := range threads {
		if cfg.Late && t == threads-1 {
			main = append(main, fmt.Sprintf("assume(%s)", lit()))
		}
		main = append(main, fmt.Sprintf("start_thread t%d()", t))
	}
	if r.Intn(2) == 0 {
		main = append(main, fmt.Sprintf("%s := %s", g(), lit()))
	}
	fmt.Fprintf(&b, "void main() begin %s; end\n", strings.Join(main, "; "))
	return b.String()
}
