#!/bin/sh
# Compares libsdy_c.so with the checked-in ABI baseline (abi/libsdy_c.abi,
# produced by abidw) using abi/suppressions.ini (the handle structs are
# opaque: their private layout is not ABI).
#   abi_check.sh LIBRARY BASELINE SUPPRESSIONS
# abidiff exit status bits: 1 error, 2 usage error, 4 ABI change, 8
# incompatible change. Added functions are allowed (--no-added-syms: a minor
# version); any other reported change to an existing function or type fails.
# After an intended change, regenerate the baseline with the
# sdy_c_abi_baseline target (and bump the major version if incompatible).
set -u
library=$1
baseline=$2
suppressions=$3
abidiff --suppressions "$suppressions" --no-added-syms "$baseline" "$library"
status=$?
if [ "$status" -ne 0 ]; then
  echo "abidiff: the ABI of $library differs from $baseline (status $status)" >&2
  exit 1
fi
echo "abidiff: ABI compatible with the baseline"
