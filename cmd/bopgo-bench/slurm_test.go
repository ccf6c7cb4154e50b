package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/bench"
)

// slurmCluster is a real one-node Slurm cluster started by
// testdata/slurm/cluster.sh, with the bopgo-bench its tasks run.
type slurmCluster struct {
	dir   string // the daemons' state, logs and sockets
	bench string // a bopgo-bench built next to TestMain's bopgo
}

// installEnv is the variable that lets a test install what it needs
// (here Debian's Slurm, munge, slurmdbd and MariaDB, through apt as
// root). Without it the tests install nothing: they use what is
// installed, or skip and say how to run them.
const installEnv = "BOPGO_INSTALL"

// startSlurm starts a cluster for the test on the Slurm installed on
// this machine (installing it only with BOPGO_INSTALL=1), or skips the
// test saying how to run it.
func startSlurm(t *testing.T) *slurmCluster {
	t.Helper()
	const how = "as root, run `bash cmd/bopgo-bench/testdata/slurm/cluster.sh install` " +
		"(as .ci/run does) or set " + installEnv + "=1, then `go test -run TestSlurm ./cmd/bopgo-bench`"
	switch {
	case testing.Short():
		t.Skip("the Slurm test does not run with -short: run `go test -run TestSlurm ./cmd/bopgo-bench`")
	case runtime.GOOS != "linux":
		t.Skip("the Slurm test needs Linux")
	case os.Getuid() != 0:
		t.Skip("the Slurm test needs root: it starts Slurm's, munge's and MariaDB's daemons; " + how)
	}
	script, err := filepath.Abs("testdata/slurm/cluster.sh")
	require.NoError(t, err)
	if os.Getenv(installEnv) == "1" {
		install := exec.Command("bash", script, "install")
		if out, err := install.CombinedOutput(); err != nil {
			t.Skipf("Slurm could not be installed (%v): %s", err, bytes.TrimSpace(out))
		}
	} else if missing := missingSlurm(); len(missing) > 0 {
		t.Skipf("Slurm is not installed (no %s on PATH or in /usr/sbin): %s", strings.Join(missing, ", "), how)
	}
	// A second try, on other ports and a fresh state, for a daemon that
	// did not come up: once in CI slurmctld did not answer within 30 s
	// (cluster.sh prints the daemons' logs when a wait times out).
	c := &slurmCluster{}
	var failures []string
	for try := 1; c.dir == "" && try <= 2; try++ {
		dir := filepath.Join(t.TempDir(), "cluster")
		up := exec.Command("bash", script, "up", dir, strconv.Itoa(freePorts(t, 4)))
		out, err := up.CombinedOutput()
		t.Cleanup(func() { exec.Command("bash", script, "down", dir).Run() })
		if err != nil {
			exec.Command("bash", script, "down", dir).Run()
			failures = append(failures, fmt.Sprintf("try %d: %v: %s", try, err, out))
			continue
		}
		c.dir = dir
	}
	require.NotEmpty(t, c.dir, "starting Slurm:\n%s", strings.Join(failures, "\n"))
	for _, f := range failures {
		t.Logf("starting Slurm failed once, then worked: %s", f)
	}
	t.Setenv("SLURM_CONF", filepath.Join(c.dir, "slurm.conf"))
	t.Setenv("PATH", os.Getenv("PATH")+":/usr/sbin")

	c.bench = filepath.Join(filepath.Dir(os.Getenv(bopgoEnv)), "bopgo-bench")
	build := exec.Command("go", "build", "-o", c.bench, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building bopgo-bench: %s", out)
	return c
}

// missingSlurm returns the commands of cluster.sh's daemons and clients
// that are not installed (cluster.sh's own list).
func missingSlurm() []string {
	var missing []string
	for _, c := range []string{"slurmctld", "slurmd", "sbatch", "slurmdbd", "munged", "mariadbd"} {
		if _, err := exec.LookPath(c); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join("/usr/sbin", c)); err == nil {
			continue
		}
		missing = append(missing, c)
	}
	return missing
}

