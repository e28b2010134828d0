//===- ReplayMain.cpp - The fuzz targets without libFuzzer ----------------===//
//
// Builds each fuzz target in every configuration (DUMMY_MAIN of
// add_llvm_fuzzer), so that the targets compile in the build CI runs and
// their kept regression inputs and corpora replay there
// (test/tools/fuzz-replay.test). Takes files or directories, as libFuzzer
// does when given inputs to run: every file is one input. A crash, an abort
// or a hang is the failure, as under libFuzzer; the sanitizers come with
// -DTPU_SANITIZE=ON (tools/setup.sh sanitize).
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// Appends `path`, or the regular files under it in name order (the replay
/// is the same on every machine).
static bool collect(llvm::StringRef path, std::vector<std::string> &files) {
  if (!llvm::sys::fs::is_directory(path)) {
    files.push_back(path.str());
    return true;
  }
  std::vector<std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::fs::is_regular_file(it->path()))
      found.push_back(it->path());
  if (ec) {
    llvm::errs() << "error: cannot list " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.starts_with("-")) // libFuzzer's options: run.sh passes some
      continue;
    if (!collect(arg, files))
      return 1;
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
