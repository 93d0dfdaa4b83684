//===- PointerOrigins.h - The array a pointer or reference names -*- C++
//-*-===//
//
// Resolves what a variable of a marked loop names to the array object its
// elements live in and an element offset into it, as far as the file shows:
//
// \code
//   std::vector<double> &b = a;              // b: a, offset 0
//   double *p = a.data(), *q = a.data() + 1; // p: a + 0, q: a + 1
//   float *row = &img[y * w];                // row: img + y * w
//   shift(c.data() + 1, c.data(), n);        // dst: c + 1, src: c + 0
// \endcode
//
// The dependence test (Dependences.cpp) asks relateArrays whether two
// arrays of a loop are provably distinct, provably one array at known
// offsets (then it decides the loop exactly on that array), or unknown.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_POINTERORIGINS_H
#define LOOP2CUDA_FRONTEND_POINTERORIGINS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <utility>
#include <vector>

namespace l2c {
namespace detail {

class FrontendContext;

/// One place a variable's elements may come from: Root (an array object, a
/// std::vector or std::array object, a pointer that holds its own
/// allocation, or a parameter or global whose target the function cannot
/// see), Offset elements in.
struct Origin {
  const clang::VarDecl *Root = nullptr;
  /// The offset as a sum of signed terms, in elements of the root; empty
  /// is 0. Meaningful only when OffsetKnown.
  std::vector<std::pair<const clang::Expr *, int>> Offset;
  bool OffsetKnown = true;
  /// Where the declaration or assignment that derives the variable from
  /// Root is; invalid when the variable is Root itself.
  clang::SourceLocation Via;
};

/// Every origin a variable may have; Complete is false when some value it
/// may hold comes from somewhere the file does not show (a call's result, a
/// member, its address passed on).
struct Origins {
  std::vector<Origin> List;
  bool Complete = true;
};

/// The origins of the array variable V of FD (a pointer, a reference, an
/// array or a container object).
Origins originsOf(const clang::FunctionDecl *FD, const clang::VarDecl *V);
/// The origins of the pointer (or container lvalue) E, evaluated in FD.
Origins originsOfExpr(const clang::FunctionDecl *FD, const clang::Expr *E);

/// How two arrays of one loop relate in memory.
struct ArrayRelation {
  enum Kind {
    /// Provably different objects.
    Distinct,
    /// Provably one array: A at OffA and B at OffB (both known, each the
    /// variable's only origin).
    Same,
    /// They may be one array, and the file shows how (a common root at
    /// offsets that are not single or not known): Evidence.
    Shared,
    /// The file cannot tell.
    Unknown
  } K = Unknown;
  const clang::VarDecl *Root = nullptr;
  Origin OffA, OffB;
  clang::SourceLocation Evidence;
  /// Where a caller binds them (Same or Shared through a call); null when
  /// the loop's function shows it.
  const clang::CallExpr *Call = nullptr;
};

/// The relation of the arrays A and B of FD: first within FD, then, for
/// roots that are parameters of FD, at each call of FD in the file (and of
/// its callers, a few levels up). Returns one relation per call site that
/// binds them to one array (Same or Shared), else the one relation of FD
/// alone.
std::vector<ArrayRelation> relateArrays(FrontendContext &FC,
                                        const clang::FunctionDecl *FD,
                                        const clang::VarDecl *A,
                                        const clang::VarDecl *B);

/// "a.data() + 1" as the user might write it: the root's name and the
/// offset's text ("a + 1", "a").
std::string originText(FrontendContext &FC, const Origin &O);

} // namespace detail
} // namespace l2c

#endif
