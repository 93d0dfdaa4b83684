//===- RowArrays.cpp - Arrays whose rows live apart -----------------------===//
//
// Two kinds of 2-D arrays keep each row in a block of its own: a
// std::vector<std::vector<S>>, and C's row pointers (S **a, each a[i] from
// its own malloc). Used only as a[i][j], either reaches the kernel as a
// table of device row pointers (`S *const *`), so that a[i][j] reads the
// same there; the runtime (loop2cuda_rows.cuh) gathers the rows into one
// device block. The dependence test reads a[i][j] as a C array's: two rows
// of a vector never share memory, and row pointers are assumed not to
// (docs/cxx.md, "Vectors of vectors and row pointers").
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/TextUtil.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

Term identList(const std::set<std::string> &Names) {
  std::vector<Term> Ts;
  for (const std::string &N : Names)
    Ts.push_back(Term::ident(N));
  return Term::list(std::move(Ts));
}

} // namespace

std::optional<bool> LoopAnalyzer::rowAccesses(const VarDecl *A,
                                              const std::string &Why) {
  if (Info[A].OtherUse) {
    reject(ML.For->getForLoc(), Why, "extract-kernel");
    return std::nullopt;
  }
  bool Writes = false;
  for (const Access &X : Accesses)
    if (X.Array == A) {
      if (X.Subs.size() != 2) {
        reject(ML.For->getForLoc(), Why, "extract-kernel");
        return std::nullopt;
      }
      Writes |= (X.M & Write) != 0;
    }
  if (!ML.Serial && !dependences(A))
    return std::nullopt;
  return Writes;
}

void LoopAnalyzer::addRowTable(const VarDecl *A, QualType Scalar, bool Writes,
                               const std::string &Handle,
                               const std::string &Rows,
                               std::set<std::string> Deps,
                               std::vector<Term> &Params,
                               std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  Deps.insert(Name);
  if (const VarDecl *Base = standInBase(A))
    Deps.insert(Base->getNameAsString());
  std::string ScalarStr = FC.typeStr(Scalar.getUnqualifiedType());
  Params.push_back(Term::app(
      "Param", {Term::ident(Name), Term::string((Writes ? "" : "const ") +
                                                ScalarStr + " *const *")}));
  // Two subscripts, as a C array of rows: the rules see rank 2 and the
  // scalar (tiles, boxes). A row written in part keeps the rest: written
  // rows go both ways.
  Arrays.push_back(Term::app(
      "Array", {Term::ident(Name), Term::string(ScalarStr + "[]"),
                Term::string(Handle), Term::string(Rows),
                Term::ident(Writes ? "readwrite" : "read"), identList(Deps)}));
  ML.Arrays.push_back({A, Scalar, Writes});
}

bool LoopAnalyzer::checkRowsArray(const VarDecl *A, QualType Scalar,
                                  std::vector<Term> &Params,
                                  std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  // Not the row v[i] itself: the device has no vectors.
  auto Writes = rowAccesses(A, "'" + Name +
                                   "' is a vector of vectors, which the "
                                   "device reads only as " +
                                   Name + "[i][j] and " + Name + "[i].size()");
  if (!Writes)
    return false;
  // Every row, whole.
  std::string Host = hostName(A);
  addRowTable(A, Scalar, *Writes, "l2c::rowsOf(" + Host + ")", Host + ".size()",
              {}, Params, Arrays);
  return true;
}

bool LoopAnalyzer::checkPointerRows(const VarDecl *A, QualType Scalar,
                                    std::vector<Term> &Params,
                                    std::vector<Term> &Arrays) {
  std::string Name = A->getNameAsString();
  auto Writes =
      rowAccesses(A, "'" + shownName(A) +
                         "' is an array of row pointers, which "
                         "the device reads only as " +
                         shownName(A) + (isMemberRows(A) ? "[j]" : "[i][j]"));
  if (!Writes)
    return false;
  // The rows and the columns the subscripts reach: each row is copied up
  // to the columns.
  auto Reach = [&](unsigned Dim) {
    std::string C = countFromLoops(A, Dim);
    return C.empty() ? countFromPolynomials(A, Dim) : C;
  };
  std::string Rows = Reach(0), Cols = Reach(1);
  if (Rows.empty() || Cols.empty())
    return reject(ML.For->getForLoc(),
                  "cannot tell how many " +
                      std::string(Rows.empty() ? "rows" : "columns") +
                      " of the row pointers '" + shownName(A) +
                      "' the loop reaches: its subscripts must be "
                      "polynomials of loop indices whose bounds the host "
                      "knows",
                  "extract-kernel");
  // Rows that overlap would each get a device copy of their own.
  std::string Host = hostName(A);
  if (*Writes) {
    if (strict())
      return reject(ML.For->getForLoc(),
                    "the rows of '" + shownName(A) + "' may overlap" +
                        proofNote(),
                    "dependence");
    assume(ML.For->getForLoc(), "the rows of '" + shownName(A) +
                                    "' do not overlap (the program stops "
                                    "with a message if they do)");
  }
  std::set<std::string> Deps;
  collectTextIdents(Rows, Deps);
  collectTextIdents(Cols, Deps);
  addRowTable(A, Scalar, *Writes,
              "l2c::rowsOf(" + Host + ", " + Rows + ", " + Cols + ")", Rows,
              std::move(Deps), Params, Arrays);
  return true;
}

} // namespace detail
} // namespace l2c
