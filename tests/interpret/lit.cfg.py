# lit configuration for the sdy-run --interpret tests.
import os
import lit.formats

config.name = "sdy-interpret"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sdy_obj_root, "tests", "interpret")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

# sdy-run first, then FileCheck and not from LLVM 22.
config.environment["PATH"] = os.pathsep.join(
    [config.sdy_run_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
