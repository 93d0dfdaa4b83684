//===- Arrays.cpp - The arrays of a marked loop ---------------------------===//
//
// For each array a loop uses: its element type, the number of elements to
// copy (a clause, a C array type, a vector, or the loop bounds) and its
// access mode; then the dependence test.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/TextUtil.h"

#include "clang/AST/TypeLoc.h"

#include <map>
#include <tuple>

using namespace clang;

namespace l2c {
namespace detail {

static Term identList(const std::set<std::string> &Names) {
  std::vector<Term> Ts;
  for (const std::string &N : Names)
    Ts.push_back(Term::ident(N));
  return Term::list(std::move(Ts));
}

bool LoopAnalyzer::checkArray(const VarDecl *A, std::vector<Term> &Params,
                              std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  QualType T = A->getType().getNonReferenceType();
  // A parameter declared `double a[N][M]` has the type `double (*)[M]`;
  // its declared type still knows N.
  if (const auto *PV = dyn_cast<ParmVarDecl>(A))
    if (PV->getOriginalType()->isConstantArrayType())
      T = PV->getOriginalType();
  QualType Elem;
  std::string Host = hostName(A);
  std::string Ptr = Host, Count;
  std::set<std::string> Deps = {Name};
  // s.a: what changes s or s.a (host code names it s_a) changes a's
  // pointer, and host code that touches s may touch a's elements (Alias(s)
  // below).
  const VarDecl *Base = standInBase(A);
  if (Base)
    Deps = {Base->getNameAsString(), Name};
  uint64_t StdSize = 0;
  bool IsStdArray = isStdArray(T, &Elem, &StdSize);
  // A std::array travels as a vector does: its data(), its N elements.
  bool IsVector = IsStdArray || isStdVector(T, &Elem);
  if (!IsVector) {
    if (T->isPointerType())
      Elem = T->getPointeeType();
    else if (const auto *AT = FC.Ctx.getAsArrayType(T))
      Elem = AT->getElementType();
  }
  // A vector of vectors of values: rows of their own (checkRowsArray).
  if (QualType Scalar; isVectorOfVectors(T, &Scalar) &&
                       deviceTypeProblem(Scalar).empty() &&
                       !Scalar->isBooleanType() && !isStdVector(Scalar))
    return checkRowsArray(A, Scalar, Params, Arrays);
  // A vector of vectors of other types (or of strings): each element owns
  // memory of its own; the library's member names would not help.
  if (const auto *ER = Elem->getAsCXXRecordDecl();
      ER && ER->isInStdNamespace() &&
      (isStdVector(Elem) || ER->getName() == "basic_string"))
    return reject(ML.For->getForLoc(),
                  "'" + Name + "' has elements of type '" +
                      FC.typeStr(Elem.getUnqualifiedType()) +
                      "', which own host memory and cannot be copied to the "
                      "device; store the data in one flat array (v[r * n + "
                      "c])",
                  "extract-kernel");
  // Arrays of structs travel as their bytes.
  if (std::string Why = deviceTypeProblem(Elem); !Why.empty()) {
    bool HostPointer = StringRef(Why).ends_with("points into host memory");
    // p[i].coord[j]: the member rows travel apart (p_coord, StandIns.cpp)
    // and the kernel never reads the pointers in p's bytes.
    // Only where the loop reads its elements member by member: an element
    // handed whole to a function (f(p), f(p[i]), &p[i]) carries the host
    // pointers to code that may read them.
    bool Whole = !elementsOnlyThroughMembers(FC.Ctx, ML.For->getBody(), A);
    if (!(HostPointer && Elem->isRecordType() && !PointerMembersUsed.count(A) &&
          deviceTypeProblem(Elem, /*ArrayMembersApart=*/true).empty() &&
          !Whole)) {
      if (HostPointer && Elem->isRecordType() && Whole && !T->isPointerType())
        Why += "; the loop hands its elements whole to code that may read "
               "that member";
      else if (HostPointer && Elem->isRecordType() && Whole &&
               !PointerMembersUsed.count(A))
        Why += "; the loop uses its elements whole (" + Host +
               "[i]), which carries that member's host address to the "
               "device; name the members only (" + Host + "[i].x)";
      else if (HostPointer && Elem->isRecordType())
        Why += PointerMembersUsed.count(A)
                   ? "; the device reads such a member only as " + Name +
                         "[i]." + PointerMembersUsed[A] + "[j]"
                   : std::string(T->isPointerType()
                                     ? "; name its members only (" + Name +
                                           "->x[i], " + Name +
                                           "->n), which travel one by one"
                                     : "");
      return reject(ML.For->getForLoc(),
                    "'" + Host + "' cannot be copied to the device: " + Why,
                    "extract-kernel");
    }
  }
  // A multi-dimensional C array travels as one contiguous copy of its rows
  // (each element of the copy is a row, `double[M]`); every row size must
  // be a constant.
  bool MultiDim = Elem->isArrayType();
  // Rows of variable length (flatVlaRows): the kernel gets a flat pointer.
  bool Flat = Conv.FlatRows.count(A) != 0;
  QualType Scalar = Elem;
  while (const auto *RowT = FC.Ctx.getAsArrayType(Scalar)) {
    if (!isa<ConstantArrayType>(RowT) && !Flat)
      return reject(ML.For->getForLoc(),
                    "'" + Name + "' has rows of type '" + FC.typeStr(Elem) +
                        "' whose size is not a constant; declare constant "
                        "sizes or index a flat array",
                    "extract-kernel");
    Scalar = RowT->getElementType();
  }
  // double **a, its rows from malloc one by one, used as a[i][j].
  if (T->isPointerType() && Elem->isPointerType() && !Flat) {
    QualType RowElem = Elem->getPointeeType();
    if (!RowElem->isPointerType() && !RowElem->isArrayType() &&
        !RowElem->isVoidType() && !RowElem->isFunctionType() &&
        deviceTypeProblem(RowElem).empty())
      return checkPointerRows(A, RowElem, Params, Arrays);
  }
  if (Scalar->isArrayType() || Scalar->isPointerType())
    return reject(ML.For->getForLoc(),
                  "'" + Name + "' has elements of type '" + FC.typeStr(Elem) +
                      "'; only arrays of values can be copied to the device" +
                      // double **u of rows malloc'd one by one.
                      (Scalar->isPointerType()
                           ? " (allocate the rows as one block and index "
                             "it " +
                                 Name + "[r * n + c])"
                           : ""),
                  "extract-kernel");
  if (Elem->isVoidType() || Elem->isFunctionType())
    return reject(ML.For->getForLoc(), "'" + Name + "' does not point to data",
                  "extract-kernel");
  if (IsVector && Elem->isBooleanType())
    return reject(ML.For->getForLoc(),
                  "std::vector<bool> '" + Name + "' has no contiguous data",
                  "extract-kernel");
  const VarInfo &I = Info[A];
  bool Reads = I.OtherUse, Writes = I.OtherWrite;
  for (const Access &X : Accesses)
    if (X.Array == A) {
      Reads |= (X.M & Read) != 0;
      Writes |= (X.M & Write) != 0;
    }

  // A range-based `for` reads every element, at no subscript the
  // dependence test sees.
  if (Writes && RangeReads.count(A))
    return reject(ML.For->getForLoc(),
                  "the loop writes '" + Name +
                      "', which a range-based 'for' in it reads whole; "
                      "iterations may not be independent",
                  "dependence");
  // A dependence explains more than a missing extent.
  // One iteration (SerialKernels.cpp) carries no dependence.
  if (!ML.Serial && !dependences(A))
    return false;

  // The extent: a clause, a C array type, a vector, or the loop bounds.
  const DataClause *Clause = nullptr;
  for (const DataClause &D : ML.Extents)
    if (D.Var == Name)
      Clause = &D;
  for (const LoopPragma *P : {ML.AccRegion, ML.Pragma})
    if (P)
      for (const DataClause &D : P->Data)
        if (D.Var == Name)
          Clause = &D;
  bool FromBounds = false;
  if (Clause && !Clause->Length.empty()) {
    if (std::string Past = pastSection(A, *Clause); !Past.empty())
      return reject(ML.For->getForLoc(), Past, "extract-kernel");
    StringRef Lower = StringRef(Clause->Lower).trim();
    Count =
        Lower == "0" ? Clause->Length : Clause->Lower + " + " + Clause->Length;
    collectTextIdents(Clause->Lower, Deps);
    collectTextIdents(Clause->Length, Deps);
  } else if (Flat &&
             isa_and_nonnull<VariableArrayType>(FC.Ctx.getAsArrayType(T))) {
    // A local VLA: its rows, as its type counted them when it was declared.
    Count = "sizeof(" + Host + ") / sizeof(" + Host + "[0])";
  } else if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T)) {
    // The size as written (`N`), where it is text of the file; else (a
    // size inside a macro, `POLYBENCH_2D(C, NI, ...)`) its value.
    const Expr *SE = CAT->getSizeExpr();
    if (!SE)
      if (TypeSourceInfo *TSI = A->getTypeSourceInfo())
        if (auto AL = TSI->getTypeLoc().getAs<ConstantArrayTypeLoc>())
          SE = AL.getSizeExpr();
    Count = SE ? FC.text(SE->getSourceRange()) : "";
    if (Count.empty())
      Count = std::to_string(CAT->getSize().getZExtValue());
    else
      collectVarNames(SE, Deps);
  } else if (IsVector) {
    Ptr = Host + ".data()";
    Count = IsStdArray ? std::to_string(StdSize) : Host + ".size()";
  } else if (!I.OtherUse) {
    // All subscripts c*i + d with constants c >= 0, d >= 0; the count is
    // exact when one subscript has both the largest c and the largest d.
    bool Ok = true, Any = false;
    int64_t C = 0, DMax = 0, DAtC = 0, DMin = 0;
    for (const Access &X : Accesses) {
      if (X.Array != A)
        continue;
      Poly Coef, Rest;
      int64_t CX, DX;
      auto P = affine(X.Subscript);
      if (!P || !splitIndex(*P, Index, Coef, Rest) || !polyConstant(Rest, DX)) {
        Ok = false;
        break;
      }
      if (Coef.empty())
        CX = 0;
      else if (!polyConstant(Coef, CX) || CX < 0) {
        Ok = false;
        break;
      }
      if (!Any || CX > C || (CX == C && DX > DAtC)) {
        C = CX;
        DAtC = DX;
      }
      DMax = Any ? std::max(DMax, DX) : DX;
      DMin = Any ? std::min(DMin, DX) : DX;
      Any = true;
    }
    // A negative offset (a[i - 1]) reaches below the pointer unless the
    // loop starts high enough: the copy would miss that element (the
    // pointer may point into the middle of an array).
    if (Ok && Any && DMin < 0) {
      // The lowest index: a constant, or sizes plus a constant.
      auto Lb = Marked.Lb ? affine(Marked.Lb) : std::nullopt;
      int64_t Low = 0;
      bool Sizes = Lb.has_value();
      if (Lb)
        for (const auto &[M, K] : *Lb) {
          if (M.empty())
            Low = K;
          else
            Sizes &= K > 0 && llvm::all_of(M, [&](const VarDecl *V) {
                       return sizeLike(V, nestLoops());
                     });
        }
      Ok = Sizes && C * (Low + Marked.LbAdjust) + DMin >= 0;
    }
    if (Ok && Any && C == 0) {
      if (DMax >= 0) // a[0], a[2]: constant subscripts
        Count = std::to_string(DMax + 1);
    } else if (Ok && Any && DAtC == DMax) {
      Count = countFromBounds(C, DMax);
      FromBounds = C == 1 && DMax == 0;
      collectVarNames(Marked.Ub, Deps);
    }
  }
  if (Count.empty() && !I.OtherUse && !IsVector) {
    Count = countFromLoops(A);
    if (Count.empty())
      Count = countFromPolynomials(A);
    if (!Count.empty())
      collectTextIdents(Count, Deps);
  }
  // Last, the whole block the pointer holds: any subscript, even one
  // through another array, stays inside it.
  if (Count.empty() && !IsVector && T->isPointerType()) {
    Count = countFromAllocation(A, Elem);
    // Or the whole array the pointer points into (PointerOrigins.h).
    if (Count.empty())
      Count = countFromOrigin(A, Elem);
    // Else the block it starts, from the record of the program's heap
    // blocks at run time (runtime/loop2cuda_allocs.h), where the launch can
    // fall back to the loop as written (rule set host-fallback).
    if (Count.empty() && FC.Opts.stepOn("allocation-record") && !ML.Part &&
        !ML.Interchanged && !ML.Replaces && !ML.Serial && !ML.InOrderParent &&
        !Scan && HistUpdates.empty()) {
      Count = "l2c::recordedCount(" + Ptr + ")";
      ML.Recorded.push_back(Name);
      ML.RecordedHost.push_back(Host);
    }
    if (!Count.empty())
      collectTextIdents(Count, Deps);
  }
  // OpenMP has no clause for an extent (outside `target`): the hint names
  // the pragmas that have one.
  // By the host's name (m->col, not the kernel's m_col), which the
  // clause takes too.
  std::string Clause0 = "copy(" + Host + "[0:N])";
  if (Count.empty())
    return reject(ML.For->getForLoc(),
                  "cannot tell how many elements of '" + Host +
                      "' the loop touches (N, the elements it reaches)" +
                      whyNoCount(A) + "; " +
                      (ML.Omp
                           ? "mark the loop '#pragma loop2cuda parallel " +
                                 Clause0 + "' or '#pragma acc parallel loop " +
                                 Clause0 + "' instead"
                           : "add " + Clause0 + " to the pragma"),
                  "extract-kernel");