// freePorts finds n consecutive free TCP ports on loopback and returns
// the first.
func freePorts(t *testing.T, n int) int {
	t.Helper()
	for try := 0; try < 100; try++ {
		base := 20000 + int(time.Now().UnixNano()%30000)
		free := true
		for p := base; p < base+n && free; p++ {
			l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
			if err != nil {
				free = false
				continue
			}
			l.Close()
		}
		if free {
			return base
		}
	}
	t.Fatal("no free ports")
	return 0
}

// slurm runs the built bopgo-bench slurm with args and returns its status
// and output.
func (c *slurmCluster) slurm(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(c.bench, append([]string{"slurm", "--poll", "300ms"}, args...)...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("bopgo-bench slurm: %v", err)
	}
	t.Logf("bopgo-bench slurm %s:\n%s", strings.Join(args, " "), out)
	return cmd.ProcessState.ExitCode(), string(out)
}

// verdicts reads a results file as key -> verdict, failing on a key
// recorded twice.
func verdicts(t *testing.T, name string) map[string]string {
	t.Helper()
	recs, torn, err := bench.ReadRecords(name)
	require.NoError(t, err)
	require.Zero(t, torn)
	out := map[string]string{}
	for _, r := range recs {
		_, dup := out[r.Key()]
		require.False(t, dup, "%s under %s recorded twice in %s", r.Program, r.Config, name)
		out[r.Key()] = r.Verdict
	}
	return out
}

// smallerShard is the shard of 2 with fewer runs of the plan (bopgo-bench
// flags, then the inputs).
func smallerShard(t *testing.T, plan []string) int {
	t.Helper()
	var configs []string
	for i := 0; i+1 < len(plan); i++ {
		if plan[i] == "--config" {
			configs = append(configs, plan[i+1])
		}
	}
	cfgs, err := bench.ParseConfigs(configs)
	require.NoError(t, err)
	progs, err := bench.Collect(plan[len(plan)-1:])
	require.NoError(t, err)
	timeout, err := time.ParseDuration(plan[1])
	require.NoError(t, err)
	size := map[int]int{}
	for _, r := range bench.Plan(progs, cfgs, bench.Limits{Timeout: timeout}) {
		size[bench.ShardOf(r.Key(), 2)]++
	}
	if size[1] <= size[2] {
		return 1
	}
	return 2
}

