package tts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind says what a rule does.
type Kind uint8

const (
	// Move moves one thread (and, with Passes, every other thread in a
	// listed local).
	Move Kind = iota
	// Spawn keeps the thread in From.Local and adds one in To.Local.
	Spawn
	// Transfer moves every thread in From.Local to To.Local.
	Transfer
)

var kindArrows = [...]string{Move: "->", Spawn: "+>", Transfer: "~>"}

// Arrow is the rule's separator in the file.
func (k Kind) Arrow() string { return kindArrows[k] }

// Thread is a thread state: a shared state and one local state.
type Thread struct{ Shared, Local int }

// Pass is one choice of a broadcast: a passive thread in From may go to To.
type Pass struct{ From, To int }

// Rule is one line of the file.
type Rule struct {
	Kind     Kind
	From, To Thread
	// Passes is the broadcast of a Move, sorted by From then To and
	// without duplicates; empty for a plain move and for the other kinds.
	Passes []Pass
	// Line is the rule's line in the file (0 when built in memory).
	Line int
}

// Broadcast reports whether the rule moves threads other than the active
// one.
func (r *Rule) Broadcast() bool { return len(r.Passes) > 0 || r.Kind == Transfer }

func (r *Rule) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d %s %d %d", r.From.Shared, r.From.Local, r.Kind.Arrow(), r.To.Shared, r.To.Local)
	for _, p := range r.Passes {
		fmt.Fprintf(&b, " %d ~> %d", p.From, p.To)
	}
	return b.String()
}

// System is a thread-transition system.
type System struct {
	Shared, Locals int
	Rules          []Rule
}

// State is a target or initial state: a shared state, a multiset of
// locals with one thread each (Bounded, sorted) and a set of locals with
// any number of threads (Unbounded, sorted, disjoint from Bounded).
type State struct {
	Shared    int
	Bounded   []int
	Unbounded []int
}

// String writes the state in bfc's notation.
func (s State) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.Shared))
	if len(s.Bounded) > 0 || len(s.Unbounded) == 0 {
		b.WriteByte('|')
		writeList(&b, s.Bounded)
	}
	if len(s.Unbounded) > 0 {
		b.WriteByte('/')
		writeList(&b, s.Unbounded)
	}
	return b.String()
}

func writeList(b *strings.Builder, l []int) {
	for i, x := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
}

// ParseState reads "s|b1,b2", "s/u1,u2" or "s|b1/u1" (bfc also writes
// 'B' for '|' and 'U' for '/'). The two shorthands of bfc's command line,
// "0|0" and "0/0", are ordinary instances.
func ParseState(str string) (State, error) {
	bad := func(why string) (State, error) {
		return State{}, fmt.Errorf("invalid state %q: %s", str, why)
	}
	norm := strings.NewReplacer("B", "|", "U", "/").Replace(strings.TrimSpace(str))
	var st State
	sharedPart, rest, hasBar := strings.Cut(norm, "|")
	var boundedPart, unboundedPart string
	if hasBar {
		boundedPart, unboundedPart, _ = strings.Cut(rest, "/")
		if strings.Contains(unboundedPart, "/") {
			return bad("more than one '/'")
		}
	} else {
		var hasSlash bool
		sharedPart, unboundedPart, hasSlash = strings.Cut(norm, "/")
		if !hasSlash {
			return bad("want s|locals or s/locals")
		}
		if strings.Contains(unboundedPart, "/") {
			return bad("more than one '/'")
		}
	}
	n, err := parseNat(sharedPart)
	if err != nil {
		return bad("shared state: " + err.Error())
	}
	st.Shared = n
	if st.Bounded, err = parseList(boundedPart); err != nil {
		return bad(err.Error())
	}
	if st.Unbounded, err = parseList(unboundedPart); err != nil {
		return bad(err.Error())
	}
	slices.Sort(st.Bounded)
	slices.Sort(st.Unbounded)
	st.Unbounded = slices.Compact(st.Unbounded)
	for _, u := range st.Unbounded {
		if _, found := slices.BinarySearch(st.Bounded, u); found {
			return bad(fmt.Sprintf("local %d is both bounded and unbounded", u))
		}
	}
	return st, nil
}

func parseList(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := parseNat(f)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// maxState bounds state numbers so that the per-state tables of the
// engines stay allocatable (bfc's largest regression file has 524,289
// locals).
const maxState = 1 << 20

func parseNat(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("missing number")
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q is not a number", s)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n >= maxState {
		return 0, fmt.Errorf("%s is too large", s)
	}
	return n, nil
}

// Check reports whether st fits sys's dimensions.
func (sys *System) Check(st State) error {
	if st.Shared >= sys.Shared {
		return fmt.Errorf("state %v: shared state %d out of range (0..%d)", st, st.Shared, sys.Shared-1)
	}
	for _, l := range append(slices.Clone(st.Bounded), st.Unbounded...) {
		if l >= sys.Locals {
			return fmt.Errorf("state %v: local state %d out of range (0..%d)", st, l, sys.Locals-1)
		}
	}
	return nil
}