  // Access mode. Write-only needs every copied element to be written.
  std::string Mode = Reads && Writes ? "readwrite" : Writes ? "write" : "read";
  if (Mode == "write") {
    bool Covered = false;
    if (FromBounds && Marked.LbIsZero && Marked.Step == 1)
      for (const Access &X : Accesses)
        if (X.Array == A && (X.M & Write) && !X.Conditional) {
          auto P = affine(X.Subscript);
          if (P && *P == polyVar(Index))
            Covered = true;
        }
    // A row written through an inner loop may be written in part.
    if (!Covered || MultiDim)
      Mode = "readwrite";
  }
  if (Clause && Clause->Kind != DataClause::Extent) {
    if (Clause->Kind == DataClause::CopyIn)
      Mode = "read";
    else if (Clause->Kind == DataClause::CopyOut)
      Mode = "write";
    else
      Mode = "readwrite";
  }

  if (Flat) {
    // Rows of `sizeof(a[0])` bytes each, copied as scalars.
    Elem = Scalar;
    std::string ScalarStr = FC.typeStr(Scalar);
    Count = "(" + Count + ") * (sizeof(" + Host + "[0]) / sizeof(" + ScalarStr +
            "))";
    Ptr = "(" + ScalarStr + " *)" + Host;
    MultiDim = false;
  }
  QualType ElemUnq = Elem.getUnqualifiedType();
  std::string ElemStr = FC.typeStr(ElemUnq);
  bool ConstElem = Elem.isConstQualified() || (!IsVector && !Writes);
  if (IsVector && !Writes)
    ConstElem = true;
  std::string ParamType = (ConstElem ? "const " : "") + ElemStr + " *";
  if (MultiDim) // `const double (*)[M]`
    ParamType = FC.typeStr(FC.Ctx.getPointerType(
        ConstElem ? FC.Ctx.getConstType(ElemUnq) : ElemUnq));
  Params.push_back(
      Term::app("Param", {Term::ident(Name), Term::string(ParamType)}));
  Term DepList = identList(Deps);
  if (Base) {
    std::vector<Term> Ds = DepList.args();
    Ds.push_back(Term::app("Alias", {Term::ident(Base->getNameAsString())}));
    DepList = Term::list(std::move(Ds));
  }
  Arrays.push_back(Term::app("Array", {Term::ident(Name), Term::string(ElemStr),
                                       Term::string(Ptr), Term::string(Count),
                                       Term::ident(Mode), DepList}));
  ML.Arrays.push_back({A, Elem, Mode != "read"});
  return true;
}

