#ifndef NW_H
#define NW_H
/* Needleman-Wunsch scores over an (n+1) x (n+1) table, row-major. */
void nw_init(int *score, const int *a, const int *b, int n, int penalty);
void nw_fill(int *score, const int *sim, int n, int penalty);
#endif
