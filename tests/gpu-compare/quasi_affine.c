/* GPU comparison test: subscripts with / and % (>>, & masks) by constants
 * (issue 34 item 2). Blocked loops over heap arrays sized at run time, a
 * tile walked through its row and column temporaries, an update through
 * block and offset that is no histogram, a shift and a mask, gathers
 * x[i / 3] whose extent comes from the quotient, a negative numerator
 * (C rounds towards 0), and a loop with a real dependence through a
 * quotient that stays on the CPU. Built with gcc and through loop2cuda;
 * the outputs must be identical. */
#include <stdio.h>
#include <stdlib.h>

#define B 16

static void scale_blocks(float *x, int n) {
#pragma omp parallel for
  for (int b = 0; b < n / B; b++)
    for (int k = 0; k < B; k++)
      x[b * B + k] = x[b * B + k] * 2.0f + (float)k;
}

static void tile_bump(float *x, int tiles) {
#pragma omp parallel for
  for (int t = 0; t < tiles * 64; t++) {
    int r = t / 64;
    int c = t % 64;
    x[r * 64 + c] = x[r * 64 + c] + (float)(r - c);
  }
}

static void count_up(int *a, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    a[(t / 8) * 8 + t % 8] += t % 5;
}

static void flip_bits(unsigned *h, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    h[((t >> 4) << 4) + (t & 15)] ^= (unsigned)t * 2654435761u;
}

static void gather_thirds(float *y, const float *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = in[i / 3] + in[(i >> 2)] * 0.5f;
}

static void centred(int *a, int n) {
#pragma omp parallel for
  for (int i = -3; i < 4; i++)
    a[i % 4 + 3] += i * n;
}

/* A real dependence: iterations 2k and 2k+1 write out[k]; the CPU order
 * decides which value stays. */
static void halve(float *out, const float *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i / 2] = in[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100003;
  float *x = malloc(n * sizeof(float));
  float *y = malloc(n * sizeof(float));
  int *a = malloc(n * sizeof(int));
  unsigned *h = malloc(n * sizeof(unsigned));
  int tiles = n / 64;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) * 0.25f;
    a[i] = i % 13;
    h[i] = (unsigned)i;
  }
  scale_blocks(x, n);
  tile_bump(x, tiles);
  count_up(a, n);
  flip_bits(h, n);
  gather_thirds(y, x, n);
  int c[8] = {0};
  centred(c, n);
  float *half = calloc(n / 2 + 1, sizeof(float));
  halve(half, y, n);
  double sx = 0, sy = 0, sh = 0;
  long sa = 0;
  unsigned xh = 0;
  for (int i = 0; i < n; i++) {
    sx += x[i] * (double)(i % 7 + 1);
    sy += y[i] * (double)(i % 5 + 1);
    sa += (long)a[i] * (i % 3 + 1);
    xh ^= h[i] + (unsigned)i;
  }
  for (int i = 0; i < n / 2 + 1; i++)
    sh += half[i] * (double)(i % 3 + 1);
  printf("x %.3f y %.3f a %ld h %u half %.3f\n", sx, sy, sa, xh, sh);
  for (int i = 0; i < 8; i++)
    printf("c[%d] = %d\n", i, c[i]);
  free(x);
  free(y);
  free(a);
  free(h);
  free(half);
  return 0;
}
