#!/bin/sh
# Runs one harness for ctest: replays the seeds generated from the tests
# (make_corpus.py), the committed corpus and the regression inputs, then
# fuzzes for a bounded time. New inputs go to a scratch corpus in the build
# tree; a crash, leak, timeout or broken invariant fails the test and leaves
# the input under <build>/artifacts/<harness>/.
#
#   run_fuzzer.sh BINARY HARNESS SOURCE_DIR BINARY_DIR SECONDS DICT PYTHON
set -eu
binary=$1 harness=$2 src=$3 bin=$4 seconds=$5 dict=$6 python=$7

seeds=$bin/seeds/$harness
scratch=$bin/scratch/$harness
artifacts=$bin/artifacts/$harness
mkdir -p "$scratch" "$artifacts"
"$python" "$src/make_corpus.py" "$bin/seeds"
dirs="$scratch $seeds"
for d in "$src/corpus/$harness" "$src/regressions/$harness"; do
  [ -d "$d" ] && dirs="$dirs $d"
done
set -- -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=8192 -print_final_stats=1 -artifact_prefix="$artifacts/"
[ -n "$dict" ] && set -- "$@" -dict="$src/dicts/$dict"
# shellcheck disable=SC2086
exec "$binary" "$@" $dirs
