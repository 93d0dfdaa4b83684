// GPU comparison test: subscripts through a cast to a narrower integer
// type wrap around, so two iterations may meet at one element: an explicit
// (unsigned char)i, an implicit one through `unsigned char k = i;`, a
// uint16_t, a signed int8_t plus an offset, and (uint8_t)(i * 3). The loops
// run 512 or more iterations over 256 elements; the last iteration to
// write an element must win, as in the sequential program (the probe finds
// the conflicts and the host runs the loop in order). A cast that does not
// wrap in the loop's range (i < 200 into unsigned char) is checked too: the
// probe finds no conflict and the kernel runs.
#include <cstdint>
#include <cstdio>

static int a[256], b[256], c[70000], d[256], e[256], f[256];

int main() {
#pragma omp parallel for
  for (int i = 0; i < 512; i++)
    a[(unsigned char)i] = i;
#pragma omp parallel for
  for (int i = 0; i < 600; i++) {
    unsigned char k = i;
    b[k] = i + 1;
  }
#pragma omp parallel for
  for (int i = 0; i < 70000; i++)
    c[(uint16_t)i] = i;
#pragma omp parallel for
  for (int i = 0; i < 300; i++)
    d[(int8_t)i + 128] = i;
#pragma omp parallel for
  for (int i = 0; i < 256; i++)
    e[(uint8_t)(i * 3)] = i;
#pragma omp parallel for
  for (int i = 0; i < 200; i++)
    f[(unsigned char)i] = 2 * i;
  long s = 0;
  for (int i = 0; i < 256; i++)
    s += (long)a[i] * (i + 1) + (long)b[i] * (i + 3) + (long)d[i] * (i + 5) +
         (long)e[i] * (i + 7) + f[i];
  for (int i = 0; i < 70000; i++)
    s += (long)c[i] % 97;
  std::printf("%d %d %d %d %d %d %d %d %d %ld\n", a[0], a[255], b[3], c[5],
              c[65535], d[0], d[255], e[1], f[199], s);
  return 0;
}
