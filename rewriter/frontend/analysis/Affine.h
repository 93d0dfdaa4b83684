//===- Affine.h - Polynomials over loop variables ---------------*- C++ -*-===//
//
// Subscripts as polynomials with integer coefficients over the variables
// of the loop: the form the dependence test and the extents work on.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_AFFINE_H
#define LOOP2CUDA_FRONTEND_AFFINE_H

#include "clang/AST/Decl.h"

#include <cstdint>
#include <map>
#include <vector>

namespace l2c {
namespace detail {

/// A product of variables (sorted; a variable may occur several times).
using Monomial = std::vector<const clang::VarDecl *>;
/// A sum of monomials with their non-zero coefficients.
using Poly = std::map<Monomial, int64_t>;

Poly polyConst(int64_t C);
Poly polyVar(const clang::VarDecl *V);
/// A + Sign * B.
Poly polyAdd(const Poly &A, const Poly &B, int64_t Sign = 1);
Poly polyMul(const Poly &A, const Poly &B);
/// Whether P is a constant; sets C to it.
bool polyConstant(const Poly &P, int64_t &C);

/// Splits P into the coefficient of I (a polynomial) and the rest. Fails
/// when I occurs more than once in a monomial.
bool splitIndex(const Poly &P, const clang::VarDecl *I, Poly &Coef, Poly &Rest);

} // namespace detail
} // namespace l2c

#endif
