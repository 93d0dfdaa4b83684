// RUN: rm -rf %t && %loop2cuda --c-output=cu %s -o %t -- -std=c99 2>&1 | FileCheck %s
// RUN: %nochecks %t/c-sources-unfixable.cu | FileCheck %s --check-prefix=OUT
// By default such a file is split instead (c-split.c): its host part stays
// C, and the warnings go.
// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT-NOT: [c-source]
// SPLIT: remark: C++ cannot compile this file as written (a conversion from 'void *' inside a macro needs a cast to 'double *' in the macro; nvcc (C++) will reject it): the host part goes to c-sources-unfixable.c, for the program's C compiler, the functions with GPU code to c-sources-unfixable_gpu.cu, for nvcc [c-split]
// SPLIT-NOT: [c-source]

// What C allows and C++ rejects, where an edit of the text cannot help:
// with --c-output=cu, each gets a warning, and the file is written
// unchanged there (nvcc will name the same places).
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
