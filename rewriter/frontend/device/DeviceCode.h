//===- DeviceCode.h - Device code to terms ----------------------*- C++ -*-===//
//
// The conversion of kernel bodies and device function bodies to terms.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_DEVICECODE_H
#define LOOP2CUDA_FRONTEND_DEVICECODE_H

#include "frontend/Internal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

namespace clang {
class CXXMethodDecl;
class NonTypeTemplateParmDecl;
} // namespace clang
#include <optional>
#include <vector>

namespace l2c {
namespace detail {

/// Converts kernel bodies and device function bodies to full terms. The
/// first construct the device cannot run sets Err; conversion goes on with
/// placeholder terms.
/// The name of a method's device copy: Class_method.
std::string methodCopyName(const clang::CXXMethodDecl *MD);
/// The name of a free function's device copy: its own, after its named
/// namespaces (lin_f for lin::f), so that copies from two namespaces
/// neither clash nor overload each other in l2c_device.
std::string freeCopyName(const clang::FunctionDecl *FD);
/// The method's definition never names its object (no member, no `this`):
/// its device copy takes no object, and a kernel calls it without one
/// (`weight(i)` in a method of a class that owns a std::vector).
bool needsNoObject(const clang::CXXMethodDecl *MD);
/// The number members (each with a MemberExpr that reads it) that a method
/// of a class that cannot travel to the device reads, directly or through
/// other methods of the object, in the order of the class's fields; none
/// when it uses the object in any other way (MemberScalars.cpp). Its device
/// copy takes them as parameters (memberParamName) after its own.
using MemberScalars =
    std::vector<std::pair<const clang::FieldDecl *, const clang::MemberExpr *>>;
std::optional<MemberScalars> memberScalars(const clang::CXXMethodDecl *MD);
std::string memberParamName(const clang::FieldDecl *F);
/// Obj.F (Obj->F through a pointer): a node of the AST context, made once
/// for a call of such a method on another object (`m.cols()`).
const clang::MemberExpr *memberOf(const clang::Expr *Obj,
                                  const clang::FieldDecl *F);
/// The stand-ins (StandIns.cpp) of the numbers that MD reads of Obj, a
/// variable, for a call `m.cols()` in a kernel; none when MD reads anything
/// else of it or Obj is no variable.
std::optional<std::vector<const clang::VarDecl *>>
numbersOfObject(const clang::CXXMethodDecl *MD, const clang::Expr *Obj);

/// T is std::complex<...>.
bool isStdComplex(clang::QualType T);
/// A type's spelling for device code: std::complex<T> is l2c::complex<T>.
std::string deviceSpelling(std::string Type);

class Converter {
public:
  /// Ctor only sets scalar members from its parameters and constants
  /// (Initialisers.cpp): the output may declare it __host__ __device__.
  bool deviceReadyConstructor(const clang::CXXConstructorDecl *Ctor);
  Converter(FrontendContext &FC, bool InKernel) : FC(FC), InKernel(InKernel) {}

