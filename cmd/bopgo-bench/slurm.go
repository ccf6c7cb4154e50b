package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bopgo/bopgo/internal/bench"
	"github.com/bopgo/bopgo/internal/cli"
)

// benchIncomplete is bopgo-bench slurm's status when the jobs have ended
// but some runs have no trusted record (a task was killed): run the same
// command again to submit them.
const benchIncomplete = 5

const slurmUsage = `usage: bopgo-bench slurm [flags] --dir DIR FILES|DIRS|MANIFESTS
       bopgo-bench slurm [flags] --dir DIR

Runs the plan (inputs, --config, --timeout, --memory as for bopgo-bench)
on a Slurm cluster: one job array, task i running shard i of --tasks and
appending to DIR/tasks/JOB_i.jsonl; waits for it with squeue, then merges
the records of the tasks that sacct says COMPLETED (only the answers of
the others) into DIR/results.jsonl and writes DIR/report/. Without
inputs it goes on with DIR's plan: it waits for jobs still queued, or
submits what is missing. DIR must be on a file system the nodes share;
DIR/sbatch.conf holds the partition, account, QoS and sbatch options
(docs/bench.md).

flags:
`

// planFlags are the flags that make a plan; they need the inputs.
var planFlags = []string{"config", "jobs", "timeout", "memory", "tasks"}

// settingFlags are the flags saved in DIR/sbatch.conf.
var settingFlags = []string{"partition", "account", "qos", "sbatch", "task-time", "task-memory", "max-running"}

// slurmFlags are bopgo-bench slurm's flags.
type slurmFlags struct {
	dir, bopgo, scatter string
	configs             repeated
	memory              cli.ByteSize
	jobs, tasks         int
	timeout, poll       time.Duration
	noWait              bool
	setting             map[string]string // the settingFlags given
}

func newSlurmFlags(fs *flag.FlagSet) *slurmFlags {
	f := &slurmFlags{setting: map[string]string{}}
	fs.StringVar(&f.dir, "dir", "bench-slurm", "the cluster `DIR`, on a file system shared with the nodes")
	fs.Var(&f.configs, "config", "a configuration `NAME=ARGS`, as for bopgo-bench; repeatable")
	fs.IntVar(&f.jobs, "jobs", 1, "runs at a time in each task, and its --cpus-per-task (`N`)")
	fs.DurationVar(&f.timeout, "timeout", time.Minute, "wall-time limit per run, `DURATION` (0: none)")
	fs.Var(&f.memory, "memory", "resident-memory limit per run, `SIZE` (0: none)")
	fs.IntVar(&f.tasks, "tasks", 0, "shards, one array task each (`N`; default: one per 25 runs, at most 1000)")
	fs.StringVar(&f.bopgo, "bopgo", "", "the bopgo executable the tasks run, `PATH` (default: the one next to bopgo-bench, else on PATH)")
	fs.BoolVar(&f.noWait, "no-wait", false, "submit and return; the same command without inputs waits later")
	fs.DurationVar(&f.poll, "poll", 15*time.Second, "how often to ask squeue while waiting, `DURATION`")
	fs.StringVar(&f.scatter, "scatter", "", "the report's scatter plot, `A,B` (as for bopgo-bench report)")
	for _, k := range settingFlags {
		usage := map[string]string{
			"partition":   "the `PARTITION` (sbatch --partition)",
			"account":     "the `ACCOUNT` (sbatch --account)",
			"qos":         "the `QOS` (sbatch --qos)",
			"sbatch":      "more sbatch `OPTIONS`, split at white space",
			"task-time":   "a task's --time, `DURATION` (default: computed from its runs and --timeout)",
			"task-memory": "a task's --mem, `SIZE` (default: computed from --jobs and --memory)",
			"max-running": "tasks at a time, `N` (the array's %N throttle; default: no throttle)",
		}[k]
		fs.Func(k, usage, func(v string) error {
			f.setting[k] = v
			return new(bench.SlurmSettings).Set(k, v)
		})
	}
	return f
}

