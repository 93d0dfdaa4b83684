/* A C library's header: its functions are defined in another C file. */
#ifndef C_LIB_H
#define C_LIB_H
#include <stddef.h>
void *lib_alloc(size_t n);
double lib_sum(const double *restrict x, int n);
#endif
