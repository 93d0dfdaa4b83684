// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s
// RUN: %nochecks %t/c-sources-unfixable.cu | FileCheck %s --check-prefix=OUT

// What C allows and C++ rejects, where an edit of the text cannot help:
// each gets a warning, and the file is written unchanged there (nvcc will
// name the same places).
#include <stdlib.h>

#define ZALLOC(p, n) (p = calloc(n, sizeof *(p)))

enum mode { FAST, SAFE };

int main(void) {
  int n = 100;
  double *u;
  ZALLOC(u, n);
  // CHECK: c-sources-unfixable.c:[[@LINE-1]]:3: warning: a conversion from 'void *' inside a macro needs a cast to 'double *' in the macro; nvcc (C++) will reject it [c-source]
  // OUT: ZALLOC(u, n);
  enum mode m = FAST;
  m++;
  // CHECK: c-sources-unfixable.c:[[@LINE-1]]:4: warning: C++ has no ++/-- on an enum; write 'e = (enum E)(e + 1)' [c-source]
  m += 1;
  // CHECK: c-sources-unfixable.c:[[@LINE-1]]:5: warning: C++ has no compound assignment to an enum; write 'e = (enum E)(e op x)' [c-source]
  free(u);
  return (int)m;
}