// slurmFail reports err and returns status.
func slurmFail(stderr io.Writer, err error, status int) int {
	fmt.Fprintf(stderr, "bopgo-bench slurm: %v\n", err)
	return status
}

func runSlurm(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo-bench slurm", slurmUsage, stdout, stderr)
	f := newSlurmFlags(cmd.FlagSet)
	inputs, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	var pair []string
	if f.scatter != "" {
		if pair = strings.Split(f.scatter, ","); len(pair) != 2 || pair[0] == "" || pair[1] == "" {
			return cmd.Errorf("--scatter %q: want A,B", f.scatter)
		}
	}
	if f.jobs < 1 || f.timeout < 0 || f.tasks < 0 || f.poll <= 0 {
		return cmd.Errorf("--jobs must be at least 1; --timeout and --tasks must not be negative; --poll must be positive")
	}
	abs, err := filepath.Abs(f.dir)
	if err != nil {
		return slurmFail(stderr, err, benchFailed)
	}
	d := bench.ClusterDir(abs)
	plan, status := slurmPlan(cmd, d, inputs, f)
	if status != 0 {
		return status
	}
	// The tasks and this command read the inputs from the plan's directory.
	if wd, err := os.Getwd(); err == nil && wd != plan.Workdir {
		if err := os.Chdir(plan.Workdir); err != nil {
			return slurmFail(stderr, err, benchFailed)
		}
		defer os.Chdir(wd)
	}
	runs, err := plan.Runs()
	if err != nil {
		return slurmFail(stderr, err, exitBadInput)
	}
	settings, err := d.ReadSettings()
	if err == nil {
		for _, k := range settingFlags {
			if v, ok := f.setting[k]; ok {
				settings.Set(k, v)
			}
		}
		err = d.WriteSettings(settings)
	}
	if err != nil {
		return slurmFail(stderr, err, exitUsage)
	}
	s := slurmRun{d: d, plan: plan, runs: runs, settings: settings, poll: f.poll, stderr: stderr}
	g, status, done := s.submitAndWait(f.noWait)
	if done {
		return status
	}
	return s.report(g, pair, stdout)
}

// slurmPlan returns the plan: new from the inputs, written to d, or d's
// own when there are none (then no flag that makes a plan may be given).
// status is 0 unless the command is to stop with it.
func slurmPlan(cmd *cli.Command, d bench.ClusterDir, inputs []string, f *slurmFlags) (plan bench.ClusterPlan, status int) {
	stderr := cmd.Stderr
	plan, havePlan, err := d.ReadPlan()
	if err != nil {
		return plan, slurmFail(stderr, err, benchFailed)
	}
	if len(inputs) == 0 {
		if !havePlan {
			return plan, cmd.Errorf("no programs given, and %s has no plan to go on with", string(d))
		}
		set := map[string]bool{}
		cmd.FlagSet.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for _, name := range planFlags {
			if set[name] {
				return plan, cmd.Errorf("--%s changes the plan: give the inputs too (and a new --dir)", name)
			}
		}
		return plan, 0
	}
	if plan, status = newPlan(inputs, f.configs, f.timeout, uint64(f.memory), f.tasks, f.jobs, f.bopgo, stderr); status != 0 {
		return plan, status
	}
	if err := d.SetPlan(plan); err != nil {
		return plan, slurmFail(stderr, err, exitUsage)
	}
	return plan, 0
}

