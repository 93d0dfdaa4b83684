// RUN: %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | FileCheck %s --implicit-check-not=warning:

// A data clause whose section, in numbers, misses elements the loop's
// subscripts reach over its numeric bounds: the kernel would read or write
// past its device copy. The loop stays on the CPU with the element named.
static double a[1000], b[1000];

// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: the loop reaches 'a[i]' at index 999, outside the section 'a[0:500]' that its data clause maps; map what the loop touches [extract-kernel]
void short_to(void) {
#pragma omp target teams distribute parallel for map(to: a[0:500]) map(from: b[0:1000])
  for (int i = 0; i < 1000; i++)
    b[i] = a[i] + 1;
}

// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: the loop reaches 'a[i - 1]' at index -1, outside the section 'a[0:1000]' that its data clause maps; map what the loop touches [extract-kernel]
void below(void) {
#pragma acc parallel loop copyin(a[0:1000]) copyout(b[0:1000])
  for (int i = 0; i < 1000; i++)
    b[i] = a[i - 1];
}

// Sections that cover the loop: no warning.
void covered(void) {
#pragma acc parallel loop copyin(a[0:1000]) copyout(b[1:998])
  for (int i = 1; i < 999; i++)
    b[i] = a[i - 1] + a[i + 1];
}
