// RUN: %loop2cuda --list-rules | FileCheck %s --check-prefix=LIST
// Usage errors: exit status 2.
// RUN: %loop2cuda --disable-rule no-such-rule %s -- -std=c++17 > %t.unknown 2>&1; echo "exit status $?" >> %t.unknown
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.unknown
// RUN: %loop2cuda > %t.noinput 2>&1; echo "exit status $?" >> %t.noinput
// RUN: FileCheck %s --check-prefix=NOINPUT < %t.noinput
// RUN: %loop2cuda --all -- -std=c++17 > %t.nodb 2>&1; echo "exit status $?" >> %t.nodb
// RUN: FileCheck %s --check-prefix=NODB < %t.nodb
// RUN: %loop2cuda --help | FileCheck %s --check-prefix=HELP
// RUN: rm -rf %t && %loop2cuda --trace %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: rm -rf %t && %loop2cuda --disable-rule mark-loop %s -o %t -- -std=c++17
// RUN: %nochecks %t/cli.cu | FileCheck %s --check-prefix=UNMARKED

// LIST: mark-loop (matcher,
// LIST: extract-kernel (innermost,
// LIST:   extract-kernel
// LIST: hoist-init (innermost,
// LIST: move-copies (innermost,
// LIST:   copy-in-up

// UNKNOWN: loop2cuda: error: --disable-rule no-such-rule: no rule, rule set or matcher of that name (see --list-rules)
// UNKNOWN-NEXT: exit status 2
// NOINPUT: error: no input files
// NOINPUT-NEXT: exit status 2
// NODB: loop2cuda: error: --all: no files in the compilation database (give -p <build dir>)
// NODB-NEXT: exit status 2
// HELP: USAGE: loop2cuda
// HELP: --all
// HELP: --disable-rule=<name>
// HELP: -j <N>
// HELP: --list-rules
// HELP: --sarif=<FILE>
// HELP: --strict
// HELP: --trace
// HELP: --verify
// HELP: --werror
// HELP: loop2cuda -p <build dir> --all -j 8 --werror --sarif loop2cuda.sarif
// HELP: Exit status: 0

// TRACE: trace: extract-kernel/extract-kernel at
// TRACE-NEXT:   before: ParallelLoop(Loop(scale,
// TRACE: trace: simplify-kernel/mul-one-right at

// UNMARKED-NOT: L2C_LAUNCH
void scale(float *a, int n) {
#pragma loop2cuda parallel name(scale)
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
