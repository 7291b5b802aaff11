#!/usr/bin/env bash
# End-to-end test of scripts/slurm/estimate-array.sbatch on a real Slurm: a one-node cluster on this
# machine, the two stages submitted as the docs give them (the first pass as an array of 2 shards,
# the escalation as a second array that depends on it), the shards merged with `acesup merge`, and
# the merged file compared byte for byte with the same run made in one process.
#
# Run as root (it installs Debian's slurm-wlm and munge when they are missing, and runs the daemons):
#   bash scripts/slurm/e2e.sh          (npm run test:slurm)
# Everything it starts (munged, slurmctld, slurmd, on ports of their own, with a munge socket of
# their own) lives in one temporary folder; it stops them and removes the folder on exit, and it
# first stops what an earlier run that was killed left behind.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
started=$SECONDS
prefix=acesup-slurm-e2e.
tmproot=${TMPDIR:-/tmp}

say() { echo "slurm-e2e: [$((SECONDS - started)) s] $*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}

[[ $(id -u) == 0 ]] || fail "run as root (it installs packages and starts the Slurm daemons)"

# The run: small, so that it takes seconds; the budget leaves some deals unknown at the first pass.
# The array script's other settings keep their defaults (no extra options, shards from the array).
export VARIANT=standard DISCARDS=both DEALS=40 SEED=1 MAX_STATES=20000 PASSES=8 SAMPLE=0.5
unset ESTIMATE_OPTS ESCALATE_OPTS SHARDS WORKERS
export ACESUP=$repo/bin/acesup.js
[[ -f $repo/dist/cli/main.js ]] || fail "no build in dist/: run npm ci (or npm run build) first"

# --- packages --------------------------------------------------------------------------------
if ! command -v slurmctld > /dev/null || ! command -v slurmd > /dev/null || ! command -v sbatch > /dev/null ||
  ! command -v munged > /dev/null; then
  say "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurm-wlm munge > /dev/null
fi

# --- what an earlier run left behind ---------------------------------------------------------
# An earlier run's processes are those whose command line or environment names its folder (the
# daemons' own options, and SLURM_CONF, which the job steps and the jobs inherit). A folder whose
# owner (the e2e script that made it) is still alive belongs to a run in progress: left alone.
pids_of_dir() {
  local hits p
  # one grep over all of /proc (it may match itself: it is gone by the time the list is used)
  hits=$({ grep -lsF -- "$1/" /proc/[0-9]*/cmdline; grep -lsF -- "SLURM_CONF=$1/" /proc/[0-9]*/environ; } 2> /dev/null || true)
  for p in $(sed -n 's|^/proc/\([0-9]*\)/.*|\1|p' <<< "$hits" | sort -un); do
    [[ $p == "$$" || $p == "$BASHPID" ]] || ! alive "$p" || echo "$p"
  done
}
alive() { # running, not a zombie (no command run: it is called in loops)
  local stat
  read -r stat 2> /dev/null < "/proc/$1/stat" || return 1
  stat=${stat##*) }
  [[ ${stat:0:1} != Z ]]
}
stop_pids() { # TERM, then KILL what is left after 10 s
  (($#)) || return 0
  kill -TERM "$@" 2> /dev/null || true
  local i p up
  for ((i = 0; i < 100; i++)); do
    up=0
    for p in "$@"; do alive "$p" && up=1; done
    ((up)) || return 0
    sleep 0.1
  done
  kill -KILL "$@" 2> /dev/null || true
}
for old in "$tmproot/$prefix"*; do
  [[ -d $old ]] || continue
  owner=$(cat "$old/owner.pid" 2> /dev/null || true)
  if [[ -n $owner ]] && kill -0 "$owner" 2> /dev/null && grep -qs e2e.sh "/proc/$owner/cmdline"; then
    fail "another run is in progress ($old, pid $owner)"
  fi
  mapfile -t stale < <(pids_of_dir "$old")
  say "removing an earlier run's $old${stale[*]:+ and killing its processes ${stale[*]}}"
  ((${#stale[@]} == 0)) || kill -KILL "${stale[@]}" 2> /dev/null || true
  rm -rf "$old"
done

# --- the cluster -------------------------------------------------------------------------------
dir=$(mktemp -d "$tmproot/${prefix}XXXXXX")
echo $$ > "$dir/owner.pid"
daemons=()
cleanup() {
  local rc=$?
  set +e
  ((${#daemons[@]})) && scancel --quiet --user=root > /dev/null 2>&1
  # the daemons this script started, slurmd first, munged last; then anything that still names the
  # folder (a job step or a job that outlived its slurmd)
  local i
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do stop_pids "${daemons[i]}"; done
  mapfile -t left < <(pids_of_dir "$dir")
  stop_pids "${left[@]}"
  wait 2> /dev/null
  rm -rf "$dir"
  say "$( ((rc == 0)) && echo passed || echo "failed (exit $rc)") in $((SECONDS - started)) s"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$dir"/{munge,ctld,spool,log,out/logs}
chmod 700 "$dir/munge"
node=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
mem_mb=$((mem_mb * 9 / 10)) # below the machine's: slurmd drains a node that has less than it says
read -r ctld_port slurmd_port < <(node -e '
  const net = require("node:net");
  const free = () => new Promise((ok) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
  Promise.all([free(), free()]).then((p) => console.log(p.join(" ")));')

# A key of its own for this run's munged, on a socket of its own.
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munge_socket=$dir/munge/munge.socket

# No cgroups: in a container (and on this project's CI) slurmd cannot set up the cgroup plugins, so
# processes are tracked by their parent pids (proctrack/linuxproc), tasks are not bound (task/none),
# and no accounting is gathered (jobacct_gather/none); no cgroup.conf is needed. There is no slurmdbd
# either: the jobs are followed with scontrol, which keeps finished jobs for MinJobAge seconds.
cat > "$dir/slurm.conf" << EOF
ClusterName=acesup-e2e
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$munge_socket
CredType=cred/munge
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=3600
DependencyParameters=kill_invalid_depend
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=e2e Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf

say "starting munged, slurmctld and slurmd ($node, $cpus CPUs, $mem_mb MB; ports $ctld_port, $slurmd_port) in $dir"
munged --foreground --force --socket="$munge_socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" \
  > "$dir/log/munged.out" 2>&1 &
daemons+=($!)
for ((i = 0; i < 100; i++)); do [[ -S $munge_socket ]] && break; sleep 0.1; done
[[ -S $munge_socket ]] || { cat "$dir"/log/munged.* >&2; fail "munged did not start"; }

slurmctld -D -i -f "$SLURM_CONF" > "$dir/log/slurmctld.out" 2>&1 &
daemons+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" > "$dir/log/slurmd.out" 2>&1 &
daemons+=($!)

show_logs() {
  local f
  for f in "$dir"/out/logs/* "$dir"/log/*; do
    [[ -s $f ]] || continue
    echo "----- ${f#"$dir"/} (last 40 lines)" >&2
    tail -n 40 "$f" >&2
  done
}

state=
for ((i = 0; i < 60; i++)); do
  state=$(sinfo -h -n "$node" -o %t 2> /dev/null || true)
  [[ $state == idle ]] && break
  for p in "${daemons[@]}"; do kill -0 "$p" 2> /dev/null || { show_logs; fail "a daemon (pid $p) exited"; }; done
  sleep 1
done
[[ $state == idle ]] || { show_logs; fail "the node is '${state:-not known}' after 60 s, not idle"; }
say "node $node is idle"

# --- the two stages, as docs/cluster.md gives them ---------------------------------------------
export OUT=$dir/out
cd "$repo"
first=$(sbatch --parsable --array=1-2 --output="$OUT/logs/first-%A_%a.out" scripts/slurm/estimate-array.sbatch first)
first=${first%%;*}
escalate=$(sbatch --parsable --array=1-2 --dependency=afterok:"$first" --output="$OUT/logs/escalate-%A_%a.out" \
  scripts/slurm/estimate-array.sbatch escalate)
escalate=${escalate%%;*}
say "submitted job $first (first pass) and job $escalate (escalation, after $first)"

# Wait until every task of the job is COMPLETED; any other end, or the timeout, fails with the logs.
wait_job() {
  local job=$1 timeout=$2 t states=
  for ((t = 0; t < timeout; t++)); do
    states=$(scontrol -o show job "$job" 2> /dev/null | grep -o 'JobState=[A-Z_]*' || true)
    if grep -qE '=(FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)' <<< "$states"; then
      scontrol -o show job "$job" >&2 || true
      show_logs
      fail "job $job ended:" $states
    fi
    if [[ -n $states ]] && ! grep -qv '^JobState=COMPLETED$' <<< "$states"; then
      say "job $job: every task COMPLETED after $t s"
      return 0
    fi
    sleep 1
  done
  scontrol -o show job "$job" >&2 || true
  show_logs
  fail "job $job is not done after $timeout s:" ${states:-no state}
}
wait_job "$first" 300
wait_job "$escalate" 300

# --- the merge, and the same run in one process -----------------------------------------------
acesup() { node "$repo/bin/acesup.js" "$@"; }
acesup merge "$OUT"/escalated-[0-9]*.csv --csv "$OUT/all.csv" --summary "$OUT/summary.csv" > "$OUT/merge.txt"
unknown_first=$(grep -c ',unknown,' "$OUT/first.csv" || true)
((unknown_first > 0)) || fail "no deal was unknown at the first pass: the escalation stage was not tested"

single() { # the same run in one process, no shards
  acesup estimate --variant "$VARIANT" --discards "$DISCARDS" --deals "$DEALS" --seed "$SEED" \
    --max-states "$MAX_STATES" --no-timings "$@" > "$dir/single.log" 2>&1 ||
    { cat "$dir/single.log" >&2; fail "the one-process run failed: acesup estimate $*"; }
}
single --passes none --csv "$dir/single-first.csv"
single --passes "$PASSES" --sample-unknowns "$SAMPLE" --csv "$dir/single.csv"

cmp "$OUT/first.csv" "$dir/single-first.csv" || fail "the merged first pass differs from one process's run"
cmp "$OUT/all.csv" "$dir/single.csv" || fail "the merged escalation differs from one process's run with --passes $PASSES --sample-unknowns $SAMPLE"
say "the merged shards are byte for byte the one-process run: $(($(wc -l < "$OUT/all.csv") - 1)) results, $unknown_first unknown at the first pass"
grep -E '^[a-z]+ · |^  (won|win rate|two-phase|by pass)' "$OUT/merge.txt" >&2 || true
grep -q 'two-phase estimate' "$OUT/merge.txt" || fail "the merged summary has no two-phase estimate"
