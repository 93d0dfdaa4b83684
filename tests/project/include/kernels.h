#ifndef KERNELS_H
#define KERNELS_H

#include <vector>

void saxpy(float a, const std::vector<float> &x, std::vector<float> &y);
void scale(int n, float s, float *out, const float *in);
void jacobi(int n, const double *in, double *out);
double dot(int n, const double *x, const double *y);
void prefix(int n, int *a);
void report(int n, const float *a);

#endif
