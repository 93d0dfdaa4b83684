/* oracle-selftest.c - what oracle_rt.h must say about four loops whose
 * answer is known; ci-short.sh builds and runs it before trusting the
 * oracle with random programs. Expected output:
 *   ORACLE 0 clean 20      a[i] = b[i]: each iteration its own element
 *   ORACLE 1 conflict ...  a[i] = a[i + 1]: read at i, written at i + 1
 *   ORACLE 2 conflict ...  a[i % 3] = i: one element written by several i
 *   ORACLE 3 clean 10      b[0] read by every iteration, never written */
#include "oracle_rt.h"

int main(void) {
  double a[16] = {0}, b[16] = {0};
  int i;
  l2c_begin();
  for (i = 0; i < 10; i++) {
    l2c_iter(i);
    L2C_REC(a[i], 1) = L2C_REC(b[i], 0);
  }
  l2c_end(0);
  l2c_begin();
  for (i = 0; i < 10; i++) {
    l2c_iter(i);
    L2C_REC(a[i], 1) = L2C_REC(a[i + 1], 0);
  }
  l2c_end(1);
  l2c_begin();
  for (i = 0; i < 10; i++) {
    l2c_iter(i);
    L2C_REC(a[i % 3], 1) = i;
  }
  l2c_end(2);
  l2c_begin();
  for (i = 0; i < 10; i++) {
    l2c_iter(i);
    a[i] = L2C_REC(b[0], 0);
  }
  l2c_end(3);
  return 0;
}
