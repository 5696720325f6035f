#!/usr/bin/env bash
# Runs deploy/slurm/ on a real one-node Slurm cluster started on this machine,
# and checks the merged result against the same shards run without Slurm.
#
# For CI: run as root on a Debian 12 machine without an init system (the
# daemons are started directly and stopped, by process id, on exit). Steps:
#  1. apt-get install slurmctld slurmd slurm-client munge jq (no recommends);
#  2. a munge key and munged, a slurm.conf for this host (its CPUs, its
#     memory), slurmctld and slurmd, all in a temporary directory with their
#     own ports and socket; waits until the node is idle;
#  3. submit.sh: a TASKS-task array hunt plus the dependent merge;
#  4. once task 2 runs and has written a checkpoint, `scontrol requeue`s it: it
#     gets SIGTERM, saves, and when Slurm starts it again it resumes ("resumed
#     from" in its log);
#  5. waits for the merge, runs the same shards directly (--shard K/TASKS) and
#     merges them, and compares the two merged reports without their timings;
#     then compares the merge with the hunt run in one piece (the shards
#     partition it: the same counts and lists);
#  6. a two-task `camicia loops` array, merged, against the same shards run
#     directly and against the search run in one piece.
#
# Usage: deploy/slurm/test-local-cluster.sh [--cluster-only]
#   --cluster-only  steps 1, 2 and 4 with an array of `sleep` jobs instead of
#                   hunts: checks the cluster without a plateau binary
# Environment: PLATEAU (default: target/release/plateau, made absolute),
#   TEST_DEALS (deals of the hunt, default 24000000: a few seconds a task,
#   long enough to interrupt one after its first checkpoint), TEST_SEED (default 19),
#   TEST_TASKS (default 4), TEST_SLURMCTLD_PORT / TEST_SLURMD_PORT (6817 / 6818),
#   TMPDIR (where the temporary directory goes, default /tmp), KEEP_TMP=1 keeps it.
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac

started=$(date +%s)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
cluster_only=0
case ${1:-} in
  --cluster-only) cluster_only=1 ;;
  "") ;;
  *) echo "usage: $0 [--cluster-only]" >&2; exit 2 ;;
esac
deals=${TEST_DEALS:-24000000}
seed=${TEST_SEED:-19}
tasks=${TEST_TASKS:-4}
interrupted_task=2

