/* GPU comparison test: an OpenMP parallel region that runs once, its
 * worksharing loops on the GPU (PolyBench 4.2's deriche), with pointer
 * parameters that may share memory, so that move-copies keeps each array's
 * copies next to its kernels. Rule hold-region (rule set hold-loops) holds
 * the arrays over the region's body: y1 goes to the device once and comes
 * back once, instead of back and in again between the passes. overlapped
 * gets two arrays that do share memory (one row apart), where the runtime
 * finds the overlap, breaks the holds, and the copies move as placed. Sums
 * of small integers and halves are exact: the GPU build must print what the
 * CPU build prints.
 */
// gpu-profile: ^  y1 \(region_holds.c\) +to device +1 +12288 
// gpu-profile: ^  y1 \(region_holds.c\) +to host +1 +12288 
#include <stdio.h>

#define W 64
#define H 48

static void passes(int w, int h, float a[W][H], float y1[W][H],
                   float y2[W][H], float o[W][H]) {
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < w; i++) {
      float ym1 = 0;
      for (j = 0; j < h; j++) {
        y1[i][j] = a[i][j] + ym1 * 0.5f;
        ym1 = y1[i][j];
      }
    }
#pragma omp for
    for (i = 0; i < w; i++) {
      float yp1 = 0;
      for (j = h - 1; j >= 0; j--) {
        y2[i][j] = a[i][j] + yp1 * 0.5f;
        yp1 = y2[i][j];
      }
    }
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        o[i][j] = y1[i][j] + y2[i][j];
#pragma omp for
    for (j = 0; j < h; j++) {
      float t = 0;
      for (i = 0; i < w; i++) {
        y1[i][j] = o[i][j] + t * 0.5f;
        t = y1[i][j];
      }
    }
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        o[i][j] = o[i][j] + y1[i][j];
  }
}

/* Three passes over p1 and p2, which main makes one row apart: p1 is
 * copied in twice, so the region holds it, and p2's copy breaks the hold. */
static void overlapped(int w, int h, float a[W][H], float p1[W][H],
                       float p2[W][H]) {
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        p1[i][j] = a[i][j] * 0.5f + p1[i][j];
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        p2[i][j] = p2[i][j] * 0.5f + a[i][j];
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        p1[i][j] = p1[i][j] + 1.0f;
  }
}

static float A[W][H], Y1[W][H], Y2[W][H], O[W][H], Big[W + 1][H];

static double sum(float m[W][H]) {
  double s = 0;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      s += m[i][j] * ((i + j) % 3);
  return s;
}

int main(void) {
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      A[i][j] = (i * 3 + j) % 4;
  passes(W, H, A, Y1, Y2, O);
  printf("distinct %.6f %.6f %.6f\n", sum(O), sum(Y1), sum(Y2));
  for (int i = 0; i <= W; i++)
    for (int j = 0; j < H; j++)
      Big[i][j] = (i + 2 * j) % 5;
  overlapped(W, H, A, Big, Big + 1);
  double b = 0;
  for (int i = 0; i <= W; i++)
    for (int j = 0; j < H; j++)
      b += Big[i][j] * ((i * j) % 7);
  printf("overlapped %.6f\n", b);
  return 0;
}
