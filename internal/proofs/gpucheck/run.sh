#!/usr/bin/env bash
# run.sh: the GPU cross-check of drfcheck's CUDA oracle (internal/proofs/gpucheck; the
# driver, go run ./proofs/gpucheck/cmd/gpucheck, writes this script into the
# folder of the cases it generates).
#
# Run from the repository's root on a machine with nvcc, compute-sanitizer
# and a GPU, with .gpu-crosscheck/ present (carried; it is git-ignored):
#
#   bash .gpu-crosscheck/run.sh
#
# It compiles every .gpu-crosscheck/*.cu with nvcc (in parallel), runs each
# binary plain, under compute-sanitizer --tool racecheck and under --tool
# synccheck (in parallel across binaries, each with a time limit; values.cu,
# the header API's values asserted on the GPU, runs plain only), and
# writes into $OUT (default ./gx-out) at most 7 files, none in a subfolder:
#   env.txt        tool versions, GPU, options chosen, phase times
#   build.log      nvcc's output per file, the cases dropped for nvcc errors
#   racecheck.log  (or .log.gz when large) the racecheck runs, one section per binary
#   synccheck.log  (or .log.gz) the synccheck runs
#   plain.log      (or .log.gz) the runs without a sanitizer
#   summary.txt    what the end of this script prints
# .gpu-crosscheck/compare.py (a copy of internal/proofs/gpucheck/compare.py) reads
# them back.
#
# The whole run stays under GX_BUDGET seconds (default 380): compilation
# stops at GX_BUILD_LIMIT (default 210 s from the start), sanitizer runs are
# not started (or restarted) past the budget less 25 s, and the logs are
# packed in the last seconds. Each binary runs its cases in order and prints
# CASE NAME INDEX / END NAME INDEX STATUS; a case that hangs (GX_TIMEOUT
# seconds, default 10) or breaks the CUDA context ends the process, and the
# binary is started again at the next case.
# (no set -u: empty arrays and old bash)
T0=$(date +%s)
OUT=${OUT:-$PWD/gx-out}
BUDGET=${GX_BUDGET:-380}
BUILD_LIMIT=${GX_BUILD_LIMIT:-210}
JOBS=${GX_JOBS:-16}
# -fmad=false: without it nvcc contracts a half product and a sum into
# one fused operation (one rounding instead of two), which the source does
# not say and the oracle does not do (on an H100, 2 of 3000 half values
# of values.cu differed by one ulp that way)
NVFLAGS=${GX_NVFLAGS:--arch=sm_90 -lineinfo -O1 -fmad=false}
export GX_TIMEOUT=${GX_TIMEOUT:-10}
WORK=${GX_WORK:-.gpu-crosscheck}
TMP=${GX_TMP:-/tmp/gx-run}
mkdir -p "$OUT"
rm -rf "$TMP"
mkdir -p "$TMP/bin" "$TMP/build" "$TMP/logs"
ENV="$OUT/env.txt"
: >"$ENV"
now() { echo $(($(date +%s) - T0)); }
note() { echo "[$(now)s] $*" | tee -a "$ENV"; }

