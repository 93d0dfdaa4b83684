// A CG step: two calls hand p, x, q, r to a function with a kernel, a host
// sum reads r, then a marked loop reads p and r. The copies of p and r for
// that loop rise above the calls, under their holds; the unhold before the
// host read carries out the release the calls deferred, and the loop then
// found no device copy (infinities; found by a helper's hunt). The runtime
// now gives such a launch the host's data, current since the unhold.
#include <stdio.h>
#include <stdlib.h>

static void axpy(int n, double a, const double *x, double *y)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++) y[i] += a * x[i];
}

static double host_sum(int n, const double *v)
{
    double s = 0; int i;
    for (i = 0; i < n; i++) s += v[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000, it, i;
    double *x = (double *)calloc(n, sizeof(double));
    double *r = (double *)malloc(n * sizeof(double));
    double *p = (double *)malloc(n * sizeof(double));
    double *q = (double *)malloc(n * sizeof(double));
    for (i = 0; i < n; i++) { r[i] = 1.0 + i % 3; p[i] = r[i]; q[i] = 0.5; }
    for (it = 0; it < 3; it++) {
        axpy(n, 1.0, p, x);
        axpy(n, -1.0, q, r);
        double beta = host_sum(n, r) / n;
#pragma omp parallel for
        for (i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
    }
    printf("%.6f %.6f %.6f\n", host_sum(n, x), host_sum(n, r), host_sum(n, p));
    return 0;
}
