// RUN: rm -rf %t && %loop2cuda --disable-rule allocation-record %s -o %t -- -std=c99 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/clause-members.cu | FileCheck %s --check-prefix=CU

// A clause names a member array as the code does, m->v or s.a (the kernel's
// stand-ins m_v and s_a), and the warnings name it so: the count of a
// member array read at subscripts from memory, and a histogram over one.
typedef struct {
  int n;
  double *v;
} vec;

// CHECK: clause-members.c:[[@LINE+3]]:3: warning: loop not parallelized: cannot tell how many elements of 'm->v' the loop touches (N, the elements it reaches): its subscript 'm->v[idx[i]]' is not a polynomial of the loop indices and sizes; add copy(m->v[0:N]) to the pragma [extract-kernel]
void asks(vec *m, const int *idx, double *out) {
#pragma loop2cuda parallel
  for (int i = 0; i < 10; i++)
    out[i] = m->v[idx[i]];
}

// CU-LABEL: void gathers(
// CU: l2c::toDevice(m->v, m->n, "
void gathers(vec *m, const int *idx, double *out) {
#pragma loop2cuda parallel copyin(m->v[0:m->n])
  for (int i = 0; i < 10; i++)
    out[i] = m->v[idx[i]];
}

// CHECK: clause-members.c:[[@LINE+3]]:3: warning: loop not parallelized: 's.v[idx[i]]' is updated at a subscript that other iterations may share: a histogram races on the GPU; add reduction(+: s.v[:B]) to the pragma, B the number of elements of 's.v' the updates may reach [dependence]
void counts(vec s, const int *idx) {
#pragma loop2cuda parallel
  for (int i = 0; i < 100; i++)
    s.v[idx[i]] += 1;
}

// CU-LABEL: void counted(
// CU: L2C_LAUNCH
void counted(vec s, const int *idx) {
#pragma loop2cuda parallel reduction(+: s.v[:s.n])
  for (int i = 0; i < 100; i++)
    s.v[idx[i]] += 1;
}
