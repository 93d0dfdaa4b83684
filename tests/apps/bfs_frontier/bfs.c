/* Breadth-first search in the style of Rodinia's OpenMP bfs: a frontier
   mask, a flag that says whether another level is needed. */
#include <stdio.h>
#include <stdlib.h>
#include "graph.h"

int main(int argc, char **argv) {
  int no_of_nodes = argc > 1 ? atoi(argv[1]) : 500000, degree = 6;
  int edge_list_size = no_of_nodes * degree, tid, k, levels = 0;
  Node *h_graph_nodes = (Node *)malloc(sizeof(Node) * no_of_nodes);
  int *h_graph_edges = (int *)malloc(sizeof(int) * edge_list_size);
  char *h_graph_mask = (char *)malloc(sizeof(char) * no_of_nodes);
  char *h_updating_graph_mask = (char *)malloc(sizeof(char) * no_of_nodes);
  char *h_graph_visited = (char *)malloc(sizeof(char) * no_of_nodes);
  int *h_cost = (int *)malloc(sizeof(int) * no_of_nodes);
  long long total = 0;
  char stop;

  make_graph(h_graph_nodes, h_graph_edges, no_of_nodes, degree, 7u);
  for (tid = 0; tid < no_of_nodes; tid++) {
    h_graph_mask[tid] = 0;
    h_updating_graph_mask[tid] = 0;
    h_graph_visited[tid] = 0;
    h_cost[tid] = -1;
  }
  h_graph_mask[0] = 1;
  h_graph_visited[0] = 1;
  h_cost[0] = 0;

  do {
    stop = 0;
#pragma omp parallel for private(k)
    for (tid = 0; tid < no_of_nodes; tid++) {
      if (h_graph_mask[tid] == 1) {
        h_graph_mask[tid] = 0;
        for (k = h_graph_nodes[tid].starting;
             k < h_graph_nodes[tid].no_of_edges + h_graph_nodes[tid].starting;
             k++) {
          int id = h_graph_edges[k];
          if (!h_graph_visited[id]) {
            h_cost[id] = h_cost[tid] + 1;
            h_updating_graph_mask[id] = 1;
          }
        }
      }
    }
#pragma omp parallel for
    for (tid = 0; tid < no_of_nodes; tid++) {
      if (h_updating_graph_mask[tid] == 1) {
        h_graph_mask[tid] = 1;
        h_graph_visited[tid] = 1;
        stop = 1;
        h_updating_graph_mask[tid] = 0;
      }
    }
    levels++;
  } while (stop);

  for (tid = 0; tid < no_of_nodes; tid++)
    total += h_cost[tid];
  printf("levels %d cost sum %lld cost[n-1] %d\n", levels, total,
         h_cost[no_of_nodes - 1]);
  free(h_graph_nodes);
  free(h_graph_edges);
  free(h_graph_mask);
  free(h_updating_graph_mask);
  free(h_graph_visited);
  free(h_cost);
  return 0;
}
