//===- TPUOps.td - TensorCore operations --------------------*- tablegen -*-===//
//
// The operations a TensorCore executes, on buffers in explicit memory
// spaces: DMA between HBM and VMEM, the MXU on VMEM tiles, and the vector
// unit over VMEM blocks processed (8,128) register by register. A kernel
// (tpu.kernel) scopes its VMEM scratch so that its footprint can be checked
// against the target. Loops are scf.for. See docs/dialects/tpu.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_TPU_TPUOPS_TD
#define TPU_DIALECTS_TPU_TPUOPS_TD

include "dialects/tpu/TPUAttrs.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Memory spaces and types
//===----------------------------------------------------------------------===//

def TPU_MemorySpace : I32EnumAttr<"MemorySpace", "TensorCore memory space", [
    I32EnumAttrCase<"hbm", 0>,
    I32EnumAttrCase<"vmem", 1>,
    I32EnumAttrCase<"smem", 2>]> {
  let cppNamespace = "::mlir::tpu";
  let genSpecializedAttr = 0;
}

def TPU_MemorySpaceAttr : EnumAttr<TPU_Dialect, TPU_MemorySpace,
                                   "memory_space"> {
  let summary = "Where a buffer lives: hbm, vmem or smem";
  let description = [{
    The memory space of a `memref`: `#tpu.memory_space<hbm>` (off-chip,
    addressed by DMA only), `<vmem>` (the on-chip vector memory the MXU and
    the vector unit read and write) or `<smem>` (scalar memory).
  }];
  let assemblyFormat = "`<` $value `>`";
}

def TPU_SemaphoreType : TypeDef<TPU_Dialect, "Semaphore"> {
  let mnemonic = "semaphore";
  let summary = "A DMA completion semaphore";
  let description = [{
    DMAs started on a semaphore signal it when they complete;
    `tpu.dma_wait` blocks until all of them have.
  }];
}

def TPU_Precision : I32EnumAttr<"Precision", "MXU precision", [
    I32EnumAttrCase<"default_", 0, "default">,
    I32EnumAttrCase<"highest", 1>]> {
  let cppNamespace = "::mlir::tpu";
}

def TPU_VectorKind : I32EnumAttr<"VectorKind", "vector unit operation", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"sub", 1>,
    I32EnumAttrCase<"mul", 2>, I32EnumAttrCase<"div", 3>,
    I32EnumAttrCase<"max", 4>, I32EnumAttrCase<"min", 5>,
    I32EnumAttrCase<"neg", 6>, I32EnumAttrCase<"abs", 7>,
    I32EnumAttrCase<"exp", 8>, I32EnumAttrCase<"log", 9>,
    I32EnumAttrCase<"tanh", 10>, I32EnumAttrCase<"logistic", 11>,
    I32EnumAttrCase<"sqrt", 12>, I32EnumAttrCase<"rsqrt", 13>,
    I32EnumAttrCase<"convert", 14>, I32EnumAttrCase<"copy", 15>,
    I32EnumAttrCase<"eq", 16>, I32EnumAttrCase<"ne", 17>,
    I32EnumAttrCase<"lt", 18>, I32EnumAttrCase<"le", 19>,
    I32EnumAttrCase<"gt", 20>, I32EnumAttrCase<"ge", 21>,
    I32EnumAttrCase<"select", 22>,
    I32EnumAttrCase<"and_", 23, "and">, I32EnumAttrCase<"or_", 24, "or">,
    I32EnumAttrCase<"xor_", 25, "xor">, I32EnumAttrCase<"not_", 26, "not">,
    I32EnumAttrCase<"shl", 27>, I32EnumAttrCase<"shrl", 28>,
    I32EnumAttrCase<"shra", 29>, I32EnumAttrCase<"floor", 30>,
    I32EnumAttrCase<"ceil", 31>, I32EnumAttrCase<"round_even", 32>,
    I32EnumAttrCase<"sin", 33>, I32EnumAttrCase<"cos", 34>,
    I32EnumAttrCase<"erf", 35>, I32EnumAttrCase<"tan", 36>,
    I32EnumAttrCase<"cbrt", 37>, I32EnumAttrCase<"expm1", 38>,
    I32EnumAttrCase<"log1p", 39>, I32EnumAttrCase<"round_afz", 40>,
    I32EnumAttrCase<"popcnt", 41>, I32EnumAttrCase<"clz", 42>,
    I32EnumAttrCase<"rem", 43>, I32EnumAttrCase<"pow", 44>,
    I32EnumAttrCase<"atan2", 45>, I32EnumAttrCase<"bitcast", 46>,
    I32EnumAttrCase<"sinh", 47>, I32EnumAttrCase<"cosh", 48>,
    I32EnumAttrCase<"asinh", 49>, I32EnumAttrCase<"acosh", 50>,
    I32EnumAttrCase<"atanh", 51>, I32EnumAttrCase<"erfc", 52>,
    I32EnumAttrCase<"lgamma", 53>]> {
  let cppNamespace = "::mlir::tpu";
}

