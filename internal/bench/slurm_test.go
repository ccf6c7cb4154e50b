package bench

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Output of Slurm 22.05 (Debian 12), as bopgo-bench asks for it: an array
// of 6 throttled to 1, task 1 cancelled while running, the rest while
// pending; another array whose task 1 failed with its node.
const sacctOut = `7_1|CANCELLED by 0|0:0|00:00:03|vm
7_1.batch|CANCELLED|0:15|00:00:03|vm
7_[2-6%1]|CANCELLED by 0|0:0|00:00:00|None assigned
9_2|COMPLETED|0:0|00:00:09|vm
9_2.batch|COMPLETED|0:0|00:00:09|vm
9_2.extern|COMPLETED|0:0|00:00:09|vm
9_1|NODE_FAIL|0:0|00:00:11|vm
`

func TestParseSacct(t *testing.T) {
	got := parseSacct([]byte(sacctOut))
	sortStates(got)
	var lines []string
	for _, s := range got {
		lines = append(lines, s.ID.String()+" "+s.State+" "+s.ExitCode+" "+s.Elapsed)
	}
	assert.Equal(t, []string{
		"7_1 CANCELLED 0:0 00:00:03", "7_2 CANCELLED 0:0 00:00:00", "7_3 CANCELLED 0:0 00:00:00",
		"7_4 CANCELLED 0:0 00:00:00", "7_5 CANCELLED 0:0 00:00:00", "7_6 CANCELLED 0:0 00:00:00",
		"9_1 NODE_FAIL 0:0 00:00:11", "9_2 COMPLETED 0:0 00:00:09",
	}, lines)
}

func TestParseSqueueAndScontrol(t *testing.T) {
	q := parseSqueue([]byte("4_3|PENDING\n4_1|RUNNING\n10_2|COMPLETING\n"))
	require.Len(t, q, 3)
	assert.Equal(t, TaskState{ID: TaskID{"4", 1}, State: StateRunning}, q[0])
	assert.Equal(t, TaskID{"10", 2}, q[2].ID, "job 10 after job 4")

	sc := parseScontrol([]byte("JobId=8 ArrayJobId=7 ArrayTaskId=1 JobName=wrap JobState=CANCELLED Reason=None RunTime=00:00:03 ExitCode=0:15 NodeList=vm\n" +
		"JobId=7 ArrayJobId=7 ArrayTaskId=2-3%1 JobName=wrap JobState=PENDING RunTime=00:00:00 ExitCode=0:0 NodeList=(null)\n"))
	require.Len(t, sc, 3)
	assert.Equal(t, TaskState{ID: TaskID{"7", 1}, State: "CANCELLED", ExitCode: "0:15", Elapsed: "00:00:03", Nodes: "vm"}, sc[0])
	assert.Equal(t, TaskState{ID: TaskID{"7", 3}, State: StatePending, ExitCode: "0:0", Elapsed: "00:00:00"}, sc[2])
}

func TestExpandTasksAndArraySpec(t *testing.T) {
	assert.Equal(t, []TaskID{{"5", 1}, {"5", 3}, {"5", 4}, {"5", 9}}, expandTasks("5_[1,3-4,9%2]"))
	assert.Equal(t, []TaskID{{"5", 12}}, expandTasks("5_12"))
	for _, bad := range []string{"5", "5_[", "5_[3-1]", "5_[x]", "_1", "5.batch"} {
		assert.Nil(t, expandTasks(bad), bad)
	}
	assert.Equal(t, "1-3,5,7-9", ArraySpec([]int{9, 1, 2, 3, 5, 7, 8, 3}, 0))
	assert.Equal(t, "4%2", ArraySpec([]int{4}, 2))
	for _, spec := range []string{"1-3,5,7-9", "2,4,6", "1-1000"} {
		var ts []int
		for _, id := range expandTasks("1_[" + spec + "]") {
			ts = append(ts, id.Task)
		}
		assert.Equal(t, spec, ArraySpec(ts, 0), "round trip")
	}
}

func TestResourcesAndJobScript(t *testing.T) {
	p := ClusterPlan{Jobs: 2, Workdir: "/home/u/bopgo", Bench: "/home/u/go/bin/bopgo-bench"}
	lim := Limits{Timeout: time.Minute, Memory: 4 << 30}
	res := Resources(p, lim, 7, SlurmSettings{})
	// 7 runs two at a time: 4 rounds of a minute and the margins.
	assert.Equal(t, TaskResources{CPUs: 2, Time: 4*(time.Minute+perRunMargin) + startupMargin, Memory: 2*(5<<30) + harnessMemory}, res)
	assert.Equal(t, TaskResources{CPUs: 2, Time: time.Hour, Memory: 1 << 30},
		Resources(p, lim, 7, SlurmSettings{TaskTime: time.Hour, TaskMemory: 1 << 30}), "settings win")
	assert.Equal(t, TaskResources{CPUs: 2}, Resources(p, Limits{}, 7, SlurmSettings{}), "no limits: the partition's defaults")

	d := ClusterDir("/shared/run 1")
	script := JobScript(d, p, SlurmSettings{Partition: "short", QoS: "low", Extra: []string{"--constraint=avx2"}}, "1-3%2", res)
	assert.Equal(t, `#!/bin/sh
#SBATCH --job-name=bopgo-bench
#SBATCH --array=1-3%2
#SBATCH --chdir=/home/u/bopgo
#SBATCH --output=/shared/run 1/logs/%A_%a.out
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --no-requeue
#SBATCH --time=7
#SBATCH --mem=10496M
#SBATCH --partition=short
#SBATCH --qos=low
#SBATCH --constraint=avx2
# Written by bopgo-bench slurm: each array task runs one shard of plan.json,
# appending its records to tasks/JOB_TASK.jsonl (docs/bench.md).
exec '/home/u/go/bin/bopgo-bench' slurm-task '/shared/run 1'
`, script)
}

func TestSettingsFile(t *testing.T) {
	d := ClusterDir(t.TempDir())
	s, err := d.ReadSettings()
	require.NoError(t, err)
	assert.Zero(t, s, "no file, no settings")
	want := SlurmSettings{Partition: "short", Account: "verif", Extra: []string{"--exclusive", "--mail-type=END"}, TaskTime: 90 * time.Minute, TaskMemory: 8 << 30, MaxRunning: 50}
	require.NoError(t, d.WriteSettings(want))
	got, err := d.ReadSettings()
	require.NoError(t, err)
	assert.Equal(t, want, got)

	require.NoError(t, os.WriteFile(d.path(settingsFile), []byte("# a comment\npartition = long\n\npartitoin = x\n"), 0o644))
	_, err = d.ReadSettings()
	assert.ErrorContains(t, err, settingsFile+":4: unknown setting \"partitoin\"")
	require.NoError(t, os.WriteFile(d.path(settingsFile), []byte("task-time = soon\n"), 0o644))
	_, err = d.ReadSettings()
	assert.ErrorContains(t, err, settingsFile+":1: task-time \"soon\"")
}

func TestPlanIsFixed(t *testing.T) {
	d := ClusterDir(t.TempDir())
	p := ClusterPlan{Inputs: []string{"a.bp"}, Configs: []string{"x=check"}, Timeout: "1m0s", Tasks: 4, Jobs: 1, Workdir: "/w", Bench: "/b1", Bopgo: "/o1"}
	require.NoError(t, d.SetPlan(p))
	moved := p
	moved.Bench, moved.Bopgo = "/b2", "/o2"
	require.NoError(t, d.SetPlan(moved), "a new build of the executables is the same plan")
	got, ok, err := d.ReadPlan()
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, moved, got)
	other := p
	other.Tasks = 8
	assert.ErrorContains(t, d.SetPlan(other), "another plan", "changing the shards would move runs between task files")
}

func TestJobsAndStatesFiles(t *testing.T) {
	d := ClusterDir(t.TempDir())
	subs, err := d.ReadJobs()
	require.NoError(t, err)
	assert.Empty(t, subs)
	require.NoError(t, d.AddJob(Submission{Job: "12", Array: "1-4", Time: "2026-01-02T03:04:05Z"}))
	require.NoError(t, d.AddJob(Submission{Job: "15", Array: "2,4", Time: "2026-01-02T04:04:05Z"}))
	subs, err = d.ReadJobs()
	require.NoError(t, err)
	assert.Equal(t, []Submission{{"12", "1-4", "2026-01-02T03:04:05Z"}, {"15", "2,4", "2026-01-02T04:04:05Z"}}, subs)

	states := []TaskState{
		{ID: TaskID{"12", 1}, State: StateCompleted, ExitCode: "0:0", Elapsed: "00:01:00", Nodes: "n1"},
		{ID: TaskID{"12", 2}, State: StateRunning},
		{ID: TaskID{"12", 3}, State: "TIMEOUT", ExitCode: "0:0", Elapsed: "00:15:00", Nodes: "n[1-2]"},
	}
	require.NoError(t, d.WriteStates(states))
	got, err := d.ReadStates()
	require.NoError(t, err)
	assert.Equal(t, []TaskState{states[0], states[2]}, got, "only final states are kept")
}

// taskRecord is a record of program p under configuration c.
func taskRecord(p, verdict string) Record {
	return Record{Program: p, SHA256: "s", Config: "c", Args: []string{"check"}, Verdict: verdict}
}

func writeTask(t *testing.T, d ClusterDir, name string, recs ...Record) {
	t.Helper()
	require.NoError(t, os.MkdirAll(d.path(tasksDir), 0o755))
	require.NoError(t, WriteRecords(d.path(tasksDir, name), recs))
}

