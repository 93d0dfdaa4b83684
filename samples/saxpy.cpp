// saxpy.cpp - y = a * x + y, repeated a few times, on std::vector.
//
// The loop carries an OpenMP pragma; loop2cuda treats it as a parallel loop.
// x is only read and y stays on the device between the repetitions, so the
// copies belong before and after the outer host loop, not inside it.
//
// Usage: saxpy [n]               (default n = 1048576)
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    std::fprintf(stderr, "saxpy: n must be positive\n");
    return 1;
  }

  const float a = 2.0f;
  std::vector<float> x(n), y(n);
  // Small integer values keep every result exact (below 2^24), so the CPU
  // and the GPU print the same digits.
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 100);
    y[i] = (float)(i % 7);
  }

  const int repeats = 5;
  for (int r = 0; r < repeats; ++r) {
#pragma omp parallel for
    for (int i = 0; i < (int)x.size(); ++i)
      y[i] = a * x[i] + y[i];
  }

  long long checksum = 0;
  for (int i = 0; i < n; ++i)
    checksum += (long long)y[i] * (i % 11 + 1);
  std::printf("saxpy: n = %d, a = %.1f, repeats = %d\n", n, a, repeats);
  std::printf("y[0] = %.1f, y[%d] = %.1f, y[%d] = %.1f\n", y[0], n / 2,
              y[n / 2], n - 1, y[n - 1]);
  std::printf("checksum: %lld\n", checksum);
  return 0;
}
