//===- CudaPrinter.h - Prints kernel terms as CUDA C++ ----------*- C++ -*-===//
//
// Prints the "Kernel code" terms of docs/term-vocabulary.md (expressions,
// statements, Kernel and DeviceFunction) as CUDA C++ text. The terms never
// hold parentheses: the printer adds those that C++ precedence requires, plus
// the ones GCC's and Clang's -Wparentheses ask for (an additive or comparison
// operand of a shift or bitwise operator, `&&` inside `||`), so that the
// output compiles without warnings and reads like hand-written code.
//
// Layout: two spaces per level, braces always around if/for/while bodies,
// every line ends with '\n'. A list that is an element of a statement list is
// spliced into it. `Raw("text")` prints its text verbatim, as an expression
// or as a statement (no ';' is added); it is an escape hatch for calls into
// the runtime (`l2c::warpReduce<...>(...)`) and should stay rare.
//
// Every function returns an llvm::Error for a term it cannot print:
//   cannot print term 'Foo(x)': unknown constructor 'Foo'
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PRINT_CUDAPRINTER_H
#define LOOP2CUDA_PRINT_CUDAPRINTER_H

#include "term/Term.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace l2c {

/// `T x`, or `T *x` / `T &x` when the type ends in `*` or `&`.
std::string printDeclarator(llvm::StringRef Type, llvm::StringRef Name);

/// Prints one expression, with no trailing ';' or newline.
llvm::Expected<std::string> printExpr(const Term &E);

/// Prints a statement list (nested lists spliced). Indent is a nesting level:
/// each line starts with 2 * Indent spaces and ends with '\n'.
llvm::Expected<std::string> printStatements(const Term &List, unsigned Indent);

/// Prints `Kernel(name, [Param(x, "T"), ...], [body])` or
/// `Kernel(name, params, body, Attrs([LaunchBounds(n), ...]))` as a
/// `__global__` function, headed by comment lines: the first is
/// `// loop2cuda kernel <name>: <Provenance[0]>`, each further entry of
/// Provenance is one more `// ` line.
llvm::Expected<std::string> printKernel(const Term &Kernel,
                                        llvm::ArrayRef<std::string> Provenance);

/// Whether the kernel called Name runs statements in one thread, not a
/// loop (rewriter/frontend/loops/SerialKernels.cpp names such kernels
/// `<function>_L<line>_serial`).
bool isSerialKernelName(llvm::StringRef Name);

/// Whether a parameter of Kernel is declared __restrict__ (rule set
/// restrict-arrays) and its name is an identifier: it then prints as two
/// kernels, kernelVariant(Kernel, false) and (Kernel, true), and its launch
/// as L2C_LAUNCH_DISTINCT, which takes the second when no two of its
/// pointer arguments are equal (the same host array passed twice shares one
/// device copy).
bool hasRestrictedParams(const Term &Kernel);

/// Kernel without __restrict__ on its parameters (Restrict false), or as it
/// is and named `<name>_restrict`.
Term kernelVariant(const Term &Kernel, bool Restrict);

/// Prints `DeviceFunction(name, "Ret", [Param...], [body])` as a `__device__`
/// function.
llvm::Expected<std::string> printDeviceFunction(const Term &F);

} // namespace l2c

#endif
