/* GPU comparison test: Rodinia-style breadth-first search over a graph in
 * CSR form with int masks: each level's frontier loop, then the loop that
 * moves the updated nodes into the next frontier and raises a stop flag
 * through reduction(||:). */
#include <stdio.h>
#include <stdlib.h>

#define NODES 2048

int main(void) {
  int no_of_nodes = NODES, edge_list_size = NODES * 3;
  int *starting = malloc(no_of_nodes * sizeof(int));
  int *no_of_edges = malloc(no_of_nodes * sizeof(int));
  int *edges = malloc(edge_list_size * sizeof(int));
  int *mask = calloc(no_of_nodes, sizeof(int));
  int *updating = calloc(no_of_nodes, sizeof(int));
  int *visited = calloc(no_of_nodes, sizeof(int));
  int *cost = malloc(no_of_nodes * sizeof(int));
  for (int i = 0; i < no_of_nodes; i++) {
    starting[i] = 3 * i;
    no_of_edges[i] = 3;
    edges[3 * i] = (i + 1) % no_of_nodes;
    edges[3 * i + 1] = (i * 5 + 3) % no_of_nodes;
    edges[3 * i + 2] = (i / 2);
    cost[i] = -1;
  }
  mask[0] = 1;
  visited[0] = 1;
  cost[0] = 0;
  int stop;
  int levels = 0;
  do {
    stop = 0;
#pragma omp parallel for
    for (int tid = 0; tid < no_of_nodes; tid++) {
      if (mask[tid]) {
        mask[tid] = 0;
        for (int i = starting[tid]; i < no_of_edges[tid] + starting[tid]; i++) {
          int id = edges[i];
          if (!visited[id]) {
            cost[id] = cost[tid] + 1;
            updating[id] = 1;
          }
        }
      }
    }
#pragma omp parallel for reduction(|| : stop)
    for (int tid = 0; tid < no_of_nodes; tid++) {
      if (updating[tid]) {
        mask[tid] = 1;
        visited[tid] = 1;
        stop = 1;
        updating[tid] = 0;
      }
    }
    levels++;
  } while (stop);
  long total = 0;
  int maxc = 0;
  for (int i = 0; i < no_of_nodes; i++) {
    total += cost[i];
    if (cost[i] > maxc)
      maxc = cost[i];
  }
  printf("bfs: levels %d max cost %d total %ld\n", levels, maxc, total);
  return 0;
}
