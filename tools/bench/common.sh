# Shared by the benchmark scripts (sourced): strict mode, the source root,
# a scratch directory removed on exit, and the bf16 matmul program they time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# write_matmul N FILE: an hlo program of one bf16 [N,N] x [N,N] matmul.
write_matmul() {
  cat > "$2" <<MLIR
func.func @main(%x: tensor<$1x$1xbf16>, %w: tensor<$1x$1xbf16>) -> tensor<$1x$1xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<$1x$1xbf16>, tensor<$1x$1xbf16>) -> tensor<$1x$1xf32>
  return %y : tensor<$1x$1xf32>
}
MLIR
}
