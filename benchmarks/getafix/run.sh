#!/bin/bash
# run.sh FILE K  -- run Getafix (trucnguyenlam/getafix develop + mucke) on a
# concurrent Boolean program FILE with K context-switch rounds.
# Prints one line:  reachable|unreachable|timeout|error: ...  <wall seconds>
#
# env: TIMEOUT   seconds (default 300) for translation + mucke together
#      LABEL     target label (default SLIC_ERROR, as in Getafix's experiments)
#      VARIANT   orig (default) | strict | shipped
#                orig    = generated formula, same structure as the shipped
#                          formulae/formula-3t_4r_crossproduct_precise.mu, for
#                          N threads (= thread modules of FILE) and K rounds
#                strict  = same, but in the last round the switch-point test
#                          is applied to the pc being projected away
#                shipped = the shipped 3-thread/4-round file verbatim (needs N=3, K=4)
#      BMAN      mucke BDD manager: abcdbman.so (default) | cudd.a | longbman.so
#      KEEP=dir  keep the generated .mu file there
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
GETAFIX="${GETAFIX:-$HERE/bin/getafix-translate}"
MUCKE="${MUCKE:-$HERE/bin/mucke}"
FORMULADIR="${FORMULADIR:-$HERE/bin/formulae}"
GEN="$HERE/gen_formula.py"
FILE="$(realpath -m "$1")"; K="$2"
TIMEOUT="${TIMEOUT:-300}"; LABEL="${LABEL:-SLIC_ERROR}"
VARIANT="${VARIANT:-orig}"; BMAN="${BMAN:-abcdbman.so}"

start=$(date +%s.%N)
elapsed() { echo "$(date +%s.%N) $start" | awk '{printf "%.2f", $1-$2}'; }
finish() { echo "$1 $(elapsed)"; [ -n "$TMP" ] && rm -rf "$TMP"; exit 0; }

[ -f "$FILE" ] || finish "error: no such file $FILE"
[[ "$K" =~ ^[1-9][0-9]*$ ]] || finish "error: K must be a positive integer"
TMP=$(mktemp -d /tmp/getafix-run.XXXXXX)

# Pass 1: translate the program (formula part empty) to learn the modules.
( cd "$TMP" && timeout "$TIMEOUT" "$GETAFIX" -i "$FILE" -c "$K" -l "$LABEL" -f /dev/null ) > "$TMP/prog.mu" 2> "$TMP/tr.err"
rc=$?
[ $rc -eq 124 ] && finish timeout
if [ $rc -ne 0 ]; then
  msg=$(grep -v '^\s*$' "$TMP/prog.mu" "$TMP/tr.err" | grep -iE 'error|not found|label|syntax' | tail -1 | cut -d: -f2- | tr -s ' ')
  [ -z "$msg" ] && msg="translator exit $rc: $(tail -1 "$TMP/prog.mu" "$TMP/tr.err" | tr '\n' ' ' | cut -c1-120)"
  finish "error: getafix: $msg"
fi
if grep -q 'syntax error' "$TMP/prog.mu"; then
  finish "error: getafix: $(grep -m1 'syntax error' "$TMP/prog.mu")"
fi

# Thread slots = modules with a ContextSwitch_<m> predicate (main / thread* functions,
# init excluded; see translate_Mucke.c isThreadFunction and print_Mucke_programContextSwitch)
mods=$(grep -oE '^bool ContextSwitch_[0-9]+' "$TMP/prog.mu" | sed 's/.*_//' | paste -sd,)
[ -z "$mods" ] && finish "error: no thread functions"
N=$(echo "$mods" | tr ',' '\n' | wc -l)

case "$VARIANT" in
  shipped)
    [ "$N" = 3 ] && [ "$K" = 4 ] || finish "error: shipped formula needs 3 threads and K=4 (have N=$N)"
    cat "$FORMULADIR/formula-3t_4r_crossproduct_precise.mu" > "$TMP/formula.mu" ;;
  orig|strict)
    python3 "$GEN" "$N" "$K" "$mods" "$VARIANT" > "$TMP/formula.mu" || finish "error: formula generation" ;;
  *) finish "error: unknown VARIANT $VARIANT" ;;
esac
cat "$TMP/prog.mu" "$TMP/formula.mu" > "$TMP/all.mu"
[ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$TMP/all.mu" "$KEEP/$(basename "$FILE" .bp).K$K.$VARIANT.mu"

rem=$(awk -v t="$TIMEOUT" -v e="$(elapsed)" 'BEGIN{r=int(t-e); if(r<1) r=1; print r}')
( cd "$TMP" && timeout "$rem" "$MUCKE" -bman "$BMAN" all.mu ) > "$TMP/mucke.out" 2>&1
rc=$?
[ $rc -eq 124 ] && finish timeout
# the last evaluated formula (the reachability check) is printed as  ": is\n:   true|false"
res=$(grep -A1 '^: is$' "$TMP/mucke.out" | tail -1 | tr -d ': ')
if [ $rc -eq 0 ] && [ "$res" = true ]; then finish reachable; fi
if [ $rc -eq 0 ] && [ "$res" = false ]; then finish unreachable; fi
msg=$(grep -iE 'error|abort|undefined|terminate' "$TMP/mucke.out" | head -2 | tr '\n' ' ' | tr -s ' ' | cut -c1-200)
[ $rc -ge 128 ] && msg="signal $((rc-128)) $msg"
finish "error: mucke rc=$rc $msg"
