#!/bin/sh
# Installs the build into a temporary prefix with `cmake --install`, then
# builds every examples/*.c twice against the installed library:
#   1. cc $(pkg-config --cflags --libs sdy_c)
#   2. a CMake project using find_package(sdy_c)
# and runs the programs.
#   install_examples_test.sh BUILD_DIR SOURCE_DIR C_COMPILER [EXTRA_FLAGS]
set -eu
build_dir=$1
source_dir=$2
cc=$3
extra=${4:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/sdy_c_install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build_dir" --prefix "$prefix" --component sdy_c >/dev/null
# sdy_c.pc is relocatable (prefix from ${pcfiledir}).
pc_dir=$(dirname "$(find "$prefix" -name sdy_c.pc | head -n1)")
export PKG_CONFIG_PATH=$pc_dir
pkg_config="pkg-config"
case "$($pkg_config --variable=prefix sdy_c)" in
  "$prefix"*) ;;
  *) echo "sdy_c.pc prefix $($pkg_config --variable=prefix sdy_c) is not $prefix" >&2; exit 1 ;;
esac
$pkg_config --exists sdy_c
test -f "$prefix/include/sdy_c/sdy_c.h"
ls "$prefix"/lib*/libsdy_c.so.1 >/dev/null 2>&1 || ls "$prefix"/lib/*/libsdy_c.so.1 >/dev/null

for example in "$source_dir"/examples/*.c; do
  name=$(basename "$example" .c)
  # shellcheck disable=SC2046,SC2086
  $cc -std=c99 -Wall -Werror -pedantic $extra "$example" \
    $($pkg_config --cflags --libs sdy_c) -o "$work/$name"
  "$work/$name" >"$work/$name.out"
  echo "pkg-config: $name ok ($(wc -l <"$work/$name.out") lines)"
done

cmake -S "$source_dir/examples" -B "$work/cmake-build" -G Ninja \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" \
  -DCMAKE_EXE_LINKER_FLAGS="$extra" \
  -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake-build" >/dev/null
for example in "$source_dir"/examples/*.c; do
  name=$(basename "$example" .c)
  "$work/cmake-build/$name" >/dev/null
  echo "find_package: $name ok"
done
