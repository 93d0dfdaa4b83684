// GPU comparison test: a second name of an array at the same address
// (`p = &a[0]`, `p = a`, `p = a + 0`) is released after its last loop, and
// the release frees the array's device copy too (one copy an address); a
// later loop over the array must copy it in again (rule set move-copies,
// tests/lit/move-copies-alias-free.c; found by the legality fuzzer's GPU
// half under the emulated device, seed 115).
#include <stdio.h>

#define N 150

static double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * (i % 7 + 1);
  return s;
}

static void addressOf(int n) {
  static double a[160], b[160], out[160];
  for (int i = 0; i < 160; i++)
    a[i] = i % 11 - 5;
  double *p = &a[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = p[i] + a[i + 1];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = a[i] * 2.0 + 1.0;
  printf("addressOf: %.1f %.1f %.1f\n", sum(a, 160), sum(b, n), sum(out, n));
}

static void plainCopy(int n) {
  static double a[160], b[160], out[160];
  for (int i = 0; i < 160; i++)
    a[i] = i % 13 - 6;
  double *p = a;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = p[i] * 3.0;
  // a's device copy is what the next loop reads, and writes.
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] + b[i];
  printf("plainCopy: %.1f %.1f\n", sum(a, 160), sum(b, n));
  (void)out;
}

static void plusZero(int n) {
  static double a[160], out[160];
  for (int i = 0; i < 160; i++)
    a[i] = i % 5 - 2;
  double *p = a + 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = p[i + 1] - 1.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] += a[i];
  printf("plusZero: %.1f %.1f\n", sum(a, 160), sum(out, n));
}

// The shape the fuzzer found: the release of p stays before a reduction
// loop that reads another array released and copied in between.
static void beforeReduction(int n) {
  static double a[160], c[160], d[160];
  for (int i = 0; i < 160; i++) {
    a[i] = i % 11 - 5;
    c[i] = i % 7 - 3;
    d[i] = i % 5;
  }
  double *p = &a[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    d[i] = d[i] + p[i] + c[i + 1] + a[i + 2];
  double *q = c;
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 3; i < n - 3; i++) {
    a[i] = q[2 * (i % 40)] + 2;
    total += (long)c[i];
  }
  printf("beforeReduction: %.1f %.1f %.1f %ld\n", sum(a, 160), sum(c, 160),
         sum(d, 160), total);
}

int main(void) {
  beforeReduction(N);
  addressOf(N);
  plainCopy(N);
  plusZero(N);
  return 0;
}
