#!/bin/sh
# Checks the dynamic symbols of libsdy_c.so: only the C API is exported
# (sdy_*, sdy[A-Z]*, mlir*), every export has a named version node
# (SDY_C_1.<minor>, src/capi/sdy_c.map), the functions added in 1.1 are in
# SDY_C_1.1, and the version nodes are the only other dynamic symbols.
# Also that MLIR is linked in statically only: a dependency on libMLIR.so
# would load a second copy of MLIR (two TypeID registries).
#   check_exports.sh LIBRARY
set -eu
if readelf -d "$1" | grep -q 'NEEDED.*libMLIR'; then
  echo "$1 depends on libMLIR.so: MLIR must only be linked statically"
  exit 1
fi
syms=$(nm -D --defined-only "$1")
nodes=$(printf '%s\n' "$syms" | awk '$2 == "A" {print $3}')
funcs=$(printf '%s\n' "$syms" | awk '$2 != "A" {print $3}')
fail() { echo "$1"; exit 1; }
bad=$(printf '%s\n' "$nodes" | grep -v -E '^SDY_C_1\.[0-9]+$' || true)
[ -z "$bad" ] || fail "unexpected version nodes: $bad"
bad=$(printf '%s\n' "$funcs" | grep -v -E '^(sdy_|sdy[A-Z]|mlir)' || true)
[ -z "$bad" ] || fail "non-API exports: $bad"
bad=$(printf '%s\n' "$funcs" | grep -v -E '@@SDY_C_1\.[0-9]+$' || true)
[ -z "$bad" ] || fail "exports without a version node: $bad"
for f in sdy_run_options_init sdy_executable_run_local_with_options \
    sdy_executable_run_global_with_options sdy_executable_arg_global_shape \
    sdy_executable_result_global_shape; do
  printf '%s\n' "$funcs" | grep -qx "$f@@SDY_C_1.1" ||
    fail "$f (added in 1.1) is not in version node SDY_C_1.1"
done
for f in sdyManualAxesAttrGetAxesSize mlirRegisterAllSdyPassesAndPipelines \
    mlirRegisterAllXlaSdyPassesAndPipelines; do
  printf '%s\n' "$funcs" | grep -qx "$f@@SDY_C_1.2" ||
    fail "$f (added in 1.2) is not in version node SDY_C_1.2"
done
for f in sdy_query_create sdy_query_destroy sdy_query_num_ops sdy_query_op \
    sdy_query_num_values sdy_query_value sdy_query_value_sharding \
    sdy_query_value_origin sdy_sharding_layout_text sdy_sharding_layout_svg \
    sdy_module_html_report sdy_module_collective_report \
    sdy_executable_options_init sdy_executable_compile_with_options \
    sdy_executable_compile_report; do
  printf '%s\n' "$funcs" | grep -qx "$f@@SDY_C_1.3" ||
    fail "$f (added in 1.3) is not in version node SDY_C_1.3"
done
for f in sdy_collective_compare; do
  printf '%s\n' "$funcs" | grep -qx "$f@@SDY_C_1.4" ||
    fail "$f (added in 1.4) is not in version node SDY_C_1.4"
done
printf '%s\n' "$funcs" | sed -E 's/@@.*//; s/^(sdy_|sdy[A-Z]|mlir).*/\1/' |
  sort | uniq -c
printf '%s\n' "$funcs" | sed -E 's/.*@@//' | sort | uniq -c
