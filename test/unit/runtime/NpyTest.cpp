//===- NpyTest.cpp - .npy reader and writer -------------------------------===//

#include "runtime/Npy.h"

#include "gtest/gtest.h"

#include <cmath>
#include <string>

using namespace tpurt;

namespace {

std::vector<uint8_t> npy(const std::string &header,
                         const std::vector<uint8_t> &data, int major = 1) {
  std::vector<uint8_t> out = {
      0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<uint8_t>(major), 0};
  out.push_back(header.size() & 0xff);
  out.push_back((header.size() >> 8) & 0xff);
  if (major >= 2) {
    out.push_back(0);
    out.push_back(0);
  }
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

TEST(NpyTest, RoundTripsEveryType) {
  for (Element element :
       {Element::F32, Element::F16, Element::I32, Element::I16, Element::I8,
        Element::U32, Element::U16, Element::U8, Element::I1}) {
    HostTensor t;
    t.element = element;
    t.dims = {2, 3};
    // Each type's extreme: the sign bit of a signed type, all ones of an
    // unsigned one.
    double extreme = element == Element::I1    ? 1.0
                     : element == Element::F16 ? -65504.0
                     : isUnsigned(element)
                         ? std::ldexp(1.0, intBits(element)) - 1
                         : -std::ldexp(1.0, intBits(element) - 1);
    t.values = {1, 0, 1, 1, 0, extreme};
    std::vector<uint8_t> bytes = serializeNpy(t);
    // The data starts 64-byte aligned, as NumPy writes it.
    size_t headerLength = bytes[8] | (bytes[9] << 8);
    EXPECT_EQ((10 + headerLength) % 64, 0u);
    EXPECT_EQ(bytes[10 + headerLength - 1], '\n');
    absl::StatusOr<HostTensor> back = parseNpy(bytes);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->element, element);
    EXPECT_EQ(back->dims, t.dims);
    EXPECT_EQ(back->values, t.values);
  }
}

TEST(NpyTest, DescribesTypesAsNumPyDoes) {
  auto descr = [](Element element) {
    std::vector<uint8_t> bytes = serializeNpy({element, {1}, {1}});
    std::string text(bytes.begin(), bytes.end());
    size_t at = text.find("'descr': '") + 10;
    return text.substr(at, text.find('\'', at) - at);
  };
  EXPECT_EQ(descr(Element::F16), "<f2");
  EXPECT_EQ(descr(Element::I16), "<i2");
  EXPECT_EQ(descr(Element::U8), "|u1");
  EXPECT_EQ(descr(Element::U16), "<u2");
  EXPECT_EQ(descr(Element::U32), "<u4");
  // `<u1`, as some writers spell a one-byte type, reads as `|u1`.
  absl::StatusOr<HostTensor> t = parseNpy(npy(
      "{'descr': '<u1', 'fortran_order': False, 'shape': (1,), }\n", {200}));
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->element, Element::U8);
  EXPECT_EQ(t->values, std::vector<double>{200});
}

TEST(NpyTest, ScalarsAndVectorsUsePythonTuples) {
  HostTensor scalar{Element::F32, {}, {2.5}};
  std::vector<uint8_t> bytes = serializeNpy(scalar);
  std::string text(bytes.begin(), bytes.end());
  EXPECT_NE(text.find("'shape': (), }"), std::string::npos);
  HostTensor vector{Element::I32, {3}, {1, 2, 3}};
  bytes = serializeNpy(vector);
  text.assign(bytes.begin(), bytes.end());
  EXPECT_NE(text.find("'shape': (3,), }"), std::string::npos);
  absl::StatusOr<HostTensor> back = parseNpy(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->dims, std::vector<int64_t>{3});
}

