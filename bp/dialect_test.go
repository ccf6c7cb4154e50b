package bp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp/syntax"
)

// An ambiguous file says which reading was used; either can be forced.
func TestLoadWithDialect(t *testing.T) {
	t.Parallel()
	src := []byte("decl g;\nvoid init() begin g := F; end\nvoid main() begin assert(!g); end\n")
	auto, err := Load("t.bp", src)
	require.NoError(t, err)
	assert.Equal(t, syntax.DialectGetafix, auto.Dialect)
	require.Len(t, auto.Notes, 2)
	assert.Equal(t, "t.bp: read in Getafix's dialect: init runs first, then main, as nothing calls init; --dialect boppo runs main alone", auto.Notes[0].Error())
	assert.Contains(t, auto.Notes[1].Msg, "no statement is labelled SLIC_ERROR")
	assert.Equal(t, []string{"init", "main"}, procNames(auto))

	boppo, err := LoadWith("t.bp", src, LoadOptions{Dialect: syntax.DialectBoPPo})
	require.NoError(t, err)
	assert.Equal(t, syntax.DialectBoPPo, boppo.Dialect)
	assert.Empty(t, boppo.Notes)
	assert.Equal(t, []string{"main"}, procNames(boppo))

	getafix, err := LoadWith("t.bp", src, LoadOptions{Dialect: syntax.DialectGetafix})
	require.NoError(t, err)
	require.Len(t, getafix.Notes, 1, "forced: no note on the dialect")
	assert.Equal(t, []string{"init", "main"}, procNames(getafix))
	for _, p := range []*Program{auto, boppo, getafix} {
		assert.NoError(t, p.Validate())
	}
}

func procNames(p *Program) []string {
	var names []string
	for _, pr := range p.Procs {
		names = append(names, pr.Name)
	}
	return names
}

// Getafix's operators bind otherwise: = tighter than &, ^ tighter than |,
// => loosest and left-associative.
func TestGetafixPrecedence(t *testing.T) {
	t.Parallel()
	cases := []struct{ expr, boppo, getafix string }{
		{"a = b & c", "(g0 = (g1 & g2))", "((g0 = g1) & g2)"},
		{"a ^ b | c", "(g0 ^ (g1 | g2))", "((g0 ^ g1) | g2)"},
		{"a | b ^ c", "((g0 | g1) ^ g2)", "(g0 | (g1 ^ g2))"},
		{"a => b => c", "(g0 => (g1 => g2))", "((g0 => g1) => g2)"},
		{"a != b = c", "(g0 ^ (g1 = g2))", "((g0 ^ g1) = g2)"},
		{"!a = b & (c | a)", "(!g0 = (g1 & (g2 | g0)))", "((!g0 = g1) & (g2 | g0))"},
	}
	for _, c := range cases {
		src := "decl a, b, c;\nvoid init() begin skip; end\nvoid thread1() begin assert(" + c.expr + "); end\n"
		for _, d := range []syntax.Dialect{syntax.DialectBoPPo, syntax.DialectGetafix} {
			body := strings.Replace(src, "thread1", "main", 1)
			if d == syntax.DialectGetafix {
				body = src
			}
			p, err := LoadWith("t.bp", []byte(body), LoadOptions{Dialect: d})
			require.NoError(t, err, c.expr)
			want := c.boppo
			if d == syntax.DialectGetafix {
				want = c.getafix
			}
			assert.Equal(t, want, assertion(t, p).Cond.String(), "%s in %s", c.expr, d)
		}
	}
}

// assertion is the program's only assert step.
func assertion(t *testing.T, p *Program) *Step {
	t.Helper()
	for _, pr := range p.Procs {
		for i := range pr.Steps {
			if pr.Steps[i].Kind == Assert {
				return &pr.Steps[i]
			}
		}
	}
	t.Fatal("no assertion")
	return nil
}

// What Getafix's dialect does not have is an error with its position.
func TestGetafixErrors(t *testing.T) {
	t.Parallel()
	const head = "decl atomic;\nvoid init() begin atomic := F; end\n"
	cases := []struct{ src, want string }{
		{head + "void thread1() begin start_thread thread2(); end\nvoid thread2() begin skip; end\n", "t.bp:3:22: start_thread in Getafix's dialect"},
		{head + "void thread1() begin atomic_begin; atomic_end; end\n", "t.bp:3:22: atomic_begin in Getafix's dialect"},
		{head + "void thread1() begin end_thread; end\n", "t.bp:3:22: end_thread in Getafix's dialect"},
		{head + "void thread1() begin thread2(); end\nvoid thread2() begin skip; end\n", "t.bp:3:22: call of thread2: in Getafix's dialect"},
		{head + "void thread1() begin x := T; end\n", `t.bp:3:22: undeclared variable "x"`},
		{head + "void thread1() begin goto L; end\n", `t.bp:3:27: label "L" not defined in thread1`},
		{head + "void thread1() begin f(); end\nvoid f() begin f(); end\n", "t.bp:4:6: recursive function f in Getafix's dialect"},
	}
	for _, c := range cases {
		_, err := LoadWith("t.bp", []byte(c.src), LoadOptions{Dialect: syntax.DialectGetafix})
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want)
	}
}

