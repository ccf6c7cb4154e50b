#!/bin/bash
# build.sh [PREFIX] -- build Getafix (concurrent, context-bounded) + the mucke
# mu-calculus checker from public source on Debian 12 (gcc 12), install into PREFIX
# (default ./getafix-install):
#   PREFIX/bin/getafix-translate   Getafix translator (BP -> mucke), "program" in upstream Makefile
#   PREFIX/bin/mucke               mucke_static_bman (BDD managers: abcdbman.so, cudd.a, longbman.so)
#   PREFIX/bin/formulae/           Getafix's fixed-point formulae (3 threads / 4 rounds)
# Use with run.sh + gen_formula.py (same folder as this recipe), e.g.
#   GETAFIX=PREFIX/bin/getafix-translate MUCKE=PREFIX/bin/mucke FORMULADIR=PREFIX/bin/formulae run.sh FILE K
# Env: GETAFIX_URL / MUCKE_URL override the clone sources (e.g. a local mirror).
set -euo pipefail
PREFIX="$(realpath -m "${1:-./getafix-install}")"
WORK="$PREFIX/src"
GETAFIX_URL="${GETAFIX_URL:-https://github.com/trucnguyenlam/getafix}"
MUCKE_URL="${MUCKE_URL:-https://github.com/trucnguyenlam/mucke}"
GETAFIX_COMMIT=4ce8686ea595aca9356b0c71533623fc645cde26   # branch develop (master has no experiments, older translator)
MUCKE_COMMIT=bf856f0bb5e758e6c6c32766e50d7957167679d8     # master, "fix option for cudd"
JOBS="${JOBS:-2}"

# 0. build dependencies (flex/bison for the translator; indent+makedepend for mucke's configure/make)
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git build-essential flex bison indent xutils-dev python3 >/dev/null
fi

mkdir -p "$WORK" "$PREFIX/bin"
cd "$WORK"

# 1. fetch, pinned
[ -d getafix ] || git clone -q "$GETAFIX_URL" getafix
git -C getafix fetch -q origin develop:refs/remotes/origin/develop 2>/dev/null || true
git -C getafix checkout -q "$GETAFIX_COMMIT"
[ -d mucke ] || git clone -q "$MUCKE_URL" mucke
git -C mucke checkout -q "$MUCKE_COMMIT"

# 2. mucke
cd "$WORK/mucke"
# 2a. upstream typo at this commit ("double factor = 0.4," then "unsigned cache_limit")
#     and InitFileReader::getValue has no unsigned overload -> use int.
sed -i 's/double factor = 0.4,/double factor = 0.4;/; s/unsigned cache_limit = /int cache_limit = /; s/unsigned unique_table = /int unique_table = /' src/cuddcppbman.cc
# 2b. the ABCD BDD library's Makefile writes ../obj/*.o but git does not keep the empty dir
mkdir -p contrib/abcd/obj
# 2c. mucke's C++ keeps pointers to temporaries (gcc 12 -Wdangling-pointer); at -O1 and
#     above the binary segfaults on every input (also with -fstack-reuse=none,
#     -fno-strict-aliasing, -fno-lifetime-dse). -O0 works; the BDD libraries keep -O3.
sed -i 's/^OPTIMIZE=-O3$/OPTIMIZE=-O0 -fno-strict-aliasing/' src/Makefile
# 2c'. a fresh git checkout gives all files the same/arbitrary mtimes, and CUDD's
#     automake rules then try to re-run aclocal-1.14 (not installed): make the
#     generated autotools files newer than their sources.
find contrib/cudd -exec touch -h -d '2016-01-01 00:00' {} +
touch -d '2016-01-02 00:00' contrib/cudd/aclocal.m4
find contrib/cudd \( -name Makefile.in -o -name configure -o -name config.h.in \) -exec touch -d '2016-01-03 00:00' {} +
# 2d. configure static build with D.E. Long's BDD lib + CUDD 3.0.0 (both in contrib/);
#     the plain ./configure (dynamic) build fails to link (global_cudd_reduction_type undefined).
make config_static
make
cp bin/LINK/mucke_static_bman "$PREFIX/bin/mucke"

# 3. Getafix translator
cd "$WORK/getafix"
make getafix
cp program "$PREFIX/bin/getafix-translate"
rm -rf "$PREFIX/bin/formulae"; cp -r formulae "$PREFIX/bin/formulae"

# 4. smoke test: mucke example + one Getafix run with the shipped 3-thread/4-round formula
cd "$WORK"
"$PREFIX/bin/mucke" -bman abcdbman.so mucke/ex/fair0.mu 2>&1 | tail -1 | grep -q false
"$PREFIX/bin/getafix-translate" -i getafix/experiments/regression/fib_3_unsafe.bp -c 4 -l SLIC_ERROR \
   -f "$PREFIX/bin/formulae/formula-3t_4r_crossproduct_precise.mu" > /tmp/fib_3_unsafe.$$.mu
"$PREFIX/bin/mucke" -bman abcdbman.so /tmp/fib_3_unsafe.$$.mu 2>&1 | tail -1 | grep -q true
rm -f /tmp/fib_3_unsafe.$$.mu
echo "OK: installed into $PREFIX/bin"
