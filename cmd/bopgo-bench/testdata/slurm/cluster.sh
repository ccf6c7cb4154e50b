#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for bopgo-bench slurm's
# test and benchmark (docs/bench.md). Needs root and Debian's packages.
#
#   cluster.sh install          install slurm-wlm's daemons, munge, slurmdbd
#                               and MariaDB from Debian (no-op when present)
#   cluster.sh up DIR [PORT]    start munged, MariaDB, slurmdbd, slurmctld and
#                               slurmd with their state, logs and sockets in
#                               DIR, on ports PORT..PORT+3 (default 16817);
#                               prints the line that points the clients at it
#   cluster.sh down DIR         stop them (by their pid files in DIR)
#
# sacct needs slurmdbd: without it (AccountingStorageType=
# accounting_storage/none) sacct says "Slurm accounting storage is
# disabled", and with JobCompType=jobcomp/filetxt `sacct -c` reads the
# completion file but Slurm 22.05 cannot parse its array fields (ArrayJobId,
# ArrayTaskId), so array tasks cannot be told apart. Hence slurmdbd on a
# MariaDB of its own, as on a real cluster.
set -euo pipefail

packages=(slurmctld slurmd slurm-client slurmdbd munge mariadb-server)
commands=(slurmctld slurmd sbatch slurmdbd munged mariadbd)

install() {
	local missing=0
	for c in "${commands[@]}"; do
		command -v "$c" >/dev/null || PATH=$PATH:/usr/sbin command -v "$c" >/dev/null || missing=1
	done
	((missing)) || return 0
	[ "$(id -u)" = 0 ] || { echo "cluster.sh: not root: cannot install ${packages[*]}" >&2; return 3; }
	command -v apt-get >/dev/null || { echo "cluster.sh: no apt-get: cannot install ${packages[*]}" >&2; return 3; }
	export DEBIAN_FRONTEND=noninteractive
	if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${packages[@]}"; } >/dev/null 2>&1; then
		echo "cluster.sh: apt-get could not install ${packages[*]}" >&2
		return 3
	fi
}

