package bench

import (
	"slices"
)

// TaskReport is one task of a cluster directory: what Slurm says of it and
// what became of its records.
type TaskReport struct {
	TaskState
	Records  int // whole records in its files
	Kept     int // records gathered (before deduplication)
	SetAside int // records not trusted: see Gather
}

// Gathered is the outcome of Gather.
type Gathered struct {
	Records   []Record // kept, deduplicated, sorted (SortRecords)
	Conflicts []Conflict
	Tasks     []TaskReport // every task submitted or with records, sorted
	Torn      int          // torn last lines skipped
}

// Gather reads the records of every task of the directory and keeps those
// that are results of their runs. A task that Slurm saw complete
// (Trusted) is believed whole. Of any other task (TIMEOUT, OUT_OF_MEMORY,
// NODE_FAIL, CANCELLED, FAILED, a state nobody knows, or an earlier run of
// a requeued task) only the answers are kept: safe, unsafe, sat and unsat
// come from a run that ended by itself and passed bopgo's checks, while an
// error, unknown, timeout or memout may be the cluster killing the run (a
// child killed by the node's out-of-memory killer is an error to the
// harness; SIGTERM at the task's time limit reaches the runs too, which
// may stop as unknown before the harness stops). Those records are set
// aside, and their runs are left to do again. The states are those of
// every task submitted (Slurm.States, with states.tsv); the kept records
// are deduplicated as merge does, earlier tasks first.
func (d ClusterDir) Gather(states []TaskState) (Gathered, error) {
	var g Gathered
	files, err := d.taskFiles()
	if err != nil {
		return g, err
	}
	byID := map[TaskID]*TaskReport{}
	report := func(id TaskID) *TaskReport {
		r := byID[id]
		if r == nil {
			r = &TaskReport{TaskState: TaskState{ID: id, State: StateUnknown}}
			byID[id] = r
		}
		return r
	}
	for _, s := range states {
		report(s.ID).TaskState = s
	}
	lastRestart := map[TaskID]int{}
	for _, f := range files {
		lastRestart[f.ID] = max(lastRestart[f.ID], f.Restart)
	}
	var kept []Record
	for _, f := range files {
		recs, torn, err := ReadRecords(f.Name)
		if err != nil {
			return g, err
		}
		g.Torn += torn
		r := report(f.ID)
		trusted := Trusted(r.State) && f.Restart == lastRestart[f.ID]
		for _, rec := range recs {
			r.Records++
			if trusted || Solved(rec.Verdict) {
				r.Kept++
				kept = append(kept, rec)
			} else {
				r.SetAside++
			}
		}
	}
	g.Records, g.Conflicts = Dedup(kept)
	for _, r := range byID {
		g.Tasks = append(g.Tasks, *r)
	}
	sortReports(g.Tasks)
	return g, nil
}

func sortReports(rs []TaskReport) {
	slices.SortFunc(rs, func(a, b TaskReport) int { return a.ID.Compare(b.ID) })
}

// TaskSection is the report's section on the Slurm tasks: each task's
// state as Slurm gives it and what became of its records.
func TaskSection(tasks []TaskReport) Section {
	sec := Section{Heading: "Slurm tasks"}
	if len(tasks) == 0 {
		sec.Blocks = []block{para("None.")}
		return sec
	}
	t := newTable(3, "task", "state", "exit code", "elapsed", "nodes", "records", "kept", "set aside")
	for _, r := range tasks {
		t.Rows = append(t.Rows, row(r.ID.String(), r.State, dash(r.ExitCode), dash(r.Elapsed), dash(r.Nodes), itoa(r.Records), itoa(r.Kept), itoa(r.SetAside)))
	}
	sec.Blocks = []block{{Table: t}, para("task: JOB_TASK, task i running shard i of the plan; state: sacct's (scontrol's without accounting); " +
		"set aside: records of a task that Slurm did not see complete that are not answers (an error, unknown, timeout or memout may be the cluster stopping the run), " +
		"never counted: their runs are done again by the next submission.")}
	return sec
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// TaskStates is the state of every task of the submissions: what Slurm
// says now (sacct, else scontrol), else the final state it said before
// (states.tsv), else UNKNOWN. The error says why Slurm could not be asked;
// the states are complete all the same.
func (d ClusterDir) TaskStates(s Slurm, subs []Submission) ([]TaskState, error) {
	byID := map[TaskID]TaskState{}
	for _, sub := range subs {
		for _, id := range expandTasks(sub.Job + "_[" + sub.Array + "]") {
			byID[id] = TaskState{ID: id, State: StateUnknown}
		}
	}
	cached, err := d.ReadStates()
	if err != nil {
		return nil, err
	}
	for _, t := range cached {
		byID[t.ID] = t
	}
	var jobs []string
	for _, sub := range subs {
		jobs = append(jobs, sub.Job)
	}
	fresh, askErr := s.States(jobs)
	for _, t := range fresh {
		if old, ok := byID[t.ID]; ok && Final(old.State) && !Final(t.State) {
			continue // never back from a final state
		}
		byID[t.ID] = t
	}
	var ts []TaskState
	for _, t := range byID {
		ts = append(ts, t)
	}
	sortStates(ts)
	return ts, askErr
}
