package qbf

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadQDIMACS(t *testing.T) {
	in := `c a comment
c-- glued comment
p cnf 5 3
a 1 2 0
e 3 0
c comment between blocks
e 4 0
1 -3
  4 0
-2 3 0

5 0
%
0
`
	q, err := ReadQDIMACS(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, &QDIMACS{
		NumVars: 5,
		Prefix: []Block{
			{Quant: Universal, Vars: []int{1, 2}},
			{Quant: Existential, Vars: []int{3}},
			{Quant: Existential, Vars: []int{4}},
		},
		Clauses: [][]int{{1, -3, 4}, {-2, 3}, {5}},
	}, q)
}

func TestReadQDIMACSErrors(t *testing.T) {
	cases := []struct {
		name string
		in   string
		line int
		msg  string
	}{
		{"empty", "", 0, "missing problem line"},
		{"only comments", "c x\nc y\n", 2, "missing problem line"},
		{"clause before header", "1 2 0\n", 1, "expected problem line"},
		{"bad header", "p cnf 3\n", 1, "malformed problem line"},
		{"not cnf", "p dnf 3 1\n", 1, "malformed problem line"},
		{"negative count", "p cnf -3 1\n", 1, "non-negative"},
		{"huge count", "p cnf 99999999999 1\n", 1, "too many variables"},
		{"second header", "p cnf 1 0\np cnf 1 0\n", 2, "second problem line"},
		{"unterminated block", "p cnf 2 0\na 1 2\n", 2, "not terminated by 0"},
		{"block var range", "p cnf 2 0\na 1 3 0\n", 2, "variable 3 out of range 1..2"},
		{"block var zero", "p cnf 2 0\ne 0 1 0\n", 2, "variable 0 out of range"},
		{"block var word", "p cnf 2 0\ne x 0\n", 2, `bad variable "x"`},
		{"twice", "p cnf 2 0\na 1 0\ne 2 1 0\n", 3, "variable 1 quantified twice"},
		{"block after clause", "p cnf 2 1\n1 0\na 2 0\n", 3, "quantifier line after clauses"},
		{"literal range", "p cnf 2 1\ne 1 2 0\n1 -3 0\n", 3, "literal -3 out of range"},
		{"literal word", "p cnf 2 1\n1 two 0\n", 2, `bad literal "two"`},
		{"unterminated clause", "p cnf 2 2\n1 0\n2\n-1\n", 3, "clause not terminated by 0"},
		{"too few clauses", "p cnf 2 3\n1 0\n2 0\n", 3, "declares 3 clauses, found 2"},
		{"too many clauses", "p cnf 2 1\n1 0\n2 0\n", 3, "declares 1 clauses, found 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadQDIMACS(strings.NewReader(tc.in))
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tc.line, se.Line)
			assert.Contains(t, se.Msg, tc.msg)
			assert.True(t, strings.HasPrefix(err.Error(), "line "), err.Error())
		})
	}
}

func TestReadQDIMACSReadError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ReadQDIMACS(iotest.ErrReader(boom))
	assert.ErrorIs(t, err, boom)
}

func TestWriteQDIMACS(t *testing.T) {
	q := &QDIMACS{
		NumVars: 4,
		Prefix: []Block{
			{Quant: Universal, Vars: []int{1, 2}},
			{Quant: Existential},
			{Quant: Existential, Vars: []int{3, 4}},
		},
		Clauses: [][]int{{1, -3}, {-2, 4, 3}, nil},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteQDIMACS(&buf, q))
	assert.Equal(t, "p cnf 4 3\na 1 2 0\ne 3 4 0\n1 -3 0\n-2 4 3 0\n0\n", buf.String())

	back, err := ReadQDIMACS(&buf)
	require.NoError(t, err)
	q.Prefix = append(q.Prefix[:1], q.Prefix[2])
	assert.Equal(t, q, back)
}

func TestWriteQDIMACSError(t *testing.T) {
	q := &QDIMACS{NumVars: 1, Clauses: [][]int{{1}}}
	err := WriteQDIMACS(failWriter{}, q)
	assert.Error(t, err)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestEncodeQDIMACS(t *testing.T) {
	c := logic.NewC()
	x1, x2, y := c.Lit(), c.Lit(), c.Lit()
	// ∀x1 x2 ∃y. y = x1 ∧ x2, as ¬(y ∧ ¬g) ∧ ¬(¬y ∧ g) with g = x1 ∧ x2.
	p := Problem{Circuit: c, Forall: []z.Lit{x1, x2}, Exists: []z.Lit{y},
		Matrix: c.Xor(y, c.And(x1, x2)).Not()}
	q, err := EncodeQDIMACS(p)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, WriteQDIMACS(&buf, q))
	assert.Equal(t, `p cnf 7 13
a 1 2 0
e 3 4 5 6 7 0
-4 1 0
-4 2 0
4 -1 -2 0
-5 3 0
-5 -4 0
5 -3 4 0
-6 -3 0
-6 4 0
6 3 -4 0
-7 -5 0
-7 -6 0
7 5 6 0
7 0
`, buf.String())
	res, err := SolveQDIMACS(context.Background(), q)
	require.NoError(t, err)
	assert.Equal(t, True, res.Truth)
	assert.Equal(t, True, evalQBF(q))
}

