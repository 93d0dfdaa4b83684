// GPU comparison test: double buffering with std::swap in a time loop that
// prints one element of the new state at every step (rules hold-swap and
// host-boxes): the loop holds both arrays and only the printed element
// comes back per step. Also a `target data` region whose block prints an
// element between its kernels. Built with g++ and through loop2cuda; the
// outputs must be identical (halves of small integers, exact in floats).
//
// The region's array goes in once; back come its printed elements (one
// per step) and the whole array at the region's end:
// gpu-profile: ^  w \(host_boxes_swap.cpp\) +to device +1 
// gpu-profile: ^  w \(host_boxes_swap.cpp\) +to host +11 
#include <cstdio>
#include <cstdlib>
#include <utility>

static void swapping(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = (float)(i % 9);
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i + 1]) * 0.5f;
    std::swap(u, v);
    std::printf("%d %.6f %.6f\n", t, u[1], u[t + 2]);
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * (i % 4);
  std::printf("swapping %.6e\n", s);
  std::free(u);
  std::free(v);
}

static void region(int n, int steps, float *w) {
#pragma omp target data map(tofrom : w[0 : n])
  {
    for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        w[i] = w[i] * 0.5f + (float)(i % 3);
      std::printf("region %d %.6f\n", t, w[t]);
    }
  }
}

int main() {
  swapping(1 << 16, 12);
  int n = 1 << 14;
  float *w = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    w[i] = (float)(i % 5);
  region(n, 10, w);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += w[i];
  std::printf("region %.6e\n", s);
  std::free(w);
  return 0;
}
