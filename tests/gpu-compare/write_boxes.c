/* GPU comparison test: launches that say which box of a held array they
 * write (rule launch-writes: l2c::devWrites, l2c::devReads), so that a
 * host statement between kernels brings back only the part of its box
 * that the device holds newer (runtime/loop2cuda_stale.h). Each case
 * makes the runtime's record of that part wrong in a different way if it
 * were wrong: the host reads the middle of a range a kernel wrote, a row
 * written at one step is read a column at a time over later steps, a
 * kernel that only reads sits between, a kernel that does not say what it
 * writes (an inner loop's counter in its subscript) falls back to the
 * whole array, and the host writes elements the kernels later overwrite.
 * Values are exact (halves and integers), so the GPU build must print
 * exactly what the CPU build prints.
 */
#include <stdio.h>
#include <stdlib.h>

#define M 192

/* A row a step on the GPU, a column a step on the host. */
static double rowcol(int n, int steps, double A[M][M]) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
    int r = (t * 5) % n;
    int c = (t * 3) % n;
#pragma omp parallel for
    for (int j = 1; j < n - 1; j++)
      A[r][j] = A[r][j] * 0.5 + j + t;
    for (int i = 0; i < n; i++)
      s += A[i][c];
    A[(t * 7) % n][c] = s;
  }
  return s;
}

/* A kernel that writes a row, one that only reads, and every fourth step
 * one whose writes the tool cannot bound (k changes in the body). */
static double mixed(int n, int steps, double B[M][M], double *out) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
    int r = t % n;
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      B[r][j] += j - t;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      out[i] = B[i][r] * 2;
    if (t % 4 == 3) {
#pragma omp parallel for
      for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < 3) {
          B[i][k] += out[i];
          k++;
        }
      }
    }
    for (int i = 0; i < n; i++)
      s += B[i][r] + B[i][1];
  }
  return s;
}

/* A flat array: a window a step on the GPU; the host reads and writes
 * inside it. */
static double flat(int n, int steps, double *a) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
    int lo = (t * 37) % (n / 2);
#pragma omp parallel for
    for (int i = lo; i < lo + n / 4; i++)
      a[i] = a[i] * 0.5 + i % 3 + t;
    for (int k = lo + 5; k < lo + 9; k++)
      s += a[k];
    a[lo + n / 8] = s;
  }
  return s;
}

int main(void) {
  static double A[M][M], B[M][M];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 7 + j * 3) % 13;
      B[i][j] = (i + 2 * j) % 5;
    }
  double *out = malloc(sizeof(double) * M);
  int n = 1 << 12;
  double *a = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = i % 17;
  double s1 = rowcol(M, 300, A);
  double s2 = mixed(M, 40, B, out);
  double s3 = flat(n, 60, a);
  double ta = 0, tb = 0, tf = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      ta += A[i][j] * ((i + j) % 3);
      tb += B[i][j] * ((i * j) % 4);
    }
  for (int i = 0; i < n; i++)
    tf += a[i] * (i % 5);
  printf("rowcol %.17g %.17g\n", s1, ta);
  printf("mixed %.17g %.17g %.17g\n", s2, tb, out[5]);
  printf("flat %.17g %.17g\n", s3, tf);
  free(out);
  free(a);
  return 0;
}
