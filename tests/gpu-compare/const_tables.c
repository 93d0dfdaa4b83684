// GPU comparison test: kernels that read const tables of the file (a
// `static const int tab[4]`, a 3 x 3 stencil), with pointer parameters
// whose overlap is checked at run time. The check's l2c::range of a const
// array was an ambiguous call that nvcc rejected (found by a helper's hunt
// with the emulated device).
#include <stdio.h>
#include <stdlib.h>

static const int tab[4] = {1, 2, 3, 4};
static const int stencil[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

void conv(const int *in, int *out, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    out[i] = tab[i % 4] * in[i];
}

void blur(const int *in, int *out, int w, int h) {
#pragma omp parallel for
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += stencil[dy + 1][dx + 1] * in[(y + dy) * w + x + dx];
      out[y * w + x] = s / 16;
    }
}

int main(void) {
  int w = 300, h = 200, n = w * h;
  int *a = (int *)malloc(n * sizeof(int)), *b = (int *)calloc(n, sizeof(int));
  int *c = (int *)calloc(n, sizeof(int));
  for (int i = 0; i < n; i++)
    a[i] = (i * 37) % 255;
  conv(a, b, n);
  blur(b, c, w, h);
  long s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + c[i];
  printf("%ld\n", s);
  free(a);
  free(b);
  free(c);
  return 0;
}
