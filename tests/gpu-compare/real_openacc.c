/* GPU comparison test: OpenACC as people write it: a Jacobi sweep over a
 * flat matrix (A[j * m + i]) in a while loop inside an `acc data` region,
 * with gang/vector loops, a max reduction, present, async and wait, and a
 * loop calling an `acc routine seq` function with a private temporary.
 * Values are multiples of 1/4^k: exact on both sides. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#pragma acc routine seq
static double f(double x) { return x * 2.0 + 1.0; }

int main(void) {
  int n = 300, m = 200;
  double *A = malloc(n * m * sizeof(double));
  double *Anew = malloc(n * m * sizeof(double));
  for (int i = 0; i < n * m; i++) {
    A[i] = i % 5;
    Anew[i] = 0;
  }
  double err = 1.0;
  int iter = 0;
#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m])
  while (err > 1e-3 && iter < 5) {
    err = 0.0;
#pragma acc parallel loop gang reduction(max:err) present(A, Anew)
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop vector reduction(max:err)
      for (int i = 1; i < m - 1; i++) {
        Anew[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] +
                                  A[(j - 1) * m + i] + A[(j + 1) * m + i]);
        err = fmax(err, fabs(Anew[j * m + i] - A[j * m + i]));
      }
    }
#pragma acc parallel loop collapse(2) async(1)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j * m + i] = Anew[j * m + i];
#pragma acc wait(1)
    iter++;
  }
  double *y = malloc(n * sizeof(double));
  double t;
#pragma acc parallel loop private(t) copyout(y[0:n])
  for (int i = 0; i < n; i++) {
    t = f(i * 0.5);
    y[i] = t;
  }
  double s = 0;
  for (int i = 0; i < n * m; i++)
    s += A[i] * (i % 3);
  for (int i = 0; i < n; i++)
    s += y[i];
  printf("iterations=%d err=%.9f sum=%.9f\n", iter, err, s);
  free(A);
  free(Anew);
  free(y);
  return 0;
}