  std::optional<Rejection> Err;
  /// Statements replaced by another term (recognised reduction updates).
  llvm::DenseMap<const clang::Stmt *, Term> Overrides;
  /// The statements of `omp atomic` directives that the analysis reads as
  /// reduction updates: converted in place of their directive, and each
  /// must have its Override by the time the kernel is built.
  llvm::SmallPtrSet<const clang::Stmt *, 4> AtomicUpdates;
  llvm::SetVector<const clang::FunctionDecl *> Callees;
  /// Arrays of the file that the device functions this code calls read
  /// (DeviceFunctionInfo::Globals), or that a device function's own body
  /// reads: the calls pass them on.
  llvm::SetVector<const clang::VarDecl *> GlobalArrays;
  /// Non-type template parameters the code uses (in an instantiation):
  /// printed by name, they become kernel parameters, so that the
  /// instantiations share one kernel.
  llvm::SetVector<const clang::NonTypeTemplateParmDecl *> TemplateParams;
  /// Free vectors whose v.size() the code uses, and free vectors of vectors
  /// whose m[i].size() it uses: kernel parameters l2c_size_v (the size)
  /// and l2c_rowsizes_m (the device array of row sizes), which the launch
  /// fills (LaunchStatement.cpp).
  llvm::SetVector<const clang::VarDecl *> SizeParams, RowSizeParams;
  /// `auto &row = m[e]` of a vector of vectors m: a pointer into the
  /// device row (row.size() reads m's row sizes at e).
  llvm::DenseMap<const clang::VarDecl *,
                 std::pair<const clang::VarDecl *, const clang::Expr *>>
      RowRefs;
  /// With AllowTopContinue, a `continue` of the parallel loop itself is
  /// kept and sets TopContinue: the caller runs the body as one pass of a
  /// `do { } while (0)`, where `continue` ends the iteration.
  bool AllowTopContinue = false, TopContinue = false;
  /// The iterator of an iterator loop and the element term `*it` stands
  /// for (v[l2c_i]); `it->m` is that element's m.
  const clang::VarDecl *Iterator = nullptr;
  /// The function that holds the marked loop (for a kernel), and the loop.
  const clang::FunctionDecl *LoopFunction = nullptr;
  const clang::Stmt *LoopStmt = nullptr;
  /// V is declared by the code being converted (the kernel's loop, the
  /// device function), not a free variable that the launch passes.
  bool declaredInside(const clang::VarDecl *V) const;
  /// Obj, a std::array, is one in the device code too (an element of an
  /// array, or a variable of the converted code that stays as declared: a
  /// reference, a parameter, a struct's member): its operator[] is host
  /// code, so its elements are read through l2c::elemsOf.
  bool staysStdArray(const clang::Expr *Obj) const;
  /// In the device copy of a method: the parameter that stands for *this.
  std::string SelfName;
  /// In the device copy of a method that takes the numbers it reads of
  /// *this as parameters (memberScalars): this->m is the parameter.
  bool MemberParams = false;
  Term IteratorElement;
  /// E is `*it` or the `operator->` of `it->m`, for Iterator.
  bool isIteratorDeref(const clang::Expr *E) const;
  /// Arrays with rows of variable length (C99 VLAs), by the sizes of their
  /// dimensions after the first: the kernel gets a flat pointer, and
  /// `a[i][j]` becomes `a[i * m + j]`.
  llvm::DenseMap<const clang::VarDecl *, std::vector<Term>> FlatRows;
  /// Local pointers declared `T *p` that the kernel declares `const T *p`:
  /// row pointers into an array the loop only reads, which the kernel
  /// receives as a const pointer (RowPointers.cpp).
  llvm::DenseSet<const clang::VarDecl *> ConstPointees;
  /// Names a device function must not use: variables outside it.
  std::function<bool(const clang::VarDecl *)> IsOutside;

  /// The statements of S (a compound statement or one statement).
  Term list(const clang::Stmt *S);
  /// `for (T x : a)` over an array the analysis lets a kernel walk
  /// (LoopAnalyzer::rangeArray): a counted loop over a's elements
  /// (DeviceRangeFor.cpp).
  Term rangeFor(const clang::CXXForRangeStmt *RF);
  /// Appends the terms of S to Out.
  void stmt(const clang::Stmt *S, std::vector<Term> &Out);
  /// A `static const` local of constant value (a scalar, or an array of
  /// at most 64 scalars given by a list) as a plain const local; none for
  /// any other static.
  std::optional<Term> staticConstTable(const clang::VarDecl *VD);
  /// C's compound literal `(T){a, b}` of a struct: T{(A)a, (B)b}, each
  /// value cast to its member's type as C converts it (Initialisers.cpp).
  Term compoundLiteral(const clang::InitListExpr *IL);
  Term decl(const clang::Decl *D);
  Term expr(const clang::Expr *E);
  Term call(const clang::CallExpr *CE);
  /// a[i][j] of an array in FlatRows, as an element of its flat copy; none
  /// for other arrays.
  std::optional<Term> flatSubscript(const clang::ArraySubscriptExpr *AS);
  // Initialisers.cpp: brace initialisation and construction.
  /// {a, b} as written, Braced("T", [a, b]) (Braced("", ...) when Nested in
  /// another list).
  Term initList(const clang::InitListExpr *IL, bool Nested);
  /// A construction: a trivial copy is its source, a trivial default
  /// construction T{}; a user constructor cannot run on the device.
  Term construct(const clang::CXXConstructExpr *CE);
  /// Sets Err (the first time) and returns a placeholder term.
  Term fail(clang::SourceLocation Loc, std::string Reason,
            const char *Rule = "extract-kernel");

