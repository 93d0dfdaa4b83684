// A Jacobi sweep over a mesh struct of pointers that main gets from a
// constructor function, inside a parallel region in a while loop: the
// holds of the members (m->u) must stay below the statement that gives m
// its value (they rose to the top of main: code that did not build; found
// by a helper's hunt).
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

typedef struct {
    int nx, ny;
    double *u, *unew, *f;
    double h;
} mesh_t;

static void update(mesh_t *m, int c)
{
    int i = c / m->nx, j = c % m->nx;
    if (i == 0 || j == 0 || i == m->ny - 1 || j == m->nx - 1) { m->unew[c] = m->u[c]; return; }
    m->unew[c] = 0.25 * (m->u[c - 1] + m->u[c + 1] + m->u[c - m->nx] + m->u[c + m->nx] - m->h * m->h * m->f[c]);
}

static mesh_t *mesh_new(int nx, int ny)
{
    mesh_t *m = (mesh_t *)malloc(sizeof *m);
    int k;
    m->nx = nx; m->ny = ny; m->h = 1.0 / (nx - 1);
    m->u = (double *)calloc((size_t)nx * ny, sizeof(double));
    m->unew = (double *)calloc((size_t)nx * ny, sizeof(double));
    m->f = (double *)malloc((size_t)nx * ny * sizeof(double));
    for (k = 0; k < nx * ny; k++) m->f[k] = (k % 5) - 2.0;
    for (k = 0; k < nx; k++) m->u[k] = 1.0;
    return m;
}

int main(int argc, char **argv)
{
    int nx = argc > 1 ? atoi(argv[1]) : 50, ny = argc > 2 ? atoi(argv[2]) : 40;
    int maxit = 60, it = 0, c;
    mesh_t *m = mesh_new(nx, ny);
    double err = 1.0;
    int ncell = nx * ny;

    while (it < maxit && err > 1e-8) {
        err = 0.0;
#pragma omp parallel default(none) shared(m, ncell, err)
        {
            int cc;
#pragma omp for schedule(static)
            for (cc = 0; cc < ncell; cc++)
                update(m, cc);
#pragma omp for reduction(max:err)
            for (cc = 0; cc < ncell; cc++) {
                double d = fabs(m->unew[cc] - m->u[cc]);
                if (d > err) err = d;
            }
#pragma omp for
            for (cc = 0; cc < ncell; cc++)
                m->u[cc] = m->unew[cc];
        }
        it++;
    }
    double s = 0;
    for (c = 0; c < ncell; c++) s += m->u[c] * (c % 7);
    printf("jacobi it=%d err=%.6e sum=%.6f\n", it, err, s);
    return 0;
}
