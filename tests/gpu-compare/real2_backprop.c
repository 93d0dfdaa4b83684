/* GPU comparison test: Rodinia-style back-propagation: the forward pass of
 * a layer (a + reduction over the inputs into a private sum, a static
 * squash function with exp) and the weight adjustment over a 2-D weight
 * matrix stored as rows of one block, with momentum. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define IN 512
#define HID 16
#define ETA 0.3f
#define MOMENTUM 0.3f

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

static void layerforward(float *l1, float *l2, float *conn, int n1, int n2) {
  float sum;
  int j, k;
  l1[0] = 1.0f;
#pragma omp parallel for shared(conn, n1, n2, l1) private(k, j)             \
    reduction(+ : sum) schedule(static)
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k * (n2 + 1) + j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void adjust_weights(float *delta, int ndelta, float *ly, int nly,
                           float *w, float *oldw) {
  int k, j;
  ly[0] = 1.0f;
#pragma omp parallel for shared(oldw, w, delta) private(j, k)                 \
    firstprivate(ndelta, nly)
  for (j = 1; j <= ndelta; j++) {
    for (k = 0; k <= nly; k++) {
      float new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k * (ndelta + 1) + j]));
      w[k * (ndelta + 1) + j] += new_dw;
      oldw[k * (ndelta + 1) + j] = new_dw;
    }
  }
}

int main(void) {
  float *input = malloc((IN + 1) * sizeof(float));
  float *hidden = malloc((HID + 1) * sizeof(float));
  float *delta = malloc((HID + 1) * sizeof(float));
  float *w = malloc((IN + 1) * (HID + 1) * sizeof(float));
  float *oldw = calloc((IN + 1) * (HID + 1), sizeof(float));
  for (int i = 0; i <= IN; i++)
    input[i] = (float)(i % 4) / 4.0f;
  for (int i = 0; i < (IN + 1) * (HID + 1); i++)
    w[i] = (float)((i * 13) % 7 - 3) / 512.0f;
  for (int j = 0; j <= HID; j++)
    delta[j] = (float)(j % 3) / 8.0f;
  layerforward(input, hidden, w, IN, HID);
  adjust_weights(delta, HID, input, IN, w, oldw);
  layerforward(input, hidden, w, IN, HID);
  for (int j = 1; j <= HID; j++)
    printf("hidden[%d] = %.5f\n", j, hidden[j]);
  double ws = 0;
  for (int i = 0; i < (IN + 1) * (HID + 1); i++)
    ws += w[i];
  printf("weights %.5f\n", ws);
  return 0;
}