// The plan through Slurm gives the records of a local run; a task
// cancelled and a node failing in the middle of a second run leave runs
// to do, which the next submission does, every record once.
func TestSlurm(t *testing.T) {
	c := startSlurm(t)
	start := time.Now()
	work := t.TempDir()

	t.Run("agrees with a local run", func(t *testing.T) {
		plan := []string{"--timeout", "30s", "--config", "exp=check --engine explicit", "--config", "ic3=check --engine ic3",
			"../../testdata/boppo/expected.tsv"}
		dir := filepath.Join(work, "agree")
		code, out := c.slurm(t, append([]string{"--dir", dir, "--tasks", "3"}, plan...)...)
		require.Equal(t, 0, code, out)
		local := filepath.Join(work, "local.jsonl")
		code, _, errOut := runCmd(append([]string{"bench", "--jobs", "2", "--out", local}, plan...)...)
		require.Equal(t, 0, code, errOut)
		want := verdicts(t, local)
		assert.Equal(t, want, verdicts(t, filepath.Join(dir, "results.jsonl")))
		assert.Len(t, want, 2*37)

		md, err := os.ReadFile(filepath.Join(dir, "report", "summary.md"))
		require.NoError(t, err)
		assert.Equal(t, 3, strings.Count(string(md), "| COMPLETED | 0:0 |"), "each task's sacct state is in the report:\n%s", md)
		// Nothing left: the same command again submits nothing.
		code, out = c.slurm(t, "--dir", dir)
		assert.Equal(t, 0, code)
		assert.NotContains(t, out, "submitted")
	})

	t.Run("a cancelled task and a failed node", func(t *testing.T) {
		// A slow tool: 3 s a run while the file "slow" is there (the first
		// job; the next need not be), a verdict from the program's name;
		// the unknown ones are not answers, so a killed task's are redone.
		slow := filepath.Join(work, "slow.sh")
		slowly := filepath.Join(work, "slow")
		require.NoError(t, os.WriteFile(slowly, nil, 0o644))
		require.NoError(t, os.WriteFile(slow, []byte("#!/bin/sh\n[ -e "+slowly+" ] && sleep 3\ncase \"$(basename \"$1\")\" in\n"+
			" unsafe*) echo 'VERIFICATION FAILED';;\n unknown*) echo 'VERIFICATION UNKNOWN';;\n *) echo 'VERIFICATION SUCCESSFUL';;\nesac\n"), 0o755))
		progs := filepath.Join(work, "progs")
		require.NoError(t, os.Mkdir(progs, 0o755))
		for i := range 24 {
			name := []string{"safe", "unsafe", "unknown", "safe"}[i%4] + strconv.Itoa(i) + ".bp"
			require.NoError(t, os.WriteFile(filepath.Join(progs, name), []byte("void main() begin skip; end\n"), 0o644))
		}
		plan := []string{"--timeout", "30s", "--config", "slow=exec:" + slow, progs}
		dir := filepath.Join(work, "fail")
		code, out := c.slurm(t, append([]string{"--dir", dir, "--tasks", "2", "--no-wait"}, plan...)...)
		require.Equal(t, 0, code, out)
		subs, err := bench.ClusterDir(dir).ReadJobs()
		require.NoError(t, err)
		require.Len(t, subs, 1)
		job := subs[0].Job

		// A user waits for the job meanwhile.
		waiting := exec.Command(c.bench, "slurm", "--poll", "300ms", "--dir", dir)
		var waitOut bytes.Buffer
		waiting.Stdout, waiting.Stderr = &waitOut, &waitOut
		require.NoError(t, waiting.Start())
		defer waiting.Process.Kill()

		// Both tasks run (two CPUs). Cancel the smaller one once it has
		// recorded a run and, when its harness has stopped (slurmd
		// delivers the signal), kill slurmd: the node fails while the
		// other task, 12 runs or more of 3 s, still runs. slurmctld would
		// mark it DOWN after SlurmdTimeout and a ping (about 12 s);
		// scontrol does what that does at once (the running tasks end
		// NODE_FAIL, and the harness on the node runs on, orphaned).
		victim := bench.TaskID{Job: job, Task: smallerShard(t, plan)}
		require.Eventually(t, func() bool {
			data, _ := os.ReadFile(bench.ClusterDir(dir).TaskFile(victim, 0))
			return bytes.Count(data, []byte("\n")) >= 1
		}, time.Minute, 100*time.Millisecond, "task %s recorded no run", victim)
		out2, err := exec.Command("scancel", victim.String()).CombinedOutput()
		require.NoError(t, err, "scancel: %s", out2)
		require.Eventually(t, func() bool {
			log, _ := os.ReadFile(filepath.Join(dir, "logs", victim.String()+".out"))
			return bytes.Contains(log, []byte("interrupted"))
		}, time.Minute, 100*time.Millisecond, "the cancelled task's harness did not stop")
		t.Logf("%v: task %s cancelled", time.Since(start).Round(time.Second), victim)
		pid, err := os.ReadFile(filepath.Join(c.dir, "slurmd.pid"))
		require.NoError(t, err)
		p, err := strconv.Atoi(strings.TrimSpace(string(pid)))
		require.NoError(t, err)
		require.NoError(t, syscall.Kill(p, syscall.SIGKILL))
		node, err := exec.Command("sinfo", "--noheader", "--format=%N").Output()
		require.NoError(t, err)
		out3, err := exec.Command("scontrol", "update", "NodeName="+strings.TrimSpace(string(node)), "State=DOWN", "Reason=slurmd killed by the test").CombinedOutput()
		require.NoError(t, err, "scontrol: %s", out3)
		require.Eventually(t, func() bool {
			out, _ := exec.Command("sinfo", "--noheader", "--format=%T").Output()
			return strings.HasPrefix(string(out), "down")
		}, time.Minute, 200*time.Millisecond, "the node did not go down")
		t.Logf("%v: slurmd killed, the node is down", time.Since(start).Round(time.Second))
		require.NoError(t, exec.Command("slurmd").Run())
		require.NoError(t, os.Remove(slowly))

		// The wait ends with the job: the killed tasks' runs are missing.
		err = waiting.Wait()
		t.Logf("the waiting bopgo-bench slurm:\n%s", waitOut.String())
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
		require.Equal(t, benchIncomplete, exit.ExitCode())
		t.Logf("%v: the job has ended", time.Since(start).Round(time.Second))
		md, err := os.ReadFile(filepath.Join(dir, "report", "summary.md"))
		require.NoError(t, err)
		assert.Contains(t, string(md), "| "+victim.String()+" | CANCELLED |")
		assert.Contains(t, string(md), "| NODE_FAIL |")
		victimRecs, _, err := bench.ReadRecords(bench.ClusterDir(dir).TaskFile(victim, 0))
		require.NoError(t, err)
		for _, r := range victimRecs {
			t.Logf("the cancelled task recorded %s: %s (%s)", filepath.Base(r.Program), r.Verdict, r.Reason)
		}
		first := verdicts(t, filepath.Join(dir, "results.jsonl"))
		assert.Less(t, len(first), 24)

		// The resubmission does only what is missing.
		code, out = c.slurm(t, "--dir", dir)
		if code == 5 && strings.Contains(out, "UNKNOWN") {
			// Slurm's accounting had no final state yet for a task of the
			// resubmission (slurmdbd lags after the node's failure, seen
			// on a loaded machine): its runs are left to the next command,
			// as docs/bench.md says, and no record is lost or doubled.
			t.Logf("a task's state was not known yet; the same command again:\n%s", out)
			var again string
			code, again = c.slurm(t, "--dir", dir)
			out += again
		}
		require.Equal(t, 0, code, out)
		// The failed node's harness may record a run more before the
		// restarted slurmd kills it: at most what was missing is done.
		m := regexp.MustCompile(`submitted job \d+: (\d+) runs? of 24 to do`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		redo, _ := strconv.Atoi(m[1])
		assert.Positive(t, redo)
		assert.LessOrEqual(t, redo, 24-len(first))
		all := verdicts(t, filepath.Join(dir, "results.jsonl"))
		require.Len(t, all, 24)
		for k, v := range first {
			assert.Equal(t, v, all[k], "a kept record stays")
		}
		local := filepath.Join(work, "slow-local.jsonl")
		code, _, errOut := runCmd(append([]string{"bench", "--jobs", "2", "--out", local}, plan...)...)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, verdicts(t, local), all)
	})
	t.Logf("the Slurm test took %v after the cluster started", time.Since(start).Round(time.Second))
}

func TestSlurmUsageErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errOut := runCmd("bench", "slurm", "--dir", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "has no plan")

	d := bench.ClusterDir(dir)
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, d.SetPlan(bench.ClusterPlan{Inputs: []string{"../bopgo/testdata/race.bp"}, Configs: []string{"x=check"}, Timeout: "1m0s", Tasks: 1, Jobs: 1, Workdir: wd}))
	code, _, errOut = runCmd("bench", "slurm", "--dir", dir, "--timeout", "5s")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--timeout changes the plan")
	code, _, errOut = runCmd("bench", "slurm", "--dir", dir, "--bopgo", os.Getenv(bopgoEnv), "--config", "y=check", "../bopgo/testdata/race.bp")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "another plan")
	code, _, errOut = runCmd("bench", "slurm", "--dir", dir, "--partition", "short", "--max-running", "many")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "max-running")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sbatch.conf"), []byte("partiton = short\n"), 0o644))
	code, _, errOut = runCmd("bench", "slurm", "--dir", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "sbatch.conf:1: unknown setting")

	code, _, errOut = runCmd("bench", "slurm-task", dir)
	assert.Equal(t, exitUsage, code, "not in a job array")
	assert.Contains(t, errOut, "SLURM_ARRAY_TASK_ID")
}
