//===- DeviceRangeFor.cpp - Range-based for loops in device code ----------===//
//
// `for (double w : ws) body` in a kernel, over a free std::vector (its size
// is the kernel parameter l2c_size_ws, LoopAnalyzer::sizeParam), a C array
// of constant size or a std::array, becomes
//   for (unsigned long l2c_r0 = 0; l2c_r0 < count; ++l2c_r0) {
//     double w = ws[l2c_r0];
//     body
//   }
// The analysis (LoopAnalyzer::rangeArray, checkArray) admits only arrays
// the loop does not write, through the loop's variable or otherwise.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

Term Converter::rangeFor(const CXXForRangeStmt *RF) {
  const Expr *Range = RF->getRangeInit()->IgnoreParenImpCasts();
  const VarDecl *V = refVar(Range);
  const VarDecl *LV = RF->getLoopVariable();
  QualType T = V ? V->getType().getNonReferenceType() : QualType();
  uint64_t Size = 0;
  Term Count;
  if (V && SizeParams.count(V))
    Count = Term::ident("l2c_size_" + V->getNameAsString());
  else if (V && isStdArray(T, nullptr, &Size))
    Count = Term::integer(Size, "ul");
  else if (const auto *CAT = V ? FC.Ctx.getAsConstantArrayType(T) : nullptr)
    Count = Term::integer(CAT->getSize().getZExtValue(), "ul");
  else
    return fail(RF->getForLoc(),
                "range-based 'for' on the device walks only a std::vector, "
                "a C array of constant size or a std::array that the loop "
                "does not write");
  Term I = Term::ident("l2c_r" + std::to_string(RangeLoops++));
  DeclaredHere.insert(LV);
  // The loop writes no element (the analysis says so), and the kernel
  // takes the array as const: `auto &e` binds as `const double &e`.
  QualType LT = LV->getType();
  if (LT->isReferenceType() && !LT.getNonReferenceType().isConstQualified())
    LT = FC.Ctx.getLValueReferenceType(LT.getNonReferenceType().withConst());
  Term Elem = Term::app("Decl", {Term::ident(LV->getNameAsString()),
                                 Term::string(deviceSpelling(FC.typeStr(LT))),
                                 Term::app("Index", {expr(Range), I})});
  ++LoopDepth;
  Term Body = list(RF->getBody());
  --LoopDepth;
  std::vector<Term> Stmts = {Elem};
  for (const Term &S : Body.args())
    Stmts.push_back(S);
  return Term::app(
      "For",
      {Term::app("Decl", {I, Term::string("unsigned long"), Term::integer(0)}),
       Term::app("Lt", {I, Count}), Term::app("PreInc", {I}),
       Term::list(std::move(Stmts))});
}

} // namespace detail
} // namespace l2c
