// matmul_vector.cpp - C = A * B over std::vector<float> with linearised
// subscripts (C[i * n + j]), as C++ code often holds a matrix.
//
// The dependence test reads C[i * n + j] as C[i][j] once it has proven
// 0 <= j < n, so the j loop is independent and the kernel runs on a 2-D
// grid with j on x: neighbouring threads read neighbouring elements of B
// and write neighbouring elements of C.
//
// Usage: matmul_vector [n]      (default 512; prints a checksum of C)
#include <cstdio>
#include <cstdlib>
#include <vector>

static void matmul(int n, std::vector<float> &C, const std::vector<float> &A,
                   const std::vector<float> &B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 512;
  std::vector<float> A(n * n), B(n * n), C(n * n);
  // Small integers: every sum is exact in float, whatever the rounding mode
  // of a fused multiply-add.
  for (int i = 0; i < n * n; i++) {
    A[i] = (float)(i % 7);
    B[i] = (float)((i / 3) % 5);
  }
  matmul(n, C, A, B);
  double sum = 0;
  for (int i = 0; i < n * n; i += 13)
    sum += C[i] * (i % 11 + 1);
  std::printf("matmul_vector n=%d checksum %.1f\n", n, sum);
  return 0;
}
