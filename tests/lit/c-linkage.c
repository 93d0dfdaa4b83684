// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/c-linkage.cu | FileCheck %s

// A C file that becomes a whole .cu keeps C linkage for the functions the
// program's other files define or call (their objects come from gcc): the
// definitions and prototypes at file scope get extern "C"; static
// functions and main do not need it (found by a helper's hunt: a
// multi-file program did not link).
// DIAG-NOT: warning

void run(float *a, int n);
static float twice(float x) { return 2 * x; }

void scale(float *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = twice(a[i]);
}

int main(void) {
  static float a[100];
  run(a, 100);
  scale(a, 100);
  return 0;
}
// CHECK: extern "C" void run(float *a, int n);
// CHECK-NEXT: static float twice(float x)
// CHECK: extern "C" void scale(float *a, int n) {
// CHECK: {{^}}int main(void) {
