/* A second C file of c-split.c's program (C89, no obstacle for C++). */
void halve(double *v, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    v[i] = v[i] / 2;
}
