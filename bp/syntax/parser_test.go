package syntax

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScannerTokens(t *testing.T) {
	t.Parallel()
	src := "c$$main b2#x-y _ __a 37: := != => == && || ~ ? ' /* c */ // x\n T F"
	var errs ErrorList
	sc := newScanner(NewFile("t", []byte(src)), []byte(src), &errs)
	var kinds []Kind
	var lits []string
	for tok := sc.next(); tok.kind != EOF; tok = sc.next() {
		kinds = append(kinds, tok.kind)
		lits = append(lits, tok.lit)
	}
	require.Empty(t, errs)
	assert.Equal(t, []Kind{IDENT, IDENT, UNDERLINE, IDENT, NUMBER, COLON, ASSIGN, NEQ, IMPLIES, EQ, AND, OR, NOT, QUESTION, PRIME, TRUE, FALSE}, kinds)
	assert.Equal(t, "c$$main", lits[0])
	assert.Equal(t, "b2#x-y", lits[1])
	assert.Equal(t, "__a", lits[3])
}

func TestPositions(t *testing.T) {
	t.Parallel()
	f := NewFile("p.bp", []byte("ab\ncd\n\nx"))
	cases := []struct {
		off       int
		line, col int
		printed   string
	}{
		{0, 1, 1, "p.bp:1:1"},
		{3, 2, 1, "p.bp:2:1"},
		{4, 2, 2, "p.bp:2:2"},
		{7, 4, 1, "p.bp:4:1"},
	}
	for _, c := range cases {
		p := f.Position(f.Pos(c.off))
		assert.Equal(t, c.line, p.Line, "offset %d", c.off)
		assert.Equal(t, c.col, p.Column, "offset %d", c.off)
		assert.Equal(t, c.printed, p.String())
	}
	assert.Equal(t, Position{}, f.Position(NoPos))
}

// TestDeclarationSpans: a declaration's span runs from its first token
// to the end of its last ("decl ...;", "void f() begin ... end"), as an
// error about a whole function or declaration points at it.
func TestDeclarationSpans(t *testing.T) {
	t.Parallel()
	src := "decl a, b;\n\nvoid main() begin\n  skip;\nend\nbool<2> f(x) begin return x, x; end\n"
	sf, err := Parse("p.bp", []byte(src))
	require.NoError(t, err)
	text := func(n Node) string {
		return src[n.Pos()-1 : n.End()-1] // a Pos is an offset plus one (File.Pos)
	}
	require.Len(t, sf.Globals, 1)
	assert.Equal(t, "decl a, b;", text(sf.Globals[0]))
	require.Len(t, sf.Funcs, 2)
	assert.Equal(t, "void main() begin\n  skip;\nend", text(sf.Funcs[0]))
	assert.Equal(t, "bool<2> f(x) begin return x, x; end", text(sf.Funcs[1]))
}

// exprString renders an expression fully parenthesised, to test
// precedence and associativity.
func exprString(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *ConstExpr:
		return e.Lit
	case *NondetExpr:
		return "*"
	case *PrimedExpr:
		return "'" + e.X.Name
	case *UnaryExpr:
		return "!" + exprString(e.X)
	case *ParenExpr:
		return exprString(e.X)
	case *BinaryExpr:
		return "(" + exprString(e.X) + " " + e.Op.String() + " " + exprString(e.Y) + ")"
	case *SchooseExpr:
		s := "schoose["
		for i, a := range e.Args {
			if i > 0 {
				s += ","
			}
			s += exprString(a)
		}
		return s + "]"
	}
	return "?"
}

func TestPrecedence(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"a & b | c":       "((a & b) | c)",
		"a | b & c":       "(a | (b & c))",
		"a ^ b | c":       "(a ^ (b | c))",
		"a = b & c":       "(a = (b & c))",
		"a => b => c":     "(a => (b => c))",
		"a = b != c":      "(a = (b != c))",
		"!a & ~b":         "(!a & !b)",
		"a && b || c":     "((a & b) | c)",
		"(a | b) & c":     "((a | b) & c)",
		"!(a) = T":        "(!a = T)",
		"a & b & c":       "((a & b) & c)",
		"schoose[a|b, *]": "schoose[(a | b),*]",
		"a => b ^ c & 'd": "(a => (b ^ (c & 'd)))",
		"a == 1":          "(a = 1)",
	}
	for in, want := range cases {
		f, err := Parse("e.bp", []byte("void main() begin x := "+in+"; end"))
		require.NoError(t, err, in)
		a := f.Funcs[0].Body[0].(*AssignStmt)
		assert.Equal(t, want, exprString(a.Values[0]), in)
	}
}

func TestStatementForms(t *testing.T) {
	t.Parallel()
	src := `
decl g;
void main() begin
  L1: 2: x, _ := f(T);
  if g then skip; elsif !g then skip; else skip; fi
  while g do skip; od
  start_thread f(F);
  start_thread goto L1;
  return
end`
	f, err := Parse("s.bp", []byte(src))
	require.NoError(t, err)
	body := f.Funcs[0].Body
	require.Len(t, body, 6)
	call := body[0].(*CallStmt)
	assert.True(t, call.HasTargets)
	assert.Nil(t, call.Targets[1], "_ is a nil target")
	assert.Equal(t, []string{"L1", "2"}, []string{call.Labels.List[0].Name, call.Labels.List[1].Name})
	ifs := body[1].(*IfStmt)
	require.Len(t, ifs.Else, 1)
	inner := ifs.Else[0].(*IfStmt)
	assert.True(t, inner.Elsif)
	assert.Len(t, inner.Else, 1)
	assert.IsType(t, &WhileStmt{}, body[2])
	assert.NotNil(t, body[3].(*StartThreadStmt).Call)
	assert.NotNil(t, body[4].(*StartThreadStmt).Goto)
	assert.Empty(t, body[5].(*ReturnStmt).Values)
}

func TestReturnBeforeLabel(t *testing.T) {
	t.Parallel()
	// A label after "return" is not a returned value: the diagnostic is
	// the missing separator.
	f, err := Parse("r.bp", []byte("void main() begin return\n L: skip; end"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `r.bp:2:2: expected ";" after statement`)
	assert.Empty(t, f.Funcs[0].Body[0].(*ReturnStmt).Values)
}

func TestErrorsAreSortedAndBounded(t *testing.T) {
	t.Parallel()
	src := make([]byte, 5000)
	for i := range src {
		src[i] = 0x01
	}
	_, err := Parse("junk.bp", src)
	list, ok := err.(ErrorList)
	require.True(t, ok, "%v", err)
	assert.LessOrEqual(t, len(list), MaxErrors+1)
	assert.Equal(t, "too many errors", list[len(list)-1].Msg)
	for i := 1; i < len(list); i++ {
		assert.LessOrEqual(t, list[i-1].Pos.Column, list[i].Pos.Column)
	}
}

// Expressions may nest as deep as Go's parser allows (100,000 levels);
// deeper input is rejected with a position instead of exhausting the
// stack.
func TestDeepNesting(t *testing.T) {
	t.Parallel()
	deep := func(n int) []byte {
		return []byte("decl x; void main() begin x := " + strings.Repeat("(", n) + "!x" + strings.Repeat(")", n) + "; assert(x | !x); end")
	}
	f, err := Parse("deep.bp", deep(maxNesting-1))
	require.NoError(t, err)
	_, errs := Check(f, DialectBoPPo)
	require.Empty(t, errs)
	_, err = Parse("deeper.bp", deep(maxNesting+1))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "deeper.bp:1:")
	assert.Contains(t, err.Error(), "nested too deeply")
}