// submitAndWait submits what is left, unless tasks of the directory are
// still queued (their records are not in yet), then waits for the queue
// to empty and gathers the records, unless noWait. At most one
// submission an invocation. done says the command stops with status.
func (s *slurmRun) submitAndWait(noWait bool) (g bench.Gathered, status int, done bool) {
	stderr := s.stderr
	queued, err := s.queued()
	if err != nil {
		return g, slurmFail(stderr, err, benchFailed), true
	}
	submitted := false
	if len(queued) > 0 {
		fmt.Fprintf(stderr, "bopgo-bench slurm: %s of %s still in the queue: not submitting\n", count(len(queued), "task"), s.d)
	} else if g, submitted, err = s.submitLeft(); err != nil {
		return g, slurmFail(stderr, err, benchFailed), true
	}
	if noWait {
		fmt.Fprintf(stderr, "bopgo-bench slurm: not waiting; to wait, merge and report: bopgo-bench slurm --dir %s\n", s.d)
		return g, 0, true
	}
	if len(queued) == 0 && !submitted {
		return g, 0, false
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	if err := s.wait(ctx, s.poll); err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "bopgo-bench slurm: stopped waiting; the jobs go on (scancel stops them); bopgo-bench slurm --dir %s waits again\n", s.d)
			return g, benchInterrupted, true
		}
		return g, slurmFail(stderr, err, benchFailed), true
	}
	if g, err = s.gather(true); err != nil {
		return g, slurmFail(stderr, err, benchFailed), true
	}
	return g, 0, false
}

// report writes the reports of the gathered records, and says how many
// runs are left without a trusted record.
func (s *slurmRun) report(g bench.Gathered, pair []string, stdout io.Writer) int {
	stderr := s.stderr
	if len(g.Records) > 0 {
		written, err := bench.Report(g.Records, s.d.Reports(), pair, bench.TaskSection(g.Tasks))
		if err != nil {
			return slurmFail(stderr, err, benchFailed)
		}
		for _, w := range written {
			fmt.Fprintln(stdout, filepath.ToSlash(w))
		}
	}
	left := bench.Left(s.runs, s.plan.Tasks, bench.Done(g.Records))
	n := 0
	for _, c := range left {
		n += c
	}
	if n > 0 {
		fmt.Fprintf(stderr, "bopgo-bench slurm: %s of %d without a trusted record (tasks %s); run the same command again to submit them\n",
			count(n, "run"), len(s.runs), bench.ArraySpec(bench.LeftTasks(left), 0))
		return benchIncomplete
	}
	fmt.Fprintf(stderr, "bopgo-bench slurm: all %d runs recorded in %s\n", len(s.runs), s.d.Merged())
	return 0
}

// newPlan makes the plan of a new directory from the command line.
func newPlan(inputs, configs []string, timeout time.Duration, memory uint64, tasks, jobs int, bopgoPath string, stderr io.Writer) (bench.ClusterPlan, int) {
	p := bench.ClusterPlan{Inputs: inputs, Timeout: timeout.String(), Memory: memory, Tasks: tasks, Jobs: jobs}
	cfgs := bench.DefaultConfigs()
	if len(configs) > 0 {
		var err error
		if cfgs, err = bench.ParseConfigs(configs); err != nil {
			fmt.Fprintf(stderr, "bopgo-bench slurm: %v\n", err)
			return p, exitUsage
		}
	}
	for _, c := range cfgs {
		p.Configs = append(p.Configs, c.String())
	}
	var err error
	if p.Workdir, err = os.Getwd(); err == nil {
		p.Bench, err = os.Executable()
	}
	if err == nil {
		if p.Bopgo = bopgoPath; p.Bopgo == "" {
			p.Bopgo, err = findBopgo()
		}
	}
	if err == nil {
		p.Bopgo, err = filepath.Abs(p.Bopgo)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench slurm: finding the executables the tasks run: %v\n", err)
		return p, benchFailed
	}
	if p.Tasks == 0 {
		runs, err := p.Runs()
		if err != nil {
			fmt.Fprintf(stderr, "bopgo-bench slurm: %v\n", err)
			return p, exitBadInput
		}
		p.Tasks = min(max((len(runs)+24)/25, 1), 1000)
	}
	return p, 0
}

// accountingLag is how long gather waits for sacct to give a final state
// to tasks that have left the queue.
const accountingLag = time.Minute

