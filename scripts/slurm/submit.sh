#!/usr/bin/env bash
# Audits PGN files on a Slurm cluster: one array task per file (or per
# shard of one large uncompressed file), then one job that merges their
# reports once every task has succeeded.
#
#   scripts/slurm/submit.sh FILE... -o OUT [--shards N] [--cpus C] [--wait]
#                           [--partition P] [-- AUDIT OPTIONS...]
#
# OUT receives the merged report; OUT.tasks/ keeps the per-task reports and
# the logs. --shards N cuts the one FILE into N byte ranges (--shard K/N);
# --cpus C gives each task C cores (its --threads). --wait returns when the
# merge has finished, with its exit status (a failed task cancels the merge,
# so --wait then fails too). Options after `--` go to every `audit`, except
# those that name one output of a run (--html, --fixed-pgn, -o, --shard,
# --threads): every task would write the same one, so they are refused.
# OUT.tasks is the script's own: it is replaced only when a marker shows
# that submit.sh made it; any other OUT.tasks is refused, never removed.
# The binary is PGN_ARBITER, else pgn-arbiter on PATH; it must be
# reachable at the same path on every node (a shared file system).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
marker=.pgn-arbiter-tasks
die() { echo "submit.sh: $*" >&2; exit 2; }
whole() { [[ $2 =~ ^[1-9][0-9]{0,5}$ ]] || die "$1 wants a whole number from 1, not '$2'"; }
files=() out="" shards=0 cpus=1 wait=() partition=() audit_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--output) out=$2; shift 2 ;;
    --shards) whole --shards "${2-}"; shards=$2; shift 2 ;;
    --cpus) whole --cpus "${2-}"; cpus=$2; shift 2 ;;
    --wait) wait=(--wait); shift ;;
    --partition) partition=(--partition "$2"); shift 2 ;;
    --) shift; audit_args=("$@"); break ;;
    -*) echo "submit.sh: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
usage="usage: submit.sh FILE... -o OUT [--shards N] [--cpus C] [--wait] [-- AUDIT OPTIONS]"
[ ${#files[@]} -gt 0 ] && [ -n "$out" ] || { echo "$usage" >&2; exit 2; }
if [ "$shards" -gt 0 ] && [ ${#files[@]} -ne 1 ]; then
  echo "submit.sh: --shards cuts one file; give one FILE (or leave --shards out: a task per file)" >&2
  exit 2
fi
for opt in "${audit_args[@]}"; do
  case "$opt" in
    --html|--html=*|--fixed-pgn|--fixed-pgn=*|-o|--output|--output=*|--shard|--shard=*|--threads|--threads=*)
      die "$opt after -- would be given to every task, and they would write over each other: \
leave it out (-o OUT and --shards/--cpus are submit.sh's own; run one audit for --html or --fixed-pgn)" ;;
  esac
done
for f in "${files[@]}"; do
  [[ $f == *$'\t'* || $f == *$'\n'* ]] && die "'$f': a tab or a newline in a file name cannot be passed to the tasks; rename the file"
  [ -e "$f" ] || die "$f: no such file"
done
bin=${PGN_ARBITER:-$(command -v pgn-arbiter || true)}
[ -x "$bin" ] || { echo "submit.sh: set PGN_ARBITER to the pgn-arbiter binary" >&2; exit 2; }
bin=$(realpath "$bin")
out=$(realpath -m "$out")
work=$out.tasks
if [ -e "$work" ]; then
  [ -f "$work/$marker" ] || die "$work exists and submit.sh did not make it (no $marker in it): move it away or choose another -o"
  for f in "${files[@]}"; do
    case "$(realpath "$f")/" in "$work"/*) die "$f lies inside $work, which this run would replace: move it" ;; esac
  done
  rm -rf "$work"
fi
mkdir -p "$work/logs"
echo "made by submit.sh: the per-task reports and logs of the report $out" > "$work/$marker"
tasks=$work/tasks.txt
if [ "$shards" -gt 0 ]; then
  for k in $(seq "$shards"); do printf '%s\t%s/%s\n' "$(realpath "${files[0]}")" "$k" "$shards"; done > "$tasks"
else
  for f in "${files[@]}"; do realpath "$f"; done > "$tasks"
fi
n=$(wc -l < "$tasks")
# The options go to the tasks as they were given, one per NUL-ended item:
# a space or a wildcard in one stays inside it.
args_file=$work/audit-args
: > "$args_file"
[ ${#audit_args[@]} -eq 0 ] || printf '%s\0' "${audit_args[@]}" > "$args_file"
export PGN_ARBITER=$bin TASKS=$tasks OUT=$work FINAL=$out AUDIT_ARGS_FILE=$args_file
array=$(sbatch --parsable "${partition[@]}" --array="0-$((n - 1))" --cpus-per-task="$cpus" \
  --output="$work/logs/audit-%A_%a.log" --export=ALL "$here/audit.sbatch")
array=${array%%;*}
echo "audit array job $array: $n task(s)"
merge=$(sbatch --parsable "${partition[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$work/logs/merge-%j.log" --export=ALL "${wait[@]}" "$here/merge.sbatch") || {
  echo "submit.sh: the merge job failed (see $work/logs)" >&2
  exit 1
}
merge=${merge%%;*}
if [ ${#wait[@]} -gt 0 ]; then
  # A merge cancelled because a task failed never ran: sbatch --wait still
  # returns 0 for it, so ask how it ended.
  state=$(scontrol show job "$merge" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
  if [ "$state" != "JobState=COMPLETED" ]; then
    echo "submit.sh: the merge job $merge did not complete (${state:-state unknown}): a task failed? see $work/logs" >&2
    exit 1
  fi
  echo "merge job $merge: report in $out"
else
  echo "merge job $merge (after array $array): report in $out when it is done"
fi
