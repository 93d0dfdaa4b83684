#include <stdio.h>
#include <stdlib.h>
#include "nw.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048, penalty = 10, i, j;
  int w = n + 1;
  int *a = malloc(sizeof(int) * w), *b = malloc(sizeof(int) * w);
  int *sim = malloc(sizeof(int) * w * w), *score = malloc(sizeof(int) * w * w);
  long long sum = 0;
  unsigned s = 12345u;
  for (i = 0; i <= n; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (s >> 10) % 10;
    s = s * 1103515245u + 12345u;
    b[i] = (s >> 10) % 10;
  }
  for (i = 0; i <= n; i++)
    for (j = 0; j <= n; j++)
      sim[i * w + j] = a[i] == b[j] ? 5 : -3;
  nw_init(score, a, b, n, penalty);
  nw_fill(score, sim, n, penalty);
  for (i = 0; i <= n; i++)
    sum += score[i * w + n];
  printf("score %d column sum %lld\n", score[n * w + n], sum);
  free(a);
  free(b);
  free(sim);
  free(score);
  return 0;
}