std::string LoopAnalyzer::pastSection(const VarDecl *A,
                                      const DataClause &Clause) {
  // What the clause maps, when it says it in numbers: a[lo:len].
  int64_t Lo = 0, Len = 0;
  if (StringRef(Clause.Lower).trim().getAsInteger(10, Lo) ||
      StringRef(Clause.Length).trim().getAsInteger(10, Len))
    return "";
  // The loop's first and last index, when they are numbers.
  Expr::EvalResult LbV, UbV;
  if (!Marked.Lb || !Marked.Ub || Marked.Down || Marked.Step <= 0 ||
      !Marked.Lb->EvaluateAsInt(LbV, FC.Ctx) ||
      !Marked.Ub->EvaluateAsInt(UbV, FC.Ctx))
    return "";
  int64_t First = LbV.Val.getInt().getSExtValue() + Marked.LbAdjust;
  int64_t Last = UbV.Val.getInt().getSExtValue() + Marked.EndAdjust - 1;
  if (Last < First)
    return "";
  for (const Access &X : Accesses) {
    if (X.Array != A)
      continue;
    auto P = affine(X.Subscript);
    if (!P)
      continue;
    int64_t C = 0, D = 0;
    bool Simple = true;
    for (const auto &[M, K] : *P) {
      if (M.empty())
        D = K;
      else if (M.size() == 1 && M[0] == Index)
        C = K;
      else
        Simple = false;
    }
    if (!Simple)
      continue;
    int64_t AtFirst = C * First + D, AtLast = C * Last + D;
    int64_t Low = std::min(AtFirst, AtLast), High = std::max(AtFirst, AtLast);
    if (Low >= Lo && High < Lo + Len)
      continue;
    int64_t Out = Low < Lo ? Low : High;
    return "the loop reaches '" + FC.pretty(X.Whole) + "' at index " +
           std::to_string(Out) + ", outside the section '" +
           A->getNameAsString() + "[" + std::to_string(Lo) + ":" +
           std::to_string(Len) + "]' that its data clause maps; map what "
           "the loop touches";
  }
  return "";
}

