/* GPU comparison test: copies in that leave out what the first kernel
 * overwrites (rules copy-in-outside and launch-overwrites,
 * docs/data-regions.md). Built with gcc and through loop2cuda; the outputs
 * must be identical. Every array's border holds values the kernels never
 * write, so a copy that lost them, or a box that never reached the device,
 * shows in the sums. */
#include <stdio.h>
#include <stdlib.h>

#define R 600
#define C 400

static double sum1(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}

/* Two sweeps in a time loop; steps may be 0, when no kernel overwrites
 * v's inside and the host must get its own data back. */
static void sweeps(int n, int steps) {
  float *u = (float *)malloc(sizeof(float) * n);
  float *v = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101);
    v[i] = (float)(i % 13) + 0.5f;
  }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 4.0f;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = (v[i - 1] + v[i] + v[i + 1]) / 4.0f;
  }
  printf("sweeps %d: u %.6f v %.6f ends %.2f %.2f\n", steps, sum1(u, n),
         sum1(v, n), v[0], v[n - 1]);
  free(u);
  free(v);
}

/* The inside of a grid of rows, in a time loop: the frame comes from the
 * host, the inside is overwritten. */
static void jacobi(int steps) {
  float(*a)[C] = (float(*)[C])malloc(sizeof(float) * R * C);
  float(*b)[C] = (float(*)[C])malloc(sizeof(float) * R * C);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      a[i][j] = (float)((i * 7 + j * 3) % 29);
      b[i][j] = (float)((i + 2 * j) % 11) - 5.0f;
    }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++)
        b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma omp parallel for
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++)
        a[i][j] = 0.25f * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
  }
  printf("jacobi %d: a %.6f b %.6f corners %.2f %.2f\n", steps,
         sum1(&a[0][0], R * C), sum1(&b[0][0], R * C), b[0][C - 1], b[R - 1][0]);
  free(a);
  free(b);
}

/* A loop that counts down and writes every element: nothing goes in. */
static void countDown(int n) {
  float *x = (float *)malloc(sizeof(float) * n);
  float *y = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    x[i] = -1.0f;
    y[i] = (float)(i % 17);
  }
#pragma omp parallel for
  for (int i = n - 1; i >= 0; i--)
    x[i] = 2.0f * y[i];
  printf("count down: %.6f\n", sum1(x, n));
  free(x);
  free(y);
}

/* The first kernel reads w whole, the second overwrites its inside, the
 * host changes one end between steps. */
static void readThenOverwrite(int n, int steps) {
  float *w = (float *)malloc(sizeof(float) * n);
  float *s = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    w[i] = (float)(i % 9);
    s[i] = 0.0f;
  }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      s[i] = s[i] + w[i];
#pragma omp parallel for
    for (int i = 2; i < n - 3; i++)
      w[i + 1] = (float)((i + t) % 5);
    w[0] = (float)t;
  }
  printf("read then overwrite: s %.6f w %.6f\n", sum1(s, n), sum1(w, n));
  free(w);
  free(s);
}

/* The same array under two names: the kernel reads under the other one
 * what it overwrites, so the box must come in. */
static void twice(float *v, const float *w, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = w[i] * 2.0f + 1.0f;
}

static void aliased(int n) {
  float *x = (float *)malloc(sizeof(float) * n);
  float *y = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 11);
    y[i] = (float)(i % 3);
  }
  twice(x, x, n);
  twice(y, x, n);
  printf("aliased: x %.6f y %.6f\n", sum1(x, n), sum1(y, n));
  free(x);
  free(y);
}

int main(void) {
  sweeps(300007, 0);
  sweeps(300007, 9);
  jacobi(0);
  jacobi(6);
  countDown(250001);
  readThenOverwrite(200003, 5);
  aliased(300001);
  return 0;
}
