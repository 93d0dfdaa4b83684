/* GPU comparison test: image processing in C99 as people write it: a 3x3
 * box blur over unsigned char pixels indexed (y + dy) * w + (x + dx), a
 * histogram with reduction(+: hist[:256]), a threshold and a count of the
 * bright pixels. Everything is an integer. */
#include <stdio.h>
#include <stdlib.h>

#define W 256
#define H 192

static void blur(const unsigned char *src, unsigned char *dst, int w, int h) {
#pragma omp parallel for
  for (int y = 1; y < h - 1; y++) {
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += src[(y + dy) * w + (x + dx)];
      dst[y * w + x] = (unsigned char)(s / 9);
    }
  }
}

static void histogram(const unsigned char *img, int npix, unsigned int *hist) {
#pragma omp parallel for reduction(+ : hist[:256])
  for (int i = 0; i < npix; i++)
    hist[img[i]]++;
}

static int threshold(unsigned char *img, int npix, unsigned char t) {
  int bright = 0;
#pragma omp parallel for reduction(+ : bright)
  for (int i = 0; i < npix; i++) {
    if (img[i] <= t) {
      img[i] = 0;
      continue;
    }
    img[i] = 255;
    bright++;
  }
  return bright;
}

int main(void) {
  unsigned char *img = malloc(W * H);
  unsigned char *out = calloc(W * H, 1);
  unsigned int hist[256] = {0};
  for (int i = 0; i < W * H; i++)
    img[i] = (unsigned char)((i * 31 + i / W) & 0xff);
  blur(img, out, W, H);
  unsigned long s = 0;
  for (int i = 0; i < W * H; i++)
    s += out[i] * (unsigned long)(i % 7);
  printf("blur: %lu\n", s);
  histogram(out, W * H, hist);
  for (int b = 0; b < 256; b += 32) {
    unsigned long part = 0;
    for (int k = b; k < b + 32; k++)
      part += hist[k];
    printf("hist[%d..%d]: %lu\n", b, b + 31, part);
  }
  int bright = threshold(out, W * H, 128);
  s = 0;
  for (int i = 0; i < W * H; i++)
    s += (out[i] / 255) * (unsigned long)(i % 13);
  printf("threshold: %d bright, %lu\n", bright, s);
  free(img);
  free(out);
  return 0;
}
