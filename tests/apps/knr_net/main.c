#include <stdio.h>
#include <stdlib.h>
#include "net.h"
main()
{
  int n_in = 1000, n_out = 300, i;
  float *in = malloc(n_in * sizeof(float)), *out = malloc(n_out * sizeof(float));
  float *w = malloc(n_in * n_out * sizeof(float));
  double s = 0;
  for (i = 0; i < n_in; i++) in[i] = (i % 7) * 0.1f;
  for (i = 0; i < n_in * n_out; i++) w[i] = ((i % 13) - 6) * 0.01f;
  layerforward(in, out, w, n_in, n_out);
  adjust(out, n_out);
  for (i = 0; i < n_out; i++) s += out[i];
  printf("%.4f %d\n", s, layer_calls());
  return 0;
}
