// private(i) of an outer i that the loop's own 'for (int i ...)' hides:
// the clause names a variable the body never uses, which must not get a
// copy in the kernel (it hid the loop index: a wrong result, or a
// redeclaration nvcc refused).
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int rows = 40, cols = 50, i, j, k;
  float *a = malloc(sizeof(float) * rows * cols), *b = malloc(sizeof(float) * rows * cols);
  for (k = 0; k < rows * cols; k++) a[k] = k % 17;
#pragma omp parallel for private(i, k)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) { k = i * cols + j; b[k] = a[k] * 2.0f + i; }
  double s = 0;
  for (k = 0; k < rows * cols; k++) s += b[k];
#pragma omp parallel for private(i)
  for (int i = 0; i < rows * cols; i++) a[i] = i * 0.5f;
#pragma omp parallel for private(i, j)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) b[i * cols + j] = a[i * cols + j] + j;
  for (k = 0; k < rows * cols; k++) s += a[k] + b[k];
  printf("%.3f\n", s);
  return 0;
}
