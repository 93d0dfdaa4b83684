// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/acc-entered-data.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 --disable-rule entered-data %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF-DIAG

// OpenACC's unstructured data lifetime (rule set entered-data, as for
// OpenMP's target enter/exit data): each pragma line becomes the runtime's
// calls, and its line a comment.
#include <stdlib.h>
#include <stdio.h>
static double *u, *v;
static int n;
static void setup(int m) {
  n = m;
  u = malloc(sizeof(double) * n);
  v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i % 7;
#pragma acc enter data copyin(u[0:n], v[0:n])
}
static void step(void) {
  double *a = u, *b = v;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i + 1]) * 0.5;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i];
}
static double probe(int i) {
  double *a = u;
#pragma acc update self(a[i:1])
  return a[i];
}
static void poke(int i, double x) {
  double *a = u;
  a[i] = x;
#pragma acc update device(a[i:1])
}
static void finish(void) {
  double *a = u, *b = v;
#pragma acc exit data copyout(a[0:n]) delete(b[0:n])
}
int main(void) {
  setup(1 << 12);
  for (int t = 0; t < 10; t++) {
    step();
    if (t == 5)
      poke(100, 1000.0);
    printf("%d %.6f\n", t, probe(100));
  }
  finish();
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i];
  printf("%.6e\n", s);
  return 0;
}

// DIAG: acc-entered-data.c:20:1: remark: 'u', 'v' stay on the device until their 'exit data': as OpenACC specifies, host code in between sees the kernels' results after 'update self', and kernels see the host's writes after 'update device' (docs/data-regions.md) [entered-data]
// CHECK-LABEL: static void setup(int m) {
// CHECK:         l2c::hold(u, "acc-entered-data.c: hold of 'u'");
// CHECK-NEXT:    l2c::hold(v, "acc-entered-data.c: hold of 'v'");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc enter data copyin(u[0:n], v[0:n])
// CHECK-NEXT:  }
// CHECK-LABEL: static double probe(int i) {
// CHECK:         l2c::updateHost(a, i, 1, "acc-entered-data.c: update of 'a' on the host");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc update self(a[i:1])
// CHECK-NEXT:    return a[i];
// CHECK-LABEL: static void poke(int i, double x) {
// CHECK:         a[i] = x;
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc update device(a[i:1])
// CHECK-NEXT:    l2c::updateDevice(a, i, 1, "acc-entered-data.c: update of 'a' on the device");
// CHECK-LABEL: static void finish(void) {
// CHECK:         // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc exit data copyout(a[0:n]) delete(b[0:n])
// CHECK-NEXT:    l2c::unhold(b, "acc-entered-data.c: unhold of 'b'");
// CHECK-NEXT:    l2c::unhold(a, "acc-entered-data.c: unhold of 'a'");

// OFF-DIAG: acc-entered-data.c:20:1: remark: the data directive has no effect here: rule set entered-data did not run
