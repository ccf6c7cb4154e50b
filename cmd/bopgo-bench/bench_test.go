package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/bench"
)

// benchChildEnv makes the test binary act as bopgo-bench (for the test
// that kills the harness); bopgoEnv names the bopgo that TestMain built.
const (
	benchChildEnv = "BOPGO_TEST_AS_BENCH"
	bopgoEnv      = "BOPGO_TEST_BOPGO"
)

func TestMain(m *testing.M) {
	if os.Getenv(benchChildEnv) == "1" {
		os.Exit(runBench(benchArgs(os.Args[1:]), os.Stdout, os.Stderr))
	}
	// The configurations run a real bopgo, built once for all tests.
	dir, err := os.MkdirTemp("", "bopgo-bench-test-")
	if err != nil {
		panic(err)
	}
	bin := filepath.Join(dir, "bopgo")
	build := exec.Command("go", "build", "-o", bin, "github.com/bopgo/bopgo/cmd/bopgo")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building bopgo for the bench tests: " + err.Error())
	}
	os.Setenv(bopgoEnv, bin)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// benchArgs turns a test's "bench ..." command line into bopgo-bench's,
// with the bopgo that TestMain built for the runs.
func benchArgs(args []string) []string {
	if len(args) > 0 && args[0] == "bench" {
		args = args[1:]
	}
	if len(args) > 0 && (args[0] == "merge" || args[0] == "report" || args[0] == "slurm" || args[0] == "slurm-task") {
		return args
	}
	return append([]string{"--bopgo", os.Getenv(bopgoEnv)}, args...)
}

func runCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := runBench(benchArgs(args), &out, &errOut)
	return code, out.String(), errOut.String()
}

// copyTo copies testdata files into dir.
func copyTo(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("../bopgo/testdata", n))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), data, 0o644))
	}
}

func readResults(t *testing.T, name string) map[string]bench.Record {
	t.Helper()
	recs, torn, err := bench.ReadRecords(name)
	require.NoError(t, err)
	require.Zero(t, torn)
	out := map[string]bench.Record{}
	for _, r := range recs {
		k := r.Config + " " + filepath.Base(r.Program)
		_, dup := out[k]
		require.False(t, dup, "duplicate record %s", k)
		out[k] = r
	}
	return out
}

func TestBenchCheckConfigs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTo(t, dir, "race.bp", "locked.bp", "label.bp", "forever.bp")
	manifest := "path\texpected_verdict\tverdict_evidence\tdialect\tlabel\n" +
		"race.bp\tunsafe\ttest\tbp\t\nlocked.bp\tunsafe\tdeliberately wrong\tbp\t\nlabel.bp\tunsafe\ttest\tbp\tERROR\nforever.bp\tunknown\ttest\tbp\t\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "MANIFEST.tsv"), []byte(manifest), 0o644))
	out := filepath.Join(dir, "r.jsonl")
	args := []string{"bench", "--out", out, "--csv", out + ".csv", "--jobs", "2", "--timeout", "300ms",
		"--config", "sym=check --engine symbolic --max-threads 12", "--config", "exp=check --engine explicit --max-threads 12",
		filepath.Join(dir, "MANIFEST.tsv")}
	code, _, errOut := runCmd(args...)
	require.Equal(t, 0, code, errOut)
	got := readResults(t, out)
	require.Len(t, got, 8)
	for _, cfg := range []string{"sym", "exp"} {
		race := got[cfg+" race.bp"]
		assert.Equal(t, bench.Unsafe, race.Verdict, race.Reason)
		assert.False(t, race.Wrong)
		assert.Equal(t, 10, race.ExitStatus)
		assert.Positive(t, race.States)
		assert.Positive(t, race.PeakMemory)
		assert.Equal(t, cfg, map[string]string{"symbolic": "sym", "explicit": "exp"}[race.Engine])

		locked := got[cfg+" locked.bp"]
		assert.Equal(t, bench.Safe, locked.Verdict)
		assert.True(t, locked.Wrong, "the manifest says unsafe")

		label := got[cfg+" label.bp"]
		assert.Equal(t, "ERROR", label.Label)
		assert.Equal(t, bench.Unsafe, label.Verdict, "the label reaches: -l was passed")

		forever := got[cfg+" forever.bp"]
		assert.Equal(t, bench.Timeout, forever.Verdict, forever.Reason)
		assert.Empty(t, forever.Expected)
	}
	if _, err := os.Stat(out + ".csv"); assert.NoError(t, err) {
		data, _ := os.ReadFile(out + ".csv")
		assert.Equal(t, 9, strings.Count(string(data), "\n"))
	}

	// Nothing left to do; --list says so.
	code, listOut, _ := runCmd(append([]string{"bench", "--list"}, args[1:]...)...)
	assert.Equal(t, 0, code)
	assert.Empty(t, listOut)

	// Report through the command line.
	rep := filepath.Join(dir, "rep")
	code, repOut, errOut := runCmd("bench", "report", "--out", rep, "--scatter", "sym,exp", out)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, repOut, "scatter-sym-vs-exp.svg")
	md, err := os.ReadFile(filepath.Join(rep, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "| exp | 4 | 3 | 1 | 2 | 0 | 0 | **1** | 0 | 1 | 0 | 0 |")
}

