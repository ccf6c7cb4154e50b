package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bopgo/bopgo/internal/cli"
)

// A cluster directory holds everything of one benchmark run through Slurm,
// on a file system that the submitting host and every node share:
//
//	plan.json       what to run (ClusterPlan); fixed for the directory
//	sbatch.conf     how to submit (SlurmSettings), edited by hand or by flags
//	job.sh          the job script of the last submission
//	jobs.tsv        every submission: job ID, array indices, time
//	states.tsv      the final states of tasks, kept once Slurm has said them
//	tasks/JOB_TASK.jsonl  the records of one task (one writer each)
//	logs/JOB_TASK.out     the task's stdout and stderr
//	results.jsonl   the merged trusted records (Gather), what tasks skip
//	report/         the report of results.jsonl, with the tasks' states
const (
	planFile     = "plan.json"
	settingsFile = "sbatch.conf"
	scriptFile   = "job.sh"
	jobsFile     = "jobs.tsv"
	statesFile   = "states.tsv"
	tasksDir     = "tasks"
	logsDir      = "logs"
	mergedFile   = "results.jsonl"
	reportDir    = "report"
)

// ClusterDir is the directory's path (absolute: the job script names it
// for the nodes).
type ClusterDir string

func (d ClusterDir) path(name ...string) string {
	return filepath.Join(append([]string{string(d)}, name...)...)
}

// Merged is the merged results file; Reports the report's directory.
func (d ClusterDir) Merged() string  { return d.path(mergedFile) }
func (d ClusterDir) Reports() string { return d.path(reportDir) }

// ClusterPlan is what the directory runs: the same inputs, configurations
// and limits as a local bopgo-bench run, split into Tasks shards, each run
// by one array task with Jobs runs at a time. The paths are absolute or
// relative to Workdir, where every task starts.
type ClusterPlan struct {
	Inputs  []string `json:"inputs"`
	Configs []string `json:"configs"` // NAME=ARGS
	Timeout string   `json:"timeout"` // a Go duration, "0s" for none
	Memory  uint64   `json:"memory"`  // bytes, 0 for none
	Tasks   int      `json:"tasks"`
	Jobs    int      `json:"jobs"`
	Workdir string   `json:"workdir"`
	Bench   string   `json:"bench"` // the bopgo-bench the tasks run
	Bopgo   string   `json:"bopgo"` // the bopgo that runs the configurations
}

// Limits are the plan's per-run limits.
func (p ClusterPlan) Limits() (Limits, error) {
	t, err := time.ParseDuration(p.Timeout)
	if err != nil {
		return Limits{}, fmt.Errorf("%s: timeout: %w", planFile, err)
	}
	return Limits{Timeout: t, Memory: p.Memory}, nil
}

// Runs collects the inputs (from Workdir) and plans every run.
func (p ClusterPlan) Runs() ([]Run, error) {
	cfgs, err := ParseConfigs(p.Configs)
	if err != nil {
		return nil, err
	}
	lim, err := p.Limits()
	if err != nil {
		return nil, err
	}
	progs, err := Collect(p.Inputs)
	if err != nil {
		return nil, err
	}
	return Plan(progs, cfgs, lim), nil
}

// ReadPlan reads the directory's plan; ok is false when it has none.
func (d ClusterDir) ReadPlan() (p ClusterPlan, ok bool, err error) {
	data, err := os.ReadFile(d.path(planFile))
	if errors.Is(err, os.ErrNotExist) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return p, false, fmt.Errorf("%s: %w", d.path(planFile), err)
	}
	return p, true, nil
}

// SetPlan writes the plan into a new directory, or checks that it is the
// directory's plan: a directory runs one plan, so that its tasks' records
// all belong to it and a resubmission needs no arguments. The executables
// may move (a new build of the same version); the rest may not.
func (d ClusterDir) SetPlan(p ClusterPlan) error {
	old, ok, err := d.ReadPlan()
	if err != nil {
		return err
	}
	if ok {
		old.Bench, old.Bopgo = p.Bench, p.Bopgo
		if !reflect.DeepEqual(old, p) {
			return fmt.Errorf("%s holds another plan (inputs, configurations, limits, --tasks or --jobs differ): give no inputs to go on with it, or use another --dir", d.path(planFile))
		}
	}
	for _, sub := range []string{tasksDir, logsDir} {
		if err := os.MkdirAll(d.path(sub), 0o755); err != nil {
			return err
		}
	}
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(d.path(planFile), append(data, '\n'))
}

// SlurmSettings say how tasks are submitted; zero values leave the choice
// to the cluster (its default partition, account and QoS) or to
// bopgo-bench (the task time and memory computed from the plan).
type SlurmSettings struct {
	Partition, Account, QoS string
	Extra                   []string      // more sbatch options
	TaskTime                time.Duration // --time of a task
	TaskMemory              uint64        // --mem of a task, bytes
	MaxRunning              int           // tasks at a time (--array ...%N)
}

// settingKeys are the keys of sbatch.conf, in the order written.
var settingKeys = []string{"partition", "account", "qos", "sbatch", "task-time", "task-memory", "max-running"}

// Set sets one setting from its text, as a flag or a line of sbatch.conf
// gives it.
func (s *SlurmSettings) Set(key, value string) error {
	value = strings.TrimSpace(value)
	var err error
	switch key {
	case "partition":
		s.Partition = value
	case "account":
		s.Account = value
	case "qos":
		s.QoS = value
	case "sbatch":
		s.Extra = strings.Fields(value)
	case "task-time":
		s.TaskTime = 0
		if value != "" {
			s.TaskTime, err = time.ParseDuration(value)
		}
	case "task-memory":
		var b cli.ByteSize
		if value != "" {
			err = b.Set(value)
		}
		s.TaskMemory = uint64(b)
	case "max-running":
		s.MaxRunning = 0
		if value != "" {
			s.MaxRunning, err = strconv.Atoi(value)
		}
	default:
		return fmt.Errorf("unknown setting %q (want one of %s)", key, strings.Join(settingKeys, ", "))
	}
	if err != nil || s.TaskTime < 0 || s.MaxRunning < 0 {
		return fmt.Errorf("%s %q: not a valid value", key, value)
	}
	return nil
}

func (s SlurmSettings) get(key string) string {
	switch key {
	case "partition":
		return s.Partition
	case "account":
		return s.Account
	case "qos":
		return s.QoS
	case "sbatch":
		return strings.Join(s.Extra, " ")
	case "task-time":
		if s.TaskTime > 0 {
			return s.TaskTime.String()
		}
	case "task-memory":
		if s.TaskMemory > 0 {
			return strconv.FormatUint(s.TaskMemory, 10)
		}
	case "max-running":
		if s.MaxRunning > 0 {
			return strconv.Itoa(s.MaxRunning)
		}
	}
	return ""
}

// ReadSettings reads sbatch.conf: "key = value" lines, # comments; a
// missing file is no settings. A bad line is an error naming file:line.
func (d ClusterDir) ReadSettings() (SlurmSettings, error) {
	var s SlurmSettings
	name := d.path(settingsFile)
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return s, fmt.Errorf("%s:%d: want key = value", name, n)
		}
		if err := s.Set(strings.TrimSpace(k), v); err != nil {
			return s, fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	return s, nil
}

// WriteSettings writes sbatch.conf, every key with a comment, so that a
// user finds there what can be set.
func (d ClusterDir) WriteSettings(s SlurmSettings) error {
	var b strings.Builder
	b.WriteString(`# How bopgo-bench slurm submits the tasks of this directory (docs/bench.md).
# Flags of bopgo-bench slurm override these lines and are saved here.
# Empty: the cluster's default (partition, account, qos) or a value
# computed from the plan (task-time from the runs and their timeout,
# task-memory from --jobs and --memory); max-running: no throttle.
# sbatch: more options for sbatch, split at white space, e.g.
#   sbatch = --constraint=avx2 --mail-type=END
`)
	for _, k := range settingKeys {
		fmt.Fprintf(&b, "%s = %s\n", k, s.get(k))
	}
	return writeFileAtomic(d.path(settingsFile), []byte(b.String()))
}

// Submission is one line of jobs.tsv.
type Submission struct {
	Job   string
	Array string // the --array indices
	Time  string // RFC 3339
}

// ReadJobs reads jobs.tsv; a missing file is no submission.
func (d ClusterDir) ReadJobs() ([]Submission, error) {
	var subs []Submission
	err := d.readTable(jobsFile, 3, func(f []string) bool {
		subs = append(subs, Submission{Job: f[0], Array: f[1], Time: f[2]})
		return true
	})
	return subs, err
}