say() { printf '[%3ds] %s\n' "$(($(date +%s) - started))" "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

if ((cluster_only == 0)); then
  PLATEAU=${PLATEAU:-$repo/target/release/plateau}
  [[ $PLATEAU == /* ]] || PLATEAU=$PWD/$PLATEAU
  [[ -x $PLATEAU ]] || fail "no plateau binary at $PLATEAU (build it, or set PLATEAU)"
  "$PLATEAU" camicia hunt --help | grep -q -- --checkpoint ||
    fail "$PLATEAU camicia hunt has no --checkpoint"
fi
(($(id -u) == 0)) || fail "run as root: it installs packages and starts daemons"

# 1. Packages.
packages=(slurmctld slurmd slurm-client munge jq)
if ! dpkg -s "${packages[@]}" >/dev/null 2>&1; then
  say "installing ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# 2. The cluster, everything under one temporary directory.
tmp=$(mktemp -d -t plateau-slurm.XXXXXX)
chmod 700 "$tmp"
mkdir -p "$tmp"/{munge,state,spool,log,work,direct}
pids=()
cleanup() {
  local rc=$?
  if ((${#pids[@]})); then
    kill "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "${pids[@]}" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
  fi
  if ((rc != 0)); then
    for f in "$tmp"/log/*.log "$tmp"/work/*.log; do
      [[ -f $f ]] || continue
      echo "---- $f (last lines)" >&2
      tail -n 25 "$f" >&2
    done
  fi
  if [[ ${KEEP_TMP:-0} == 1 ]]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi
  exit "$rc"
}
trap cleanup EXIT

# munge: a fresh key, its own socket (a munged the machine may run is not touched).
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
socket=$tmp/munge/munge.socket
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file=/dev/null \
  --seed-file="$tmp/munge/munged.seed" 2>>"$tmp/log/munged.log" &
pids+=($!)
for _ in $(seq 50); do [[ -S $socket ]] && break; sleep 0.1; done
munge --socket="$socket" -n </dev/null | unmunge --socket="$socket" >/dev/null ||
  fail "munge does not answer on $socket"

node=$(hostname -s)
cpus=$(nproc)
# RealMemory a little under the total, which slurmd must find or it drains the node.
memory=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) * 9 / 10 / 1024))
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
# A one-node cluster for plateau's deploy/slurm test (written by test-local-cluster.sh).
ClusterName=plateau-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=${TEST_SLURMCTLD_PORT:-6817}
SlurmdPort=${TEST_SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire also delays a requeued job's restart (120 s by default).
AuthInfo=socket=$socket,cred_expire=5
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
# No log files: the daemons run in the foreground and log to stderr, kept in $tmp/log.
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups here: processes tracked by parentage, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobRequeue=1
KillWait=5
MinJobAge=600
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -D -i 2>>"$tmp/log/slurmctld.log" &
pids+=($!)
slurmd -D -N "$node" 2>>"$tmp/log/slurmd.log" &
pids+=($!)
state=
for _ in $(seq 300); do
  state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.1
done
[[ $state == idle ]] || fail "the node is '$state', not idle, after 30 s"
say "one-node cluster up ($(sinfo --version)): node $node, $cpus CPUs, ${memory} MB, in $tmp"

# The fields of `scontrol show job` for one job (or array task).
job_field() { scontrol -o show job "$1" 2>/dev/null | head -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"; }

# Waits until every job of `scontrol show job $1` is done; fails after $2 seconds.
wait_done() {
  local id=$1 limit=$2 states
  for _ in $(seq $((limit * 4))); do
    states=$(scontrol -o show job "$id" | tr ' ' '\n' | sed -n 's/^JobState=//p' | sort -u | tr '\n' ' ')
    if ! grep -Eq 'PENDING|RUNNING|REQUEUE|CONFIGURING|COMPLETING|SUSPENDED|RESIZING' <<<"$states"; then
      echo "$states"
      return 0
    fi
    sleep 0.25
  done
  fail "job $id not done after $limit s: $states"
}

# Requeues task $interrupted_task of array $1 once it runs and (if $2 is given)
# once its checkpoint $2 holds played chunks (the hunt saves an empty one at
# its start); then waits for it to run again.
played() { [[ -z $1 ]] || grep -q '"chunks":[1-9]' "$1" 2>/dev/null; }
interrupt() {
  local array=$1 file=${2:-} task=${1}_$interrupted_task
  for _ in $(seq 240); do
    [[ $(job_field "$task" JobState) == RUNNING ]] && played "$file" && break
    sleep 0.25
  done
  [[ $(job_field "$task" JobState) == RUNNING ]] || fail "task $task never ran"
  played "$file" || fail "task $task wrote no checkpoint with played chunks to $file"
  say "task $task running${file:+, checkpoint written}: scontrol requeue $task"
  scontrol requeue "$task"
  for _ in $(seq 240); do
    [[ $(job_field "$task" Restarts) -ge 1 && $(job_field "$task" JobState) == RUNNING ]] && break
    sleep 0.25
  done
  [[ $(job_field "$task" Restarts) -ge 1 ]] || fail "task $task was not requeued"
  say "task $task running again (restarts: $(job_field "$task" Restarts))"
}

# Checks that every task of array $1 and job $2 completed with exit code 0.
check_completed() {
  local line
  while read -r line; do
    local id state code
    id=$(tr ' ' '\n' <<<"$line" | sed -n 's/^JobId=//p')
    state=$(tr ' ' '\n' <<<"$line" | sed -n 's/^JobState=//p')
    code=$(tr ' ' '\n' <<<"$line" | sed -n 's/^ExitCode=//p')
    [[ $state == COMPLETED && $code == 0:0 ]] || fail "job $id: $state, exit code $code"
  done < <(scontrol -o show job "$1"; scontrol -o show job "$2")
}

if ((cluster_only == 1)); then
  cd "$tmp/work"
  # shellcheck disable=SC2016 # expanded by the job's shell
  array=$(sbatch --parsable --array="1-$tasks" --cpus-per-task=1 --requeue \
    --open-mode=append --output="$tmp/work/sleep-%a.log" \
    --wrap 'echo "task $SLURM_ARRAY_TASK_ID start $((${SLURM_RESTART_COUNT:-0} + 1))"; sleep 4')
  after=$(sbatch --parsable --dependency="afterok:$array" --output="$tmp/work/after.log" \
    --wrap 'echo after')
  say "submitted sleep array $array and job $after after it"
  interrupt "$array"
  say "jobs: $(wait_done "$after" 90)"
  check_completed "$array" "$after"
  grep -q 'start 2' "$tmp/work/sleep-$interrupted_task.log" || fail "task $interrupted_task did not start twice"
  say "PASSED (cluster only) in $(($(date +%s) - started)) s"
  exit 0
fi

# 3. The hunt through deploy/slurm/submit.sh.
work=$tmp/work
ids=$(cd "$work" && DIR=$work TASKS=$tasks SEED=$seed DEALS=$deals CPUS=1 CHECKPOINT_EVERY=1 \
  PLATEAU=$PLATEAU "$here/submit.sh")
hunt=$(sed -n 's/^hunt_job=//p' <<<"$ids")
merge=$(sed -n 's/^merge_job=//p' <<<"$ids")
[[ -n $hunt && -n $merge ]] || fail "submit.sh printed no job ids: $ids"
say "submitted: hunt array $hunt ($tasks tasks x $deals deals, seed $seed), merge $merge"

# 4. Interrupt one task after its first checkpoint.
interrupt "$hunt" "$work/ckpt-$interrupted_task.json"

# 5. The merge, then the same shards without Slurm.
say "jobs: $(wait_done "$merge" 100)"
check_completed "$hunt" "$merge"
grep -q '^paused: SIGTERM' "$work/hunt-$interrupted_task.log" ||
  fail "task $interrupted_task's log does not say that SIGTERM paused it"
grep -q 'resumed from' "$work/hunt-$interrupted_task.log" ||
  fail "task $interrupted_task's log does not say 'resumed from'"
say "task $interrupted_task's log: $(grep -m1 'resumed from' "$work/hunt-$interrupted_task.log")"
[[ -s $work/merged.json ]] || fail "the merge wrote no merged.json"

say "the same $tasks shards run directly"
direct=$tmp/direct
runs=()
for k in $(seq "$tasks"); do
  "$PLATEAU" camicia hunt --json --seed "$seed" --deals "$deals" --shard "$k/$tasks" \
    --threads 1 --output "$direct/shard-$k.jsonl" >/dev/null &
  runs+=($!)
done
for k in $(seq "$tasks"); do
  wait "${runs[k - 1]}" || fail "the direct run of shard $k/$tasks failed"
done
mapfile -t shards < <(printf 'shard-%d.jsonl\n' $(seq "$tasks"))
(cd "$direct" && "$PLATEAU" camicia merge --json "${shards[@]}" >merged.json)

# Timings (and the threads that produced them) differ from run to run, and so
# does the end line's hash of the text above it.
untimed='walk(if type == "object" then with_entries(select(.key
  | IN("seconds", "thread_seconds", "cpu_seconds", "threads") or startswith("deals_per_")
  | not)) else . end) | if .event == "end" then del(.fnv64) else . end'
jq -S -c "$untimed" "$work/merged.json" >"$tmp/slurm.untimed"
jq -S -c "$untimed" "$direct/merged.json" >"$tmp/direct.untimed"
if ! diff -u "$tmp/direct.untimed" "$tmp/slurm.untimed" >&2; then
  fail "the merged result through Slurm differs from the direct run (above: - direct, + Slurm)"
fi
say "merged results equal, timings aside ($(wc -l <"$tmp/slurm.untimed") JSON lines)"
# The shards partition the hunt: the merge is the hunt run in one piece (its
# counts and lists; not a merge compared with a merge).
"$PLATEAU" camicia hunt --json --seed "$seed" --deals "$deals" --output "$direct/whole.json" ||
  fail "the unsharded hunt failed"
whole_keys='select(.event != "end") | del(.seconds, .thread_seconds, .cpu_seconds, .threads,
  .tasks, .shard, .deals_per_second, .deals_per_second_per_thread, .deals_per_cpu_second,
  .proven_by_cards, .proven_by_tricks, .proven_loops)'
jq -S -c "$whole_keys" "$work/merged.json" >"$tmp/slurm.whole"
jq -S -c "$whole_keys" "$direct/whole.json" >"$tmp/direct.whole"
if ! diff -u "$tmp/direct.whole" "$tmp/slurm.whole" >&2; then
  fail "the merge through Slurm differs from the hunt in one piece (above: - one piece, + Slurm)"
fi
say "the merge equals the hunt of $deals deals run in one piece"
say "through Slurm: $(jq -r 'select(.kind == "summary") | "\(.deals) deals from \(.tasks) tasks, \(.seconds) s, \(.deals_per_second) deals/s"' "$work/merged.json")"
# 6. A `camicia loops` array of two tasks, merged by `plateau camicia merge`
# (each file whole, every deal played again), equal to the same two shards run
# directly.
loops_steps=${TEST_LOOPS_STEPS:-300000}
mkdir -p "$tmp/loops" "$tmp/loops-direct"
loops=$(cd "$tmp/loops" && sbatch --parsable --array=1-2 \
  --export=ALL,DIR="$tmp/loops",SEED="$seed",MAX_STEPS="$loops_steps",PLATEAU="$PLATEAU" \
  --output="$tmp/loops/task-%a.log" "$here/loops.sbatch")
say "submitted loops array $loops (2 tasks x $loops_steps trials)"
say "loops jobs: $(wait_done "$loops" 120)"
while read -r line; do
  state=$(tr ' ' '\n' <<<"$line" | sed -n 's/^JobState=//p')
  [[ $state == COMPLETED ]] || fail "loops task: $state"
done < <(scontrol -o show job "$loops")
for k in 1 2; do
  "$PLATEAU" camicia loops --json --seed "$seed" --max-steps "$loops_steps" --shard "$k/2" \
    >"$tmp/loops-direct/loops-$k.jsonl"
done
"$PLATEAU" camicia merge --json "$tmp"/loops/loops-{1,2}.jsonl >"$tmp/loops.merged" ||
  fail "the loops shards through Slurm do not merge"
"$PLATEAU" camicia merge --json "$tmp"/loops-direct/loops-{1,2}.jsonl >"$tmp/loops-direct.merged" ||
  fail "the loops shards run directly do not merge"
# Timings and threads aside (and the seal, which hashes them).
loops_untimed='select(.event != "end") | del(.seconds, .trials_per_second, .threads)'
jq -S -c "$loops_untimed" "$tmp/loops.merged" >"$tmp/loops.untimed"
jq -S -c "$loops_untimed" "$tmp/loops-direct.merged" >"$tmp/loops-direct.untimed"
diff -u "$tmp/loops-direct.untimed" "$tmp/loops.untimed" >&2 ||
  fail "the loops merged through Slurm differ from the direct run (above: - direct, + Slurm)"
# And the search in one piece: the shards partition its trials.
"$PLATEAU" camicia loops --json --seed "$seed" --max-steps "$loops_steps" >"$tmp/loops-whole.jsonl" ||
  fail "the unsharded loops search failed"
loops_keys='select(.event != "end") | del(.seconds, .trials_per_second, .threads, .tasks, .shard)'
jq -S -c "$loops_keys" "$tmp/loops.merged" >"$tmp/loops.cmp"
jq -S -c "$loops_keys" "$tmp/loops-whole.jsonl" >"$tmp/loops-whole.cmp"
diff -u "$tmp/loops-whole.cmp" "$tmp/loops.cmp" >&2 ||
  fail "the loops merged through Slurm differ from the search in one piece (above: - one piece, + Slurm)"
say "loops through Slurm: $(jq -r 'select(.kind == "summary") | "\(.cycles) cycles, \(.deals) balanced deals from \(.tasks) tasks"' "$tmp/loops.merged"), equal to the direct run"

say "PASSED in $(($(date +%s) - started)) s"
