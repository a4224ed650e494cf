#!/bin/sh
# Long fuzzing campaigns over the libFuzzer harnesses of tests/fuzz.
#
#   bench/fuzz/run_campaign.sh run   [options] [HARNESS...]
#   bench/fuzz/run_campaign.sh merge [options] [HARNESS...]
#   bench/fuzz/run_campaign.sh stats [options] [HARNESS...]
#
# run    fuzzes each harness in turn for -t seconds with -j parallel jobs;
#        the working corpus, logs and crash artifacts live under -w, outside
#        the tree, and grow across campaigns.
# merge  adds to the committed corpus (tests/fuzz/corpus/<harness>/) the
#        minimal set of working-corpus inputs that cover code which the
#        generated seeds and the committed corpus do not.
# stats  sums the executions of the last run per harness from its logs.
#
# Options: -b BUILD (default build-asan, configured with
# -DSDY_ENABLE_SANITIZERS=ON -DSDY_ENABLE_FUZZING=ON), -w WORKDIR (default
# /tmp/sdy-fuzz), -t SECONDS per harness (default 600), -j JOBS (default 1).
# HARNESS defaults to all: module_parse propagation partition_run
# mesh_sharding npy.
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-}
case "$mode" in
  run|merge|stats) shift ;;
  *) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
build=$src/build-asan work=/tmp/sdy-fuzz seconds=600 jobs=1
while getopts b:w:t:j: opt; do
  case $opt in
    b) build=$(cd "$OPTARG" && pwd) ;;
    w) work=$OPTARG ;;
    t) seconds=$OPTARG ;;
    j) jobs=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
harnesses=${*:-module_parse propagation partition_run mesh_sharding npy}

dict_of() {
  case $1 in
    module_parse|propagation|partition_run) echo "-dict=$src/tests/fuzz/dicts/module.dict" ;;
    mesh_sharding) echo "-dict=$src/tests/fuzz/dicts/mesh_sharding.dict" ;;
  esac
}

binary_of() {
  b=$build/tests/fuzz/fuzz_$1
  if [ ! -x "$b" ]; then
    echo "error: $b missing; build it: ninja -C $build sdy_fuzzers" >&2
    exit 1
  fi
  echo "$b"
}

mkdir -p "$work"
python3 "$src/tests/fuzz/make_corpus.py" "$work/seeds"

for h in $harnesses; do
  bin=$(binary_of "$h")
  committed=$src/tests/fuzz/corpus/$h
  logs=$work/logs/$h
  case $mode in
  run)
    mkdir -p "$work/corpus/$h" "$work/artifacts/$h" "$committed"
    rm -rf "$logs" && mkdir -p "$logs"
    echo "== $h: $seconds s, $jobs job(s), corpus $work/corpus/$h"
    # Every job fuzzes for the whole time; -jobs writes fuzz-N.log in cwd.
    # shellcheck disable=SC2046
    (cd "$logs" && "$bin" -jobs="$jobs" -workers="$jobs" \
       -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=8192 -print_final_stats=1 \
       -artifact_prefix="$work/artifacts/$h/" $(dict_of "$h") \
       "$work/corpus/$h" "$work/seeds/$h" "$committed" \
       > "$logs/driver.log" 2>&1) || true
    ;;
  merge)
    # Merge into seeds + committed corpus; what is new there is the
    # coverage only the campaign reached.
    tmp=$(mktemp -d)
    cp "$work/seeds/$h/"* "$tmp/" 2>/dev/null || true
    cp "$committed/"* "$tmp/" 2>/dev/null || true
    before=$(ls "$tmp" | wc -l)
    "$bin" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
      $(dict_of "$h") "$tmp" "$work/corpus/$h" > "$work/merge-$h.log" 2>&1
    mkdir -p "$committed"
    added=0
    for f in "$tmp"/*; do
      n=$(basename "$f")
      if [ ! -e "$work/seeds/$h/$n" ] && [ ! -e "$committed/$n" ]; then
        cp "$f" "$committed/$n"; added=$((added + 1))
      fi
    done
    rm -rf "$tmp"
    echo "== $h: $added input(s) added to tests/fuzz/corpus/$h ($before before merge)"
    continue
    ;;
  esac
  # stats (also after run): executions, and findings of this harness.
  execs=$(cat "$logs"/fuzz-*.log 2>/dev/null |
          sed -n 's/^stat::number_of_executed_units: *//p' |
          awk '{s += $1} END {print s + 0}')
  rate=$(cat "$logs"/fuzz-*.log 2>/dev/null |
         sed -n 's/^stat::average_exec_per_sec: *//p' |
         awk '{s += $1} END {print s + 0}')
  findings=$(ls "$work/artifacts/$h" 2>/dev/null | wc -l)
  if [ "$execs" = 0 ]; then
    echo "$h: no executions: see $logs/" >&2
    continue
  fi
  echo "$h: $execs executions ($rate exec/s over all jobs), $findings finding(s) in $work/artifacts/$h"
done
