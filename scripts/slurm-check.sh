#!/usr/bin/env bash
# Runs the Slurm scripts on a real Slurm, on this machine: installs Debian's
# slurmctld, slurmd, slurm-client and munge if missing, starts munged,
# slurmctld and slurmd (no systemd, one node on 127.0.0.1, no cgroups, no
# accounting), then
#   1. an array over 4 input files, merged, against one run over the 4;
#   2. an array over 4 shards of one file, merged, against one run;
#   3. an array with a failing task: the merge is cancelled and the
#      submission fails;
#   4. the Kubernetes manifest (scripts/k8s/audit-job.yaml) parses.
# Every daemon it started is stopped by PID when it ends, also on failure.
# Run as root (CI is). Prints one line per check and "slurm check: N passed".
# TIME_FILE=big.pgn also times a 4-shard array against one run of that file.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "slurm-check.sh: run as root (it starts the Slurm daemons)" >&2; exit 2; }

missing=()
for cmd in slurmctld slurmd sbatch munged; do command -v "$cmd" >/dev/null || missing+=("$cmd"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Slurm and munge from Debian" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    slurmctld slurmd slurm-client munge >/dev/null
fi

work=$(mktemp -d /tmp/slurm-check.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  [ -n "${KEEP_SLURM_CHECK:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
# On a failed step, the daemons' last words.
trap 'tail -n 15 "$work"/*.log "$work"/munge/*.log >&2 2>/dev/null || true' ERR

# munge: a key of its own, a socket of its own.
mkdir -p "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munge/munged.pid")")

host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/spool" "$work/state"
cat > "$work/slurm.conf" <<CONF
ClusterName=pgncheck
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldPort=16817
SlurmdPort=16818
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmdSpoolDir=$work/spool
StateSaveLocation=$work/state
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF"
for _ in $(seq 50); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF" || { tail -n 15 "$work/slurmd.log" >&2; exit 1; }
for _ in $(seq 50); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 100); do
  sinfo -h -o '%t' 2>/dev/null | grep -qE '^idle' && break
  sleep 0.2
done
sinfo -h -o '%t' | grep -qE '^idle' || { echo "slurm did not come up:" >&2; tail -20 "$work"/slurm*.log >&2; exit 1; }
echo "slurm is up: node $host, $cpus CPUs"

cargo build -q --release --bin pgn-arbiter
export PGN_ARBITER=$(realpath "${CARGO_TARGET_DIR:-target}")/release/pgn-arbiter
passed=0

# Compares two report directories: CSVs byte for byte, summary.json but for
# the seconds taken.
same_report() {
  local a=$1 b=$2 f
  for f in verdicts.csv incidents.csv; do cmp -s "$a/$f" "$b/$f" || { echo "$f differs: $a $b" >&2; return 1; }; done
  cmp -s <(grep -v '"seconds"' "$a/summary.json") <(grep -v '"seconds"' "$b/summary.json") \
    || { echo "summary.json differs: $a $b" >&2; return 1; }
}

# 1. One task per file.
mkdir -p "$work/files"
awk -v dir="$work/files" '/^\[Event /{n++} {print > sprintf("%s/part-%d.pgn", dir, (n - 1) % 4 + 1)}' \
  tests/data/lichess-2021-10-first-999.pgn
files=("$work"/files/part-{1,2,3,4}.pgn)
start=$(date +%s.%N)
scripts/slurm/submit.sh "${files[@]}" -o "$work/by-file" --wait
echo "array over 4 files merged in $(echo "$(date +%s.%N) - $start" | bc) s"
"$PGN_ARBITER" audit "${files[@]}" -o "$work/by-file-one" 2>/dev/null
# The merged report names the inputs by their resolved paths, as given to the tasks.
same_report "$work/by-file" "$work/by-file-one"
echo "ok: 4 files, merged = one run"; passed=$((passed + 1))

# 2. Four shards of one file.
big=$work/one.pgn
cat tests/data/lichess-2021-10-first-999.pgn tests/data/otb/*.pgn > "$big"
start=$(date +%s.%N)
scripts/slurm/submit.sh "$big" --shards 4 -o "$work/by-shard" --wait
echo "array over 4 shards merged in $(echo "$(date +%s.%N) - $start" | bc) s"
"$PGN_ARBITER" audit "$big" -o "$work/by-shard-one" 2>/dev/null
same_report "$work/by-shard" "$work/by-shard-one"
echo "ok: 4 shards, merged = one run"; passed=$((passed + 1))

# 3. A failing task fails the submission and leaves no merged report.
if scripts/slurm/submit.sh "${files[0]}" "$work/files/missing.pgn" -o "$work/failing" --wait 2>/dev/null; then
  echo "a failing task did not fail the submission" >&2; exit 1
fi
[ ! -e "$work/failing" ] || { echo "a merged report was written despite a failed task" >&2; exit 1; }
echo "ok: a failing task cancels the merge"; passed=$((passed + 1))

# 4. The Kubernetes manifest parses: two Jobs, the first Indexed.
python3 -c 'import yaml' 2>/dev/null || pip install -q pyyaml >/dev/null 2>&1
python3 - scripts/k8s/audit-job.yaml <<'PY'
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
assert [d["kind"] for d in docs] == ["Job", "Job"], docs
assert docs[0]["spec"]["completionMode"] == "Indexed"
assert "JOB_COMPLETION_INDEX" in docs[0]["spec"]["template"]["spec"]["containers"][0]["args"][0]
PY
echo "ok: scripts/k8s/audit-job.yaml parses"; passed=$((passed + 1))

# With TIME_FILE set (a large uncompressed PGN): a 4-shard array against one
# run on this machine, for the README; not a check.
if [ -n "${TIME_FILE:-}" ]; then
  start=$(date +%s.%N)
  scripts/slurm/submit.sh "$TIME_FILE" --shards 4 -o "$work/timed" --wait >/dev/null
  sharded=$(echo "$(date +%s.%N) - $start" | bc)
  start=$(date +%s.%N)
  "$PGN_ARBITER" audit "$TIME_FILE" --threads "$cpus" -o "$work/timed-one" 2>/dev/null
  single=$(echo "$(date +%s.%N) - $start" | bc)
  same_report "$work/timed" "$work/timed-one"
  echo "timing $(du -h "$TIME_FILE" | cut -f1): 4 shards on Slurm (1 CPU each, $cpus at a time) ${sharded} s; one run, $cpus threads, ${single} s; reports identical"
fi

echo "slurm check: $passed passed, 0 failed"
