#ifndef IMAGE_H
#define IMAGE_H
/* A grey image of nr rows and nc columns, column-major as in SRAD. */
float *image_new(int nr, int nc);
void image_fill(float *img, int nr, int nc);
void blur(const float *in, float *out, int nr, int nc);
double image_sum(const float *img, int nr, int nc);
#endif
