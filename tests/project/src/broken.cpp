#include "kernels.h"

// Does not compile: the CI pass reports it and exits with status 2.
void broken(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = undeclared[i];
}
