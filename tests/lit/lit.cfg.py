# lit configuration for loop2cuda's rule tests: each test runs loop2cuda on
# a small C++ file and checks the generated CUDA text or the diagnostics with
# FileCheck.
import os
import sys
import lit.formats

config.name = "loop2cuda"
config.test_format = lit.formats.ShTest(execute_external=True)
# .ruletest: a term for --apply-rules with its RUN and CHECK lines in `#`
# comments (docs/rule-authoring.md).
config.suffixes = [".cpp", ".c", ".test", ".ruletest"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.l2c_build_dir, "tests", "lit")

config.substitutions.append(("%loop2cuda", os.path.join(config.l2c_build_dir, "bin", "loop2cuda")))
config.substitutions.append(("%runtime", os.path.join(config.l2c_source_dir, "runtime")))
config.substitutions.append(("%rules", os.path.join(config.l2c_source_dir, "rules")))
# The SARIF checker and the SARIF 2.1.0 schema (tests/sarif), and the
# annotated CMake project of the CI pass (tests/project).
config.substitutions.append(("%check-sarif", "%s %s %s" % (
    sys.executable, os.path.join(config.l2c_source_dir, "tests", "sarif", "check-sarif.py"),
    os.path.join(config.l2c_source_dir, "tests", "sarif", "sarif-schema-2.1.0.json"))))
config.substitutions.append(("%project", os.path.join(config.l2c_source_dir, "tests", "project")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

# The generated host code keeps the test's comments, CHECK lines included;
# drop those before FileCheck reads the output, so a pattern cannot match
# itself.
config.substitutions.append(("%nochecks", "grep -v -E '^[[:space:]]*// [A-Z0-9-]+:'"))
