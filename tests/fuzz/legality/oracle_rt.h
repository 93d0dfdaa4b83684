/* oracle_rt.h - the access recorder of the legality fuzzer's CPU oracle.
 *
 * gen.py's oracle variant wraps every array element and shared scalar that a
 * marked loop touches as L2C_REC(lvalue, is_write); l2c_iter() names the
 * parallel iteration (the collapsed iteration under collapse(2)) that the
 * accesses that follow belong to. l2c_end() then reports whether two
 * different iterations touched one address, at least one of them writing:
 *
 *   ORACLE <loop-id> conflict <addr> write@<iter> other@<iter> (<kind>)
 *   ORACLE <loop-id> clean <accesses>
 *
 * C (gnu99) and C++ both include it; everything is static, so each packed
 * translation unit has its own copy. */
#ifndef L2C_ORACLE_RT_H
#define L2C_ORACLE_RT_H
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  const char *Addr;
  long Iter;
  int Write;
} L2cRec;

static L2cRec *l2c_recs;
static size_t l2c_n, l2c_cap;
static long l2c_cur;
static int l2c_active;

static void l2c_begin(void) {
  l2c_n = 0;
  l2c_active = 1;
}

static void l2c_iter(long It) { l2c_cur = It; }

static void *l2c_rec(void *P, int Write) {
  if (!l2c_active)
    return P;
  if (l2c_n == l2c_cap) {
    l2c_cap = l2c_cap ? 2 * l2c_cap : 4096;
    l2c_recs = (L2cRec *)realloc(l2c_recs, l2c_cap * sizeof(L2cRec));
  }
  l2c_recs[l2c_n].Addr = (const char *)P;
  l2c_recs[l2c_n].Iter = l2c_cur;
  l2c_recs[l2c_n].Write = Write;
  ++l2c_n;
  return P;
}

/* Typed: the wrapped lvalue keeps its type (element, member, scalar). */
#define L2C_REC(E, W) (*(__typeof__(&(E)))l2c_rec((void *)&(E), (W)))

static int l2c_cmp(const void *A, const void *B) {
  const L2cRec *X = (const L2cRec *)A, *Y = (const L2cRec *)B;
  if (X->Addr != Y->Addr)
    return X->Addr < Y->Addr ? -1 : 1;
  return X->Iter < Y->Iter ? -1 : X->Iter > Y->Iter;
}

/* Sorted by address, one group per address: a conflict is a write in one
 * iteration and any access in another. */
static void l2c_end(int Loop) {
  size_t I = 0, J, K;
  l2c_active = 0;
  qsort(l2c_recs, l2c_n, sizeof(L2cRec), l2c_cmp);
  for (; I < l2c_n; I = J) {
    for (J = I; J < l2c_n && l2c_recs[J].Addr == l2c_recs[I].Addr; ++J)
      ;
    for (K = I; K < J; ++K) {
      size_t O;
      if (!l2c_recs[K].Write)
        continue;
      for (O = I; O < J; ++O)
        if (l2c_recs[O].Iter != l2c_recs[K].Iter) {
          printf("ORACLE %d conflict %p write@%ld other@%ld (%s)\n", Loop,
                 (void *)l2c_recs[K].Addr, l2c_recs[K].Iter, l2c_recs[O].Iter,
                 l2c_recs[O].Write ? "write" : "read");
          return;
        }
    }
  }
  printf("ORACLE %d clean %lu\n", Loop, (unsigned long)l2c_n);
}

/* A break leaves the loop early: no parallel run can do that. */
static __attribute__((unused)) void l2c_break(int Loop) {
  printf("ORACLE %d conflict break write@%ld other@-1 (break)\n", Loop,
         l2c_cur);
}
#endif
