package benchmarks

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestFamilyFilesAreCurrent: the committed instances are what the
// generator writes (go run ./benchmarks/cmd/genfamilies), and nothing else.
func TestFamilyFilesAreCurrent(t *testing.T) {
	t.Parallel()
	members := Members()
	want := map[string]string{"MANIFEST.tsv": Manifest(members)}
	for _, m := range members {
		want[filepath.FromSlash(m.Path())] = m.Source
	}
	got := map[string]string{}
	err := filepath.WalkDir(FamiliesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(FamiliesDir, p)
		got[rel] = string(data)
		return err
	})
	require.NoError(t, err)
	for name, data := range want {
		assert.Equal(t, data, got[name], "%s is stale: run go run ./benchmarks/cmd/genfamilies", name)
	}
	for name := range got {
		_, ok := want[name]
		assert.True(t, ok, "%s is not generated", name)
	}

	entries, err := ReadManifest(FamiliesDir)
	require.NoError(t, err)
	require.Len(t, entries, len(members))
	for i, e := range entries {
		assert.Equal(t, members[i].Path(), e.Path)
		assert.Equal(t, members[i].Expected, e.Expected)
		assert.NotEmpty(t, e.Evidence)
	}
}

// TestFamilyVerdicts checks the expected verdicts of the small instances
// with the explicit engine (the large ones are right by the same
// construction, see the evidence column), and that every instance loads.
// With -short, not tangledworkers-n3-k4-safe nor deepcount at d10: 0.9
// and 0.5 s of the test's 1.9.
func TestFamilyVerdicts(t *testing.T) {
	t.Parallel()
	small := map[string]int{"workers": 32, "wideparity": 8, "filter": 3,
		"localworkers": 34, "guardedworkers": 34, "tangledworkers": 34, "sharedparity": 216, "tokenring": 6, "deepcount": 10,
		"rwlock": 32, "philosophers": 32, "barrier": 43, "ringbuffer": 43, "ticketlock": 42}
	slow := map[string]bool{}
	if testing.Short() {
		small["deepcount"] = 6
		slow["tangledworkers-n3-k4-safe"] = true
	}
	checked := 0
	for _, m := range Members() {
		p, err := bp.Load(m.Path(), []byte(m.Source))
		require.NoError(t, err, m.Name)
		if m.Size > small[m.Family] || slow[m.Name] {
			continue
		}
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
		require.NoError(t, err, m.Name)
		assert.Equal(t, m.Expected, res.Verdict.String(), "%s: %s", m.Name, res.Reason)
		checked++
	}
	assert.GreaterOrEqual(t, checked, 12)
}

func TestFilterShape(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 5; n++ {
		assert.Equal(t, n*(n-1), strings.Count(Filter(n, false), "assume("), "n=%d: every thread waits at every level", n)
		assert.Equal(t, n*(n-2), strings.Count(Filter(n, true), "assume("), "n=%d: no wait at the last level", n)
	}
	assert.Contains(t, Filter(3, false), "assume(!v2_0 | !(lv1_2 | lv2_2));")
}

// TestScaledFilesAreCurrent: every scaled program is what the generator
// writes for the seed its manifest names.
func TestScaledFilesAreCurrent(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(ScaledDir, "MANIFEST.tsv"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
	require.NotEmpty(t, lines)
	for _, line := range lines {
		f := strings.Split(line, "\t")
		var seed int64
		_, err := fmt.Sscan(f[1], &seed)
		require.NoError(t, err, line)
		require.Equal(t, ScaledName(seed), f[0])
		src, err := os.ReadFile(filepath.Join(ScaledDir, f[0]))
		require.NoError(t, err)
		assert.Equal(t, gen.Program(seed, Scaled), string(src), "%s is stale: run go run ./benchmarks/cmd/genscaled", f[0])
	}
}

func TestLocalWorkersShape(t *testing.T) {
	t.Parallel()
	src := LocalWorkers(4, 3, false)
	assert.Equal(t, 4, strings.Count(src, "  decl l0, l1, l2;\n"), "every worker has its k locals")
	assert.Contains(t, src, "l0, l1, l2 := l1 ^ *, l2 | *, l0 ^ *;", "one simultaneous recomputation with fresh bits")
	assert.Equal(t, 4, strings.Count(src, "constrain !lock"))
	assert.NotContains(t, LocalWorkers(4, 3, true), "constrain")
	p, err := bp.Load("lw.bp", []byte(src))
	require.NoError(t, err)
	n, bounded := p.MaxThreads()
	assert.True(t, bounded)
	assert.Equal(t, 5, n)
	identical, _ := p.MaxIdenticalThreads()
	assert.Equal(t, 1, identical, "each worker is its own procedure")
}

// TangledWorkers keeps its locals where LocalWorkers loses them to the
// slicing, and GuardedWorkers all but the ones its guard reads: that is
// the difference between the three families.
func TestTangledWorkersKeepTheirLocals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src string
		cut int // locals cut, of 4 a worker
	}{
		{LocalWorkers(3, 4, false), 12},
		{GuardedWorkers(3, 4, false), 8}, // kept: l0 in each worker, l1 in worker1
		{GuardedWorkers(3, 4, true), 8},
		{TangledWorkers(3, 4, false), 0},
		{TangledWorkers(3, 4, true), 0},
	} {
		p, err := bp.Load("w.bp", []byte(c.src))
		require.NoError(t, err)
		cut := 0
		if s := bp.Sliced(p); s != nil {
			cut = s.CutLocals
		}
		assert.Equal(t, c.cut, cut, "%s", strings.SplitN(c.src, "\n", 2)[0])
	}
	assert.Equal(t, 3, strings.Count(GuardedWorkers(3, 4, false), "if !l0 then goto L; fi"))
	assert.NotContains(t, TangledWorkers(3, 4, false), "^")
}

// TryLockWorkers: the counter engine proves it without forgetting the
// threads' local data (the try-lock's outcome is a local), and the bug
// is found.
func TestTryLockWorkers(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 3, strings.Count(TryLockWorkers(3, 2, false), "  decl l0, l1, got;\n"))
	assert.Equal(t, 3, strings.Count(TryLockWorkers(3, 2, false), "lock, got := T, !lock;"))
	assert.NotContains(t, TryLockWorkers(3, 2, true), "!lock;")
	for _, bug := range []bool{false, true} {
		p, err := bp.Load("t.bp", []byte(TryLockWorkers(3, 1, bug)))
		require.NoError(t, err)
		res, err := bopgo.Check(t.Context(), p, bopgo.Options{Engine: bopgo.Counter})
		require.NoError(t, err)
		assert.Equal(t, verdictWord(bug), res.Verdict.String(), res.Reason)
		if !bug {
			assert.NotContains(t, res.Reason, "forgotten", "the locals decide")
		}
	}
}
