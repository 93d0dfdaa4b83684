// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/extents-record.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule allocation-record %s -o %t -- -std=c99 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/extents-record.cu | FileCheck %s --check-prefix=UNGUARDED

// Arrays that reach a function from other files (external linkage: the
// file does not see every caller), with subscripts that give no count: a
// CSR row range read from another array, a gather through a temporary, a
// gather through a cast. Each takes the heap block it starts, from the
// record of the program's allocations at run time
// (runtime/loop2cuda_allocs.h); the launch runs the loop as written on the
// host when one starts no recorded block (rule set host-fallback).
#include <stddef.h>
typedef struct {
  int rows;
  int *rowptr, *col;
  double *val;
} csr;

// DIAG: extents-record.c:[[#@LINE+12]]:3: remark: the subscripts give no count of 'm->col', 'm->val', 'x' and the file shows no allocation: at run time the record of the program's heap blocks gives the block each starts, and the loop runs on the host, as written, when one starts no recorded block [extract-kernel]
// CHECK: #define L2C_RECORD_ALLOCATIONS
// CHECK-LABEL: void spmv(
// CHECK:      l2c::toDevice(m->col, l2c::recordedCount(m->col),
// CHECK:      if (l2c::recordedOrHost("extents-record.c:[[#@LINE+8]]", "m->col, m->val, x", {l2c::range(m->col, (long long)(l2c::recordedCount(m->col)), false), l2c::range(m->val, {{.*}}), l2c::range(x, {{.*}})}, {l2c::range(m->rowptr, (long long)((m->rows) + 1), false), {{.*}}, l2c::range(y, (long long)(m->rows), true)}) && l2c::apartOrHost(
// CHECK-NEXT:   // loop2cuda: the loop at extents-record.c:[[#@LINE+7]] runs on the GPU
// CHECK-NEXT:   L2C_LAUNCH_DISTINCT({{.*}}l2c::devReads(m->col, l2c::recordedCount(m->col),
// CHECK-NEXT: } else {
// CHECK-NEXT: // loop2cuda: on the host, in order, when the run-time check fails: #pragma omp parallel for
// CHECK-NEXT: for (int i = 0; i < m->rows; i++) {
void spmv(const csr *m, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < m->rows; i++) {
    double sum = 0.0;
    for (int k = m->rowptr[i]; k < m->rowptr[i + 1]; k++) {
      int c = m->col[k];
      sum += m->val[k] * x[c];
    }
    y[i] = sum;
  }
}

// A reduction (its passes are guarded the same way).
// DIAG: extents-record.c:[[#@LINE+7]]:3: remark: the subscripts give no count of 'w'
// CHECK-LABEL: double gathered_sum(
// CHECK:      if (l2c::recordedOrHost("extents-record.c:[[#@LINE+5]]", "w", {l2c::range(w, (long long)(l2c::recordedCount(w)), false)}, {{.*}})) {
// CHECK-NEXT:   // loop2cuda: the loop at extents-record.c:[[#@LINE+4]] runs on the GPU in 1 pass
double gathered_sum(const double *w, const int *idx, int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += w[(size_t)idx[i]];
  return s;
}
// Only the extent was unknown: on the host, the loop as written runs, its
// OpenMP pragma kept.
// CHECK:      } else {
// CHECK-NEXT: #pragma omp parallel for reduction(+ : s)
// CHECK-NEXT: for (int i = 0; i < n; i++)

// The same array with a count from the record in one loop and from the
// bounds in the next: a count of 0 (no recorded block) must not reach the
// second loop's unguarded launch, so the two keep their own extents
// (rule set whole-arrays leaves the array out).
// DIAG: extents-record.c:[[#@LINE+9]]:3: remark: the subscripts give no count of 'x'
// CHECK-LABEL: void gather_then_shift(
// CHECK-NOT:  l2c::extent(
// CHECK:      if (l2c::recordedOrHost("extents-record.c:[[#@LINE+6]]", "x",
// CHECK:      if (l2c::apartOrHost("extents-record.c:[[#@LINE+8]]", {l2c::range(x, (long long)(n), true),
// CHECK-NOT:  l2c::extent(
// CHECK-LABEL: // end of gather_then_shift
void gather_then_shift(double *x, double *out, const int *ind, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = x[ind[i]];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = out[i] + 1.0;
}
// end of gather_then_shift

// A scatter through an index array needs a probe of its targets: the probe
// runs only when the record knows the block (its verdict gates the probe's
// launches and the launch).
// DIAG: extents-record.c:[[#@LINE+11]]:3: remark: the subscripts give no count of 'b'
// CHECK-LABEL: void scatter(
// CHECK:      const bool l2c_probe_[[P:[0-9]+]]_known = l2c::recordedOrHost("extents-record.c:[[#@LINE+9]]", "b", {l2c::range(b, (long long)(l2c::recordedCount(b)), true)}, {
// CHECK-NEXT: l2c::Probe l2c_probe_[[P]] = l2c::probeStart("extents-record.c:[[#@LINE+8]]", {(long long)(l2c::recordedCount(b))});
// CHECK-NEXT: if (l2c_probe_[[P]]_known) {
// CHECK-NEXT:   // loop2cuda: probe scatter_L[[#@LINE+6]]_writes: which elements each iteration touches
// CHECK-NEXT:   L2C_LAUNCH(
// CHECK-NEXT: }
// CHECK-NEXT: if (l2c_probe_[[P]]_known && l2c::probeOrHost(l2c_probe_[[P]], "extents-record.c:[[#@LINE+3]]",
void scatter(double *b, const double *a, const int *idx, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[idx[i]] = a[i];
}

// Front-end step allocation-record off: the counts are unknown, as before.
// OFF: extents-record.c:[[#@LINE-68]]:3: warning: loop not parallelized: cannot tell how many elements of 'm->col' the loop touches
// OFF-NOT: record of the program's heap blocks

// Rule set host-fallback off: the launches are not guarded (a block the
// record does not know then reaches the kernel with no device copy).
// UNGUARDED-NOT: recordedOrHost
// UNGUARDED: L2C_LAUNCH_DISTINCT({{.*}}l2c::devReads(m->col, l2c::recordedCount(m->col),
