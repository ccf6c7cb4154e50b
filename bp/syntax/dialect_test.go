package syntax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecognise(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		want      Dialect
		ambiguous bool
	}{
		{"init and threads", `void init() begin skip; end void thread1() begin skip; end void thread2() begin skip; end`, DialectGetafix, false},
		{"init, threads and main", `void init() begin skip; end void thread1() begin skip; end void main() begin skip; end`, DialectGetafix, false},
		{"threads only", `void thread0() begin skip; end void Thread_b() begin skip; end`, DialectGetafix, false},
		{"init and main", `void init() begin skip; end void main() begin skip; end`, DialectGetafix, true},
		{"main and a thread, no init", `void main() begin skip; end void threadmain() begin skip; end`, DialectGetafix, true},
		{"main alone", `void main() begin skip; end`, DialectBoPPo, false},
		{"init alone", `void init() begin skip; end`, DialectBoPPo, false},
		{"a thread start", `void init() begin skip; end void thread1() begin skip; end void main() begin start_thread thread1(); end`, DialectBoPPo, false},
		{"SLAM's thread start", `void init() begin skip; end void thread1() begin skip; end void main() begin ASYNC_1: thread1(); end`, DialectBoPPo, false},
		{"start_thread goto", `void init() begin skip; end void thread1() begin skip; end void main() begin start_thread goto L; L: skip; end`, DialectBoPPo, false},
		{"init is called", `void init() begin skip; end void thread1() begin skip; end void main() begin if * then init(); fi end`, DialectBoPPo, false},
		{"a thread is called", `void thread1() begin skip; end void main() begin thread1(); end`, DialectBoPPo, false},
		{"thread is not a threadN", `void init() begin skip; end void thread() begin skip; end`, DialectBoPPo, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse("t.bp", []byte(c.src))
			require.NoError(t, err)
			r := Recognise(f)
			assert.Equal(t, c.want, r.Dialect)
			assert.Equal(t, c.ambiguous, r.Ambiguous)
			if c.ambiguous {
				assert.Contains(t, r.Why, "--dialect boppo")
			}
		})
	}
}

func TestParseDialect(t *testing.T) {
	for _, d := range []Dialect{DialectAuto, DialectBoPPo, DialectGetafix} {
		got, ok := ParseDialect(d.String())
		assert.True(t, ok)
		assert.Equal(t, d, got)
	}
	d, ok := ParseDialect("")
	assert.True(t, ok)
	assert.Equal(t, DialectAuto, d)
	_, ok = ParseDialect("slam")
	assert.False(t, ok)
}
