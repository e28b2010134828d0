//===- TPUAttrs.td - tpu dialect attributes -----------------*- tablegen -*-===//

#ifndef TPU_DIALECTS_TPU_TPUATTRS_TD
#define TPU_DIALECTS_TPU_TPUATTRS_TD

include "dialects/tpu/TPUBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"

def TPU_LayoutAttr : AttrDef<TPU_Dialect, "Layout",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "layout";
  let summary = "XLA's tiled layout: minor-to-major order and tiles";
  let description = [{
    XLA's layout notation, written exactly as XLA prints it:

    ```mlir
    tensor<29360128x10xi32, #tpu.layout<{0,1:T(8,128)}>>
    tensor<4x512x512x64xbf16, #tpu.layout<{3,0,2,1:T(4,128)(2,1)}>>
    tensor<64x512xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
    tensor<f32, #tpu.layout<{:T(256)}>>
    ```

    `minor_to_major` lists dimensions from the fastest-varying to the
    slowest. The first tile `T(a,b)` tiles the two most-minor physical
    dimensions (`b` covers the most minor) and decides the padding; later
    tiles re-tile inside it (`(2,1)` packs two bf16 rows in a 32-bit word).
    `E(n)` stores each element in `n` bits, `S(n)` places the buffer in
    memory space `n` (1 is VMEM).

    As a tensor encoding it must name every dimension once.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "minor-to-major order">:$minorToMajor,
    "::mlir::ArrayAttr":$tiles,
    DefaultValuedParameter<"int64_t", "0">:$elementSizeBits,
    DefaultValuedParameter<"int64_t", "0">:$memorySpace
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Builds the attribute from the shape library's layout.
    static LayoutAttr get(::mlir::MLIRContext *context,
                          const ::tpc::Layout &layout);
    /// The shape library's view, for size computations.
    ::tpc::Layout toLayout() const;
  }];
}

def TPU_TargetAttr : AttrDef<TPU_Dialect, "Target"> {
  let mnemonic = "target";
  let summary = "The TPU generation a module is compiled for";
  let description = [{
    Names one of the presets of docs/targets.md (`v2`, `v3`, `v4`, `v5e`,
    `v5p`, `v6e`). A module carries it as the discardable attribute
    `tpu.target`, set once by the driver (or by `-tpu-set-target` in tests);
    every pass reads it through `tpu::getTarget`, and the executable records
    it.

    ```mlir
    module attributes {tpu.target = #tpu.target<"v5e">} { ... }
    ```

    The attribute holds the preset itself, resolved once when the attribute
    is built or parsed, so readers never look a name up again. An unknown
    name is a parse error that lists the valid ones.
  }];
  let parameters = (ins
    AttrParameter<"::mlir::tpu::TargetPtr", "the generation's preset">:$spec);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The preset named `name`, or an error naming the valid ones.
    static ::mlir::FailureOr<TargetAttr>
    get(::mlir::MLIRContext *context, ::llvm::StringRef name,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError);
    ::llvm::StringRef getName() const;
  }];
}

def TPU_TopologyAttr : AttrDef<TPU_Dialect, "Topology"> {
  let mnemonic = "topology";
  let summary = "The slice of TPU chips every device of which runs the module";
  let description = [{
    A Cloud TPU name (`v3-8`: the number counts TensorCores on v2, v3, v4
    and v5p, chips on v5e and v6e) or a generation and chip mesh
    (`v5e:4x4`, `v4:2x2x4`), as in docs/multi-device.md. A module carries
    it as the discardable attribute `tpu.topology`, set with its target by
    `-tpu-set-target`; its generation must be the module's `tpu.target`.

    ```mlir
    module attributes {tpu.target = #tpu.target<"v5e">,
                       tpu.topology = #tpu.topology<"v5e:4x4">} { ... }
    ```

    Like `#tpu.target`, the attribute holds the parsed slice (chips, links,
    devices per chip), so passes read it through `tpu::getTopology` and
    never parse the name again. An invalid name is a parse error saying why.
  }];
  let parameters = (ins
    AttrParameter<"::tpc::Topology", "the parsed slice",
                  "const ::tpc::Topology &">:$slice);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The slice named `name`, or an error saying why it is not one.
    static ::mlir::FailureOr<TopologyAttr>
    get(::mlir::MLIRContext *context, ::llvm::StringRef name,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError);
    ::llvm::StringRef getName() const;
  }];
}

#endif // TPU_DIALECTS_TPU_TPUATTRS_TD
