package bench

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// TaskID names one task of a Slurm job array: the array's job ID and the
// task's index, as Slurm prints it (JOB_TASK, the %A_%a of file names).
// The index is the shard: task i runs shard i/n of the plan.
type TaskID struct {
	Job  string
	Task int
}

func (t TaskID) String() string { return t.Job + "_" + strconv.Itoa(t.Task) }

// Compare orders task IDs by job (numerically when both are numbers: job
// 10 was submitted after job 9), then by task.
func (t TaskID) Compare(u TaskID) int {
	if t.Job != u.Job {
		a, errA := strconv.ParseUint(t.Job, 10, 64)
		b, errB := strconv.ParseUint(u.Job, 10, 64)
		if errA == nil && errB == nil {
			if a < b {
				return -1
			}
			return 1
		}
		return strings.Compare(t.Job, u.Job)
	}
	return t.Task - u.Task
}

// ParseTaskID reads JOB_TASK.
func ParseTaskID(s string) (TaskID, bool) {
	job, task, ok := strings.Cut(s, "_")
	n, err := strconv.Atoi(task)
	if !ok || job == "" || err != nil || n < 0 {
		return TaskID{}, false
	}
	return TaskID{Job: job, Task: n}, true
}

// TaskState is what Slurm says of a task: its state (the first word of
// sacct's State: "CANCELLED by 0" is CANCELLED), exit code (STATUS:SIGNAL),
// elapsed time and node list.
type TaskState struct {
	ID       TaskID
	State    string
	ExitCode string
	Elapsed  string
	Nodes    string
}

// Task states (sacct(1), JOB STATE CODES) that bopgo-bench tells apart.
const (
	StateCompleted = "COMPLETED" // the task's script ended with status 0
	StatePending   = "PENDING"
	StateRunning   = "RUNNING"
	StateUnknown   = "UNKNOWN" // neither sacct nor scontrol knows the task
)

// finalStates are the states a task does not leave: once one is seen it
// can be kept (states.tsv) after Slurm forgets the job.
var finalStates = []string{"BOOT_FAIL", "CANCELLED", StateCompleted, "DEADLINE", "FAILED", "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "TIMEOUT"}

// Final tells whether the state is one a task ends in.
func Final(state string) bool { return slices.Contains(finalStates, state) }

// Trusted tells whether every record of a task in this state is a result
// of its run: only a task that Slurm saw finish by itself. In any other
// final state the cluster stopped the task or one of its processes (a time
// or memory limit, a node failure, scancel, the harness failing), and a
// run it interrupted may have been recorded as an error or unknown that
// says nothing about the program.
func Trusted(state string) bool { return state == StateCompleted }

// Slurm runs Slurm's client commands (sbatch, squeue, sacct, scontrol)
// from PATH, with the environment of this process (SLURM_CONF and the
// like reach them unchanged).
type Slurm struct{}

// run runs a Slurm command and returns its stdout; a failure is an error
// with the command's own message.
func (Slurm) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return out, fmt.Errorf("%s: %s", name, msg)
	}
	return out, nil
}

// Submit submits the job script with sbatch and returns the job ID (its
// options are the script's #SBATCH lines).
func (s Slurm) Submit(script string) (string, error) {
	out, err := s.run("sbatch", "--parsable", script)
	if err != nil {
		return "", err
	}
	// --parsable prints "jobid" or "jobid;cluster".
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("sbatch: unexpected output %q", out)
	}
	return id, nil
}

// Queue is the tasks of the jobs that are still in Slurm's queue (pending,
// running, completing, ...), with their states, sorted.
func (s Slurm) Queue(jobs []string) ([]TaskState, error) {
	if len(jobs) == 0 {
		return nil, nil
	}
	out, err := s.run("squeue", "--noheader", "--array", "--jobs="+strings.Join(jobs, ","), "--format=%i|%T")
	if err != nil {
		// squeue fails when none of the jobs is known any more (they
		// ended more than MinJobAge ago): nothing is queued.
		if strings.Contains(err.Error(), "Invalid job id") {
			return nil, nil
		}
		return nil, err
	}
	return parseSqueue(out), nil
}

// parseSqueue reads lines of "%i|%T" (squeue --array: one line a task).
func parseSqueue(out []byte) []TaskState {
	var ts []TaskState
	for line := range strings.Lines(string(out)) {
		id, state, ok := strings.Cut(strings.TrimSpace(line), "|")
		if !ok {
			continue
		}
		for _, t := range expandTasks(id) {
			ts = append(ts, TaskState{ID: t, State: state})
		}
	}
	sortStates(ts)
	return ts
}

