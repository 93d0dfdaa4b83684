// A marked loop in a header: the header is not loop2cuda's output.
inline void scale(float *a, int n) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