# waitfor SECONDS PIDFILE COMMAND...: run COMMAND every 0.2 s until it
# succeeds, for at most SECONDS, or until the daemon whose pid PIDFILE
# holds has died (it wrote its pid and exited: a fatal error in its log).
# A deadline rather than a count of tries, since a try of scontrol ping
# against a dead controller takes seconds. On failure it prints the end
# of every daemon's log in $logs, so that a failure in CI says which
# daemon did not come up and why.
logs=
waitfor() {
	local deadline=$((SECONDS + $1)) pidfile=$2
	shift 2
	while ((SECONDS < deadline)); do
		"$@" >/dev/null 2>&1 && return 0
		if [ -f "$pidfile" ] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
			echo "cluster.sh: the daemon of $pidfile exited" >&2
			deadline=0
			break
		fi
		sleep 0.2
	done
	((deadline == 0)) || echo "cluster.sh: timed out waiting for: $*" >&2
	if [ -n "$logs" ]; then
		for f in "$logs"/*.log; do
			[ -f "$f" ] || continue
			echo "--- the end of $f:" >&2
			tail -n 15 "$f" >&2
		done
	fi
	return 1
}

up() {
	local dir port host mem wait
	dir=$(realpath -m "$1")
	port=${2:-16817}
	host=$(hostname -s)
	mem=$(awk '/MemTotal/ { print int($2 / 1024) - 1024 }' /proc/meminfo)
	# Each wait gives up after 90 s: CI runs other test packages beside
	# this one on its two cores, and slurmctld once did not answer within
	# 30 s there.
	wait=90
	export PATH=$PATH:/usr/sbin
	mkdir -p "$dir"/{munge,db,state,spool,log}
	logs=$dir/log
	chmod 755 "$dir" "$dir/munge"

	# munge, on a socket and key of its own (not the system's).
	dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
	chmod 400 "$dir/munge/munge.key"
	munged --force --socket="$dir/munge/sock" --key-file="$dir/munge/munge.key" \
		--log-file="$dir/log/munged.log" --pid-file="$dir/munge/pid" --seed-file="$dir/munge/seed"

	# MariaDB for slurmdbd, on its own socket and a loopback port.
	mariadb-install-db --user=root --datadir="$dir/db/data" --auth-root-authentication-method=socket \
		--skip-test-db >"$dir/log/mariadb-install.log" 2>&1
	mariadbd --user=root --datadir="$dir/db/data" --socket="$dir/db/sock" --port=$((port + 3)) \
		--bind-address=127.0.0.1 --pid-file="$dir/db/pid" --log-error="$dir/log/mariadb.log" \
		--skip-name-resolve --innodb-buffer-pool-size=32M >/dev/null 2>&1 &
	waitfor "$wait" "$dir/db/pid" mariadb --socket="$dir/db/sock" -e 'select 1'
	mariadb --socket="$dir/db/sock" -e "CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'bopgo';
		GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';"

	cat >"$dir/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
DbdHost=$host
DbdAddr=127.0.0.1
DbdPort=$((port + 2))
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$((port + 3))
StorageUser=slurm
StoragePass=bopgo
StorageLoc=slurm_acct_db
PidFile=$dir/slurmdbd.pid
LogFile=$dir/log/slurmdbd.log
CONF
	chmod 600 "$dir/slurmdbd.conf"

	# One node with two CPUs. SlurmdTimeout is short so that a killed
	# slurmd makes its node DOWN (and its running tasks NODE_FAIL) in
	# seconds; memory is enforced by polling every second (task/none has
	# no cgroup): a task above its --mem is killed (sacct: FAILED, 0:9).
	# A task without --mem gets the memory of its CPUs (DefMemPerCPU), not
	# the whole node's, so that two tasks run at once.
	cat >"$dir/slurm.conf" <<CONF
ClusterName=bopgo
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
SlurmdTimeout=5
KillWait=5
MessageTimeout=3
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$((port + 2))
AccountingStoragePass=$dir/munge/sock
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
JobAcctGatherParams=OverMemoryKill
JobCompType=jobcomp/none
DefMemPerCPU=$((mem / 2))
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF=$dir/slurm.conf
	slurmdbd
	waitfor "$wait" "$dir/slurmdbd.pid" sacctmgr --noheader list cluster
	sacctmgr --immediate add cluster bopgo >/dev/null
	slurmctld
	waitfor "$wait" "$dir/slurmctld.pid" scontrol ping
	slurmd
	waitfor "$wait" "$dir/slurmd.pid" sh -c 'sinfo --noheader --format=%T | grep -qx idle'
	echo "export SLURM_CONF=$dir/slurm.conf"
}

# stop PIDFILE: end the daemon whose pid the file holds, and wait for it.
stop() {
	[ -f "$1" ] || return 0
	local pid
	pid=$(cat "$1")
	kill "$pid" 2>/dev/null || return 0
	for ((i = 0; i < 50; i++)); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	kill -9 "$pid" 2>/dev/null || true
}

# down stops every daemon at once (each takes about 2 s to end) and waits
# for all: the cluster's state is thrown away, so the daemons need not
# outlive the ones they report to.
down() {
	local dir
	dir=$(realpath -m "$1")
	for f in slurmd.pid slurmctld.pid slurmdbd.pid db/pid munge/pid; do
		stop "$dir/$f" &
	done
	wait
}

case "${1:-}" in
install) install ;;
up) [ $# -ge 2 ] && up "$2" "${3:-}" ;;
down) [ $# -eq 2 ] && down "$2" ;;
*)
	echo "usage: cluster.sh install | up DIR [PORT] | down DIR" >&2
	exit 1
	;;
esac