std::string LoopAnalyzer::whyNoCount(const VarDecl *A) {
  if (Info[A].OtherUse)
    return ": it is used other than through a subscript";
  NestVarsAffine = true;
  std::string Why;
  for (const Access &X : Accesses)
    if (X.Array == A && !affine(X.Subscript)) {
      Why = ": its subscript '" + FC.pretty(X.Whole) +
            "' is not a polynomial of the loop indices and sizes";
      break;
    }
  NestVarsAffine = false;
  if (Why.empty())
    Why = ": over the loop bounds its subscripts may fall below 0 or "
          "depend on a value that is not a size";
  return Why;
}

bool onlyRead(const Stmt *S, const VarDecl *V, const Stmt *Parent) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V) {
    const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    return IC && IC->getCastKind() == CK_LValueToRValue;
  }
  // An OpenMP directive's captures name the variable without using it.
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return onlyRead(CS->getCapturedStmt(), V, CS);
  for (const Stmt *C : S->children())
    if (!onlyRead(C, V, S))
      return false;
  return true;
}

std::string LoopAnalyzer::unstableSize(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E))
    return "";
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (!BO->isAdditiveOp() && !BO->isMultiplicativeOp())
      return "its size uses the operator '" + BO->getOpcodeStr().str() + "'";
    std::string Why = unstableSize(BO->getLHS());
    return Why.empty() ? unstableSize(BO->getRHS()) : Why;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return "its size is not made of variables and constants";
  // The kernel reads the variable; the type was made with the value it had
  // when the array was declared, so the variable must never change.
  if (!V->isLocalVarDeclOrParm() || !ML.Function ||
      !onlyRead(ML.Function->getBody(), V))
    return "'" + V->getNameAsString() +
           "', its size, may change after the array's declaration";
  return "";
}

