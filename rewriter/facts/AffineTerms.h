//===- AffineTerms.h - Kernel terms as isl text ------------------*- C++
//-*-===//
//
// What fact accumulatorLoops (AccumulatorFacts.cpp) reads off kernel terms
// to ask isl its question: affine expressions as isl text, the values of a
// grid-stride loop's start and stride, a launch's host text as a term, and
// the element type and rank of a kernel array parameter.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FACTS_AFFINETERMS_H
#define LOOP2CUDA_FACTS_AFFINETERMS_H

#include "term/Term.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace l2c::affine {

using Names = std::set<std::string>;

/// T names a C++ integer type ("int", "long long", "size_t", ...).
bool isIntegerType(llvm::StringRef T);
/// T names an integer or floating type.
bool isArithmeticType(llvm::StringRef T);

/// E as isl text over the names it reads, each prefixed "v_" (isl has
/// keywords such as `min`), which go to Used; std::nullopt when E is not
/// affine (a product of two names, a division, a call, an element).
std::optional<std::string> affineText(const Term &E, Names &Used);

/// E is built of threadIdx, blockIdx, blockDim and gridDim by + and *: the
/// start and stride of a grid-stride loop, never negative.
bool isGridValue(const Term &E);

/// A host expression of a launch ("i", "n - 1", "2 * (k + 1)") as a term of
/// Add, Sub, Mul, Neg, names and integers; a null term for anything else.
Term parseHostText(llvm::StringRef S);

/// A kernel array parameter: its element type, how many subscripts reach
/// an element, and its type without const and __restrict__ (two arrays of
/// one Shape may be one array).
struct ArrayShape {
  std::string Element;
  unsigned Rank = 0;
  std::string Shape;
};

/// The shape of "double (*)[1024]", "const float *__restrict__", ...;
/// std::nullopt for any other type or an element that is not arithmetic.
std::optional<ArrayShape> arrayShape(llvm::StringRef Type);

} // namespace l2c::affine

#endif