// readTable reads a tab-separated file of the directory with a header
// line, giving each row of width fields to row, which says whether it is
// well formed; a missing file has no rows, a bad row is an error naming
// file:line.
func (d ClusterDir) readTable(file string, width int, row func([]string) bool) error {
	name := d.path(file)
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for n, line := range strings.Split(string(data), "\n") {
		if n == 0 || strings.TrimSpace(line) == "" {
			continue // the header
		}
		if f := strings.Split(line, "\t"); len(f) != width || !row(f) {
			return fmt.Errorf("%s:%d: not a row of %s", name, n+1, strings.Join(strings.Fields(strings.SplitN(string(data), "\n", 2)[0]), ", "))
		}
	}
	return nil
}

// AddJob appends a submission to jobs.tsv (one write of one line on a file
// opened O_APPEND, synced: a submission is never forgotten once sbatch
// has answered, or its tasks' states could not be asked).
func (d ClusterDir) AddJob(s Submission) error {
	name := d.path(jobsFile)
	info, err := os.Stat(name)
	header := errors.Is(err, os.ErrNotExist) || err == nil && info.Size() == 0
	f, err := openAppend(name)
	if err != nil {
		return err
	}
	line := fmt.Sprintf("%s\t%s\t%s\n", s.Job, s.Array, s.Time)
	if header {
		line = "job\tarray\tsubmitted\n" + line
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadStates reads states.tsv; a missing file is no states.
func (d ClusterDir) ReadStates() ([]TaskState, error) {
	var ts []TaskState
	err := d.readTable(statesFile, 5, func(f []string) bool {
		id, ok := ParseTaskID(f[0])
		ts = append(ts, TaskState{ID: id, State: f[1], ExitCode: f[2], Elapsed: f[3], Nodes: f[4]})
		return ok
	})
	return ts, err
}

// WriteStates replaces states.tsv with the final states among ts.
func (d ClusterDir) WriteStates(ts []TaskState) error {
	var b strings.Builder
	b.WriteString("task\tstate\texit_code\telapsed\tnodes\n")
	for _, t := range ts {
		if Final(t.State) {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", t.ID, t.State, t.ExitCode, t.Elapsed, t.Nodes)
		}
	}
	return writeFileAtomic(d.path(statesFile), []byte(b.String()))
}

// TaskFile is the results file of a task: tasks/JOB_TASK.jsonl, or
// tasks/JOB_TASK.rN.jsonl for its N-th restart (a requeued task is run
// again under the same ID; each run writes its own file so that two runs
// of one task never append to one file, which a shared file system does
// not make safe).
func (d ClusterDir) TaskFile(id TaskID, restart int) string {
	name := id.String()
	if restart > 0 {
		name += ".r" + strconv.Itoa(restart)
	}
	return d.path(tasksDir, name+".jsonl")
}

// taskFile is a results file of tasks/, named by TaskFile.
type taskFile struct {
	Name    string
	ID      TaskID
	Restart int
}

// taskFiles lists tasks/, sorted by task and restart; other files are
// ignored.
func (d ClusterDir) taskFiles() ([]taskFile, error) {
	names, err := filepath.Glob(d.path(tasksDir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	var fs []taskFile
	for _, name := range names {
		base := strings.TrimSuffix(filepath.Base(name), ".jsonl")
		restart := 0
		if i := strings.LastIndex(base, ".r"); i >= 0 {
			n, err := strconv.Atoi(base[i+2:])
			if err != nil {
				continue
			}
			base, restart = base[:i], n
		}
		id, ok := ParseTaskID(base)
		if !ok {
			continue
		}
		fs = append(fs, taskFile{Name: name, ID: id, Restart: restart})
	}
	slices.SortFunc(fs, func(a, b taskFile) int {
		if c := a.ID.Compare(b.ID); c != 0 {
			return c
		}
		return a.Restart - b.Restart
	})
	return fs, nil
}

// writeFileAtomic replaces name with data through a temporary file, so
// that a reader (a task starting on another node) sees the old file or
// the new one, never half of one.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err := errors.Join(err, tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// WriteScript writes the job script and returns its path.
func (d ClusterDir) WriteScript(text string) (string, error) {
	name := d.path(scriptFile)
	return name, writeFileAtomic(name, []byte(text))
}

// CountRecords counts the lines of the task files: the runs recorded so
// far, for progress while waiting (trusted or not, duplicates included).
func (d ClusterDir) CountRecords() int {
	files, _ := d.taskFiles()
	n := 0
	for _, f := range files {
		if data, err := os.ReadFile(f.Name); err == nil {
			n += bytes.Count(data, []byte{'\n'})
		}
	}
	return n
}
