// Arrays that live in structs, put on the device by standalone data
// directives in functions of their own (a constructor/destructor pair in
// C): the directives name members (w->a[0:w->n], g.b[0:g.n]), which the
// runtime's holds must spell as host code does.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
} vec_t;

typedef struct {
  int n;
  float *b;
} grid_t;

static void vec_enter(vec_t *w) {
#pragma omp target enter data map(to: w->a[0:w->n])
}

static void vec_exit(vec_t *w) {
#pragma omp target exit data map(from: w->a[0:w->n])
}

static void vec_scale(vec_t *w, double s) {
  double *a = w->a;
  int n = w->n;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * s + 1.0;
}

static double vec_peek(vec_t *w, int i) {
#pragma omp target update from(w->a[i:1])
  return w->a[i];
}

static void grid_smooth(grid_t g) {
#pragma omp target enter data map(to: g.b[0:g.n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < g.n; i++)
    g.b[i] = g.b[i] * 0.5f + 1.0f;
}

static void grid_done(grid_t g) {
#pragma omp target exit data map(from: g.b[0:g.n])
}

int main(void) {
  vec_t v;
  grid_t g;
  v.n = 1000;
  v.a = malloc(sizeof(double) * v.n);
  g.n = 777;
  g.b = malloc(sizeof(float) * g.n);
  for (int i = 0; i < v.n; i++)
    v.a[i] = i;
  for (int i = 0; i < g.n; i++)
    g.b[i] = (float)(i % 13);
  vec_enter(&v);
  vec_scale(&v, 2.0);
  printf("a[10] after one step: %.3f\n", vec_peek(&v, 10));
  vec_scale(&v, 0.5);
  vec_exit(&v);
  grid_smooth(g);
  grid_done(g);
  double s = 0, t = 0;
  for (int i = 0; i < v.n; i++)
    s += v.a[i];
  for (int i = 0; i < g.n; i++)
    t += g.b[i];
  printf("%.3f %.3f\n", s, t);
  free(v.a);
  free(g.b);
  return 0;
}
