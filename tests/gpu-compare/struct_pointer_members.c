/* GPU comparison test: arrays of structs whose members point to other
 * memory (issue 36 item 3), as Rodinia's streamcluster keeps its points:
 * `typedef struct { float weight; float *coord; long assign; float cost; }
 * Point;` with every point's coordinates in one block. The loops read and
 * write p[i].coord[j]; the coordinates travel as rows of their own (a
 * table of device row pointers, rule set extract-kernel's member rows), the
 * points as their bytes. Spellings: a parameter array, the array inside a
 * struct reached through a pointer (points->p[i].coord[j]), a static array
 * of points, a write through the member. Built with gcc and through
 * loop2cuda; the outputs must be identical (small integers in floats). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float weight;
  float *coord;
  long assign;
  float cost;
} Point;

typedef struct {
  long num;
  int dim;
  Point *p;
} Points;

/* Each point's nearest centre and its squared distance. */
void assign_points(Point *pts, int n, int dim, const float *centres, int k) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float best = 1e30f;
    long arg = 0;
    for (int c = 0; c < k; c++) {
      float d = 0;
      for (int j = 0; j < dim; j++) {
        float t = pts[i].coord[j] - centres[c * dim + j];
        d += t * t;
      }
      if (d < best) {
        best = d;
        arg = c;
      }
    }
    pts[i].assign = arg;
    pts[i].cost = best * pts[i].weight;
  }
}

/* Through the container, as streamcluster's pgain does. */
void shift_points(Points *points, float by) {
  long n = points->num;
  int dim = points->dim;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    for (int j = 0; j < dim; j++)
      points->p[i].coord[j] = points->p[i].coord[j] * 0.5f + by;
}

static Point few[64];
static float few_block[64 * 3];

float weighted(int n) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += few[i].coord[0] * few[i].weight + few[i].coord[2];
  return s;
}

int main(void) {
  int n = 5000, dim = 4, k = 7;
  Points points;
  points.num = n;
  points.dim = dim;
  points.p = malloc(n * sizeof(Point));
  float *block = malloc((size_t)n * dim * sizeof(float));
  for (int i = 0; i < n; i++) {
    points.p[i].weight = (float)(1 + i % 3);
    points.p[i].coord = block + (size_t)i * dim;
    for (int j = 0; j < dim; j++)
      block[i * dim + j] = (float)((i * 7 + j * 3) % 17);
  }
  float *centres = malloc(k * dim * sizeof(float));
  for (int i = 0; i < k * dim; i++)
    centres[i] = (float)(i % 13);
  for (int round = 0; round < 3; round++) {
    assign_points(points.p, n, dim, centres, k);
    long s = 0;
    double cost = 0;
    for (int i = 0; i < n; i++) {
      s += points.p[i].assign * (i % 7 + 1);
      cost += points.p[i].cost;
    }
    printf("round %d: assign %ld cost %.1f\n", round, s, cost);
    shift_points(&points, (float)round);
  }
  double sum = 0;
  for (int i = 0; i < n * dim; i++)
    sum += block[i] * (i % 5 + 1);
  printf("coordinates: %.3f\n", sum);
  for (int i = 0; i < 64; i++) {
    few[i].weight = (float)(i % 4);
    few[i].coord = few_block + 3 * (63 - i); /* rows in reverse order */
    for (int j = 0; j < 3; j++)
      few_block[3 * i + j] = (float)(i + j);
  }
  printf("weighted: %.1f\n", weighted(64));
  free(centres);
  free(block);
  free(points.p);
  return 0;
}