def TPU_ReduceKind : I32EnumAttr<"ReduceKind", "vector unit reduction", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"prod", 3>]> {
  let cppNamespace = "::mlir::tpu";
}

class TPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TPU_Dialect, mnemonic, traits>;

def TPU_AnyMemRef : MemRefOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// Kernels and buffers
//===----------------------------------------------------------------------===//

def TPU_KernelOp : TPU_Op<"kernel", [SingleBlock, NoTerminator]> {
  let summary = "One kernel: the scope of its VMEM and SMEM scratch";
  let description = [{
    A kernel runs on one TensorCore of the module's target (`tpu.target`,
    v3 when the module names none). Its body allocates on-chip scratch with
    `tpu.alloc`, moves data with DMAs and computes; every allocation lives
    for the whole kernel, so the footprint is their sum and must fit the
    target's VMEM (kernel_c1).

    ```mlir
    tpu.kernel "fusion_3" {
      %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
      ...
    }
    ```
  }];
  let arguments = (ins StrAttr:$name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name attr-dict-with-keyword $body";
  // After the body, so that the footprint is summed over valid buffers.
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The bytes of on-chip scratch the body allocates, by memory space.
    int64_t scratchBytes(::mlir::tpu::MemorySpace space);
  }];
}

//===----------------------------------------------------------------------===//
// Program control: what the scalar core runs between kernels
//===----------------------------------------------------------------------===//

