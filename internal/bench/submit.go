package bench

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Left is the work still to do, by task: the number of runs of each shard
// that have no record in done. Tasks with nothing to do are absent.
func Left(runs []Run, tasks int, done map[string]bool) map[int]int {
	left := map[int]int{}
	for _, r := range runs {
		if k := r.Key(); !done[k] {
			left[ShardOf(k, tasks)]++
		}
	}
	return left
}

// LeftTasks is the tasks of Left, sorted.
func LeftTasks(left map[int]int) []int {
	return slices.Sorted(maps.Keys(left))
}

// TaskResources are what each task of a submission asks Slurm for; zero
// Time or Memory asks nothing (the partition's default).
type TaskResources struct {
	CPUs   int           // --cpus-per-task: the task's runs at a time
	Time   time.Duration // --time
	Memory uint64        // --mem, bytes
}

// Margins of the computed task limits. A task's time is its runs one after
// the other, Jobs at a time, each at its time limit with the grace the
// harness gives a bopgo run and a second to start, plus startupMargin for
// the task itself (collecting the inputs on a shared file system). Its
// memory is Jobs runs at their limit, a quarter more because the harness
// polls resident memory every 100 ms and a run can grow past the limit
// before it is killed, and harnessMemory for bopgo-bench itself.
const (
	startupMargin = 2 * time.Minute
	perRunMargin  = Grace + time.Second
	harnessMemory = 256 << 20
)

// Resources computes what a task asks for when the settings do not say:
// the time of the largest task (most runs left) and the memory of Jobs
// runs, each with its margin (see the constants). Without a time limit
// per run there is no time to compute, nor a memory without a memory
// limit: the partition's defaults then apply.
func Resources(p ClusterPlan, lim Limits, maxRuns int, s SlurmSettings) TaskResources {
	jobs := max(p.Jobs, 1)
	res := TaskResources{CPUs: jobs, Time: s.TaskTime, Memory: s.TaskMemory}
	if res.Time == 0 && lim.Timeout > 0 {
		rounds := (maxRuns + jobs - 1) / jobs
		res.Time = time.Duration(rounds)*(lim.Timeout+perRunMargin) + startupMargin
	}
	if res.Memory == 0 && lim.Memory > 0 {
		res.Memory = uint64(jobs)*(lim.Memory+lim.Memory/4) + harnessMemory
	}
	return res
}

// JobScript is the job script of a submission: its sbatch options as
// #SBATCH lines (so that the script in the directory says how its tasks
// were asked for) and the one command a task runs, bopgo-bench slurm-task
// on the directory. Task i runs shard i/n of the plan, so the array's
// indices are the shards left to do.
func JobScript(d ClusterDir, p ClusterPlan, s SlurmSettings, array string, res TaskResources) string {
	opts := []string{
		"--job-name=bopgo-bench",
		"--array=" + array,
		"--chdir=" + p.Workdir,
		"--output=" + d.path(logsDir, "%A_%a.out"),
		"--ntasks=1",
		fmt.Sprintf("--cpus-per-task=%d", res.CPUs),
		// A task that Slurm would requeue (after a node failure) keeps its
		// ID; bopgo-bench's own resubmission does the same job with a new
		// one, and one run of a task ID is simpler to account for.
		"--no-requeue",
	}
	if res.Time > 0 {
		opts = append(opts, fmt.Sprintf("--time=%d", int((res.Time+time.Minute-1)/time.Minute)))
	}
	if res.Memory > 0 {
		opts = append(opts, fmt.Sprintf("--mem=%dM", (res.Memory+(1<<20)-1)>>20))
	}
	for _, o := range []struct{ flag, v string }{{"partition", s.Partition}, {"account", s.Account}, {"qos", s.QoS}} {
		if o.v != "" {
			opts = append(opts, "--"+o.flag+"="+o.v)
		}
	}
	opts = append(opts, s.Extra...)
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for _, o := range opts {
		b.WriteString("#SBATCH " + o + "\n")
	}
	b.WriteString("# Written by bopgo-bench slurm: each array task runs one shard of " + planFile + ",\n")
	b.WriteString("# appending its records to " + tasksDir + "/JOB_TASK.jsonl (docs/bench.md).\n")
	fmt.Fprintf(&b, "exec %s slurm-task %s\n", shellQuote(p.Bench), shellQuote(string(d)))
	return b.String()
}

// shellQuote quotes a word for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
