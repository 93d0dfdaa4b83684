// RUN: rm -rf %t && mkdir -p %t
// RUN: %loop2cuda %s -o %t/out --sarif %t/log.sarif -- -std=c++17 -Wunused-variable 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %check-sarif %t/log.sarif | FileCheck %s

// --sarif on one file: a SARIF 2.1.0 log that follows the schema, with a
// rule entry per rule that decided (the rule set's own page where it has
// one), columns in Unicode code points, and Clang's warnings named after
// their flag. One file: no summary.

void f(int n, float *__restrict__ a, const float *__restrict__ b) {
  int unused;
#pragma loop2cuda parallel bogus(a)
  for (int i = 0; i < n; ++i)
    a[i] = b[i];
#pragma loop2cuda parallel
  /* ünïcödé */ for (int i = 1; i < n; ++i) a[i] = a[i - 1];
}

// CHECK:      rule clang-diagnostic-unused-variable | Clang warning -Wunused-variable. | https://clang.llvm.org/docs/DiagnosticsReference.html#wunused-variable
// CHECK-NEXT: rule mark-loop | Which loops are marked, and how their pragmas and clauses are read. | file://{{.*}}/docs/rules/mark-loop.md
// CHECK-NEXT: rule dependence | Two iterations
// CHECK-NEXT: result warning clang-diagnostic-unused-variable sarif.cpp:11:7 unused variable 'unused'
// CHECK-NEXT: result warning mark-loop sarif.cpp:13:3 loop not parallelized: unknown clause 'bogus' in '#pragma loop2cuda parallel'
// CHECK-NEXT:   related sarif.cpp:12:28 found here
// The column counts code points: ü, ï, ö and é take two bytes each.
// DIAG:       sarif.cpp:16:21: warning: loop not parallelized: iterations are not independent
// DIAG-NOT:   loop2cuda summary
// CHECK-NEXT: result warning dependence sarif.cpp:16:17 loop not parallelized: iterations are not independent: a[i] written at i=1 is read by a[i - 1] at i=2 (n=3)
// CHECK-NEXT:   related sarif.cpp:16:52 found here
// CHECK-NEXT: invocation true 0
