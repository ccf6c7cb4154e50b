package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTool writes a shell script that stands for a checker: it sleeps,
// then answers from the program's name (unsafe*.bp: FAILED, otherwise
// SUCCESSFUL), like BoPPo's verdict line.
func fakeTool(t *testing.T, sleep string) Config {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake tool is a shell script")
	}
	script := filepath.Join(t.TempDir(), "fake.sh")
	body := "#!/bin/sh\nsleep " + sleep + "\ncase \"$(basename \"$1\")\" in\n unsafe*) echo 'VERIFICATION FAILED';;\n *) echo 'VERIFICATION SUCCESSFUL';;\nesac\n"
	require.NoError(t, os.WriteFile(script, []byte(body), 0o755))
	return Config{Name: "fake", Exec: true, Args: []string{script}}
}

// programs writes n small files, safe0.bp, unsafe1.bp, ..., and collects
// them with their expected verdicts, all "safe": so the unsafe ones are
// answered wrongly by fakeTool, which the records must show.
func programs(t *testing.T, n int) []Program {
	t.Helper()
	dir := t.TempDir()
	var tsv strings.Builder
	tsv.WriteString("path\texpected_verdict\tverdict_evidence\tdialect\n")
	for i := range n {
		name := fmt.Sprintf("safe%d.bp", i)
		if i%2 == 1 {
			name = fmt.Sprintf("unsafe%d.bp", i)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(fmt.Sprintf("void main() begin skip; end // %d\n", i)), 0o644))
		fmt.Fprintf(&tsv, "%s\tsafe\ttest\tbp\n", name)
	}
	manifest := filepath.Join(dir, "MANIFEST.tsv")
	require.NoError(t, os.WriteFile(manifest, []byte(tsv.String()), 0o644))
	progs, err := Collect([]string{manifest})
	require.NoError(t, err)
	require.Len(t, progs, n)
	return progs
}

// runAll runs what is not done yet into the results file and returns the
// error of Runner.Run.
func runAll(ctx context.Context, t *testing.T, out string, runs []Run, jobs int, progress *countingWriter) error {
	t.Helper()
	res, recs, err := OpenResults(out, out+".csv")
	require.NoError(t, err)
	defer res.Close()
	r := &Runner{Bopgo: "/nonexistent/bopgo", Jobs: jobs, Results: res}
	if progress != nil {
		r.Progress = progress
	}
	_, err = r.Run(ctx, Select(runs, Shard{}, Done(recs)))
	return err
}

// countingWriter calls onLine after each progress line (one per record).
type countingWriter struct {
	lines  atomic.Int32
	onLine func(n int)
}

func (w *countingWriter) Write(p []byte) (int, error) {
	for range strings.Count(string(p), "\n") {
		w.onLine(int(w.lines.Add(1)))
	}
	return len(p), nil
}

func keysOf(recs []Record) []string {
	var ks []string
	for _, r := range recs {
		ks = append(ks, r.Key())
	}
	return ks
}

func TestResumeAfterKill(t *testing.T) {
	t.Parallel()
	progs := programs(t, 6)
	runs := Plan(progs, []Config{fakeTool(t, "0.2")}, Limits{Timeout: time.Minute})
	out := filepath.Join(t.TempDir(), "results.jsonl")

	// First invocation: stopped after two records, with runs in progress.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := &countingWriter{onLine: func(n int) {
		if n == 2 {
			cancel()
		}
	}}
	err := runAll(ctx, t, out, runs, 2, stop)
	require.ErrorIs(t, err, context.Canceled)
	first, torn, err := ReadRecords(out)
	require.NoError(t, err)
	require.Zero(t, torn)
	require.GreaterOrEqual(t, len(first), 2)
	require.Less(t, len(first), len(runs), "the kill must leave work undone")

	// A writer killed mid-line leaves a torn tail; it is cut, not parsed.
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"program":"torn.bp","sha256":"ab`)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, torn, err = ReadRecords(out)
	require.NoError(t, err)
	assert.Equal(t, 1, torn)

	// Second invocation: does only the rest.
	require.NoError(t, runAll(context.Background(), t, out, runs, 2, nil))
	all, torn, err := ReadRecords(out)
	require.NoError(t, err)
	assert.Zero(t, torn)
	assert.Equal(t, keysOf(first), keysOf(all[:len(first)]), "finished records are kept as they were")
	var want []string
	for _, r := range runs {
		want = append(want, r.Key())
	}
	assert.ElementsMatch(t, want, keysOf(all), "every run exactly once")
	for _, r := range all {
		unsafe := strings.HasPrefix(filepath.Base(r.Program), "unsafe")
		assert.Equal(t, map[bool]string{true: Unsafe, false: Safe}[unsafe], r.Verdict, r.Program)
		assert.Equal(t, unsafe, r.Wrong, "%s: expected safe", r.Program)
	}

	// A third invocation has nothing to do.
	before, _ := os.ReadFile(out)
	require.NoError(t, runAll(context.Background(), t, out, runs, 2, nil))
	after, _ := os.ReadFile(out)
	assert.Equal(t, string(before), string(after))

	// The CSV twin has a header and one row per record.
	csvData, err := os.ReadFile(out + ".csv")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(csvData)), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "program,config,verdict,expected,wrong,seconds,peak_memory,states,sat_calls,qbf_calls"))
	assert.Len(t, lines, 1+len(runs))
}

func TestShardsPartitionTheWork(t *testing.T) {
	progs := programs(t, 10)
	configs := []Config{{Name: "a", Args: []string{"check"}}, {Name: "b", Args: []string{"check", "--no-por"}}, {Name: "q", Args: []string{"qbf"}}}
	runs := Plan(progs, configs, Limits{})
	require.Len(t, runs, 20, "qbf does not run on Boolean programs")
	seen := map[string]int{}
	for i := 1; i <= 3; i++ {
		for _, r := range Select(runs, Shard{I: i, N: 3}, nil) {
			seen[r.Key()]++
		}
	}
	require.Len(t, seen, len(runs), "the union of the shards is the whole")
	for k, n := range seen {
		assert.Equal(t, 1, n, "run %q in %d shards", k, n)
	}
	// A shard does not depend on the other runs planned.
	sub := Select(runs[:7], Shard{I: 2, N: 3}, nil)
	full := keysOf(nil)
	for _, r := range Select(runs, Shard{I: 2, N: 3}, nil) {
		full = append(full, r.Key())
	}
	for _, r := range sub {
		assert.Contains(t, full, r.Key())
	}
}

func TestParseShard(t *testing.T) {
	s, err := ParseShard("2/5")
	require.NoError(t, err)
	assert.Equal(t, Shard{I: 2, N: 5}, s)
	for _, bad := range []string{"", "1", "0/3", "4/3", "a/b", "1/0", "-1/2"} {
		_, err := ParseShard(bad)
		assert.Error(t, err, bad)
	}
}

func TestMergeDedupsShards(t *testing.T) {
	progs := programs(t, 4)
	runs := Plan(progs, []Config{fakeTool(t, "0")}, Limits{})
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 2; i++ {
		out := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i))
		res, _, err := OpenResults(out, "")
		require.NoError(t, err)
		_, err = (&Runner{Jobs: 2, Results: res}).Run(context.Background(), Select(runs, Shard{I: i, N: 2}, nil))
		require.NoError(t, err)
		require.NoError(t, res.Close())
		files = append(files, out)
	}
	// The first shard given twice: duplicates disappear.
	recs, _, err := ReadRecords(append(files, files[0])...)
	require.NoError(t, err)
	merged, conflicts := Dedup(recs)
	assert.Empty(t, conflicts)
	assert.Len(t, merged, len(runs))
	out := filepath.Join(dir, "all.jsonl")
	require.NoError(t, WriteRecords(out, merged))
	back, _, err := ReadRecords(out)
	require.NoError(t, err)
	assert.Equal(t, merged, back)
	for i := 1; i < len(back); i++ {
		assert.Less(t, back[i-1].Program, back[i].Program, "sorted")
	}

	// The same run with another verdict is a conflict; the first is kept.
	other := merged[0]
	other.Verdict = Unknown
	kept, conflicts := Dedup([]Record{merged[0], other})
	assert.Len(t, kept, 1)
	assert.Equal(t, merged[0].Verdict, kept[0].Verdict)
	assert.Len(t, conflicts, 1)
}

