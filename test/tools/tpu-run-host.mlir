// Host interface of tpu-run: .npy inputs and outputs, steps per call and
// the premapped host buffer.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %tpu_src_root/test/tools/Inputs/write_npy.py %t/x.npy '<f4' 2,3 1,-2,3.5,-4,5,-6
// RUN: %python %tpu_src_root/test/tools/Inputs/write_npy.py %t/n.npy '<i4' 2,3 1,2,3,4,5,6

// An f32 file and an i32 file in, the first result to a file, the second
// printed; the file read back gives the same numbers.
// RUN: tpu-run %s --input=@%t/x.npy --input=@%t/n.npy --output=@%t/y.npy | FileCheck %s --check-prefix=NPY
// NPY-NOT: result[0]
// NPY: result[1]: 2x3xi32=[2 3 4][5 6 7]
// RUN: tpu-run %s --function=identity --input=@%t/y.npy | FileCheck %s --check-prefix=BACK
// BACK: result[0]: 2x3xf32=[1 2 3.5][4 5 6]

// bf16 results are written widened to f32; an f32 file feeds a bf16
// argument.
// RUN: tpu-run %s --function=halve --input=@%t/x.npy --output=@%t/h.npy
// RUN: tpu-run %s --function=halve --input=@%t/h.npy | FileCheck %s --check-prefix=BF16
// BF16: result[0]: 2x3xbf16=[0.0625 -0.125 0.21875][-0.25 0.3125 -0.375]

// --reference takes inputs exactly as the simulated run does: an f32 file
// for a bf16 argument is rounded to bf16 first (1.00390625 is a tie that
// rounds to even, 1; 1.01171875 rounds to 1.015625), and a mistyped input
// is the same error.
// RUN: %python %tpu_src_root/test/tools/Inputs/write_npy.py %t/r.npy '<f4' 2,3 1.00390625,1.01171875,3,-1.00390625,5,6
// RUN: tpu-run %s --function=halve --input=@%t/r.npy | FileCheck %s --check-prefix=ROUND
// RUN: tpu-run %s --function=halve --input=@%t/r.npy --reference | FileCheck %s --check-prefix=ROUND
// ROUND: result[0]: 2x3xbf16=[0.25 0.2539062 0.75][-0.25 1.25 1.5]
// RUN: not tpu-run %s --input=@%t/n.npy --input=@%t/n.npy --reference 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not tpu-run %s --input=@%t/x.npy --reference 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tpu-run: function 'main' takes 2 arguments, but 1 inputs were given

// A mistyped or malformed file is an error naming it.
// RUN: not tpu-run %s --input=@%t/n.npy --input=@%t/n.npy 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: argument 0 of 'main' must be 2x3xf32, but the input is 2x3xi32
// RUN: printf 'not numpy' > %t/bad.npy
// RUN: not tpu-run %s --input=@%t/bad.npy --input=@%t/n.npy 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --input=@{{.*}}bad.npy: {{.*}}bad.npy: malformed .npy file: it does not start with \x93NUMPY
// RUN: not tpu-run %s --input=@%t/missing.npy --input=@%t/n.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cannot open {{.*}}missing.npy

// Ten steps per call pay the 30 us launch once.
// RUN: tpu-run %s --input=@%t/x.npy --input=@%t/n.npy --steps=10 --stats-json=%t/stats.json | FileCheck %s --check-prefix=STEPS
// STEPS: host call {{.*}} for 10 step(s): launch 30.000 us, host link {{.*}} (2048 bytes in, 2048 out per step)
// RUN: FileCheck %s --check-prefix=JSON < %t/stats.json
// JSON: "steps": 10,
// JSON: "launch_overhead_s": 3e-05,
// JSON: "host_in_bytes": 2048,
// RUN: not tpu-run %s --input=@%t/x.npy --input=@%t/n.npy --steps=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: --steps must be at least 1

// The premapped host buffer: its size must be whole pages, and a buffer too
// small for the transfers is RESOURCE_EXHAUSTED (exit 2).
// RUN: env TPU_PREMAPPED_BUFFER_SIZE=5000 not tpu-run %s --input=@%t/x.npy --input=@%t/n.npy 2>&1 | FileCheck %s --check-prefix=PAGES
// PAGES: TPU_PREMAPPED_BUFFER_SIZE=5000 is not a multiple of 4096
// RUN: sh -c 'TPU_PREMAPPED_BUFFER_SIZE=8192 tpu-run %s --function=big --input=8x1024xf32=1 2> %t/oom.txt; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=OOM < %t/oom.txt
// OOM: RESOURCE_EXHAUSTED: Attempting to allocate 32768. That was not possible. There are 8192 free.
// With transfers capped at 1 KiB they go in pieces and fit.
// RUN: env TPU_PREMAPPED_BUFFER_SIZE=8192 TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES=1024 tpu-run %s --function=big --input=8x1024xf32=1 | FileCheck %s --check-prefix=PIECES
// PIECES: result[0]: 8x1024xf32=[2 2

func.func @main(%x: tensor<2x3xf32>, %n: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %a = hlo.abs %x : tensor<2x3xf32>
  %one = hlo.constant dense<1> : tensor<2x3xi32>
  %m = hlo.add %n, %one : tensor<2x3xi32>
  return %a, %m : tensor<2x3xf32>, tensor<2x3xi32>
}

func.func @identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = hlo.copy %x : tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}

func.func @halve(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %h = hlo.constant dense<0.25> : tensor<2x3xbf16>
  %y = hlo.multiply %x, %h : tensor<2x3xbf16>
  return %y : tensor<2x3xbf16>
}

func.func @big(%x: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
  %y = hlo.add %x, %x : tensor<8x1024xf32>
  return %y : tensor<8x1024xf32>
}
