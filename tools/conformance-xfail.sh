#!/bin/sh
# Rewrites test/conformance/SUITE.xfail from a run of a tpu-conformance suite
# (stablehlo-testdata or stablehlo-interpret): every case that fails today,
# with its stage and cause. Run it after a change makes cases pass (the
# suite reports those as failures until they leave the list) and review the
# diff: it must only shrink.
#   tools/conformance-xfail.sh BUILD_DIR [SUITE [SUITE_DIR]]
set -eu
build=${1:?usage: tools/conformance-xfail.sh BUILD_DIR [SUITE [SUITE_DIR]]}
name=${2:-stablehlo-testdata}
root=$(cd "$(dirname "$0")/.." && pwd)
suite=${3:-$root/../shared/conformance/$name}
out=$root/test/conformance/$name.xfail
{
  echo "# Cases of ../shared/conformance/$name that fail today, with"
  echo "# why (tpu-conformance --xfail reads the first word of each line). A case"
  echo "# that starts to pass fails the suite until it is taken off this list."
  echo "# Regenerate with tools/conformance-xfail.sh BUILD_DIR $name;"
  echo "# docs/conformance.md groups the causes."
  "$build/bin/tpu-conformance" "$suite" -v 2>/dev/null |
    sed -n -E 's/^X?FAIL ([^ ]*) \(([a-z]*)\): (loc\([^)]*\): )?(.*)$/\1  # \2: \4/p' |
    grep -v 'passes but is listed' | cut -c1-150 | sed 's/ *$//'
} > "$out"
echo "$(grep -vc '^#' "$out") expected failures written to $out"
