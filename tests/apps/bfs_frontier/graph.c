#include "graph.h"

static unsigned next(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (*s >> 8) & 0xffffff;
}

void make_graph(Node *nodes, int *edges, int n, int degree, unsigned seed) {
  int i, k;
  for (i = 0; i < n; i++) {
    nodes[i].starting = i * degree;
    nodes[i].no_of_edges = degree;
    for (k = 0; k < degree; k++)
      edges[i * degree + k] = k == 0 ? (i + 1) % n : (int)(next(&seed) % n);
  }
}
