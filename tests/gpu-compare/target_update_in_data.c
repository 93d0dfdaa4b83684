// target update inside a target data region, in a host time loop: the
// directives become the runtime's updates (they used to be remarked as
// having no effect, the region's body being a captured statement).
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100000;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; }
  double probe = 0;
#pragma omp target data map(tofrom: a[0:n]) map(from: b[0:n])
  {
    for (int step = 0; step < 4; step++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        b[i] = a[i] * 0.5 + step;
#pragma omp target update from(b[0:n])
      probe += b[n / 2];
      b[0] = probe;
#pragma omp target update to(b[0:1])
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        a[i] = b[i] + 1.0;
    }
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] + b[i];
  printf("%.3f %.3f\n", s, probe);
  return 0;
}
