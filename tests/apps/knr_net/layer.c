#include <stdio.h>
#include <stdlib.h>
#include "net.h"

static int calls;
static float scale = 0.5f, unused_bias;

float squash(x)
float x;
{
  return x / (1.0f + (x < 0 ? -x : x));
}

static double dot(a, b, n)
double *a, *b;
int n;
{
  int k;
  double s = 0;
  for (k = 0; k < n; k++)
    s += a[k] * b[k];
  return s;
}

void layerforward(in, out, w, n_in, n_out)
float *in, *out, *w;
int n_in, n_out;
{
  int j, k;
  calls++;
#pragma omp parallel for private(k)
  for (j = 0; j < n_out; j++) {
    float sum = 0;
    for (k = 0; k < n_in; k++)
      sum += w[j * n_in + k] * in[k];
    out[j] = squash(sum) * scale;
  }
}

static void scale_all(float *v, int n, float f)
{
  int i;
  int new = n;
#pragma omp parallel for
  for (i = 0; i < new; i++)
    v[i] = v[i] * f;
}

int layer_calls() { return calls; }

void adjust(v, n)
float *v;
int n;
{
  scale_all(v, n, 2.0f);
}
