// GPU comparison test: data regions the user writes (`omp target data`,
// `acc data`, `loop2cuda data`) and OpenMP device loops, with host reads
// inside a region. Built with g++ (sequentially) and through loop2cuda; the
// two outputs must be identical.
#include <cstdio>
#include <cstdlib>

static double checksum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 5 + 1);
  return s;
}

static void targetData(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101);
    v[i] = (float)(i % 7);
  }
#pragma omp target data map(tofrom: u[0:n]) map(alloc: v[0:n])
  {
    for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
    }
  }
  std::printf("target data: u %.6f v %.6f\n", checksum(u, n), checksum(v, n));
  std::free(u);
  std::free(v);
}

static void gather(const float *a, const int *idx, float *b, int n, int m) {
#pragma omp target data map(to: a[0:m], idx[0:n]) map(from: b[0:n])
  {
#pragma omp target parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[idx[i]];
  }
}

static void split(const float *a, float *b, int n) {
#pragma omp target map(to: a[0:n + 1]) map(from: b[0:n])
#pragma omp teams distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = a[i] + a[i + 1];
}

static void accData(int n, int steps) {
  float *a = (float *)std::malloc(sizeof(float) * n);
  float *w = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = w[i] = (float)(i % 13);
  double seen = 0;
#pragma acc data copy(a[0:n], w[0:n])
  {
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
      for (int i = 0; i < n; i++)
        a[i] = a[i] * 0.5f + w[i];
      seen += w[t % n];
      w[t % n] += 1.0f;
#pragma acc parallel loop
      for (int i = 0; i < n; i++)
        w[i] = a[i] + 1.0f;
    }
  }
#pragma loop2cuda data copy(a[0:n])
  {
    for (int t = 0; t < steps; t++) {
#pragma loop2cuda parallel
      for (int i = 0; i < n; i++)
        a[i] = a[i] * 0.75f + 1.0f;
    }
  }
  std::printf("acc data: a %.6f w %.6f seen %.6f\n", checksum(a, n),
              checksum(w, n), seen);
  std::free(a);
  std::free(w);
}

// `target enter data` ... `target exit data` around a time loop, with a
// host write between the steps every fourth step (u stays current on the
// host where that write needs it) and v freed unread after the region.
static void enterExit(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::calloc(n, sizeof(float));
  for (int i = 0; i < n; i++)
    u[i] = (float)((i * 13) % 29);
#pragma omp target enter data map(to: u[0:n], v[0:n])
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + 2.0f * u[i] + u[i + 1]) / 4.0f;
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = (v[i - 1] + 2.0f * v[i] + v[i + 1]) / 4.0f;
    if (t % 4 == 0)
      u[t % n] += 1.0f;
  }
#pragma omp target exit data map(from: u[0:n]) map(release: v[0:n])
  std::printf("enter/exit: u %.6f\n", checksum(u, n));
  std::free(u);
  std::free(v);
}

int main() {
  targetData(1000, 20);
  enterExit(2049, 17);
  int n = 3001, m = 777;
  float *a = (float *)std::malloc(sizeof(float) * (n + 1));
  float *b = (float *)std::malloc(sizeof(float) * n);
  int *idx = (int *)std::malloc(sizeof(int) * n);
  for (int i = 0; i <= n; i++)
    a[i] = (float)((i * 11) % 17);
  for (int i = 0; i < n; i++)
    idx[i] = (i * 7) % m;
  gather(a, idx, b, n, m);
  std::printf("gather: %.6f\n", checksum(b, n));
  split(a, b, n);
  std::printf("split: %.6f\n", checksum(b, n));
  accData(1003, 9);
  std::free(a);
  std::free(b);
  std::free(idx);
  return 0;
}