bool LoopAnalyzer::flatVlaRows() {
  std::vector<const VarDecl *> Vars(Free.begin(), Free.end());
  for (const VarDecl *A : Vars) {
    QualType T = A->getType().getNonReferenceType();
    QualType Elem;
    if (T->isPointerType())
      Elem = T->getPointeeType();
    else if (const ArrayType *AT = FC.Ctx.getAsArrayType(T))
      Elem = AT->getElementType();
    else
      continue;
    bool Vla = isa_and_nonnull<VariableArrayType>(FC.Ctx.getAsArrayType(T));
    std::vector<Term> Rows;
    std::vector<const Expr *> Sizes;
    for (const ArrayType *RT = FC.Ctx.getAsArrayType(Elem); RT;
         RT = FC.Ctx.getAsArrayType(RT->getElementType())) {
      if (const auto *CAT = dyn_cast<ConstantArrayType>(RT)) {
        Rows.push_back(
            Term::integer(static_cast<int64_t>(CAT->getSize().getZExtValue())));
      } else if (const auto *VAT = dyn_cast<VariableArrayType>(RT);
                 VAT && VAT->getSizeExpr()) {
        Vla = true;
        const Expr *SE = VAT->getSizeExpr();
        if (std::string Why = unstableSize(SE); !Why.empty())
          return reject(ML.For->getForLoc(),
                        "'" + A->getNameAsString() + "' has rows of type '" +
                            FC.typeStr(Elem) + "' and " + Why,
                        "extract-kernel");
        Rows.push_back(Conv.expr(SE));
        Sizes.push_back(SE);
      } else {
        Rows.clear();
        break; // checkArray explains it
      }
    }
    if (!Vla || Rows.empty())
      continue;
    for (const Expr *SE : Sizes)
      scan(SE, Read);
    Conv.FlatRows[A] = std::move(Rows);
  }
  return true;
}

} // namespace detail
} // namespace l2c

