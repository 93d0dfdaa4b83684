// RUN: %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --implicit-check-not=warning:

// A subscript through a cast to a narrower integer type wraps around: it is
// no polynomial of the index, and the probe checks the iterations at run
// time (docs/rules/host-fallback.md).
static int a[256], b[256], c[256];

// CHECK: [[#@LINE+4]]:5: remark: iterations are checked at run time: subscript 'a[(unsigned char)i]' converts 'i' to 'unsigned char', whose values wrap around;
void explicit_cast(void) {
#pragma omp parallel for
  for (int i = 0; i < 512; i++)
    a[(unsigned char)i] = i;
}

// CHECK: [[#@LINE+5]]:5: remark: iterations are checked at run time: subscript 'b[k]' converts 'i' to 'unsigned char', whose values wrap around (the value of 'k');
void implicit_cast(void) {
#pragma omp parallel for
  for (int i = 0; i < 512; i++) {
    unsigned char k = i;
    b[k] = i;
  }
}

// A cast that widens, or one to 32 bits, keeps the subscript affine.
// CHECK-NOT: remark: iterations are checked
void widening(long n) {
#pragma omp parallel for
  for (int i = 0; i < 256; i++)
    c[(long)i] = (int)(long)i;
}
