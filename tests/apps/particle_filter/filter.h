#ifndef FILTER_H
#define FILTER_H
/* One step of a particle filter (Rodinia particlefilter style): weights
   from a likelihood, normalisation, a CDF, resampling by a search in the
   CDF, and the gather of the chosen particles. */
void filter_step(int n, double *x, double *y, double *weights, double *cdf,
                 double *u, int *ind, double *xj, double *yj, double obs);
#endif
