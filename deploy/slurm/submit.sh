#!/usr/bin/env bash
# Submits a Camicia record hunt to Slurm: an array of TASKS shards
# (hunt.sbatch), then the merge (merge.sbatch) with
# --dependency=afterok:<array job id>, so it runs once every task succeeded.
# Prints the two job ids:
#   hunt_job=<array job id>
#   merge_job=<merge job id>
#
# Usage: [VAR=value ...] deploy/slurm/submit.sh [sbatch option ...]
#   the options go to both sbatch calls (e.g. --partition=long --account=me)
# Parameters (environment):
#   DIR               work directory every node sees (default: ./plateau-hunt),
#                     made absolute; logs, checkpoints, shards, merged.json
#   TASKS             array size N: shards 1..N (default 4)
#   SEED              seed of the random deals (default 1)
#   DEALS             deals of the whole hunt, the tasks together (the
#                     reproducible budget: each task plays its shard's part), or
#   HUNT_SECONDS      seconds per task (default when neither is set:
#                     DEALS=10000000 a task, times TASKS)
#   CPUS              CPUs per task, the hunt's threads (default 1)
#   CHECKPOINT_EVERY  seconds between checkpoints (default 60)
#   TOP               deals listed by each task and by the merge (default 5)
#   LIFT_FROM         the hunt's --lift-from (default: the hunt's, 1,900)
#   TIME_LIMIT        each task's --time (default: the partition's)
#   PLATEAU           the plateau binary as the nodes see it (default: plateau
#                     on PATH here, made absolute)
set -euo pipefail
case "${1:-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DIR=${DIR:-plateau-hunt}
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
TASKS=${TASKS:-4}
SEED=${SEED:-1}
CPUS=${CPUS:-1}
CHECKPOINT_EVERY=${CHECKPOINT_EVERY:-60}
if [[ -z ${DEALS:-} && -z ${HUNT_SECONDS:-} ]]; then DEALS=$((10000000 * TASKS)); fi
PLATEAU=${PLATEAU:-$(command -v plateau || true)}
if [[ -z $PLATEAU ]]; then
  echo "error: no plateau on PATH; set PLATEAU to the binary" >&2
  exit 2
fi
[[ $PLATEAU == /* ]] || PLATEAU=$(cd "$(dirname "$PLATEAU")" && pwd)/$(basename "$PLATEAU")
if ! [[ $TASKS =~ ^[1-9][0-9]*$ ]]; then
  echo "error: TASKS must be a positive whole number, not '$TASKS'" >&2
  exit 2
fi

export DIR SEED CHECKPOINT_EVERY PLATEAU TOP=${TOP:-5} LIFT_FROM=${LIFT_FROM:-}
export DEALS=${DEALS:-} HUNT_SECONDS=${HUNT_SECONDS:-}
time_limit=()
[[ -n ${TIME_LIMIT:-} ]] && time_limit=(--time="$TIME_LIMIT")

hunt=$(sbatch --parsable --export=ALL --array="1-$TASKS" --cpus-per-task="$CPUS" \
  "${time_limit[@]}" --output="$DIR/hunt-%a.log" "$@" "$here/hunt.sbatch")
hunt=${hunt%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$hunt" --kill-on-invalid-dep=yes \
  --output="$DIR/merge.log" "$@" "$here/merge.sbatch")
merge=${merge%%;*}
echo "hunt_job=$hunt"
echo "merge_job=$merge"
