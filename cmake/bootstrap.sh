#!/bin/sh
# Installs what sdy needs on Debian 12 (as root), builds it, and runs either
# the demo or the whole test suite. The README's two commands call this.
#
#   sh cmake/bootstrap.sh demo    # build, then run the demo
#   sh cmake/bootstrap.sh test    # build (normal + sanitizers), run all tests
#
# Environment: SDY_BUILD_DIR (default: build), SDY_JOBS (default: nproc),
# SDY_SKIP_APT=1 to skip the package installation.
set -eu

mode=${1:-}
case "$mode" in
  demo|test) ;;
  *) echo "usage: sh cmake/bootstrap.sh demo|test" >&2; exit 2 ;;
esac

src=$(cd "$(dirname "$0")/.." && pwd)
build=${SDY_BUILD_DIR:-$src/build}
jobs=${SDY_JOBS:-$(nproc)}

# Debian packages, one per job: the LLVM/MLIR 22 toolchain and build tools
# (ccache shares objects between the normal and sanitizer builds), CMocka (C
# ABI tests), libffi (dynamic-call ABI test), abigail-tools (ABI baseline),
# pytest and numpy (Python binding and docs examples; the build uses Debian's
# python3 even when another python3 comes first on PATH), venv and
# setuptools (`pip install bindings/python` into a virtual environment),
# cargo and golang-go (the Rust and Go bindings' tests; Debian 12 has Rust
# 1.63 and Go 1.19, which they support), OpenBLAS
# (dot_general kernels), OpenMPI (the mpi backend), GoogleTest (runtime
# tests), clang's runtimes with libFuzzer (sanitizers and the fuzz harnesses),
# clang-format (the format check of the test command), mypy (the type
# check of the Python binding), chromium (headless: the HTML report's
# rendering test; about 125 MB to download).
packages="clang-22 clang-format-22 llvm-22-dev llvm-22-tools libmlir-22-dev
  mlir-22-tools
  cmake ninja-build pkg-config libcmocka-dev libffi-dev
  abigail-tools python3 python3-pytest python3-numpy python3-venv
  python3-setuptools cargo golang-go ccache libopenblas-dev
  libopenmpi-dev openmpi-bin libgtest-dev libclang-rt-22-dev
  mypy
  chromium"

if [ "${SDY_SKIP_APT:-0}" != 1 ]; then
  missing=""
  for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    echo "== installing Debian packages:$missing"
    if [ "$(id -u)" -ne 0 ]; then
      echo "error: packages missing and not root; run as root or install:$missing" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
  fi
fi

# configure_and_build DIR [CMAKE_ARGS...] [-- TARGETS...]
configure_and_build() {
  dir=$1; shift
  args=""
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args="$args $1"; shift; done
  [ $# -gt 0 ] && shift
  echo "== configuring $dir"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    -DPython3_EXECUTABLE=/usr/bin/python3 $args >/dev/null
  echo "== building $dir"
  if [ $# -gt 0 ]; then
    cmake --build "$dir" -j "$jobs" --target "$@"
  else
    cmake --build "$dir" -j "$jobs"
  fi
}

configure_and_build "$build"

if [ "$mode" = demo ]; then
  exec sh "$src/examples/demo.sh" "$build"
fi

echo "== running the test suite"
ctest --test-dir "$build" --output-on-failure -j "$jobs"

# The C ABI again, built with AddressSanitizer + UndefinedBehaviorSanitizer
# (the tests set their sanitizer options themselves). The same tree carries
# libFuzzer's coverage instrumentation and builds the fuzz harnesses
# (tests/fuzz), so the engine is built instrumented only once.
asan="$build-asan"
configure_and_build "$asan" -DSDY_ENABLE_SANITIZERS=ON -DSDY_ENABLE_FUZZING=ON \
  -- sdy_c sdy_backend_mpi test_capi test_run_options test_diagnostics \
  test_handles test_dead_values test_real_programs test_abi_ffi \
  test_text_nesting test_shardy_capi test_capi_visualize sdy_abi_manifest \
  sdy_fuzzers
echo "== running the C ABI tests under AddressSanitizer + UBSan"
ctest --test-dir "$asan" --output-on-failure -j "$jobs" -L capi
echo "== fuzzing each harness briefly (replays its corpus first)"
ctest --test-dir "$asan" --output-on-failure -j "$jobs" -L fuzz
