// The Keras MNIST convolution model (docs/examples/keras_mnist_conv_*.mlir)
// as TOSA, at batch 8, on the simulated TPU. With x = 0.5 and constant
// weights the logits are hand-computable:
//   conv1 = 9 * 0.5 * 0.1 + 0.01 = 0.46, conv2 = 2304 * 0.46 * 0.001 + 0.01
//   = 1.06984, dense3 = 147456 * conv2 * 1e-4 + 0.1 = 15.8754..., dense4 =
//   256 * dense3 * 0.01 = 40.6411..., logits = 128 * dense4 * 0.02 + 0.5
//   = 104.5412... in exact arithmetic. Accumulating in f32 in contraction
// order, as the MXU and XLA do, the 147456-term sum of dense3 drifts to
// 104.4222 (the evaluator models that accumulation too).
// The evaluator's reference run of this network takes 18 s in Release and
// over ten minutes under ASan + UBSan; the sanitizer suite covers the same
// code with the smaller convolution tests (e2e/convolution.mlir).
// UNSUPPORTED: asan
// RUN: tpu-run %S/Inputs/keras_mnist_conv_b8.mlir @%S/Inputs/keras_mnist_conv_args.txt --reference | FileCheck %s --check-prefix=REF
// REF: result[0]: 8x10xf32=[104.4222 104.4222
// With --default-precision=highest the MXU's six bf16 passes reproduce the
// f32 products, and the TPU agrees with the evaluator to the printed digit.
// RUN: tpu-run %S/Inputs/keras_mnist_conv_b8.mlir @%S/Inputs/keras_mnist_conv_args.txt --default-precision=highest | FileCheck %s --check-prefix=HIGHEST
// HIGHEST: result[0]: 8x10xf32=[104.4222 104.4222
// At DEFAULT precision the TPU rounds the f32 weights to bf16 on the MXU,
// which moves the logits by about 0.5%.
// RUN: tpu-run %S/Inputs/keras_mnist_conv_b8.mlir @%S/Inputs/keras_mnist_conv_args.txt | FileCheck %s --check-prefix=TPU
// TPU: result[0]: 8x10xf32=[104.9{{[0-9]*}} 104.9
// TPU: Simulated v3 TensorCore
// TPU: top kernels:
