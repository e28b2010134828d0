# -*- Python -*-
# lit configuration of the TPU compiler's tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TPU"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tpu_obj_root, "test")
# Inputs and helpers that are not tests themselves.
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "unit"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tpu_src_root", config.tpu_src_root))
config.substitutions.append(("%tpu_obj_root", config.tpu_obj_root))
config.substitutions.append(("%testdata", config.tpu_testdata_suite))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# Fail on variables that leak between CHECK-LABEL blocks.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# glibc fills every allocation, and every block freed, with this byte: a
# value read before it is written or after it is freed is then garbage that
# the numeric checks and the determinism test see, at no cost worth
# measuring (the sanitizers, which would name the read, run on demand:
# docs/development.md). ASan has its own fill.
if not config.llvm_use_sanitizer:
    config.environment["MALLOC_PERTURB_"] = "165"

tool_dirs = [config.tpu_tools_dir, config.llvm_tools_dir]
tools = ["tpu-compile", "tpu-conformance", "tpu-opt", "tpu-run", "tpu-shape"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The memory viewer's test loads its page in Debian's headless Chromium,
# which tools/setup.sh installs; without it that test is UNSUPPORTED.
import shutil
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))
import sys
config.substitutions.append(("%python", sys.executable))
# The Python package's tests run on the interpreter it was built for (a
# sanitized build has no package: TPU_PYTHON is off there).
if config.tpu_python_path:
    config.available_features.add("python-package")
    config.substitutions.append(("%tpu_python_path", config.tpu_python_path))
    config.substitutions.append(("%package_python", config.python3_executable))

# A project that links the installed library of a sanitized build needs the
# same compiler and the sanitizer runtimes.
consumer_flags = ""
if config.llvm_use_sanitizer:
    consumer_flags = ("-DCMAKE_C_COMPILER=%s -DCMAKE_CXX_COMPILER=%s "
                      "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
                      % (config.c_compiler, config.cxx_compiler))
config.substitutions.append(("%consumer_cmake_flags", consumer_flags))
