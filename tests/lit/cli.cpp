// RUN: %loop2cuda --list-rules | FileCheck %s --check-prefix=LIST
// RUN: not %loop2cuda --disable-rule no-such-rule %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %loop2cuda 2>&1 | FileCheck %s --check-prefix=NOINPUT
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
// NOINPUT: error
// HELP: USAGE: loop2cuda
// HELP: --disable-rule=<name>
// HELP: --list-rules
// HELP: --strict
// HELP: --trace
// HELP: --verify
// HELP: --werror

// TRACE: trace: extract-kernel/extract-kernel at
// TRACE-NEXT:   before: ParallelLoop(Loop(scale,
// TRACE: trace: simplify-kernel/mul-one-right at

// UNMARKED-NOT: L2C_LAUNCH
void scale(float *a, int n) {
#pragma loop2cuda parallel name(scale)
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
