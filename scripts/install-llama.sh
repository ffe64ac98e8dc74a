#!/usr/bin/env bash
# Builds llama-cpp-python once for this CPU and installs it into the given Python's environment.
#
# The wheel is compiled from source for the instruction sets this CPU reports (AVX, AVX2, AVX-512...),
# but never with AMX: on some virtual machines the CPU reports AMX and faults when it is used.
# Built wheels are kept in the user's cache folder, keyed by version and flags, so a fresh clone or a
# new virtualenv installs in seconds instead of recompiling (~8 minutes on 2 cores).
set -euo pipefail
PY=${1:?usage: install-llama.sh PYTHON}
VERSION=${LLAMA_CPP_PYTHON_VERSION:-0.3.36}
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
has() { [[ " $flags " == *" $1 "* ]]; }
args="-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
has avx && args+=" -DGGML_AVX=ON"
has avx2 && args+=" -DGGML_AVX2=ON"
has fma && args+=" -DGGML_FMA=ON"
has f16c && args+=" -DGGML_F16C=ON"
has avx512f && args+=" -DGGML_AVX512=ON"
has avx512_vnni && args+=" -DGGML_AVX512_VNNI=ON"
has avx512vbmi && args+=" -DGGML_AVX512_VBMI=ON"
has avx512_bf16 && args+=" -DGGML_AVX512_BF16=ON"
has avx_vnni && args+=" -DGGML_AVX_VNNI=ON"
key=$(printf '%s %s' "$VERSION" "$args" | sha256sum | cut -c1-12)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/navwright/wheels/llama-$key"
marker="$("$PY" -c 'import sys; print(sys.prefix)')/.navwright-llama-$key"
if [ -f "$marker" ]; then exit 0; fi
if ! ls "$cache"/llama_cpp_python-"$VERSION"-*.whl >/dev/null 2>&1; then
  echo "navwright: compiling llama-cpp-python $VERSION for this CPU (once; about 8 minutes on 2 cores)"
  mkdir -p "$cache"
  CMAKE_ARGS="$args" "$PY" -m pip wheel -q --no-deps --no-cache-dir "llama-cpp-python==$VERSION" -w "$cache.tmp"
  mv "$cache.tmp"/llama_cpp_python-*.whl "$cache"/ && rmdir "$cache.tmp"
fi
"$PY" -m pip install -q --no-deps --force-reinstall "$cache"/llama_cpp_python-"$VERSION"-*.whl
touch "$marker"