func TestGather(t *testing.T) {
	d := ClusterDir(t.TempDir())
	// Job 3: task 1 completed, task 2 hit its time limit, task 3 was
	// requeued once and then completed. Job 5 redid task 2 and its node
	// failed.
	writeTask(t, d, "3_1.jsonl", taskRecord("a.bp", Safe), taskRecord("b.bp", Timeout), taskRecord("c.bp", Error))
	writeTask(t, d, "3_2.jsonl", taskRecord("d.bp", Unsafe), taskRecord("e.bp", Timeout), taskRecord("f.bp", Unknown))
	writeTask(t, d, "3_3.jsonl", taskRecord("g.bp", Error), taskRecord("h.bp", Safe))
	writeTask(t, d, "3_3.r1.jsonl", taskRecord("g.bp", Error))
	writeTask(t, d, "5_2.jsonl", taskRecord("e.bp", Timeout), taskRecord("f.bp", Safe), taskRecord("d.bp", Unsafe))
	require.NoError(t, os.WriteFile(d.path(tasksDir, "notes.txt"), []byte("not a task\n"), 0o644))
	states := []TaskState{
		{ID: TaskID{"3", 1}, State: StateCompleted},
		{ID: TaskID{"3", 2}, State: "TIMEOUT"},
		{ID: TaskID{"3", 3}, State: StateCompleted},
		{ID: TaskID{"3", 4}, State: "CANCELLED"}, // cancelled while pending: no file
		{ID: TaskID{"5", 2}, State: "NODE_FAIL"},
	}
	g, err := d.Gather(states)
	require.NoError(t, err)
	got := map[string]string{}
	for _, r := range g.Records {
		got[r.Program] = r.Verdict
	}
	assert.Equal(t, map[string]string{
		"a.bp": Safe, "b.bp": Timeout, "c.bp": Error, // completed: all of it
		"d.bp": Unsafe,              // an answer of the timed-out task, once
		"f.bp": Safe,                // the node-failed task's answer; its timeout of e.bp is not trusted
		"g.bp": Error, "h.bp": Safe, // the last run of the requeued task is trusted, the first's error is not
	}, got)
	assert.Empty(t, g.Conflicts)
	var rows []string
	for _, r := range g.Tasks {
		rows = append(rows, strings.Join([]string{r.ID.String(), r.State, strconv.Itoa(r.Records), strconv.Itoa(r.Kept), strconv.Itoa(r.SetAside)}, " "))
	}
	assert.Equal(t, []string{
		"3_1 COMPLETED 3 3 0", "3_2 TIMEOUT 3 1 2", "3_3 COMPLETED 3 2 1", "3_4 CANCELLED 0 0 0", "5_2 NODE_FAIL 3 2 1",
	}, rows)

	// A task Slurm says nothing of is not trusted.
	g, err = d.Gather(nil)
	require.NoError(t, err)
	for _, r := range g.Records {
		assert.True(t, Solved(r.Verdict), "%s: %s", r.Program, r.Verdict)
	}
	assert.Equal(t, StateUnknown, g.Tasks[0].State)

	var md strings.Builder
	doc := document{Sections: []Section{TaskSection([]TaskReport{{TaskState: states[1], Records: 3, Kept: 1, SetAside: 2}})}}
	require.NoError(t, doc.writeMarkdown(&md))
	assert.Contains(t, md.String(), "| 3_2 | TIMEOUT | - | - | - | 3 | 1 | 2 |")
}

func TestLeft(t *testing.T) {
	progs := programs(t, 10)
	runs := Plan(progs, []Config{{Name: "a", Args: []string{"check"}}, {Name: "b", Args: []string{"check", "--no-por"}}}, Limits{})
	done := map[string]bool{}
	for _, r := range runs[:5] {
		done[r.Key()] = true
	}
	left := Left(runs, 3, done)
	total := 0
	for task, n := range left {
		assert.True(t, task >= 1 && task <= 3)
		total += n
	}
	assert.Equal(t, 15, total)
	for _, r := range runs[5:] {
		assert.True(t, Shard{I: ShardOf(r.Key(), 3), N: 3}.Holds(r.Key()))
	}
	assert.Empty(t, Left(runs, 3, Done(func() []Record {
		var recs []Record
		for _, r := range runs {
			recs = append(recs, r.identity())
		}
		return recs
	}())))
}

func TestBadTables(t *testing.T) {
	d := ClusterDir(t.TempDir())
	require.NoError(t, os.WriteFile(d.path(jobsFile), []byte("job\tarray\tsubmitted\n12\t1-4\n"), 0o644))
	_, err := d.ReadJobs()
	assert.ErrorContains(t, err, jobsFile+":2: not a row of job, array, submitted")
	require.NoError(t, os.WriteFile(d.path(statesFile), []byte("task\tstate\texit_code\telapsed\tnodes\n12-1\tCOMPLETED\t0:0\t00:00:01\tvm\n"), 0o644))
	_, err = d.ReadStates()
	assert.ErrorContains(t, err, statesFile+":2: not a row of task, state, exit_code, elapsed, nodes")
}
