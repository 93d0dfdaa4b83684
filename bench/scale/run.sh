#!/bin/sh
# Times loop2cuda on generated files of 2,500 to 20,000 lines (one marked
# loop per 40 lines, so 500 loops at 20,000) and prints the time per line:
# a flat last column means translation time is linear in source size. Two
# layouts: functions of five loops each (more functions as the file grows),
# and functions of twenty loops (statement lists of about 800 lines).
# us/line is CPU time (user + system) per line: on a shared machine the
# wall seconds also measure the neighbours.
#
#   bench/scale/run.sh [BUILD_DIR]     (default: build)
set -e
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
tool="$build/bin/loop2cuda"
[ -x "$tool" ] || { echo "no $tool: build target loop2cuda first" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%-23s %8s %6s %10s %10s %10s\n' layout lines loops seconds \
  'cpu s' 'us/line'
for layout in five-loops-a-function twenty-loops-a-function; do
  for lines in 2500 5000 10000 20000; do
    loops=$((lines / 40))
    functions=
    [ "$layout" = twenty-loops-a-function ] && functions=$((loops / 20))
    python3 "$here/gen.py" "$lines" "$loops" $functions > "$dir/scale.cpp"
    start=$(date +%s.%N)
    /usr/bin/time -f '%U %S' -o "$dir/cpu" \
      "$tool" "$dir/scale.cpp" -o "$dir/out" -- -std=c++17 > "$dir/log" 2>&1 ||
      { cat "$dir/log" >&2; exit 1; }
    end=$(date +%s.%N)
    echo "$layout $lines $loops $start $end $(cat "$dir/cpu")" | awk '{
      s = $5 - $4; c = $6 + $7;
      printf "%-23s %8d %6d %10.3f %10.3f %10.1f\n", $1, $2, $3, s, c,
        c / $2 * 1e6 }'
  done
done
