// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | FileCheck %s

// A parallel region whose worksharing loops go to the GPU runs once, on one
// host thread: what OpenMP's threads did between the loops now runs in
// order, and the tool says so at the region. DataRaceBench's DRB140 races
// master's `a = 0` against the reduction; run once, it takes the
// sequential order.
#include <stdio.h>
int main(void) {
  int a, i;
#pragma omp parallel shared(a) private(i)
  {
#pragma omp master
    a = 0;
#pragma omp for reduction(+ : a)
    for (i = 0; i < 10; i++)
      a = a + i;
#pragma omp single
    printf("%d\n", a);
  }
  return 0;
}
// CHECK: mark-loop-regions.c:11:1: remark: the parallel region runs once, on one host thread, its worksharing loops on the GPU; its other statements run in order around them [mark-loop]
