// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/escaped-pointers.cu | FileCheck %s --check-prefix=CU

// An array whose address the function stores in a global (directly, through
// a struct member, or through a helper that keeps its parameter) is
// reached by code that reaches the global: the copy back to the host comes
// before a call of such code.
#include <stdlib.h>
typedef struct { double *p; } H;
static double *gp, *stash;
static H g;
static void poke(int k) { gp[k] += 100; }
static void stash_it(double *p) { stash = p; }
static void use_stash(void) { stash[3] = 77; }
static void bump(void) { g.p[0] += 1; }

// CU-LABEL: void direct(int n) {
// CU:       L2C_LAUNCH(
// CU-NEXT:  l2c::toHost(raw,
// CU:       poke(20);
void direct(int n) {
  double *raw = malloc(n * sizeof(double));
  gp = raw;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    raw[i] = i;
  poke(20);
  free(raw);
}

// CU-LABEL: void kept(int n) {
// CU:       L2C_LAUNCH(
// CU-NEXT:  l2c::toHost(raw,
// CU:       use_stash();
void kept(int n) {
  double *raw = malloc(n * sizeof(double));
  stash_it(raw);
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    raw[i] = i;
  use_stash();
  free(raw);
}

// CU-LABEL: void member(double *a, int n) {
// CU:       L2C_LAUNCH
// CU-NEXT:  l2c::toHost(a,
// CU:       bump();
void member(double *a, int n) {
  g.p = a;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] += 1;
  bump();
}

// A pointer into a member of a global array of structs: a call that reads
// the array reads what the loop wrote through the pointer.
typedef struct { double x, y; } P;
static P pts[1000];
static double first_x(void) { return pts[999].x; }
// CU-LABEL: double member_pointer(void) {
// CU:       L2C_LAUNCH
// CU-NEXT:  l2c::toHost(px,
// CU:       double v = first_x();
double member_pointer(void) {
  double *px = &pts[0].x;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    px[2 * i] = 2;
  double v = first_x();
  return v;
}
