// Hand-written in the shape loop2cuda gives samples/saxpy.cpp (copies hoisted
// out of the host loop); it tests the GPU tier scripts themselves.
#include "loop2cuda_runtime.cuh"
#include <cstdio>
#include <cstdlib>
#include <vector>

// loop2cuda kernel saxpy_L32: from saxpy.cpp:32
// rules: extract-kernel, move-copies
__global__ void saxpy_L32(long long l2c_begin, long long l2c_end, float a, const float *x, float *y) {
  for (long long i = l2c_begin + ((long long)blockIdx.x * blockDim.x + threadIdx.x); i < l2c_end; i += (long long)gridDim.x * blockDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

int main(int argc, char **argv) {
  l2c::initDevice();
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    std::fprintf(stderr, "saxpy: n must be positive\n");
    return 1;
  }

  const float a = 2.0f;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 100);
    y[i] = (float)(i % 7);
  }

  const int repeats = 5;
  l2c::toDevice(x.data(), (int)x.size(), "saxpy.cpp:32");
  l2c::toDevice(y.data(), (int)x.size(), "saxpy.cpp:32");
  for (int r = 0; r < repeats; ++r) {
    L2C_LAUNCH(saxpy_L32, "saxpy.cpp:32", l2c::gridFor((int)x.size(), 256), 256,
               0, (int)x.size(), a, l2c::dev(x.data(), (int)x.size(), "saxpy.cpp:32"),
               l2c::dev(y.data(), (int)x.size(), "saxpy.cpp:32"));
  }
  l2c::toHost(y.data(), (int)x.size(), "saxpy.cpp:32");
  l2c::release(x.data(), "saxpy.cpp:32");
  l2c::release(y.data(), "saxpy.cpp:32");

  long long checksum = 0;
  for (int i = 0; i < n; ++i)
    checksum += (long long)y[i] * (i % 11 + 1);
  std::printf("saxpy: n = %d, a = %.1f, repeats = %d\n", n, a, repeats);
  std::printf("y[0] = %.1f, y[%d] = %.1f, y[%d] = %.1f\n", y[0], n / 2,
              y[n / 2], n - 1, y[n - 1]);
  std::printf("checksum: %lld\n", checksum);
  return 0;
}