// Getafix's idioms that BoPPo rejects load, with a note each, and mean
// what Getafix's translation makes of them.
func TestGetafixIdioms(t *testing.T) {
	t.Parallel()
	src := `decl atomic, a, b;
void init() begin atomic := F; endinit: skip; end
void thread1() begin
  a, b, a := T, F, b;
  if a then SLIC_ERROR: skip; fi
  SLIC_ERROR: skip;
end
`
	_, err := LoadWith("t.bp", []byte(src), LoadOptions{Dialect: syntax.DialectBoPPo})
	require.Error(t, err, "BoPPo's dialect rejects them")
	p, err := Load("t.bp", []byte(src))
	require.NoError(t, err)
	require.NoError(t, p.Validate())
	assert.Equal(t, "SLIC_ERROR", p.DefaultLabel)
	var notes []string
	for _, n := range p.Notes {
		notes = append(notes, n.Error())
	}
	assert.Equal(t, []string{
		`t.bp:4:9: "a" is assigned twice in one statement (first at 4:3): as in Getafix, the step happens only when both values are equal`,
		`t.bp:6:3: label SLIC_ERROR labels 2 statements of thread1: goto SLIC_ERROR jumps to the first, as in Getafix; the property covers all of them (Getafix looks only at the first)`,
	}, notes)
	assert.Len(t, p.FindLabel("SLIC_ERROR"), 2)
	var st *Step
	for i := range p.Procs[1].Steps {
		if s := &p.Procs[1].Steps[i]; s.Kind == Assign && len(s.Targets) == 2 {
			st = s
		}
	}
	require.NotNil(t, st, "a, b := T, F constrain 'a = b")
	assert.Equal(t, "('g1 = g2)", st.Constraint.String())
}

// A Getafix program without SLIC_ERROR checks its assertions, and says so.
func TestGetafixWithoutTarget(t *testing.T) {
	t.Parallel()
	p, err := Load("t.bp", []byte("decl g;\nvoid init() begin g := F; end\nvoid thread1() begin assert(!g); end\n"))
	require.NoError(t, err)
	assert.Empty(t, p.DefaultLabel)
	require.Len(t, p.Notes, 1)
	assert.Equal(t, "t.bp: no statement is labelled SLIC_ERROR: the property is that no assertion fails", p.Notes[0].Error())
	assert.Equal(t, "L", p.CheckedLabel("L"))
}

// The lowered form: Procs[0] runs init and starts every thread (main
// included) in source order; a thread is an atomic section but at its
// yield points.
func TestGetafixLowered(t *testing.T) {
	t.Parallel()
	src := `decl atomic, g;
void init() begin atomic := F; g := F; endinit: skip; end
void thread2(p) begin decl l; l := g; l := !l; g := l; end
void main() begin skip; end
void thread1() begin skip; end
`
	p, err := Load("t.bp", []byte(src))
	require.NoError(t, err)
	require.NoError(t, p.Validate())
	assert.Equal(t, []string{"init", "thread2", "main", "thread1"}, procNames(p))
	var kinds []StepKind
	for _, st := range p.Procs[0].Steps {
		kinds = append(kinds, st.Kind)
	}
	assert.Equal(t, []StepKind{Assign, Assign, Skip, AtomicBegin, Spawn, Spawn, Spawn, AtomicEnd, EndThread}, kinds)
	assert.Equal(t, []string{"endinit"}, p.Procs[0].Steps[2].Labels)
	spawn := &p.Procs[0].Steps[4]
	assert.Len(t, spawn.SpawnArgs, 1, "thread2's parameter starts with any value")
	assert.Equal(t, p.Procs[1].Entry, spawn.SpawnPC)
	var texts []string
	for _, st := range p.Procs[1].Steps {
		texts = append(texts, st.Kind.String()+" "+st.Text)
	}
	assert.Equal(t, []string{
		"atomic_begin thread2 starts running",
		"assign decl l;",
		// l := g reads a global: the others may run before it (atomic
		// is F: init sets it so, and no test is needed).
		"atomic_end yield: the other threads may run",
		"atomic_begin resume",
		"assign l := g",
		"assign l := !l",
		"atomic_end yield: the other threads may run",
		"atomic_begin resume",
		"assign g := l",
		"assume end of thread2 (with atomic T the others stay out)",
		"end_thread end of thread2",
	}, texts)
	n, bounded := p.MaxThreads()
	assert.True(t, bounded)
	assert.Equal(t, 4, n)
}

// A yield tests atomic only where its value is not known: inside a
// section (after atomic := T) the thread goes on without a step, after
// atomic := F it yields without a test, after atomic := * it tests.
func TestGetafixYieldTests(t *testing.T) {
	t.Parallel()
	src := `decl atomic, g;
void init() begin atomic := F; g := F; endinit: skip; end
void thread1() begin
  atomic := T; SLIC_ERROR: g := T; g := F; atomic := F;
  g := T;
  atomic := *; g := F;
end
`
	p, err := Load("t.bp", []byte(src))
	require.NoError(t, err)
	require.NoError(t, p.Validate())
	at := p.FindLabel("SLIC_ERROR")
	require.Len(t, at, 1, "the label of a test that is bypassed moves to its statement")
	assert.Equal(t, "g := T", p.Procs[at[0].Proc].Steps[at[0].PC].Text)
	var texts []string
	for _, st := range p.Procs[1].Steps {
		texts = append(texts, st.Kind.String()+" "+st.Text)
	}
	assert.Equal(t, []string{
		"atomic_begin thread1 starts running",
		"assign atomic := T",
		"assign g := T",
		"assign g := F",
		"assign atomic := F",
		"atomic_end yield: the other threads may run",
		"atomic_begin resume",
		"assign g := T",
		"atomic_end yield: the other threads may run",
		"atomic_begin resume",
		"assign atomic := *",
		"branch if atomic (the others stay out)",
		"atomic_end yield: the other threads may run",
		"atomic_begin resume",
		"assign g := F",
		"assume end of thread1 (with atomic T the others stay out)",
		"end_thread end of thread1",
	}, texts)
}