note "run.sh starting in $PWD, OUT=$OUT, budget ${BUDGET}s"
# ---- the tools ------------------------------------------------------------
missing=""
for t in nvcc compute-sanitizer; do
  if ! command -v "$t" >/dev/null 2>&1; then
    for d in /usr/local/cuda/bin /usr/local/cuda-13*/bin /usr/local/cuda-12*/bin /opt/nvidia/*/cuda/bin; do
      if [ -x "$d/$t" ]; then export PATH="$d:$PATH"; break; fi
    done
  fi
  command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
done
{
  echo "== nvcc: $(command -v nvcc)"; nvcc --version 2>&1 | tail -3
  echo "== compute-sanitizer: $(command -v compute-sanitizer)"; compute-sanitizer --version 2>&1 | head -3
  echo "== nvidia-smi"; nvidia-smi --query-gpu=name,driver_version,compute_mode,memory.total --format=csv 2>&1 | head -3
  echo "== host: $(nproc) cores; $(uname -r)"
} >>"$ENV" 2>&1
tail -n +2 "$ENV"
if [ -n "$missing" ]; then
  note "MISSING:$missing; nothing was run"
  echo "MISSING:$missing" >"$OUT/summary.txt"
  exit 2
fi
if nvidia-smi --query-gpu=compute_mode --format=csv,noheader 2>/dev/null | grep -qi exclusive; then
  note "the GPU is in an exclusive compute mode: one sanitizer process at a time"
  RUNJOBS=1
else
  RUNJOBS=$JOBS
fi
ls $WORK/*.cu >/dev/null 2>&1 || { note "no $WORK/*.cu: was .gpu-crosscheck carried?"; echo "no sources" >"$OUT/summary.txt"; exit 2; }

# ---- compilation ------------------------------------------------------------
# compile_one FILE: nvcc, then again without the cases nvcc rejected (a
# generated file guards each case with #ifndef GX_SKIP_NAME and names it in
# #line directives, so nvcc's errors name the case), at most 4 times.
compile_one() {
  local src=$1 name log skips=() try out
  name=$(basename "$src" .cu)
  log="$TMP/build/$name.log"
  : >"$log"
  for try in 1 2 3 4; do
    local left=$((BUILD_DEADLINE - $(date +%s)))
    if [ "$left" -le 5 ]; then echo "GX_BUILD $name: no time left (try $try)" >>"$log"; return 1; fi
    echo "GX_BUILD $name try $try: nvcc $NVFLAGS ${skips[*]}" >>"$log"
    out=$(timeout -k 5 "$left" nvcc $NVFLAGS "${skips[@]}" -o "$TMP/bin/$name" "$src" 2>&1)
    local rc=$?
    printf '%s\n' "$out" >>"$log"
    if [ $rc -eq 0 ] && [ -x "$TMP/bin/$name" ]; then
      echo "GX_BUILD $name ok (try $try, skipped ${#skips[@]})" >>"$log"
      return 0
    fi
    [ $rc -eq 124 ] || [ $rc -eq 137 ] && { echo "GX_BUILD $name: timed out" >>"$log"; return 1; }
    # the cases named in error lines (k[0-9a-f]{8}.cu(LINE): error, .host,
    # or a mangled name in a ptxas error)
    local bad
    bad=$(printf '%s\n' "$out" | grep -iE -A4 'error|fatal' | grep -oE 'k[0-9a-f]{8}' | sort -u)
    [ -z "$bad" ] && { echo "GX_BUILD $name: failed, no case named in the errors" >>"$log"; return 1; }
    local b new=0
    for b in $bad; do
      if ! printf '%s\n' "${skips[@]}" | grep -qx -- "-DGX_SKIP_$b"; then
        skips+=("-DGX_SKIP_$b"); new=1
        echo "GX_SKIPPED $name $b" >>"$log"
      fi
    done
    [ $new -eq 0 ] && { echo "GX_BUILD $name: failed again on the same cases" >>"$log"; return 1; }
  done
  echo "GX_BUILD $name: failed after 4 tries" >>"$log"
  return 1
}
export -f compile_one
export TMP NVFLAGS
BUILD_DEADLINE=$((T0 + BUILD_LIMIT))
export BUILD_DEADLINE

# the smoke test first (it calibrates the sanitizer's options), the rest in
# the background meanwhile, the generated files before the real ones
note "compiling $(ls $WORK/*.cu | wc -l) files with nvcc $NVFLAGS, $JOBS at a time"
ls $WORK/prog_*.cu $WORK/real_*.cu $WORK/values.cu 2>/dev/null | xargs -P "$((JOBS > 1 ? JOBS - 1 : 1))" -I{} bash -c 'compile_one "$@"' _ {} &
BUILD_PID=$!
SMOKE=""
if [ -f $WORK/smoke.cu ] && compile_one $WORK/smoke.cu; then SMOKE=$TMP/bin/smoke; fi
note "smoke test compiled: ${SMOKE:-no}"

# ---- sanitizer options, checked on the smoke test -----------------------------
help=$(compute-sanitizer --help 2>&1)
has() { grep -q -- "$1" <<<"$help"; }
COMMON=()
has --destroy-on-device-error && COMMON+=(--destroy-on-device-error kernel)
has --print-limit && COMMON+=(--print-limit 100000)
has --show-backtrace && COMMON+=(--show-backtrace no)
RACE=(--tool racecheck)
has --racecheck-report && RACE+=(--racecheck-report "${GX_RACECHECK_REPORT:-hazard}")
has --racecheck-detect-level && RACE+=(--racecheck-detect-level info)
SYNC=(--tool synccheck)
# probe TOOLOPTS...: runs the smoke test (first case only) and says whether
# the sanitizer accepted the options and the program ran to its end
probe() {
  [ -z "$SMOKE" ] && return 0
  local out
  out=$(GX_TIMEOUT=20 timeout -k 5 60 compute-sanitizer "$@" "$SMOKE" 0 4 2>&1)
  printf '%s\n' "$out" | head -60 >>"$ENV"
  grep -q '^ALLDONE' <<<"$out"
}
{ echo "== probing the sanitizer's options on the smoke test"; } >>"$ENV"
if ! probe "${COMMON[@]}" "${RACE[@]}"; then
  note "racecheck did not run with: ${COMMON[*]} ${RACE[*]}; trying fewer options"
  COMMON=(); has --print-limit && COMMON+=(--print-limit 100000)
  RACE=(--tool racecheck); has --racecheck-report && RACE+=(--racecheck-report hazard)
  probe "${COMMON[@]}" "${RACE[@]}" || { COMMON=(); RACE=(--tool racecheck); }
fi
probe "${COMMON[@]}" "${SYNC[@]}" || note "synccheck did not run the smoke test to its end with: ${COMMON[*]} ${SYNC[*]}"
note "racecheck: compute-sanitizer ${COMMON[*]} ${RACE[*]}"
note "synccheck: compute-sanitizer ${COMMON[*]} ${SYNC[*]}"

wait $BUILD_PID
shopt -s nullglob
built=("$TMP"/bin/*)
note "compiled $(ls "$TMP"/bin | wc -l) binaries; $(cat "$TMP"/build/*.log | grep -c '^GX_SKIPPED') cases dropped for nvcc errors"

# ---- runs -------------------------------------------------------------------
RUN_DEADLINE=$((T0 + BUDGET - 25))
export RUN_DEADLINE
# run_job MODE BINARY: runs the binary's cases from 0, again from the case
# after the one that ended the process, until ALLDONE, a crash before any
# case, no progress, or the deadline; all output in one log
run_job() {
  local mode=$1 bin=$2 name log first=0 tries=0 rc last
  name=$(basename "$bin")
  log="$TMP/logs/$mode.$name.log"
  : >"$log"
  local cmd=()
  case $mode in
    plain) cmd=() ;;
    racecheck) cmd=(compute-sanitizer $GX_COMMON $GX_RACE) ;;
    synccheck) cmd=(compute-sanitizer $GX_COMMON $GX_SYNC) ;;
  esac
  while :; do
    local left=$((RUN_DEADLINE - $(date +%s)))
    if [ "$left" -le 3 ]; then echo "GX_RUN $mode $name: deadline before case $first" >>"$log"; break; fi
    local limit=$((left < 240 ? left : 240))
    echo "GX_RUN $mode $name from $first (limit ${limit}s)" >>"$log"
    local t=$(date +%s)
    timeout -k 10 "$limit" "${cmd[@]}" "$bin" "$first" >>"$log" 2>&1
    rc=$?
    echo "GX_EXIT $mode $name rc=$rc after $(($(date +%s) - t))s" >>"$log"
    grep -aq '^ALLDONE' "$log" && break
    last=$(grep -aoE '^CASE [A-Za-z0-9_]+ [0-9]+' "$log" | tail -1 | awk '{print $3}')
    [ -z "$last" ] && break
    [ "$last" -lt "$first" ] && break  # ended before its first case
    first=$((last + 1))
    tries=$((tries + 1))
    [ $tries -ge 30 ] && { echo "GX_RUN $mode $name: too many restarts" >>"$log"; break; }
  done
}
export -f run_job
export GX_COMMON="${COMMON[*]}" GX_RACE="${RACE[*]}" GX_SYNC="${SYNC[*]}"

jobs_file=$TMP/jobs.txt
: >"$jobs_file"
# racecheck and synccheck of each binary side by side (under the deadline
# both tools cover the same cases), the smoke test first, the plain runs last
for b in "$TMP"/bin/smoke "$TMP"/bin/prog_* "$TMP"/bin/real_*; do
  [ -x "$b" ] && echo "racecheck $b" >>"$jobs_file" && echo "synccheck $b" >>"$jobs_file"
done
for b in "$TMP"/bin/smoke "$TMP"/bin/values "$TMP"/bin/prog_* "$TMP"/bin/real_*; do
  [ -x "$b" ] && echo "plain $b" >>"$jobs_file"
done
note "running $(wc -l <"$jobs_file") jobs, $RUNJOBS at a time"
xargs -P "$RUNJOBS" -L 1 bash -c 'run_job "$@"' _ <"$jobs_file"
note "runs done"

# ---- packing ----------------------------------------------------------------
pack() { # pack NAME FILES...: concatenates into $OUT/NAME.log, gzipped when over 12 MB
  local name=$1; shift
  local f dest="$OUT/$name.log"
  : >"$dest"
  for f in "$@"; do
    [ -f "$f" ] || continue
    echo "##### GX_FILE $(basename "$f" .log)" >>"$dest"
    cat "$f" >>"$dest"
  done
  if [ "$(stat -c %s "$dest")" -gt $((12 * 1024 * 1024)) ]; then
    gzip -f "$dest"
    if [ "$(stat -c %s "$dest.gz")" -gt $((15 * 1024 * 1024)) ]; then
      # too large to come back: keep at most 300 sanitizer lines after each
      # CASE marker (reports name their case; the rest is counted)
      rm -f "$dest.gz"
      for f in "$@"; do
        [ -f "$f" ] || continue
        echo "##### GX_FILE $(basename "$f" .log)"
        awk '/^CASE /{n=0} /^=========/{n++; if (n>300) {cut++; next}} {print} END {if (cut) print "GX_CUT " cut " sanitizer lines"}' "$f"
      done | gzip >"$dest.gz"
    fi
  fi
}
pack build "$TMP"/build/*.log
pack racecheck "$TMP"/logs/racecheck.*.log
pack synccheck "$TMP"/logs/synccheck.*.log
pack plain "$TMP"/logs/plain.*.log

count() { # count MODE PATTERN: lines matching in that mode's logs
  cat "$TMP"/logs/"$1".*.log 2>/dev/null | grep -acE "$2"
}
{
  echo "== summary after $(now)s"
  echo "binaries: $(ls "$TMP"/bin | wc -l) of $(ls $WORK/*.cu | wc -l) files; cases dropped for nvcc errors: $(cat "$TMP"/build/*.log | grep -c '^GX_SKIPPED')"
  for f in "$TMP"/build/*.log; do grep -q 'GX_BUILD .* ok' "$f" || echo "  not built: $(basename "$f" .log)"; done
  for m in plain racecheck synccheck; do
    echo "$m: cases started $(count $m '^CASE '), ended $(count $m '^END '), ALLDONE $(count $m '^ALLDONE'), timeouts $(count $m '^TIMEOUT'), context lost $(count $m '^CONTEXT_LOST'), launch errors $(count $m '^LAUNCH_ERROR'), sync errors $(count $m '^SYNC_ERROR'), deadline stops $(count $m 'deadline before')"
  done
  echo "racecheck: hazard reports $(count racecheck 'hazard detected'), race reports $(count racecheck 'Race reported'), summaries: $(cat "$TMP"/logs/racecheck.*.log 2>/dev/null | grep -a 'RACECHECK SUMMARY' | awk '{s+=$4} END {print s+0}') hazards displayed"
  echo "synccheck: barrier errors $(count synccheck 'Barrier error'), other errors $(cat "$TMP"/logs/synccheck.*.log 2>/dev/null | grep -aE '^========= [A-Za-z]' | grep -avE 'COMPUTE-SANITIZER|SUMMARY|Barrier error|Target application|Saved host|Host Frame|Device Frame' | grep -ac .)"
  echo "files in $OUT:"; ls -la "$OUT"
} | tee "$OUT/summary.txt"
note "done"