def TPU_CopyOp : TPU_Op<"copy", [AllTypesMatch<["src", "dst"]>]> {
  let summary = "Copy one HBM buffer into another";
  let description = [{
    A DMA from HBM to HBM between kernels, of the whole buffer: how a loop
    passes its initial values and its body's results into the carried
    buffers, and a branch its results into the op's. Both buffers have one
    type (copy_c1).

    ```mlir
    tpu.copy %a, %b : memref<8x128xf32, #tpu.memory_space<hbm>>
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$src, TPU_AnyMemRef:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def TPU_CollectiveOp : TPU_Op<"collective"> {
  let summary = "A collective over ICI, or the device's id, between kernels";
  let description = [{
    What an hlo collective (`all_reduce`, `all_gather`, `reduce_scatter`,
    `all_to_all`, `collective_permute`) or `device_id` becomes: the scalar
    core of every device of the slice starts it once what came before has
    finished, the ICI moves the tensors and the result is written to `dst`.
    `src_type` and `dst_type` are the logical tensors with their layouts, as
    the runtime reads and writes them; `params` holds the hlo op's
    attributes. Both buffers are in HBM (collective_c1).

    ```mlir
    tpu.collective "all_reduce" from %a : memref<8x128xf32, #tpu.memory_space<hbm>>
        into %b {params = {kind = #hlo<reduce_kind sum>,
        groups = dense<[[0, 1]]> : tensor<1x2xi64>}, src_type = ...,
        dst_type = ...} : memref<8x128xf32, #tpu.memory_space<hbm>>
    ```
  }];
  let arguments = (ins StrAttr:$kind, Optional<TPU_AnyMemRef>:$src,
                       TPU_AnyMemRef:$dst, OptionalAttr<TypeAttr>:$src_type,
                       TypeAttr:$dst_type, DictionaryAttr:$params);
  let assemblyFormat = [{
    $kind (`from` $src^ `:` type($src))? `into` $dst attr-dict `:` type($dst)
  }];
  let hasVerifier = 1;
}

def TPU_WhileOp : TPU_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "Run the body's kernels while the condition's holds";
  let description = [{
    The scalar core runs `cond`'s kernels, reads the predicate its
    `tpu.condition` names (an HBM buffer whose first element is an i1 or an
    integer, non-zero for true) once they finish, and runs `body`'s kernels
    and repeats while it holds. The kernels exist once however often they
    run. `trip_count`, when the compiler can tell, is how often the body
    runs whatever the inputs (for timing without values).

    ```mlir
    tpu.while {
      tpu.kernel "compare_3" { ... }
      tpu.condition %p : memref<1x1xi1, #tpu.memory_space<hbm>>
    } do {
      tpu.kernel "fusion_1" { ... }
      tpu.yield
    }
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$trip_count);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $cond `do` $body";
  let hasRegionVerifier = 1;
}

def TPU_CaseOp : TPU_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "Run the kernels of the branch an HBM scalar selects";
  let description = [{
    The scalar core reads the first element of `index` (an HBM buffer of
    integers or i1) once the kernels before it finish, and runs branch
    `index`, or the last branch when it is negative or too large.

    ```mlir
    tpu.case %i : memref<1x1xi32, #tpu.memory_space<hbm>> {
      tpu.kernel "negate_0" { ... }
      tpu.yield
    }, {
      tpu.yield
    }
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$index);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let assemblyFormat = "$index attr-dict-with-keyword `:` type($index) $branches";
  let hasVerifier = 1;
}

def TPU_ConditionOp : TPU_Op<"condition", [Terminator, HasParent<"WhileOp">]> {
  let summary = "The predicate a loop's condition computed";
  let arguments = (ins TPU_AnyMemRef:$pred);
  let assemblyFormat = "$pred attr-dict `:` type($pred)";
  let hasVerifier = 1;
}

def TPU_YieldOp : TPU_Op<"yield", [Terminator, ParentOneOf<["WhileOp", "CaseOp"]>]> {
  let summary = "The end of a loop body or a branch";
  let assemblyFormat = "attr-dict";
}

def TPU_AllocOp : TPU_Op<"alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "On-chip scratch for the enclosing kernel";
  let description = [{
    A VMEM or SMEM buffer that lives for the enclosing `tpu.kernel`
    (alloc_c1). Its type has a static shape, the identity layout and an
    element type the TPU stores (alloc_c2). VMEM holds whole (8,128) tiles,
    so a block occupies its size with the two minor dimensions rounded up to
    8 sublanes and 128 lanes (XLA's T(8,128) rule, 4 bytes per i1); that is
    what counts against the target's VMEM.
  }];
  let results = (outs TPU_AnyMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TPU_HbmBufferOp : TPU_Op<"hbm_buffer", [Pure]> {
  let summary = "A buffer in the program's HBM region";
  let description = [{
    The HBM buffer that buffer assignment placed at `offset` bytes into the
    program's region (tpu.hbm_offsets); offsets are multiples of 512
    (hbm_buffer_c1) and the type is in HBM (hbm_buffer_c2). A constant
    carries its contents as `value`, in the buffer's physical shape
    (hbm_buffer_c3); the executable stores them and the runtime writes them
    before the first kernel runs.

    ```mlir
    %w = tpu.hbm_buffer offset 4096 value dense<1.0> : memref<8x128xf32, #tpu.memory_space<hbm>>
    ```
  }];
  let arguments = (ins I64Attr:$offset, OptionalAttr<ElementsAttr>:$value);
  let results = (outs TPU_AnyMemRef:$result);
  let assemblyFormat =
      "`offset` $offset (`value` $value^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TPU_SemaphoreAllocOp : TPU_Op<"sem_alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "A DMA semaphore for the enclosing kernel";
  let results = (outs TPU_SemaphoreType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

def TPU_DmaStartOp : TPU_Op<"dma_start", [AttrSizedOperandSegments]> {
  let summary = "Start copying a window between HBM and VMEM";
  let description = [{
    Copies the window of `sizes` elements starting at `src[src_indices]` to
    `dst[dst_indices]`, asynchronously; `tpu.dma_wait` on `sem` waits for
    it. One side is HBM and the other VMEM (dma_c1); element types and ranks
    match and there is one index per dimension (dma_c2); the window fits in
    both buffers wherever the indices are constants (dma_c3).

    `strides`, when present, gives the HBM side's step per dimension: the
    window reads or writes every `strides[d]`-th element there, and stays
    dense in VMEM (dma_c4: one non-zero stride per dimension). A strided
    convolution reads its input rows this way; a negative stride walks
    down from the start index, which is how `hlo.reverse` is read.

    With `masked`, the window is clipped to the HBM buffer instead: the
    elements of it outside the HBM buffer, before its start or past its end,
    are not transferred (a read fills them with zeros in the VMEM block).
    This is how a block grid that does not divide a dimension, a VMEM block
    wider than a tile-padded operand, or a convolution window over the
    input's zero padding reads and writes its edge blocks; the window must
    still fit in the VMEM buffer.

    ```mlir
    tpu.dma_start %x[%i, %c0], %xv[%c0, %c0], %sem, sizes = [128, 512]
        : memref<1024x512xbf16, #tpu.memory_space<hbm>>,
          memref<128x512xbf16, #tpu.memory_space<vmem>>
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$src, Variadic<Index>:$src_indices,
                       TPU_AnyMemRef:$dst, Variadic<Index>:$dst_indices,
                       TPU_SemaphoreType:$sem, DenseI64ArrayAttr:$sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       UnitAttr:$masked);
  let assemblyFormat = [{
    $src `[` $src_indices `]` `,` $dst `[` $dst_indices `]` `,` $sem `,`
    `sizes` `=` $sizes (`strides` `=` $strides^)? (`masked` $masked^)?
    attr-dict `:` type($src) `,` type($dst)
  }];
  let extraClassDeclaration = [{
    /// The HBM-side step of dimension `d` (1 without `strides`).
    int64_t getStride(unsigned d) {
      if (std::optional<::llvm::ArrayRef<int64_t>> s = getStrides())
        return d < s->size() ? (*s)[d] : 1;
      return 1;
    }
  }];
  let hasVerifier = 1;
}

def TPU_DmaWaitOp : TPU_Op<"dma_wait"> {
  let summary = "Wait for every DMA started on a semaphore";
  let arguments = (ins TPU_SemaphoreType:$sem);
  let assemblyFormat = "$sem attr-dict";
}

//===----------------------------------------------------------------------===//
// MXU
//===----------------------------------------------------------------------===//

def TPU_MatmulOp : TPU_Op<"matmul"> {
  let summary = "acc (+)= lhs x rhs on the MXUs";
  let description = [{
    `rhs` [K, N] is loaded into the systolic arrays as weights, `lhs`
    [M, K] streams through, and the f32 products accumulate into `acc`
    [M, N] (or overwrite it without `accumulate`). Inputs are bf16, or f32
    rounded to bf16 at `precision = default` and split into three bf16
    passes at `highest`, as the hardware does for f32 products. All three
    are VMEM buffers (matmul_c1) of one rank with matching matrix shapes
    (matmul_c2), an f32 accumulator (matmul_c3), and tile-aligned: M a
    multiple of 8, K and N multiples of 128 (matmul_c4).

    Dimensions before the two matrix ones are a batch: `acc` has them, and
    each operand either has the same ones or only 1s there, in which case
    its one matrix serves every batch element (matmul_c2). Weights shared
    by the batch stay in the arrays while every batch element's rows
    stream through: this is how a convolution tap multiplies a block of
    output pixels. `transpose_rhs` reads rhs stored as
    [N, K] (the MXU loads weights transposed) and `transpose_lhs` reads lhs
    stored as [K, M] (through the transpose unit), so a layout that puts the
    contracting dimension second-minor costs no relayout copy.

    `window [m0, k0, n0] x [m, k, n]` multiplies only a sub-block: lhs
    rows [m0, m0 + m) and columns [k0, k0 + k), rhs rows [k0, k0 + k) and
    columns [n0, n0 + n), into acc rows [m0, m0 + m) and columns
    [n0, n0 + n), of every batch element. The buffers then need not
    match, only hold the window (matmul_c5), which is tile-aligned like a
    whole product (matmul_c6). A kernel uses it to start on the part of
    its first block that has arrived and to drain its last block's results
    part by part (docs/lowering.md).
  }];
  let arguments = (ins TPU_AnyMemRef:$lhs, TPU_AnyMemRef:$rhs,
                       TPU_AnyMemRef:$acc, UnitAttr:$accumulate,
                       DefaultValuedAttr<TPU_Precision,
                                         "::mlir::tpu::Precision::default_">:$precision,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$window_sizes);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`accumulate` $accumulate^)? `precision` `=` $precision
    (`transpose_lhs` $transpose_lhs^)? (`transpose_rhs` $transpose_rhs^)?
    (`window` $window_offsets^ `x` $window_sizes)?
    attr-dict `:` type($lhs) `,` type($rhs) `,` type($acc)
  }];
  let extraClassDeclaration = [{
    /// The product's [M, K, N] extents of lhs, rhs and acc (after the
    /// transposes), and the window: offsets and sizes along M, K and N.
    struct Window {
      std::array<int64_t, 3> offsets, sizes;
    };
    Window getWindow();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Vector unit
//===----------------------------------------------------------------------===//

def TPU_VectorOp : TPU_Op<"vector"> {
  let summary = "Elementwise vector-unit work over VMEM blocks";
  let description = [{
    `out[i] = kind(inputs[k][map_k(i)]...)` for every element of `out`,
    processed one (8,128) register at a time. `maps`, when present, gives
    each input its index map as in `hlo.broadcast_in_dim`: entry j names the
    output dimension that input dimension j follows, or is -1 for a
    dimension read at index 0. A bias row or a per-row statistic is thus
    read where it lies and broadcasts are never materialized. Operands are
    VMEM buffers (vector_c1); `maps` has one map per input, each with one
    entry per input dimension, naming distinct output dimensions (in
    any order: a permuted map is a transpose, done by the transpose unit),
    and a mapped dimension has the output's size; without
    `maps` every input has the output's shape (vector_c2). The arity and
    element types follow the kind: binary ops and `select`'s two values
    match `out`, comparisons produce i1, `select`'s first input is i1,
    `convert` changes the type (vector_c3). On i1, `add` is or and `mul`
    is and, as in `hlo`.

    ```mlir
    tpu.vector add(%acc, %bias) -> %out {maps = [array<i64: 0, 1>, array<i64: 1>]}
        : memref<128x256xf32, #tpu.memory_space<vmem>>,
          memref<256xf32, #tpu.memory_space<vmem>>
          -> memref<128x256xf32, #tpu.memory_space<vmem>>
    ```
  }];
  let arguments = (ins TPU_VectorKind:$kind,
                       Variadic<TPU_AnyMemRef>:$inputs, TPU_AnyMemRef:$out,
                       OptionalAttr<TypedArrayAttrBase<DenseI64ArrayAttr,
                                    "index maps">>:$maps);
  let assemblyFormat = [{
    $kind `(` $inputs `)` `->` $out attr-dict `:` type($inputs) `->` type($out)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Input `input`'s map: entry j is the output dimension its dimension j
    /// follows, or -1 when read at index 0 (identity without `maps`).
    ::llvm::SmallVector<int64_t> getMap(unsigned input);
  }];
}

def TPU_FillOp : TPU_Op<"fill"> {
  let summary = "Set every element of a VMEM block to a constant";
  let description = [{
    A splat constant of a fused computation, written once per kernel by
    the vector unit. `value` has the buffer's element type (fill_c1).

    ```mlir
    tpu.fill %zero, 0.0 : f32 : memref<8x128xf32, #tpu.memory_space<vmem>>
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$out, TypedAttrInterface:$value);
  let assemblyFormat = "$out `,` $value attr-dict `:` type($out)";
  let hasVerifier = 1;
}

def TPU_ScalarLoadOp : TPU_Op<"scalar_load"> {
  let summary = "Read one integer of SMEM into a scalar register";
  let description = [{
    The scalar core reads the element of `src` at `indices` as an `index`,
    sign-extended (zero-extended for unsigned types): how a kernel uses a
    value computed at run time, such as a dynamic slice's start index, in
    its DMA addresses. `src` is an integer SMEM buffer, filled by a DMA from
    HBM (scalar_load_c1), with one index per dimension (scalar_load_c2).

    ```mlir
    %i = tpu.scalar_load %start[] : memref<i32, #tpu.memory_space<smem>>
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$src, Variadic<Index>:$indices);
  let results = (outs Index:$result);
  let assemblyFormat = "$src `[` $indices `]` attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def TPU_IotaOp : TPU_Op<"iota"> {
  let summary = "out[i] = i[dim] * step + offset, for a block of an iota";
  let description = [{
    The block of `hlo.iota` that starts at `offset` along `dim`: the vector
    unit computes indices from its lane and sublane ids rather than loading
    them. A `step` above 1 counts the indices of a strided window (every
    step-th element of the iota, or of a padded tensor's positions). `out`
    is an integer or float VMEM buffer and `dim` is one of its dimensions
    (iota_c1); `step` is at least 1 (iota_c2).
  }];
  let arguments = (ins TPU_AnyMemRef:$out, I64Attr:$dim, Index:$offset,
                       DefaultValuedAttr<I64Attr, "1">:$step);
  let assemblyFormat =
      "$out `dim` `=` $dim `offset` $offset (`step` $step^)? attr-dict `:` type($out)";
  let hasVerifier = 1;
}

def TPU_ReduceOp : TPU_Op<"reduce"> {
  let summary = "Reduce a VMEM block along dimensions, masking padding";
  let description = [{
    `out` = the `kind` reduction of `input` over `dims`, which `out` drops
    (as `hlo.reduce` does), combined with what `out` holds under
    `accumulate`. Only elements below `valid` (per dimension) take part: the
    rest is tile padding and is masked, so it need not hold the neutral
    element. Operands are VMEM buffers of one element type, except that a
    bf16 or f16 sum or product may write an f32 `out`, its accumulator
    (reduce_c1);
    `dims` are distinct and in range (reduce_c2); `out` has the input's
    dimensions that are not reduced, in order (reduce_c3); `valid` has one
    positive entry per dimension, at most the input's size (reduce_c4).
  }];
  let arguments = (ins TPU_ReduceKind:$kind, TPU_AnyMemRef:$input,
                       TPU_AnyMemRef:$out, DenseI64ArrayAttr:$dims,
                       DenseI64ArrayAttr:$valid, UnitAttr:$accumulate);
  let assemblyFormat = [{
    $kind $input `->` $out `dims` `=` $dims `valid` `=` $valid
    (`accumulate` $accumulate^)? attr-dict `:` type($input) `->` type($out)
  }];
  let hasVerifier = 1;
}

def TPU_ArgReduceKind : I32EnumAttr<"ArgReduceKind",
    "vector unit index reduction", [
    I32EnumAttrCase<"argmax", 0>, I32EnumAttrCase<"argmin", 1>]> {
  let cppNamespace = "::mlir::tpu";
}

def TPU_ArgReduceOp : TPU_Op<"arg_reduce"> {
  let summary = "Index of the largest or smallest element along a dimension";
  let description = [{
    For each position of the kept dimensions, finds the `kind` element of
    `input` along `dim` among its first `valid` elements, and writes its
    value to `best` and its index plus `offset` (the block's first index
    along `dim`) to `index`. Under `accumulate`, `best` and `index` hold the
    result of earlier blocks, which have smaller indices, and a new element
    replaces them only if strictly better: ties keep the smallest index, and
    NaN is better than any number (`hlo.argmax`'s semantics).

    Operands are VMEM buffers (arg_reduce_c1); `best` has the input's
    element type and `index` is i32 (arg_reduce_c2); `dim` is in range and
    both outputs have the input's other dimensions, in order
    (arg_reduce_c3); `valid` is in [1, size of `dim`] (arg_reduce_c4).

    ```mlir
    tpu.arg_reduce argmax %x -> %best, %index dim = 1 valid = 512 offset %o
        accumulate : memref<8x512xf32, #tpu.memory_space<vmem>>
        -> memref<8xf32, #tpu.memory_space<vmem>>,
           memref<8xi32, #tpu.memory_space<vmem>>
    ```
  }];
  let arguments = (ins TPU_ArgReduceKind:$kind, TPU_AnyMemRef:$input,
                       TPU_AnyMemRef:$best, TPU_AnyMemRef:$index,
                       I64Attr:$dim, I64Attr:$valid, Index:$offset,
                       UnitAttr:$accumulate);
  let assemblyFormat = [{
    $kind $input `->` $best `,` $index `dim` `=` $dim `valid` `=` $valid
    `offset` $offset (`accumulate` $accumulate^)? attr-dict `:`
    type($input) `->` type($best) `,` type($index)
  }];
  let hasVerifier = 1;
}

def TPU_RelayoutOp : TPU_Op<"relayout"> {
  let summary = "Copy a VMEM block into another shape, in logical order";
  let description = [{
    The `k`-th element of `src` in logical row-major order becomes the
    `k`-th element of `dst` in logical row-major order: a reshape of the
    block, with each buffer's physical dimensions mapped to logical ones by
    its order (`src_order[p]` is the logical dimension at physical position
    `p`). This is the relayout copy XLA emits for a reshape that moves data
    between tiles; the vector unit does it through the transpose unit.

    Both are VMEM buffers (relayout_c1) of one element type and element
    count (relayout_c2); each order is a permutation of its buffer's
    dimensions (relayout_c3).

    ```mlir
    tpu.relayout %in -> %out src_order = [0, 1, 2] dst_order = [0, 1]
        : memref<8x1x256xf32, #tpu.memory_space<vmem>>
        -> memref<8x256xf32, #tpu.memory_space<vmem>>
    ```
  }];
  let arguments = (ins TPU_AnyMemRef:$src, TPU_AnyMemRef:$dst,
                       DenseI64ArrayAttr:$src_order,
                       DenseI64ArrayAttr:$dst_order);
  let assemblyFormat = [{
    $src `->` $dst `src_order` `=` $src_order `dst_order` `=` $dst_order
    attr-dict `:` type($src) `->` type($dst)
  }];
  let hasVerifier = 1;
}

#endif // TPU_DIALECTS_TPU_TPUOPS_TD