func TestBenchQBF(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, src := range map[string]string{"true.qdimacs": "../../qbf/testdata/true.qdimacs", "false.qdimacs": "../../qbf/testdata/false.qdimacs"} {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	f, err := os.Create(filepath.Join(dir, "zipped-false.qdimacs.gz"))
	require.NoError(t, err)
	zw := gzip.NewWriter(f)
	data, _ := os.ReadFile(filepath.Join(dir, "false.qdimacs"))
	zw.Write(data)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())

	configs := []string{"--config", "bopgo-qbf=qbf", "--config", "check=check"}
	depqbf := false
	if _, err := exec.LookPath("depqbf"); err != nil {
		t.Log("depqbf not on PATH: only bopgo qbf runs")
	} else if testing.Short() {
		t.Log("depqbf not run with -short: only bopgo qbf runs")
	} else {
		configs = append(configs, "--config", "depqbf=exec:depqbf")
		depqbf = true
	}
	out := filepath.Join(dir, "r.jsonl")
	code, _, errOut := runCmd(append(append([]string{"bench", "--out", out, "--timeout", "10s"}, configs...), dir)...)
	require.Equal(t, 0, code, errOut)
	got := readResults(t, out)
	tools := []string{"bopgo-qbf"}
	if depqbf {
		tools = append(tools, "depqbf")
	}
	require.Len(t, got, 3*len(tools), "check does not run on formulas")
	for _, tool := range tools {
		assert.Equal(t, bench.Sat, got[tool+" true.qdimacs"].Verdict)
		assert.Equal(t, bench.Unsat, got[tool+" false.qdimacs"].Verdict)
		assert.Equal(t, bench.Unsat, got[tool+" zipped-false.qdimacs.gz"].Verdict, got[tool+" zipped-false.qdimacs.gz"].Reason)
	}
}

// The harness itself killed with SIGKILL: re-running finishes the work,
// with every run recorded once and the finished ones unchanged.
func TestBenchSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("needs /bin/sh for the slow fake tool")
	}
	dir := t.TempDir()
	slow := filepath.Join(dir, "slow.sh")
	require.NoError(t, os.WriteFile(slow, []byte("#!/bin/sh\nsleep 0.2\necho 'VERIFICATION SUCCESSFUL'\n"), 0o755))
	for i := range 6 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "p"+string(rune('a'+i))+".bp"), []byte("void main() begin skip; end\n"), 0o644))
	}
	out := filepath.Join(dir, "r.jsonl")
	args := []string{"bench", "--out", out, "--config", "slow=exec:" + slow, dir}

	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), benchChildEnv+"=1")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		if strings.HasPrefix(lines.Text(), "[2/") {
			break // two runs are recorded (the line follows the fsync)
		}
	}
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	first := readResults(t, out)
	require.GreaterOrEqual(t, len(first), 2)
	require.Less(t, len(first), 6, "killed before the end")

	code, _, errOut := runCmd(args...)
	require.Equal(t, 0, code, errOut)
	all := readResults(t, out)
	assert.Len(t, all, 6)
	for k, r := range first {
		assert.Equal(t, r, all[k], "finished results are kept")
	}
	for k, r := range all {
		assert.Equal(t, bench.Safe, r.Verdict, k)
	}
}

func TestBenchMergeShards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTo(t, dir, "race.bp", "locked.bp", "label.bp")
	base := []string{"--config", "a=check --engine explicit", "--config", "b=check --engine explicit --max-threads 2", dir}
	var shards []string
	for _, s := range []string{"1/3", "2/3", "3/3"} {
		out := filepath.Join(dir, "shard"+s[:1]+".jsonl")
		code, _, errOut := runCmd(append([]string{"bench", "--shard", s, "--out", out}, base...)...)
		require.Equal(t, 0, code, errOut)
		shards = append(shards, out)
	}
	all := filepath.Join(dir, "all.jsonl")
	code, _, errOut := runCmd("bench", "merge", "-o", all, shards[0], shards[1], shards[2], shards[0])
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "6 records from 4 files")
	got := readResults(t, all)
	assert.Len(t, got, 6)

	// The merged file is complete: nothing left for an unsharded run.
	code, listOut, _ := runCmd(append([]string{"bench", "--list", "--out", all}, base...)...)
	assert.Equal(t, 0, code)
	assert.Empty(t, listOut)
}

func TestBenchUsageErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	for _, args := range [][]string{
		{"bench"},
		{"bench", "--out", out, "--config", "noequals", "../bopgo/testdata/race.bp"},
		{"bench", "--out", out, "--config", "a=check", "--config", "a=check --no-por", "../bopgo/testdata/race.bp"},
		{"bench", "--out", out, "--config", "a=", "../bopgo/testdata/race.bp"},
		{"bench", "--out", out, "--shard", "4/3", "../bopgo/testdata/race.bp"},
		{"bench", "--out", out, "--jobs", "0", "../bopgo/testdata/race.bp"},
		{"bench", "--out", out, "--no-such-flag", "../bopgo/testdata/race.bp"},
		{"bench", "merge", "a.jsonl"},
		{"bench", "report", "--scatter", "onlyone", "r.jsonl"},
		{"bench", "report"},
	} {
		code, _, errOut := runCmd(args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.NotEmpty(t, errOut, "%v: says why", args)
	}
	code, _, errOut := runCmd("bench", "--out", out, "testdata/no-such.bp")
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "no-such.bp")
	code, _, errOut = runCmd("bench", "--out", out, "../bopgo/testdata/race.out")
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "not a program")

	// A corrupted results file is an error naming file:line.
	require.NoError(t, os.WriteFile(out, []byte("{\"program\":\"x\"}\n"), 0o644))
	code, _, errOut = runCmd("bench", "--out", out, "../bopgo/testdata/race.bp")
	assert.Equal(t, benchFailed, code)
	assert.Contains(t, errOut, out+":1:")
	code, _, errOut = runCmd("bench", "report", "--out", filepath.Join(dir, "rep"), out)
	assert.Equal(t, benchFailed, code)
	assert.Contains(t, errOut, out+":1:")
}

// pagesReport runs two configurations on three programs, changes one
// program, and writes the report with --pages into dir/report. It
// returns the report's directory, the programs' directory, and what
// report printed.
func pagesReport(t *testing.T) (out, dir, stdout, errOut string) {
	t.Helper()
	dir = t.TempDir()
	copyTo(t, dir, "race.bp", "locked.bp", "label.bp")
	results := filepath.Join(dir, "results.jsonl")
	code, _, errOut := runCmd("bench", "--out", results, "--config", "exp=check --engine explicit", "--config", "ic3=check --engine ic3",
		filepath.Join(dir, "race.bp"), filepath.Join(dir, "locked.bp"), filepath.Join(dir, "label.bp"))
	require.Equal(t, 0, code, errOut)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "label.bp"), []byte("void main() begin skip; end\n"), 0o644))

	out = filepath.Join(dir, "report")
	code, stdout, errOut = runCmd("report", "--pages", "--bopgo", os.Getenv(bopgoEnv), "--out", out, results)
	require.Equal(t, 0, code, errOut)
	return out, dir, stdout, errOut
}

// TestReportPages: report --pages draws the page of each program's
// answer, links it from the summary and from index.html, and says why a
// program whose file changed since its run has none. A proof is drawn by
// the configuration whose answer came with a certificate (IC3's
// invariant), though the explicit search answered first.
func TestReportPages(t *testing.T) {
	t.Parallel()
	out, dir, stdout, errOut := pagesReport(t)
	assert.Contains(t, errOut, "label.bp: the file has changed since it was run")
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	require.NoError(t, err)
	links := regexp.MustCompile(`\| (\S+) \| (safe|unsafe) \| \[(exp|ic3)\]\((pages/[^)]+\.html)\) \|`).FindAllStringSubmatch(string(md), -1)
	require.Len(t, links, 2, "%s", md)
	for _, l := range links {
		page, err := os.ReadFile(filepath.Join(out, l[4]))
		require.NoError(t, err, l[4])
		assert.True(t, strings.HasPrefix(string(page), "<!DOCTYPE html>"))
		assert.Contains(t, string(page), "<title>"+l[1])
		if filepath.Base(l[1]) == "locked.bp" {
			assert.Equal(t, "ic3", l[3], "the proof with a certificate")
		}
	}
	assert.Contains(t, string(md), "No page:\n\n- "+filepath.Join(dir, "label.bp"))
	assert.Contains(t, stdout, "summary.md")
	assert.Contains(t, stdout, "index.html")

	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	require.NoError(t, err)
	hrefs := regexp.MustCompile(`<a href="([^"]+)">`).FindAllStringSubmatch(string(index), -1)
	require.Len(t, hrefs, len(links), "%s", index)
	for i, h := range hrefs {
		assert.Equal(t, links[i][4], h[1], "the same pages as the summary")
		assert.FileExists(t, filepath.Join(out, filepath.FromSlash(h[1])))
	}
	assert.Contains(t, string(index), `<img src="cactus.svg"`)
	assert.Contains(t, string(index), `<img src="scatter-exp-vs-ic3.svg"`)
}