  // DeviceLibrary.cpp: lambdas and the standard library.
  /// A call of a lambda: a call of its device function, the captures
  /// passed after the arguments.
  Term lambdaCall(const clang::CXXOperatorCallExpr *OC);
  /// The declaration of a lambda variable: nothing on the device.
  Term lambdaDecl(const clang::VarDecl *VD);
  /// In a lambda's body, a constant it names without capturing it: its
  /// value; nullopt for names the function has.
  std::optional<Term> lambdaVarRef(const clang::DeclRefExpr *DRE,
                                   const clang::VarDecl *VD);
  /// A call of the C or C++ library (std::min, std::sqrt, ...); nullopt
  /// when FD is not one.
  std::optional<Term> libraryCall(const clang::CallExpr *CE,
                                  const clang::FunctionDecl *FD);
  /// An operator call the device cannot make: the rejection, naming it.
  Term operatorCall(const clang::CXXOperatorCallExpr *OC);
  /// A call of the device copy of MD, a method of the file's own types, on
  /// Obj with the arguments Rest; nullopt for other methods.
  std::optional<Term> methodCopyCall(const clang::CXXMethodDecl *MD,
                                     const clang::Expr *Obj,
                                     llvm::ArrayRef<const clang::Expr *> Rest,
                                     clang::SourceLocation Loc);
  /// A method call: std::array's size(); anything else is rejected.
  Term memberCall(const clang::CXXMemberCallExpr *MC);

  // DeviceComplex.cpp: std::complex as l2c::complex.
  /// In a kernel, a variable from outside it that holds std::complex
  /// values: l2c::cx(v), its bytes seen as l2c::complex.
  std::optional<Term> complexVar(const clang::VarDecl *VD);
  /// An operator of std::complex: the operator of l2c::complex.
  std::optional<Term> complexOperator(const clang::CXXOperatorCallExpr *OC);
  /// std::real, std::abs, ... on std::complex: the l2c:: function.
  std::optional<Term> complexCall(const clang::CallExpr *CE,
                                  const clang::FunctionDecl *FD);
  /// z.real(), z.imag() and their setters.
  std::optional<Term> complexMethod(const clang::CXXMemberCallExpr *MC);
  /// std::complex<T>(a, b): l2c::complex<T>(a, b).
  std::optional<Term> complexConstruct(const clang::CXXConstructExpr *CE);
  /// The variables the converted code declares.
  llvm::DenseSet<const clang::VarDecl *> DeclaredHere;

  /// The lambda class whose call operator this converts, if any.
  const clang::CXXRecordDecl *Lambda = nullptr;

private:
  FrontendContext &FC;
  bool InKernel;
  int LoopDepth = 0;
  /// Switches around the statement: a break there leaves the switch.
  int SwitchDepth = 0;
  /// Range-based loops converted so far (their counters' names).
  int RangeLoops = 0;
};

/// For the call operator FD of a lambda: the name of its device function
/// and a parameter per capture, appended to Params; sets Conv.Lambda.
/// Leaves them alone for other functions.
void lambdaSignature(FrontendContext &FC, const clang::FunctionDecl *FD,
                     Converter &Conv, std::string &Name,
                     std::vector<Term> &Params);

/// A function template's instantiation whose device copy can be a plain
/// function of the template's name: its template arguments are types, and
/// no other instantiation in the file has the same parameter types
/// (DeviceFunctions.cpp).
bool overloadableInstantiation(const clang::FunctionDecl *FD);

} // namespace detail
} // namespace l2c

#endif
