// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 -Wno-absolute-value 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: %nochecks %t/device-abs-c.cu | FileCheck %s

// C's abs takes an int: called on a long (or a long long, or a char), the
// argument converts first, and a kernel keeps the conversion; the device
// library's long overload would keep the high bits (found by a helper's
// hunt with the emulated device: 1713 where gcc's build printed 403421).
// DIAG-NOT: warning: loop
#include <stdlib.h>

void absolute(long *l, long long *q, int *k, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    l[i] = abs(l[i]) % 1000;
    q[i] = abs(q[i] - 7);
    k[i] = abs(k[i]);
  }
}
// CHECK: l[i] = l2c::abs((int)l[i]) % 1000;
// CHECK: q[i] = l2c::abs((int)(q[i] - 7));
// CHECK: k[i] = l2c::abs(k[i]);