// States asks sacct for the states of every task of the jobs. When sacct
// cannot tell (accounting storage disabled: no slurmdbd), it asks
// scontrol, which knows a job until MinJobAge after its end. A job that
// neither knows has no states; the error says why sacct failed.
func (s Slurm) States(jobs []string) ([]TaskState, error) {
	if len(jobs) == 0 {
		return nil, nil
	}
	out, sacctErr := s.run("sacct", "--parsable2", "--noheader", "--jobs="+strings.Join(jobs, ","), "--format=JobID,State,ExitCode,Elapsed,NodeList")
	var states []TaskState
	if sacctErr == nil {
		states = parseSacct(out)
	}
	known := map[string]bool{}
	for _, t := range states {
		known[t.ID.Job] = true
	}
	var errs []error
	if sacctErr != nil {
		errs = append(errs, sacctErr)
	}
	for _, j := range jobs {
		if known[j] {
			continue
		}
		out, err := s.run("scontrol", "--oneliner", "show", "job", j)
		if err != nil {
			if !strings.Contains(err.Error(), "Invalid job id") {
				errs = append(errs, err)
			}
			continue
		}
		states = append(states, parseScontrol(out)...)
	}
	sortStates(states)
	if len(states) > 0 {
		return states, nil
	}
	return nil, errors.Join(errs...)
}

// parseSacct reads sacct --parsable2 lines of JobID|State|ExitCode|
// Elapsed|NodeList. Steps (JOB_TASK.batch, .extern) are skipped: the
// task's own line has its state. Tasks that never started are one line
// for a range (JOB_[2-6%1]).
func parseSacct(out []byte) []TaskState {
	var ts []TaskState
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimRight(line, "\r\n"), "|")
		if len(f) < 5 || strings.Contains(f[0], ".") {
			continue
		}
		state, _, _ := strings.Cut(f[1], " ")
		for _, id := range expandTasks(f[0]) {
			ts = append(ts, TaskState{ID: id, State: state, ExitCode: f[2], Elapsed: f[3], Nodes: f[4]})
		}
	}
	return ts
}

// parseScontrol reads scontrol --oneliner show job: one line a task, with
// ArrayJobId, ArrayTaskId (a range for tasks not started), JobState,
// ExitCode, RunTime and NodeList among its fields.
func parseScontrol(out []byte) []TaskState {
	var ts []TaskState
	for line := range strings.Lines(string(out)) {
		kv := map[string]string{}
		for _, f := range strings.Fields(line) {
			if k, v, ok := strings.Cut(f, "="); ok {
				kv[k] = v
			}
		}
		if kv["ArrayJobId"] == "" || kv["ArrayTaskId"] == "" {
			continue
		}
		nodes := kv["NodeList"]
		if nodes == "(null)" {
			nodes = ""
		}
		for _, id := range expandTasks(kv["ArrayJobId"] + "_[" + kv["ArrayTaskId"] + "]") {
			ts = append(ts, TaskState{ID: id, State: kv["JobState"], ExitCode: kv["ExitCode"], Elapsed: kv["RunTime"], Nodes: nodes})
		}
	}
	return ts
}

// expandTasks reads a task as Slurm prints it: JOB_TASK, or JOB_[LIST]
// for tasks not started, where LIST is indices and ranges separated by
// commas, perhaps ending in %LIMIT (the throttle).
func expandTasks(s string) []TaskID {
	if t, ok := ParseTaskID(s); ok {
		return []TaskID{t}
	}
	job, list, ok := strings.Cut(s, "_[")
	list, ok2 := strings.CutSuffix(list, "]")
	if !ok || !ok2 || job == "" {
		return nil
	}
	list, _, _ = strings.Cut(list, "%")
	var ids []TaskID
	for part := range strings.SplitSeq(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || b < a {
			return nil
		}
		for i := a; i <= b; i++ {
			ids = append(ids, TaskID{Job: job, Task: i})
		}
	}
	return ids
}

// ArraySpec writes task indices as sbatch --array reads them: sorted,
// runs of consecutive indices as ranges ("1-3,5,7-9"), and %max when
// max > 0 (at most max tasks at a time).
func ArraySpec(tasks []int, max int) string {
	ts := slices.Clone(tasks)
	slices.Sort(ts)
	ts = slices.Compact(ts)
	var parts []string
	for i := 0; i < len(ts); {
		j := i
		for j+1 < len(ts) && ts[j+1] == ts[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(ts[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", ts[i], ts[j]))
		}
		i = j + 1
	}
	spec := strings.Join(parts, ",")
	if max > 0 {
		spec += "%" + strconv.Itoa(max)
	}
	return spec
}

func sortStates(ts []TaskState) {
	slices.SortStableFunc(ts, func(a, b TaskState) int { return a.ID.Compare(b.ID) })
}
