// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/extents-callers.cu | FileCheck %s

// A pointer parameter whose subscripts give no count (a neighbour index
// from a helper, as in Rodinia's hotspot) takes the count of the blocks
// that the calls pass: when the function is static, its address never
// taken, every call passes a local pointer that holds only allocations
// (followed through copies and exchanges, `double *src = a;`), and the
// allocation's size is made of constants and of variables the call passes
// to parameters the function never writes.
#include <stdlib.h>

static int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// CHECK-LABEL: static void step(
// CHECK:         l2c::toDevice(temp, rows * cols,
static void step(int rows, int cols, double *result, const double *temp) {
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      int n = clampi(r - 1, 0, rows - 1), s = clampi(r + 1, 0, rows - 1);
      result[r * cols + c] = temp[n * cols + c] + temp[s * cols + c];
    }
}

void run(int rows, int cols, int steps) {
  double *a = malloc(rows * cols * sizeof(double));
  double *b = malloc(sizeof(double) * rows * cols);
  double *src = a, *dst = b;
  for (int t = 0; t < steps; t++) {
    step(rows, cols, dst, src);
    double *tmp = src;
    src = dst;
    dst = tmp;
  }
  free(a);
  free(b);
}

// A function other files may call: their blocks are not seen.
// DIAG: extents-callers.c:[[#@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'temp'{{.*}} [extract-kernel]
void stepOpen(int rows, int cols, double *result, const double *temp) {
  int r, c;
#pragma omp parallel for private(c)
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++)
      result[r * cols + c] = temp[clampi(r + 1, 0, rows - 1) * cols + c];
}

// A call that passes a pointer into the middle of a block.
// DIAG: extents-callers.c:[[#@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'temp'{{.*}} [extract-kernel]
static void stepInside(int rows, int cols, double *result,
                       const double *temp) {
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      result[r * cols + c] = temp[clampi(r + 1, 0, rows - 1) * cols + c];
}

// A size made of a local the call does not pass but that keeps its
// initial value: that value, in the callee's names.
// CHECK-LABEL: static void stepLocal(
// CHECK:         l2c::toDevice(temp, ((rows * cols) + 1),
static void stepLocal(int rows, int cols, double *result,
                      const double *temp) {
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      result[r * cols + c] = temp[clampi(r + 1, 0, rows - 1) * cols + c];
}

// A size made of a variable that the call does not pass and that changes:
// k means nothing in the callee.
// DIAG: extents-callers.c:[[#@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'temp'{{.*}} [extract-kernel]
static void stepOther(int rows, int cols, double *result,
                      const double *temp) {
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      result[r * cols + c] = temp[clampi(r + 1, 0, rows - 1) * cols + c];
}

// Its address taken: calls through the pointer are not seen.
// DIAG: extents-callers.c:[[#@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'temp'{{.*}} [extract-kernel]
static void stepPointer(int rows, int cols, double *result,
                        const double *temp) {
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      result[r * cols + c] = temp[clampi(r + 1, 0, rows - 1) * cols + c];
}

void others(int rows, int cols) {
  double *a = malloc(rows * cols * sizeof(double));
  double *b = malloc(rows * cols * sizeof(double));
  int k = rows * cols;
  k += 1;
  double *c = malloc(k * sizeof(double));
  int k2 = rows * cols + 1;
  double *d = malloc(k2 * sizeof(double));
  stepOpen(rows, cols, b, a);
  stepInside(rows - 1, cols, b, a + cols);
  stepOther(rows, cols, b, c);
  stepLocal(rows, cols, b, d);
  void (*f)(int, int, double *, const double *) = stepPointer;
  f(rows, cols, b, a);
  free(a);
  free(b);
  free(c);
  free(d);
}
