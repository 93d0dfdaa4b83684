#ifndef LU_H
#define LU_H
/* In-place LU without pivoting of the n x n row-major matrix a, in blocks
   of b x b (n a multiple of b). */
void lu_blocked(double *a, int n, int b);
#endif