func TestEncodeConstantMatrix(t *testing.T) {
	c := logic.NewC()
	x := c.Lit()
	for _, tc := range []struct {
		m    z.Lit
		want Truth
		text string
	}{
		{c.T, True, "p cnf 1 0\na 1 0\n"},
		{c.F, False, "p cnf 2 2\na 1 0\ne 2 0\n2 0\n-2 0\n"},
		{x.Not(), False, "p cnf 1 1\na 1 0\n-1 0\n"},
	} {
		q, err := EncodeQDIMACS(Problem{Circuit: c, Forall: []z.Lit{x}, Matrix: tc.m})
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, WriteQDIMACS(&buf, q))
		assert.Equal(t, tc.text, buf.String())
		res, err := SolveQDIMACS(context.Background(), q)
		require.NoError(t, err)
		assert.Equal(t, tc.want, res.Truth, tc.text)
	}
}

func TestSolveQDIMACSPrefixes(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want Truth
		cert []int
	}{
		{"forall exists true", "p cnf 2 2\na 1 0\ne 2 0\n1 2 0\n-1 -2 0\n", True, nil},
		{"forall exists false", "p cnf 2 2\na 1 0\ne 2 0\n1 2 0\n1 -2 0\n", False, []int{-1}},
		{"exists forall false", "p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n-1 -2 0\n", False, nil},
		{"exists forall true", "p cnf 2 2\ne 1 0\na 2 0\n1 2 0\n1 -2 0\n", True, []int{1}},
		{"exists only", "p cnf 2 2\ne 1 2 0\n-1 2 0\n1 0\n", True, []int{1, 2}},
		{"exists only false", "p cnf 1 2\ne 1 0\n-1 0\n1 0\n", False, nil},
		{"forall only", "p cnf 2 1\na 1 2 0\n1 -1 2 0\n", True, nil},
		{"forall only false", "p cnf 2 1\na 1 2 0\n1 2 0\n", False, []int{-1, -2}},
		{"free variables are outer existentials", "p cnf 2 2\na 1 0\n1 2 0\n1 -2 0\n", False, nil},
		{"free variables merge with exists", "p cnf 3 2\ne 1 0\na 3 0\n2 -1 0\n1 -3 3 0\n", True, []int{2, -1}},
		{"no prefix", "p cnf 2 1\n1 -2 0\n", True, []int{1, -2}},
		{"empty matrix", "p cnf 3 0\na 1 0\ne 2 0\n", True, nil},
		{"empty clause", "p cnf 3 1\na 1 0\ne 2 0\n0\n", False, []int{-1}},
		{"adjacent blocks merge", "p cnf 4 2\na 1 0\na 2 0\ne 3 0\ne 4 0\n1 2 3 0\n-3 4 0\n", True, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := ReadQDIMACS(strings.NewReader(tc.in))
			require.NoError(t, err)
			res, err := SolveQDIMACS(context.Background(), q)
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Truth)
			assert.Equal(t, tc.want, evalQBF(q), "the table itself is wrong")
			assert.Equal(t, tc.cert, res.Certificate)
		})
	}
}

func TestSolveQDIMACSUnsupported(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{"p cnf 3 1\na 1 0\ne 2 0\na 3 0\n1 2 3 0\n", `prefix "a e a" has 3 quantifier blocks`},
		{"p cnf 3 1\na 1 0\ne 2 0\n1 2 3 0\n", "the variables missing from the prefix form its outermost e block"},
	} {
		q, err := ReadQDIMACS(strings.NewReader(tc.in))
		require.NoError(t, err)
		res, err := SolveQDIMACS(context.Background(), q)
		require.ErrorIs(t, err, ErrUnsupported)
		assert.Contains(t, err.Error(), tc.msg)
		assert.Equal(t, Unknown, res.Truth)
	}
}

func TestSolveQDIMACSInvalidStruct(t *testing.T) {
	for _, q := range []*QDIMACS{
		{NumVars: 1, Prefix: []Block{{Quant: 'x', Vars: []int{1}}}},
		{NumVars: 1, Prefix: []Block{{Quant: Universal, Vars: []int{2}}}},
		{NumVars: 1, Prefix: []Block{{Quant: Universal, Vars: []int{1}}, {Quant: Existential, Vars: []int{1}}}},
		{NumVars: 1, Clauses: [][]int{{1, 0}}},
		{NumVars: 1, Clauses: [][]int{{-2}}},
		{NumVars: -1},
	} {
		_, err := SolveQDIMACS(context.Background(), q)
		assert.ErrorIs(t, err, ErrInvalidProblem)
	}
}
