// Legality fuzzer find: seeds 102, 110, 120, 143, 146, 228, 326, 358, 367
// (fuzz.py 1-400, --units 8; each seed's loop holds `struct S s = {a + k,
// n};` or `S *sp = &s;` and reads or writes `a` through `s.p` next to `a`).
// The tool: with the pointer-origin work in the working tree of 2026-12-06
// 15:46 (uncommitted rewriter/frontend/analysis/PointerOrigins.cpp), accepts the loop
// with no warning and no remark: it becomes a kernel. At commit 3f578a0 it
// was accepted with `remark: assuming iterations are independent: 'a' and
// 's.p' may point into the same memory`. A static array `a` still gets the
// remark.
// The oracle: s.p[i] is a[i + 2], written by iteration i and read by
// iteration i + 2 as a[i + 2]: a flow dependence. Sequentially a[96] is
// a[0] + 48 = 48 (the program prints 48); iterations that read a[i] before
// iteration i - 2 wrote it print 95.
// Expected: warning: loop not parallelized: 'a' and 's.p' (a + 2) are one
// array, as `long *p = a, *q = a + 2;` now gets.
#include <stdio.h>
#include <stdlib.h>
struct S {
  long *p;
  int n;
};
int main(int argc, char **argv) {
  int n = 100 + argc;
  long *a = (long *)malloc(sizeof(long) * (n + 4));
  struct S s = {a + 2, n};
  for (int i = 0; i < n + 4; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < n - 4; i++)
    s.p[i] = a[i] + 1;
  printf("%ld\n", a[n - 5]);
  free(a);
  return 0;
}
