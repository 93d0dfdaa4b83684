//===- Dependence.h - Exact affine dependences with isl ---------*- C++ -*-===//
//
// Decides exactly whether a loop nest whose outer loops run in parallel has a
// loop-carried dependence: two dynamic instances of accesses to the same array
// element, at least one a write, in different iterations of the parallel
// loops. Bounds and subscripts are affine expressions over symbolic
// parameters and the enclosing loop variables, given as isl text; the nest is
// turned into integer sets and relations of isl, the integer set library that
// PPCG and Polly build on, so that the answer is exact (strides, triangular
// bounds and parameter contexts included) rather than a GCD or Banerjee
// approximation. A dependence comes with a witness: the smallest parameter
// values and iterations that conflict, e.g.
//   a[2*i+1] written at i=0 is read by a[i] at i=1
//
// Neither Clang nor isl types appear here; the library is used by the front
// end, which translates the loops it proves affine into a Nest.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DEPS_DEPENDENCE_H
#define LOOP2CUDA_DEPS_DEPENDENCE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace l2c::deps {

/// One loop of the nest, outermost first:
/// `for (Var = Lower; Var < Upper; Var += Step)`.
struct Loop {
  /// The loop variable, an identifier: "i".
  std::string Var;
  /// Inclusive lower bound, affine isl text over the parameters and the
  /// variables of the outer loops: "0", "i + 1"; empty: unbounded (what a
  /// caller gives for bounds it cannot express, an over-approximation).
  std::string Lower;
  /// Exclusive upper bound, same syntax: "n", "n - 1", "i"; empty: unbounded.
  std::string Upper;
  /// The increment, > 0; the iterations are Lower + Step*q for q >= 0.
  int64_t Step = 1;
  /// Iterations of this loop run concurrently (the marked loop, or one of the
  /// loops collapsed with it).
  bool Parallel = false;
  /// The name messages show, when Var had to be renamed (two sibling loops
  /// over the same variable `j` become j and j_2 for isl); empty: Var.
  std::string Shown;
};

/// One array access of the loop body.
struct Access {
  /// The array: "A". Accesses with the same name may touch the same memory.
  std::string Array;
  /// One affine isl expression per dimension, over the parameters and the
  /// variables of the first Depth loops: "2*i + 1", "j", "0".
  std::vector<std::string> Subscripts;
  /// The access writes the element (a read-modify-write is two accesses).
  bool Write = false;
  /// How many loops of the nest (outermost first) enclose the access.
  unsigned Depth = 0;
  /// The access as written, for messages: "a[2*i+1]".
  std::string Text;
  /// Where the nest is a tree (sibling inner loops): the positions in
  /// Nest::Loops of the loops that enclose the access, outermost first.
  /// When non-empty it replaces Depth; a loop's bounds may only use the
  /// variables of the loops before it in such a chain.
  std::vector<unsigned> Loops;
  /// Constraints, isl text over the same variables, that hold at every
  /// instance of the access (the conditions of the ifs around it); "" for
  /// none.
  std::string Guard;
};

/// A loop nest that starts at the outermost parallel loop.
struct Nest {
  /// Symbolic loop-invariant integers: "n", "m".
  std::vector<std::string> Params;
  /// Optional constraints on the parameters, isl text: "n >= 0", "m > n".
  std::vector<std::string> Context;
  std::vector<Loop> Loops;
  std::vector<Access> Accesses;
};

/// A witness of a loop-carried dependence: Source (a write) at iteration
/// SourceIter and Sink (a read or write) at SinkIter touch the same element,
/// in different iterations of the parallel loops.
struct Dependence {
  /// Point into the Nest that was analysed.
  const Access *Source = nullptr;
  const Access *Sink = nullptr;
  /// The loop variable values of the two instances (one per enclosing
  /// loop, outermost first) and of the parameters (in
  /// Nest::Params order).
  std::vector<int64_t> SourceIter, SinkIter, ParamValues;
  /// A readable witness, e.g. "a[2*i+1] written at i=0 is read by a[i] at
  /// i=1" or "A[i][j] written at i=0, j=1 is written at i=1, j=1", with
  /// " (n=2)" appended when the nest has parameters.
  std::string Message;
};

/// The outcome of findDependence.
struct Result {
  /// Non-empty when the nest could not be analysed (malformed input, an
  /// expression isl cannot parse, ...); Dep is then empty, and the caller
  /// must assume that the loops may depend on each other.
  std::string Error;
  /// A loop-carried dependence, or std::nullopt when the parallel iterations
  /// are independent.
  std::optional<Dependence> Dep;

  bool ok() const { return Error.empty(); }
};

/// Decides exactly whether two dynamic instances of accesses X (a write) and
/// Y (any access of the same array, X itself included) touch the same element
/// while belonging to different iterations of the parallel loops. Only the
/// parallel loops that enclose both accesses count: instances that agree on
/// them run in one thread, in program order. Both instances must lie in the
/// iteration domain of the loops that enclose them (bounds and steps) and the
/// parameters must satisfy the context.
///
/// Returns Dep == std::nullopt when no such pair exists. Never crashes on bad
/// input: isl errors become Result::Error.
Result findDependence(const Nest &N);

/// Whether every instance of N.Accesses[Which] (the domains of the loops
/// around it, the parameter context) has Lower <= Expr < Upper; Expr, Lower
/// and Upper are affine isl text over those loops' variables and the
/// parameters. std::nullopt when isl cannot tell (bad input). The front end
/// asks it before it reads A[i*m + j] as A[i][j] (delinearisation).
std::optional<bool> alwaysWithin(const Nest &N, unsigned Which,
                                 const std::string &Expr,
                                 const std::string &Lower,
                                 const std::string &Upper);

/// Whether, for every value of the parameters with an instance of
/// N.Accesses[Which], some instance has Expr outside [Lower, Upper): the
/// access leaves the range whatever the sizes are (b[i][j - 1] at j = 0),
/// not only for some sizes (b[i][j] with j < n and rows of 64).
std::optional<bool> alwaysLeaves(const Nest &N, unsigned Which,
                                 const std::string &Expr,
                                 const std::string &Lower,
                                 const std::string &Upper);

/// Whether the integer set Text (isl syntax, parameters allowed:
/// "[n, k] -> { : 0 <= k < n and k = n }") has no element for any value of
/// its parameters. std::nullopt when isl cannot read it. The engine asks it
/// whether two subscripts can name one element (AccumulatorFacts.cpp).
std::optional<bool> isEmptySet(const std::string &Text);

} // namespace l2c::deps

#endif // LOOP2CUDA_DEPS_DEPENDENCE_H