// slurmRun is one invocation of bopgo-bench slurm on a directory.
type slurmRun struct {
	d        bench.ClusterDir
	plan     bench.ClusterPlan
	runs     []bench.Run
	settings bench.SlurmSettings
	slurm    bench.Slurm
	poll     time.Duration // squeue and sacct are asked this often
	stderr   io.Writer
}

func (s *slurmRun) jobIDs() ([]string, error) {
	subs, err := s.d.ReadJobs()
	var ids []string
	for _, sub := range subs {
		ids = append(ids, sub.Job)
	}
	return ids, err
}

// queued is the directory's tasks still in Slurm's queue.
func (s *slurmRun) queued() ([]bench.TaskState, error) {
	ids, err := s.jobIDs()
	if err != nil {
		return nil, err
	}
	return s.slurm.Queue(ids)
}

// gather asks Slurm for the task states, keeps the final ones, merges the
// trusted records into results.jsonl and returns them. ended says the
// directory's tasks have just left the queue.
func (s *slurmRun) gather(ended bool) (bench.Gathered, error) {
	subs, err := s.d.ReadJobs()
	if err != nil {
		return bench.Gathered{}, err
	}
	// Accounting lags: a task that has left the queue (gather runs when
	// none of the directory's is queued) may still be RUNNING to sacct
	// until slurmctld's message reaches slurmdbd. Its records would count
	// only as answers; wait for its final state. Just after the queue
	// emptied, a task unknown to both sacct and scontrol lags too (seen
	// on a loaded machine: a cancelled task on a node that then failed
	// was UNKNOWN in the report, CANCELLED to the next command); later,
	// an unknown task may be one Slurm has forgotten.
	var states []bench.TaskState
	for wait := time.Duration(0); ; wait += s.poll {
		states, err = s.d.TaskStates(s.slurm, subs)
		lagging := slices.ContainsFunc(states, func(t bench.TaskState) bool {
			return !bench.Final(t.State) && (ended || t.State != bench.StateUnknown)
		})
		if !lagging || wait >= accountingLag {
			break
		}
		time.Sleep(s.poll)
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "bopgo-bench slurm: the tasks' states are not all known (%v): of those tasks only answers count\n", err)
	}
	if err := s.d.WriteStates(states); err != nil {
		return bench.Gathered{}, err
	}
	g, err := s.d.Gather(states)
	if err != nil {
		return g, err
	}
	for _, c := range g.Conflicts {
		fmt.Fprintf(s.stderr, "bopgo-bench slurm: conflict: %s\n", c)
	}
	if err := bench.WriteRecords(s.d.Merged(), g.Records); err != nil {
		return g, err
	}
	byState := map[string]int{}
	setAside := 0
	for _, t := range g.Tasks {
		byState[t.State]++
		setAside += t.SetAside
	}
	var parts []string
	for _, st := range slices.Sorted(maps.Keys(byState)) {
		parts = append(parts, fmt.Sprintf("%d %s", byState[st], st))
	}
	if len(parts) > 0 {
		fmt.Fprintf(s.stderr, "bopgo-bench slurm: tasks: %s; %d records kept, %d set aside (not answers, from tasks not COMPLETED)\n",
			strings.Join(parts, ", "), len(g.Records), setAside)
	}
	return g, nil
}

