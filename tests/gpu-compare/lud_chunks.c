/* GPU comparison test: a blocked LU factorisation as Rodinia's OpenMP lud
 * writes it (issue 34 item 2): the diagonal block on the host, then the
 * trailing blocks in one marked loop over chunks, each block's corner from
 * chunk / chunks_in_row and chunk % chunks_in_row, chunks_in_row a value of
 * the host loop. The exact test ranges over (chunk / D, chunk % D), D's
 * value from the statements before the loop: each block lies inside its
 * row, so no probe. A second loop writes tiles of a 2-D array through the
 * same pair. Built with gcc
 * and through loop2cuda; the outputs must be identical (the factors of a
 * matrix made from small integer factors come back exactly). */
// gpu-profile: ^  lud_blocks_L[0-9]+(_restrict)? \(lud_chunks\.c:[0-9]+\)
#include <stdio.h>
#include <stdlib.h>

#define BS 16
#define AT(r, c) a[(r) * size + (c)]

static float tiles[64][64];

static void diagonal(float *a, int size, int offset) {
  for (int i = offset; i < offset + BS; ++i)
    for (int j = i + 1; j < offset + BS; ++j) {
      AT(j, i) /= AT(i, i);
      for (int k = i + 1; k < offset + BS; ++k)
        AT(j, k) -= AT(j, i) * AT(i, k);
    }
}

void lud_blocks(float *a, int size) {
  int offset, chunk, inner, chunks_in_row, chunks_total;
  for (offset = 0; offset < size - BS; offset += BS) {
    int i, j, k;
    diagonal(a, size, offset);
    /* The panels: below and right of the diagonal block, in order. */
    for (i = offset + BS; i < size; ++i)
      for (k = offset; k < offset + BS; ++k) {
        AT(i, k) /= AT(k, k);
        for (j = k + 1; j < offset + BS; ++j)
          AT(i, j) -= AT(i, k) * AT(k, j);
      }
    for (j = offset + BS; j < size; ++j)
      for (k = offset; k < offset + BS; ++k)
        for (i = k + 1; i < offset + BS; ++i)
          AT(i, j) -= AT(i, k) * AT(k, j);
    inner = size - offset - BS;
    chunks_in_row = inner / BS;
    chunks_total = chunks_in_row * chunks_in_row;
#pragma omp parallel for private(i, j, k)
    for (chunk = 0; chunk < chunks_total; chunk++) {
      int row0 = offset + BS * (1 + chunk / chunks_in_row);
      int col0 = offset + BS * (1 + chunk % chunks_in_row);
      for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++) {
          float s = 0;
          for (k = 0; k < BS; k++)
            s += AT(row0 + i, offset + k) * AT(offset + k, col0 + j);
          AT(row0 + i, col0 + j) -= s;
        }
    }
  }
  diagonal(a, size, offset);
}

void fill_tiles(int per_row, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++) {
    int r0 = 4 * (t / per_row), c0 = (t % per_row) * 4;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        tiles[r0 + i][c0 + j] += (float)(t % 5) + i - j;
  }
}

static float lower(int i, int k) { return i == k ? 1.0f : (float)((i * 7 + k * 3) % 3) - 1.0f; }
static float upper(int k, int j) { return k == j ? 2.0f : (float)((k * 5 + j * 11) % 5) - 2.0f; }

int main(void) {
  for (int size = 64; size <= 128; size += 64) {
    float *a = malloc((size_t)size * size * sizeof(float));
    for (int i = 0; i < size; i++)
      for (int j = 0; j < size; j++) {
        float s = 0;
        for (int k = 0; k <= (i < j ? i : j); k++)
          s += lower(i, k) * upper(k, j);
        a[i * size + j] = s;
      }
    lud_blocks(a, size);
    int wrong = 0;
    double sum = 0;
    for (int i = 0; i < size; i++)
      for (int j = 0; j < size; j++) {
        float want = i > j ? lower(i, j) : upper(i, j);
        wrong += a[i * size + j] != want;
        sum += a[i * size + j] * ((i + j) % 7);
      }
    printf("size %d: wrong %d checksum %.1f\n", size, wrong, sum);
    free(a);
  }
  fill_tiles(16, 256);
  fill_tiles(8, 64);
  double s = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      s += tiles[i][j] * ((i * 3 + j) % 11);
  printf("tiles: %.1f\n", s);
  return 0;
}
