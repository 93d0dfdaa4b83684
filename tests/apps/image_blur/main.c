#include <stdio.h>
#include <stdlib.h>
#include "image.h"

int main(int argc, char **argv) {
  int nr = argc > 1 ? atoi(argv[1]) : 1500, nc = argc > 2 ? atoi(argv[2]) : 1100;
  int it;
  float *a = image_new(nr, nc), *b = image_new(nr, nc), *t;
  image_fill(a, nr, nc);
  for (it = 0; it < 20; it++) {
    blur(a, b, nr, nc);
    t = a;
    a = b;
    b = t;
  }
  printf("sum %.3f corner %.5f centre %.5f\n", image_sum(a, nr, nc), a[nr + 1],
         a[(nr / 2) + nr * (nc / 2)]);
  free(a);
  free(b);
  return 0;
}