// submitLeft gathers what is done and submits one array of the tasks
// that have runs left, if any, saying whether it did.
func (s *slurmRun) submitLeft() (bench.Gathered, bool, error) {
	g, err := s.gather(false)
	if err != nil {
		return g, false, err
	}
	left := bench.Left(s.runs, s.plan.Tasks, bench.Done(g.Records))
	if len(left) == 0 {
		return g, false, nil
	}
	lim, err := s.plan.Limits()
	if err != nil {
		return g, false, err
	}
	most, total := 0, 0
	for _, n := range left {
		most, total = max(most, n), total+n
	}
	array := bench.ArraySpec(bench.LeftTasks(left), s.settings.MaxRunning)
	res := bench.Resources(s.plan, lim, most, s.settings)
	script, err := s.d.WriteScript(bench.JobScript(s.d, s.plan, s.settings, array, res))
	if err != nil {
		return g, false, err
	}
	id, err := s.slurm.Submit(script)
	if err != nil {
		return g, false, err
	}
	if err := s.d.AddJob(bench.Submission{Job: id, Array: array, Time: time.Now().UTC().Format(time.RFC3339)}); err != nil {
		return g, true, fmt.Errorf("job %s submitted but not recorded in %s (scancel it, or add it by hand): %w", id, s.d, err)
	}
	fmt.Fprintf(s.stderr, "bopgo-bench slurm: submitted job %s: %s of %d to do in %s (--array=%s)\n",
		id, count(total, "run"), len(s.runs), count(len(left), "task"), array)
	return g, true, nil
}

// wait polls squeue until none of the directory's tasks is queued,
// saying how many run and wait whenever that changes.
func (s *slurmRun) wait(ctx context.Context, poll time.Duration) error {
	last := ""
	for {
		queued, err := s.queued()
		if err != nil {
			return err
		}
		if len(queued) == 0 {
			return nil
		}
		byState := map[string]int{}
		for _, t := range queued {
			byState[t.State]++
		}
		var parts []string
		for _, st := range slices.Sorted(maps.Keys(byState)) {
			parts = append(parts, fmt.Sprintf("%d %s", byState[st], strings.ToLower(st)))
		}
		line := "tasks: " + strings.Join(parts, ", ") + "; " + count(s.d.CountRecords(), "record") + " so far"
		if line != last {
			fmt.Fprintf(s.stderr, "bopgo-bench slurm: %s\n", line)
			last = line
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(poll):
		}
	}
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// runSlurmTask is one array task: shard SLURM_ARRAY_TASK_ID of the plan
// in DIR, the runs with no merged record, into the task's own file.
func runSlurmTask(args []string, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: bopgo-bench slurm-task DIR (run by the job script of bopgo-bench slurm)")
		return exitUsage
	}
	d := bench.ClusterDir(args[0])
	plan, ok, err := d.ReadPlan()
	if err == nil && !ok {
		err = fmt.Errorf("%s has no plan", d)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench slurm-task: %v\n", err)
		return benchFailed
	}
	task, err := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_ID"))
	job := os.Getenv("SLURM_ARRAY_JOB_ID")
	if err != nil || job == "" || task < 1 || task > plan.Tasks {
		fmt.Fprintf(stderr, "bopgo-bench slurm-task: SLURM_ARRAY_JOB_ID %q, SLURM_ARRAY_TASK_ID %q: want a job array task from 1 to %d\n",
			job, os.Getenv("SLURM_ARRAY_TASK_ID"), plan.Tasks)
		return exitUsage
	}
	restart, _ := strconv.Atoi(os.Getenv("SLURM_RESTART_COUNT"))
	runs, err := plan.Runs()
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench slurm-task: %v\n", err)
		return exitBadInput
	}
	merged, _, err := bench.ReadRecords(d.Merged())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "bopgo-bench slurm-task: %v\n", err)
		return benchFailed
	}
	out := d.TaskFile(bench.TaskID{Job: job, Task: task}, restart)
	res, mine, err := bench.OpenResults(out, "")
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench slurm-task: %v\n", err)
		return benchFailed
	}
	defer res.Close()
	done := bench.Done(append(merged, mine...))
	todo := bench.Select(runs, bench.Shard{I: task, N: plan.Tasks}, done)
	fmt.Fprintf(stderr, "bopgo-bench slurm-task: shard %d/%d: %d runs to do, %d at a time, into %s\n", task, plan.Tasks, len(todo), plan.Jobs, out)
	return execRuns(stderr, plan.Bopgo, plan.Jobs, res, todo)
}