func TestLimitsAndExitCodes(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	dir := t.TempDir()
	script := func(name, body string) Config {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
		return Config{Name: name, Exec: true, Args: []string{p}}
	}
	q := filepath.Join(dir, "f.qdimacs")
	require.NoError(t, os.WriteFile(q, []byte("p cnf 1 1\ne 1 0\n1 0\n"), 0o644))
	prog := Program{Path: q, Kind: QBF, SHA256: "x"}
	cases := []struct {
		cfg     Config
		lim     Limits
		verdict string
	}{
		{script("sat", "exit 10"), Limits{}, Sat},
		{script("unsat", "exit 20"), Limits{}, Unsat},
		{script("qdo", "echo 's cnf 0 1 1'; exit 0"), Limits{}, Unsat},
		{script("crash", "echo oops >&2; exit 3"), Limits{}, Error},
		// The sleep is a grandchild: the whole group must die.
		{script("slow", "sleep 30; exit 10"), Limits{Timeout: 200 * time.Millisecond}, Timeout},
		{Config{Name: "missing", Exec: true, Args: []string{filepath.Join(dir, "no-such-tool")}}, Limits{}, Error},
	}
	if _, err := os.Stat("/proc/self/stat"); err == nil {
		cases = append(cases, struct {
			cfg     Config
			lim     Limits
			verdict string
		}{script("hog", `a=$(head -c 200000000 /dev/zero | tr '\0' x); sleep 30`), Limits{Timeout: time.Minute, Memory: 20 << 20}, Memout})
	}
	for _, c := range cases {
		rec, err := execute(context.Background(), "", Run{Program: prog, Config: c.cfg, Limits: c.lim})
		require.NoError(t, err)
		assert.Equal(t, c.verdict, rec.Verdict, "%s: %s", c.cfg.Name, rec.Reason)
		if c.verdict == Error {
			assert.NotEmpty(t, rec.Reason, c.cfg.Name)
		}
	}
}

// A --json result cut at maxOutput (a trace of hundreds of MB) still
// gives its verdict and engine, which come before the trace.
func TestLeadingFieldsOfACutResult(t *testing.T) {
	full := `{"version": 1, "file": "f.bp", "verdict": "unsafe", "engine": "explicit", "evidence": {"kind": "counterexample", "checked": true}, "trace": [{"thread": 0}, {"thread": 1}], "stats": {"states": 3}}`
	cut := []byte(full[:strings.Index(full, `{"thread": 1`)+5])
	res, err := leadingFields(cut)
	require.NoError(t, err)
	assert.Equal(t, "unsafe", res.Verdict)
	assert.Equal(t, "explicit", res.Engine)
	require.NotNil(t, res.Evidence)
	assert.Equal(t, "counterexample", res.Evidence.Kind)
	_, err = leadingFields([]byte(`[1, 2`))
	assert.Error(t, err)
}

// A bopgo:PATH configuration runs another bopgo executable as bopgo: with
// the program's label and the limits as flags (an exec: one gets
// neither), and its records are not those of the harness's bopgo.
func TestAnotherBopgo(t *testing.T) {
	c, err := ParseConfig("old=bopgo:/old/bopgo check --engine auto")
	require.NoError(t, err)
	assert.Equal(t, Config{Name: "old", Bopgo: "/old/bopgo", Args: []string{"check", "--engine", "auto"}}, c)
	again, err := ParseConfig(c.String())
	require.NoError(t, err)
	assert.Equal(t, c, again, "String is what ParseConfig reads")

	run := Run{Program: Program{Path: "p.bp", Label: "ERR"}, Config: c, Limits: Limits{Timeout: time.Second}}
	assert.Equal(t, []string{"/old/bopgo", "check", "--engine", "auto", "--json", "-l", "ERR", "--timeout", "1s", "--", "p.bp"},
		commandLine("/harness/bopgo", run, "p.bp"))

	mine := run
	mine.Config = Config{Name: "old", Args: c.Args}
	other := run
	other.Config.Bopgo = "/new/bopgo"
	assert.NotEqual(t, run.Key(), mine.Key(), "the harness's bopgo under the same name is another run")
	assert.NotEqual(t, run.Key(), other.Key())
	assert.Contains(t, run.identity().csvRow(), "bopgo:/old/bopgo check --engine auto")

	ex, err := ParseConfig("x=exec:bopgo:/old/bopgo check")
	require.NoError(t, err)
	assert.Equal(t, Config{Name: "x", Exec: true, Args: []string{"bopgo:/old/bopgo", "check"}}, ex, "an exec: command is taken as written")
	for _, bad := range []string{"x=bopgo:", "x=bopgo:/old/bopgo"} {
		_, err := ParseConfig(bad)
		assert.Error(t, err, bad)
	}
}
