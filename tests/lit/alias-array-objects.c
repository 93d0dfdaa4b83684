// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/alias-array-objects.cu | FileCheck %s --check-prefix=CU

// A pointer that holds a block the function allocated never points into a
// named array (a local weight table, a file's array): no "may point into
// the same memory" remark for the pair, in the loop or for its copies.
#include <stdlib.h>

static float lut[4] = {1, 2, 3, 4};

// CU-LABEL: float blur(
// CU: L2C_LAUNCH
// CU: L2C_LAUNCH
float blur(int n) {
  float *in = malloc(n * sizeof(float));
  float *out = malloc(n * sizeof(float));
  const float k[3] = {0.25f, 0.5f, 0.25f};
  for (int i = 0; i < n; i++)
    in[i] = (float)i;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    out[i] = k[0] * in[i - 1] + k[1] * in[i] + k[2] * in[i + 1];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] += lut[i & 3];
  return out[1];
}
