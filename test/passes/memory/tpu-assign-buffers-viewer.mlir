// The memory viewer's data: live bytes per schedule position, the peak and
// the allocations live there, checked against hand-computed figures.
// RUN: tpu-opt %s -tpu-assign-layouts -tpu-assign-buffers '-tpu-memory-report=print=false viewer-json=%t.json' -o /dev/null
// RUN: FileCheck %s < %t.json
//
// The same data is embedded in the page, inside a <script> element, with
// '<' and '>' escaped so that no label can end the element.
// RUN: tpu-opt %s -tpu-assign-layouts -tpu-assign-buffers '-tpu-memory-report=print=false viewer=%t.html' -o /dev/null
// RUN: FileCheck %s --check-prefix=HTML < %t.html
//
// A file that cannot be written is an error.
// RUN: not tpu-opt %s -tpu-assign-layouts -tpu-assign-buffers '-tpu-memory-report=viewer=%t.missing/dir/page.html' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRITE

// %a is 4.0K. Position 0 (exponential): %a + %0 = 8192 bytes. Position 1
// (reduce): + f32[8] in T(128), 512 bytes padded, 32 unpadded: 8704 and
// 8224. The peak is position 1, where both results are live.
// CHECK:      {"version":1,"target":"v3",
// CHECK:      {"name":"small","fits":true,"out_of_memory_line":"",
// CHECK-NEXT:   "used":8704,"used_text":"8.5K"
// CHECK-SAME:   "arguments":4096,
// CHECK:        "temp":4608,
// CHECK-SAME:   "temp_padded_at_peak":4608,
// CHECK-SAME:   "temp_unpadded_at_peak":4128,
// CHECK-SAME:   "fragmentation":0,
// CHECK-NEXT:   "peak_position":1,
// CHECK-NEXT:   "timeline":[
// CHECK-NEXT:     {"op":"%0 = hlo.exponential","op_name":"model/exp","padded":8192,"unpadded":8192},
// CHECK-NEXT:     {"op":"%1 = hlo.reduce","op_name":"","padded":8704,"unpadded":8224}],
// CHECK-NEXT:   "at_peak":[
// CHECK-NEXT:     {"size":4096,"size_text":"4.0K","unpadded":4096,"unpadded_text":"4.0K","padding_text":"","operator":"op_name=\"model/exp\"","shape":"f32[8,128]{1,0:T(8,128)}","label":"%0 = hlo.exponential %arg0 : tensor\u003c8x128xf32, #tpu.layout\u003c{1,0:T(8,128)}\u003e\u003e","type":"HLO temp"},
// CHECK-NEXT:     {"size":512,"size_text":"512B","unpadded":32,"unpadded_text":"32B","padding_text":"480B (16.0x expansion)","operator":"","shape":"f32[8]{0:T(128)}",{{.*}}"type":"output"}],
// CHECK-NEXT:   "largest":[
// CHECK-NEXT:     {"size":4096,
// CHECK-NEXT:     {"size":512,
// Each heap buffer's placement and lifetime, named by its JAX op_name where
// it has one; the argument by its position, live throughout.
// CHECK:        "argument_buffers":[
// CHECK-NEXT:     {"size":4096,{{.*}}"operator":"op_name=\"argument #0\"","shape":"f32[8,128]{1,0:T(8,128)}",{{.*}}"type":"parameter"}],
// CHECK-NEXT:   "buffers":[
// CHECK-NEXT:     {"name":"model/exp","shape":"f32[8,128]{1,0:T(8,128)}","kind":"HLO temp","size":4096,"size_text":"4.0K","unpadded":4096,"offset":0,"start":0,"end":1},
// CHECK-NEXT:     {"name":"%1 = hlo.reduce","shape":"f32[8]{0:T(128)}","kind":"output","size":512,"size_text":"512B","unpadded":32,"offset":4096,"start":1,"end":1}]},
//
// The second function: arguments and a constant (4.0K each, live
// throughout) make a base of 8192 bytes. %1 (4.0K) dies at the reduce, %2
// (512B, 32B unpadded) at the broadcast, and the negate writes over the
// broadcast's buffer, its dying operand. Positions 2 and 3 tie; the peak is
// the first.
// CHECK:      {"name":"two","fits":true,
// CHECK:        "global":4096,
// CHECK:        "peak_position":2,
// CHECK-NEXT:   "timeline":[
// CHECK-NEXT:     {"op":"%0 = hlo.constant","op_name":"","padded":8192,"unpadded":8192},
// CHECK-NEXT:     {"op":"%1 = hlo.add","op_name":"","padded":12288,"unpadded":12288},
// CHECK-NEXT:     {"op":"%2 = hlo.reduce","op_name":"","padded":12800,"unpadded":12320},
// CHECK-NEXT:     {"op":"%3 = hlo.broadcast_in_dim","op_name":"","padded":12800,"unpadded":12320},
// CHECK-NEXT:     {"op":"%4 = hlo.negate","op_name":"","padded":12288,"unpadded":12288}],
// CHECK-NEXT:   "at_peak":[
// CHECK-NEXT:     {"size":4096,{{.*}}"label":"%0 = hlo.constant{{.*}}"type":"constant"},
// CHECK-NEXT:     {"size":4096,{{.*}}"label":"%1 = hlo.add{{.*}}"type":"HLO temp"},
// CHECK-NEXT:     {"size":512,{{.*}}"label":"%2 = hlo.reduce{{.*}}"type":"HLO temp"}],
// CHECK-NEXT:   "largest":[
// CHECK-NEXT:     {"size":4096,{{.*}}"label":"%0 = hlo.constant
// CHECK-NEXT:     {"size":4096,{{.*}}"label":"%1 = hlo.add
// CHECK-NEXT:     {"size":4096,{{.*}}"label":"%3 = hlo.broadcast_in_dim{{.*}}"type":"output"},
// CHECK-NEXT:     {"size":512,
// The broadcast's buffer takes the add's slot (offset 0) once the add dies
// at the reduce, and the negate writes over it.
// CHECK:        "buffers":[
// CHECK-NEXT:     {"name":"%1 = hlo.add",{{.*}}"offset":0,"start":1,"end":2},
// CHECK-NEXT:     {"name":"%2 = hlo.reduce",{{.*}}"offset":4096,"start":2,"end":3},
// CHECK-NEXT:     {"name":"%3 = hlo.broadcast_in_dim",{{.*}}"kind":"output",{{.*}}"offset":0,"start":3,"end":4}]},

// HTML:      <script type="application/json" id="memory-data">
// HTML-NEXT: {"version":1,"target":"v3",
// HTML-NOT:  </script>
// HTML:      \u003c8x128xf32
// HTML:      </script>
// HTML:      document.documentElement.dataset.ready = 'true';

// WRITE: error: cannot write the memory viewer: {{.+}}

func.func @small(%a: tensor<8x128xf32>) -> tensor<8xf32> {
  %b = hlo.exponential %a : tensor<8x128xf32> loc("model/exp")
  %c = hlo.reduce sum %b, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}

func.func @two(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %k = hlo.constant dense<2.0> : tensor<8x128xf32>
  %x = hlo.add %a, %k : tensor<8x128xf32>
  %s = hlo.reduce sum %x, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  %y = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %z = hlo.negate %y : tensor<8x128xf32>
  return %z : tensor<8x128xf32>
}

// 14.00G of one-hot and 112.00M of output under XLA's default layout:
// fits on v3, not on v2.
func.func @big() -> tensor<29360128xi32> {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32>
  %m = hlo.reduce max %iota, dims = [1] : (tensor<29360128x10xi32>) -> tensor<29360128xi32>
  return %m : tensor<29360128xi32>
}
