// Hand-written in the shape loop2cuda gives samples/vector_add.cpp; it tests
// the GPU tier scripts themselves (see tests/gpu/README.md).
#include "loop2cuda_runtime.cuh"
#include <cstdio>
#include <cstdlib>

// loop2cuda kernel vector_add: from vector_add.cpp:26
// rules: extract-kernel, grid-stride
__global__ void vector_add(long long l2c_begin, long long l2c_end, const float *a, const float *b, float *c) {
  for (long long i = l2c_begin + ((long long)blockIdx.x * blockDim.x + threadIdx.x); i < l2c_end; i += (long long)gridDim.x * blockDim.x) {
    c[i] = a[i] + b[i];
  }
}

int main(int argc, char **argv) {
  l2c::initDevice();
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    std::fprintf(stderr, "vector_add: n must be positive\n");
    return 1;
  }

  float *a = new float[n];
  float *b = new float[n];
  float *c = new float[n];
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 1000);
    b[i] = (float)(2 * (i % 777));
  }

  l2c::toDevice(a, n, "vector_add.cpp:26");
  l2c::toDevice(b, n, "vector_add.cpp:26");
  L2C_LAUNCH(vector_add, "vector_add.cpp:26", l2c::gridFor((long long)n - 0, 256), 256,
             0, n, l2c::dev(a, n, "vector_add.cpp:26"), l2c::dev(b, n, "vector_add.cpp:26"),
             l2c::dev(c, n, "vector_add.cpp:26"));
  l2c::toHost(c, n, "vector_add.cpp:26");
  l2c::release(a, "vector_add.cpp:26");
  l2c::release(b, "vector_add.cpp:26");
  l2c::release(c, "vector_add.cpp:26");

  long long checksum = 0;
  for (int i = 0; i < n; ++i)
    checksum += (long long)c[i] * (i % 13 + 1);
  std::printf("vector_add: n = %d\n", n);
  std::printf("c[0] = %.1f, c[%d] = %.1f, c[%d] = %.1f\n", c[0], n / 2,
              c[n / 2], n - 1, c[n - 1]);
  std::printf("checksum: %lld\n", checksum);

  delete[] a;
  delete[] b;
  delete[] c;
  return 0;
}
