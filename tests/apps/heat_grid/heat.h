#ifndef HEAT_H
#define HEAT_H
// One Jacobi step of the heat equation on an nx by ny grid (borders held),
// and the largest change between two grids of n points.
void heat_step(const double *u, double *v, int nx, int ny);
double max_change(const double *u, const double *v, int n);
#endif
