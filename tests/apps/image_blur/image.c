#include <stdlib.h>
#include "image.h"

float *image_new(int nr, int nc) { return malloc(sizeof(float) * nr * nc); }

void image_fill(float *img, int nr, int nc) {
  int i, j;
  for (j = 0; j < nc; j++)
    for (i = 0; i < nr; i++)
      img[i + nr * j] = (float)((i * 13 + j * 7) % 256) / 255.0f;
}

/* A 3x3 box filter; the border copies the input. Subscripts go through
   an index temporary, as hand-written image code does. */
void blur(const float *in, float *out, int nr, int nc) {
  int i, j;
#pragma omp parallel for private(i)
  for (j = 0; j < nc; j++) {
    for (i = 0; i < nr; i++) {
      int k = i + nr * j;
      if (i == 0 || j == 0 || i == nr - 1 || j == nc - 1) {
        out[k] = in[k];
        continue;
      }
      int n = k - 1, s = k + 1, w = k - nr, e = k + nr;
      out[k] = (in[k] + in[n] + in[s] + in[w] + in[e] + in[w - 1] +
                in[w + 1] + in[e - 1] + in[e + 1]) / 9.0f;
    }
  }
}

double image_sum(const float *img, int nr, int nc) {
  double s = 0;
  int k;
#pragma omp parallel for reduction(+ : s)
  for (k = 0; k < nr * nc; k++)
    s += img[k];
  return s;
}
