#ifndef GRAPH_H
#define GRAPH_H
typedef struct {
  int starting;
  int no_of_edges;
} Node;

/* A random graph of n nodes with `degree` edges each, in the arrays the
   caller allocated: nodes[n], edges[n * degree]. */
void make_graph(Node *nodes, int *edges, int n, int degree, unsigned seed);
#endif
