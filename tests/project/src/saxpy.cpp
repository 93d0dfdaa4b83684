#include "kernels.h"

// On the GPU: the vectors' sizes give the copies.
void saxpy(float a, const std::vector<float> &x, std::vector<float> &y) {
#pragma loop2cuda parallel
  for (int i = 0; i < (int)y.size(); ++i)
    y[i] = a * x[i] + y[i];
}

// On the GPU, with a remark: two plain pointers may overlap.
void scale(int n, float s, float *out, const float *in) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    out[i] = s * in[i];
}
