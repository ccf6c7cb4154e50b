// Package bench runs programs under configurations of bopgo (or of other
// tools) as separate processes, with a time and a memory limit each, and
// keeps one result record per run in an append-only JSON Lines file that
// survives being killed (see docs/bench.md).
//
// The vocabulary:
//
//   - a Program is one input file (a Boolean program or a QDIMACS formula)
//     with its property (an optional label) and its expected verdict;
//   - a Config is a named command: a bopgo subcommand with its flags, or
//     an external command (Exec);
//   - a Run is a program under a configuration and Limits; its Key
//     identifies it across re-runs, shards and merges;
//   - a Record is the result of a Run, one JSON line in the results file;
//   - a ClusterDir is a benchmark run through Slurm (bopgo-bench slurm): a
//     ClusterPlan split into shards, task i of a job array (a TaskID,
//     JOB_i) running shard i into its own file; Gather merges the records
//     of the tasks by their Slurm state (TaskState, Trusted).
//   - a report (Report) is a directory: the summary, written once as
//     sections and drawn both as summary.md and as index.html, the
//     plots, results.csv, and with Pages each program's page.
//
// Invariants: the results file only grows by whole lines written with one
// write and an fsync each; a run is recorded only once it has finished (a
// cancelled run leaves no record and is redone); everything printed or
// written is sorted, never in map order. Of a Slurm task that did not
// complete by itself (every state but COMPLETED) only the answers are
// merged: whatever else it recorded may be the cluster killing a run.
package bench