namespace l2c {
namespace detail {

std::string LoopAnalyzer::countFromLoops(const VarDecl *A, unsigned Dim) {
  // The canonical loops of the nest, by index variable.
  std::map<const VarDecl *, LoopBounds> Loops = nestLoops();
  // Per loop: the largest c, and the largest d of the subscripts with it.
  std::map<const VarDecl *, std::tuple<int64_t, int64_t, int64_t>> Reach;
  int64_t ConstMax = -1;
  NestVarsAffine = true;
  bool Ok = true;
  for (const Access &X : Accesses) {
    if (X.Array != A || !Ok)
      continue;
    if (Dim >= X.Subs.size()) {
      Ok = false;
      break;
    }
    auto P = affine(X.Subs[Dim]);
    Ok = false;
    if (!P)
      break;
    int64_t D = 0, C = 1;
    const VarDecl *V = nullptr;
    bool Shape = true;
    for (const auto &[Mono, Coef] : *P) {
      if (Mono.empty())
        D = Coef;
      else if (Mono.size() == 1 && !V && Coef > 0 && Loops.count(Mono[0]))
        V = Mono[0], C = Coef;
      else
        Shape = false;
    }
    if (!Shape || D < 0)
      break;
    if (!V) {
      ConstMax = std::max(ConstMax, D);
    } else {
      const LoopBounds &B = Loops[V];
      Expr::EvalResult R;
      // The bounds must be known before the launch, the lower one >= 0.
      if (!B.Index || !B.Lb->EvaluateAsInt(R, FC.Ctx) ||
          R.Val.getInt().getSExtValue() < 0)
        break;
      bool HostKnown = true;
      for (const VarDecl *U : NestIndices)
        HostKnown &= !mentions(B.Ub, U);
      for (const VarDecl *U : Locals)
        HostKnown &= !mentions(B.Ub, U);
      for (const VarDecl *U : Free)
        HostKnown &= !(mentions(B.Ub, U) && Info[U].Writes);
      if (!HostKnown)
        break;
      // (largest c, d of a subscript with it, largest d of all): the count
      // is exact when one subscript has both.
      auto &[CM, DAtC, DMax] = Reach[V];
      if (C > CM || (C == CM && D > DAtC))
        CM = C, DAtC = D;
      DMax = std::max(DMax, D);
    }
    Ok = true;
  }
  NestVarsAffine = false;
  if (!Ok || (Reach.empty() && ConstMax < 0))
    return "";
  std::vector<std::string> Counts;
  for (auto &[V, R] : Reach) {
    auto [CM, DAtC, DMax] = R;
    if (DAtC != DMax)
      return "";
    Counts.push_back(countFor(Loops[V], CM, DMax));
  }
  if (ConstMax >= 0)
    Counts.push_back(std::to_string(ConstMax + 1));
  std::string Out = Counts[0];
  for (size_t K = 1; K < Counts.size(); ++K)
    Out = "(" + Out + " > " + Counts[K] + " ? " + Out + " : " + Counts[K] + ")";
  return Out;
}

} // namespace detail
} // namespace l2c
