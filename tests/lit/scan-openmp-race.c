// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/scan-openmp-race.cu | FileCheck %s --check-prefix=CU

// A plain `omp parallel for` over a loop that carries a value from one
// iteration to the next is a racy OpenMP program: its threads read values
// that other threads have not written yet. loop2cuda recognises the scan
// and gives the sequential result, which is what the loop means when read
// as C; a remark says so, since the pragma claims something that is false.

// A level that rises by each step's increment, as a recurrence from 1.
void levels(int n, const int *restrict step,
            int *restrict level) {
#pragma omp parallel for
  for (int k = 1; k < n; k++)
    level[k] = level[k - 1] + step[k];
  // CHECK: scan-openmp-race.c:[[@LINE-1]]:5: remark: 'level' carries a value from one iteration to the next, so OpenMP threads would race on it; the loop runs as a scan, which gives the sequential result [scan]
}

// A running balance stored after every deposit.
void balances(int n, const double *restrict deposit,
              double *restrict after) {
  double total = 0;
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    total += deposit[k];
    // CHECK: scan-openmp-race.c:[[@LINE-1]]:5: remark: 'total' carries a value from one iteration to the next, so OpenMP threads would race on it; the loop runs as a scan, which gives the sequential result [scan]
    after[k] = total;
  }
}

// With reduction(inscan) the OpenMP program is correct: no remark.
void declared(int n, const double *restrict deposit,
              double *restrict after) {
  double total = 0;
#pragma omp parallel for reduction(inscan, + : total)
  for (int k = 0; k < n; k++) {
    total += deposit[k];
#pragma omp scan inclusive(total)
    after[k] = total;
  }
}

// The loop2cuda pragma makes no OpenMP claim: no remark either.
void unmarked(int n, const int *restrict step,
            int *restrict level) {
#pragma loop2cuda parallel
  for (int k = 1; k < n; k++)
    level[k] = level[k - 1] + step[k];
}

// CU: __global__ void {{(__launch_bounds__\((256, 5|128, 12)\) )?}}levels_L{{[0-9]+}}_scan(
// CU: __global__ void {{(__launch_bounds__\((256, 5|128, 12)\) )?}}balances_L{{[0-9]+}}_scan(
// CU: __global__ void {{(__launch_bounds__\((256, 5|128, 12)\) )?}}declared_L{{[0-9]+}}_scan(
// CU: __global__ void {{(__launch_bounds__\((256, 5|128, 12)\) )?}}unmarked_L{{[0-9]+}}_scan(
