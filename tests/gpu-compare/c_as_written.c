// loop2cuda-std: gnu89
/* GPU comparison test: C as older programs write it, each once a .cu that
   nvcc rejected (found by a helper's hunt): a helper called before its
   declaration (C89 declares it at the call), a member of an anonymous
   union reached through an array of structs, and an enumerator of a
   function's own enum in a kernel. */
#include <stdio.h>
#include <stdlib.h>

double y1[5000];
static int min(int a, int b) { return a < b ? a : b; }

typedef struct {
  union {
    float re;
    float r;
  };
  float im;
} cx_t;

void magnitudes(cx_t *c, float *m, int n)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    m[i] = c[i].re * c[i].re + c[i].im * c[i].im;
  report(n, m);
}

void clip(double *a, int n)
{
  enum { HI = 7 };
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    a[i] = a[i] > HI ? HI : a[i];
}

int report(int n, float *m)
{
  double s = 0;
  int i;
  for (i = 0; i < n; i++)
    s += m[i] * (i % 5 + 1);
  printf("%.3f\n", s);
  return n;
}

int main(void)
{
  int n = 5000, i;
  cx_t *c = malloc(n * sizeof *c);
  float *m = malloc(n * sizeof *m);
  double *a = malloc(n * sizeof *a);
  double s = 0;
  for (i = 0; i < n; i++) {
    c[i].r = (float)(i % 11) * 0.5f;
    c[i].im = (float)(i % 7) * 0.25f;
    a[i] = (i * 37) % 13;
  }
  magnitudes(c, m, n);
  clip(a, n);
#pragma omp parallel for
  for (i = 0; i < n; i++)
    y1[i] = a[i] * 0.5 + min(i, 9);
  for (i = 0; i < n; i++)
    s += y1[i] * (i % 4);
  for (i = 0; i < n; i++)
    s += a[i] * (i % 3 + 1);
  printf("%.3f\n", s);
  free(c);
  free(m);
  free(a);
  return 0;
}
