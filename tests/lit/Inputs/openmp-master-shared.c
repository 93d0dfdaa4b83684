// Used by openmp-master-loops.c: a parallel region whose body is more than
// a 'master' block, which loop2cuda does not reinterpret.
void f(int n, double *a) {
  int i;
  double s = 0;
#pragma omp parallel
  {
    s = 1;
#pragma omp master
    {
#pragma omp for
      for (i = 0; i < n; i++)
        a[i] = s;
    }
  }
}
