#include "kernels.h"

#include <cstdio>

// On the CPU: each iteration reads what the one before wrote.
void prefix(int n, int *a) {
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2 + 1;
}

// On the CPU: printf cannot run on the device.
void report(int n, const float *a) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    std::printf("%d %f\n", i, a[i]);
}