TEST(NpyTest, Bf16IsWrittenAsF32) {
  HostTensor t{Element::BF16, {2}, {1.5, -0.25}};
  std::vector<uint8_t> bytes = serializeNpy(t);
  std::string text(bytes.begin(), bytes.end());
  EXPECT_NE(text.find("'descr': '<f4'"), std::string::npos);
  absl::StatusOr<HostTensor> back = parseNpy(bytes);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->element, Element::F32);
  EXPECT_EQ(back->values, t.values);
}

TEST(NpyTest, ReadsVersion2Headers) {
  std::vector<uint8_t> data = {0, 0, 0x80, 0x3f}; // 1.0f
  absl::StatusOr<HostTensor> t = parseNpy(npy(
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n", data, 2));
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->values, std::vector<double>{1.0});
}

TEST(NpyTest, RejectsMalformedFiles) {
  auto message = [](const std::vector<uint8_t> &bytes) {
    absl::StatusOr<HostTensor> t = parseNpy(bytes);
    EXPECT_FALSE(t.ok());
    return std::string(t.status().message());
  };
  std::vector<uint8_t> four(4, 0);
  EXPECT_EQ(message({'N', 'O', 'P', 'E', 0, 0, 0, 0, 0, 0}),
            "malformed .npy file: it does not start with \\x93NUMPY");
  EXPECT_EQ(message(npy("{'descr': '<f4', 'fortran_order': False, "
                        "'shape': (2,), }\n",
                        four)),
            "malformed .npy file: the data holds 4 bytes, but 2xf32 needs 8");
  EXPECT_EQ(message(npy("{'descr': '<f4', 'fortran_order': True, "
                        "'shape': (1,), }\n",
                        four)),
            "Fortran-order .npy arrays are not supported; save with "
            "np.ascontiguousarray");
  EXPECT_EQ(message(npy("{'descr': '>f4', 'fortran_order': False, "
                        "'shape': (1,), }\n",
                        four)),
            "the .npy element type '>f4' is not supported (little-endian "
            "float32, float16, int32, int16, int8, uint32, uint16, uint8 or "
            "bool)");
  EXPECT_EQ(message(npy("{'descr': '<f4', 'shape': (1,), }\n", four)),
            "malformed .npy file: the header lacks 'descr', 'fortran_order' "
            "or 'shape'");
  EXPECT_EQ(message(npy("{'descr': '<f4', 'fortran_order': False, "
                        "'shape': (a,), }\n",
                        four)),
            "malformed .npy file: bad shape (a,)");
  EXPECT_EQ(message(npy("{}", {}, 4)),
            "malformed .npy file: format version 4.x is not 1.0, 2.0 or 3.0");
  // Every truncation of a good file is an error, never a crash.
  std::vector<uint8_t> good =
      serializeNpy(HostTensor{Element::I32, {2}, {1, 2}});
  for (size_t n = 0; n < good.size(); ++n)
    EXPECT_FALSE(
        parseNpy(std::vector<uint8_t>(good.begin(), good.begin() + n)).ok())
        << n;
}

} // namespace

TEST(NpyTest, RawDataRoundTrips) {
  // The C API's arrays: the .npy element's bytes without a header.
  HostTensor t(Element::I1, {3}, {1, 0, 1});
  std::vector<uint8_t> data = dataOf(t);
  EXPECT_EQ(data, (std::vector<uint8_t>{1, 0, 1}));
  absl::StatusOr<HostTensor> back =
      tensorFromData(Element::I1, {3}, data.data(), data.size());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->values, t.values);
  // bf16 is held as f32 on the host, and a short buffer is refused.
  EXPECT_EQ(dataOf(HostTensor(Element::BF16, {2}, {1.5, -2})).size(), 8u);
  EXPECT_EQ(std::string(tensorFromData(Element::BF16, {1}, data.data(), 2)
                            .status()
                            .message()),
            "elements of bf16 are held as f32 on the host");
  EXPECT_EQ(std::string(tensorFromData(Element::F32, {2, 2}, data.data(), 3)
                            .status()
                            .message()),
            "the data holds 3 bytes, but 2x2xf32 needs 16");
}
