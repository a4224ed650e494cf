#!/bin/sh
# The sdy demo: runs a Megatron-style MLP end to end through the C ABI
# (examples/megatron_demo.c), then parses the IR examples (examples/ir/)
# with sdy-opt, verifies them and prints them back in canonical form, and
# propagates the shardings of the MLP.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
opt="$build/src/tools/sdy-opt/sdy-opt"

echo "=================================================================="
echo "== 1. A Megatron-style MLP through the C ABI: propagate,"
echo "==    partition, run on 8 local devices, compare with 1 device"
echo "=================================================================="
"$build/megatron_demo"
echo
echo "=================================================================="
echo "== 2. The IR examples (examples/ir/) through sdy-opt"
echo "=================================================================="

for f in "$here"/ir/*.mlir; do
  echo "=================================================================="
  echo "== sdy-opt $(basename "$f")"
  sed -n '1,/^$/p' "$f" | sed -n '/^\/\//p'
  echo "=================================================================="
  "$opt" "$f"
  echo
done

for f in "$here"/ir/propagate/*.mlir; do
  echo "=================================================================="
  echo "== sdy-opt -sdy-propagation-pipeline $(basename "$f")"
  sed -n '1,/^sdy.mesh/p' "$f" | sed -n '/^\/\//p'
  echo "=================================================================="
  "$opt" "$f" -sdy-propagation-pipeline
  echo
done

echo "=================================================================="
echo "== a malformed sharding gets a located diagnostic (exit code 1):"
echo "=================================================================="
bad='sdy.mesh @m = <["x"=2, "y"=4]>
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"y", "y":(2)2}]>}) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}'
echo "$bad"
echo "--"
if echo "$bad" | "$opt" --mlir-print-op-on-diagnostic=false 2>&1; then
  echo "unexpected success" >&2
  exit 1
fi
