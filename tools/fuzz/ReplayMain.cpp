//===- ReplayMain.cpp - The fuzz targets without libFuzzer ----------------===//
//
// Builds each fuzz target in every configuration (DUMMY_MAIN of
// add_llvm_fuzzer), so that the targets compile in the build CI runs and
// their kept regression inputs and corpora replay there
// (test/tools/fuzz-replay.test). Takes the files to run, as libFuzzer does:
// every file is one input. A crash, an abort
// or a hang is the failure, as under libFuzzer; the sanitizers come with
// -DTPU_SANITIZE=ON (tools/setup.sh sanitize).
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (!arg.starts_with("-")) // libFuzzer's options: run.sh passes some
      files.push_back(arg.str());
  }
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer) {
      llvm::errs() << "error: cannot read " << file << ": "
                   << buffer.getError().message() << "\n";
      return 1;
    }
    llvm::StringRef bytes = (*buffer)->getBuffer();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                           bytes.size());
  }
  llvm::outs() << "replayed " << files.size() << " inputs\n";
  return 0;
}
