//===- Internal.h - Shared state of the front end's passes ------*- C++ -*-===//
//
// Not part of the public interface: pulls in the Clang AST headers.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_INTERNAL_H
#define LOOP2CUDA_FRONTEND_INTERNAL_H

#include "frontend/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>
#include <map>
#include <memory>

#include <optional>

#include <optional>
#include <set>

namespace l2c {
namespace detail {

/// Why a loop (or a device function) cannot run on the device.
struct Rejection {
  std::string Reason;
  std::string Rule;
  clang::SourceLocation Loc;
};

/// An array that an accepted loop copies to the device.
struct ArrayVar {
  const clang::VarDecl *Var = nullptr;
  clang::QualType Elem; // the element type, qualifiers kept
  bool Written = false; // the loop writes it (access write or readwrite)
};

/// A pointer (or a reference to one) not declared __restrict__: it may
/// point into the memory of another array (Analysis.cpp, Aliasing.cpp).
bool isPlainPointer(const clang::VarDecl *V);

/// A and B are local pointers of FD that hold distinct allocations
/// (malloc, calloc, new[]) and that nothing but another allocation or an
/// exchange of the two gives another value, or one is such a pointer and
/// the other a named array object (Allocations.cpp).
bool distinctAllocations(const clang::FunctionDecl *FD, const clang::VarDecl *A,
                         const clang::VarDecl *B);

/// A statement of FD that gives A a pointer derived from B or B one derived
/// from A (`a = b;`, `a = b + k;`, `T *a = b;`), other than the exchange
/// `t = a; a = b; b = t;`: evidence that the two may point into the same
/// memory. Null when there is none (Allocations.cpp).
const clang::Stmt *aliasingAssignment(const clang::FunctionDecl *FD,
                                      const clang::VarDecl *A,
                                      const clang::VarDecl *B);

/// Whether FD stores a pointer into V in a global (`G = v + 1`, `g.p = v`),
/// itself or through a function of the file it hands V to
/// (Allocations.cpp).
bool storedInGlobal(const clang::FunctionDecl *FD, const clang::VarDecl *V,
                    int Depth = 0);

/// One of Calls (the calls of FD) that passes the parameters A and B of FD
/// pointers into one variable (`f(x, x + 1)`, `f(&x[0], x)`): evidence that
/// they may point into the same memory. Null when there is none
/// (Allocations.cpp).
const clang::CallExpr *
aliasingCall(llvm::ArrayRef<const clang::CallExpr *> Calls,
             const clang::FunctionDecl *FD, const clang::VarDecl *A,
             const clang::VarDecl *B);

/// (a, b) when B[I], B[I + 1], B[I + 2] are the exchange `t = a; a = b;
/// b = t;` of two different variables (t may be declared in the first
/// statement); else nulls (Allocations.cpp).
std::pair<const clang::VarDecl *, const clang::VarDecl *>
exchangeAt(const std::vector<const clang::Stmt *> &B, size_t I);

/// V is a local pointer of FD that holds its own allocation, given another
/// value only by another allocation or an exchange (Allocations.cpp).
bool holdsOwnAllocation(const clang::FunctionDecl *FD, const clang::VarDecl *V);

/// The allocation expressions (malloc, calloc, aligned_alloc, new[], new)
/// a local pointer V of FD may hold at any point: its own and those of the
/// pointers it is exchanged with; empty unless holdsOwnAllocation(FD, V)
/// (Allocations.cpp).
std::vector<const clang::Expr *>
allocationsHeldBy(const clang::FunctionDecl *FD, const clang::VarDecl *V);

/// The allocation that a call of an allocating wrapper makes (LULESH's
/// `template <class T> T *Allocate(size_t n) { return (T *)malloc(sizeof(T)
/// * n); }`): the malloc, calloc, aligned_alloc or new[] of its one return
/// statement, in the wrapper's terms; null for any other call
/// (Allocations.cpp).
const clang::Expr *allocationInWrapper(const clang::CallExpr *CE);

/// A loop that carries a mark: a loop2cuda pragma or an OpenMP directive.
struct MarkedLoop {
  const clang::ForStmt *For = nullptr;
  /// A range-based for (`for (T e : v)`): For is then a stand-in ForStmt
  /// with its body and locations but no header.
  const clang::CXXForRangeStmt *RangeFor = nullptr;
  /// The statement that stands in the enclosing statement list: the
  /// OpenMP loop directive for OpenMP loops, else For.
  const clang::Stmt *Outer = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const LoopPragma *Pragma = nullptr;
  /// The OpenMP loop directive: `parallel for` or `for` (`... simd` too),
  /// a device loop (`target teams distribute parallel for`, ...), or the
  /// loop directive inside `target` (Outer is then the `target`).
  const clang::OMPLoopDirective *Omp = nullptr;
  /// The `omp parallel` region that holds an `omp for` loop, if any.
  const clang::OMPParallelDirective *Region = nullptr;
  /// The OpenACC `parallel` or `kernels` region that holds an `acc loop`
  /// loop (or, in `kernels`, a loop without one), if any.
  const LoopPragma *AccRegion = nullptr;
  /// Independence must be proven: the user did not promise it (OpenACC
  /// `kernels` without `independent`, `auto`). As under --strict.
  bool RequireProof = false;
  /// A loop in the body of a marked loop that was rejected: that loop runs
  /// in order on the host and this one is tried on the GPU in its place
  /// (InnerLoops.cpp). Its dependences must be proven, as under --strict;
  /// aliasing between its arrays is assumed as for the marked loop.
  const clang::ForStmt *InOrderParent = nullptr;
  /// With InOrderParent: For is a loop of one iteration over statements of
  /// that loop's body, Outer the first of them and Spans their number
  /// (SerialKernels.cpp). One iteration carries no dependence.
  bool Serial = false;
  /// The dependence test assumed two of its arrays apart without proof
  /// (the remark 'may point into the same memory'): the launch checks
  /// them at run time (rule set host-fallback).
  bool AssumedApart = false;
  /// Arrays (by kernel name) with a subscript the dependence test cannot
  /// decide (`a[idx[i]]`, `a[i % m]`): the launch first runs a probe of the
  /// elements each iteration touches, and the loop runs on the host when
  /// two iterations meet at an element one of them writes (rule set
  /// host-fallback, runtime/loop2cuda_probe.cuh). ProbeReasons: the
  /// remarks to give once the loop is known to be probed (Probes.cpp).
  std::vector<std::string> Probed;
  std::vector<std::pair<clang::SourceLocation, std::string>> ProbeReasons;
  /// Arrays (by kernel name) whose extent is the heap block they start,
  /// looked up at run time in the record of the program's allocations
  /// (runtime/loop2cuda_allocs.h): pointers from another file whose
  /// subscripts give no count. The launch runs the loop on the host when
  /// one has no recorded block (rule set host-fallback).
  std::vector<std::string> Recorded;
  /// The same arrays as the host code names them (m->col), for the remark.
  std::vector<std::string> RecordedHost;
  unsigned Spans = 1;
  /// For is a nest that the front end built from a rejected marked loop
  /// and the one loop of its body, interchanged: the body's loop outside,
  /// in parallel, and this one, the marked loop, inside, in order in each
  /// thread (InnerLoops.cpp). Outer is the marked loop's statement, which
  /// the launch replaces. Dependences must be proven, as for InOrderParent.
  const clang::ForStmt *Interchanged = nullptr;
  /// One of the loops that the front end split a rejected marked loop into
  /// (Distribute.cpp): that marked loop, whose range the launches of all
  /// the parts replace together. Part numbers the parts from 1, for the
  /// kernels' names; the first part lists the others in Group, and they
  /// point back to it with GroupHead.
  const clang::ForStmt *Replaces = nullptr;
  int Part = 0;
  std::vector<MarkedLoop *> Group;
  MarkedLoop *GroupHead = nullptr;
  /// An `acc loop` inside another marked loop: part of that loop's kernel
  /// when that one goes to the GPU, so it gets no warning of its own.
  bool InnerAcc = false;
  /// Extents from the map clauses of the loop's OpenMP directives and from
  /// the data regions around it (`target data`, `acc data`, `loop2cuda
  /// data`): they size copies and never choose transfers.
  std::vector<DataClause> Extents;
  /// OpenACC directives in the body that the tool does not translate
  /// (`atomic`, ...): the loop stays on the CPU.
  std::vector<const LoopPragma *> BodyPragmas;
  bool Accepted = false;
  /// Independence is assumed, not proven (a remark says so).
  bool Assumed = false;
  Term Loop;                // the ParallelLoop term
  int64_t Id = 0;           // the id in Loop(...)
  clang::SourceRange Range; // from the pragma to the end of the loop
  std::vector<const clang::FunctionDecl *> Callees;
  std::vector<ArrayVar> Arrays; // in the order of Loop's Array terms
};

/// A device copy of a function of the TU, built on first use.
struct DeviceFunctionInfo {
  bool Done = false, InProgress = false;
  std::optional<Rejection> Error;
  Term Definition; // the DeviceFunction term
  std::vector<const clang::FunctionDecl *> Callees;
  /// Arrays of the file the function (or a function it calls) only reads:
  /// parameters of its device copy after its own, which every call passes
  /// (DeviceFunctions.cpp).
  std::vector<const clang::VarDecl *> Globals;
};

/// Per-translation-unit state shared by the passes.
class FrontendContext {
public:
  FrontendContext(clang::ASTContext &Ctx, const FrontendOptions &Opts,
                  FrontendResult &Result);

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const clang::LangOptions &LO;
  clang::PrintingPolicy Policy;
  const FrontendOptions &Opts;
  FrontendResult &Result;

  /// Canonical spelling of a type ("const float *", "unsigned long").
  std::string typeStr(clang::QualType T) const;
  /// The source text of a token range as written.
  std::string text(clang::SourceRange R) const;
  /// An expression printed by Clang ("a[i - 1]").
  std::string pretty(const clang::Expr *E) const;
  /// The spelling of the token at Loc.
  std::string spelling(clang::SourceLocation Loc) const;
  unsigned line(clang::SourceLocation Loc) const;
  /// The file name, as given on the command line, without directories.
  std::string fileName(clang::SourceLocation Loc) const;

  void reject(const Rejection &R, clang::SourceLocation LoopLoc);
  /// Set while a loop of a template instantiation is analysed: its name
  /// with the template arguments ("axpy<float>"), which rejections and
  /// remarks then name.
  std::string Instantiation;
  /// " (in the instantiation 'axpy<float>')", or "".
  std::string instantiationNote() const;
  void remark(clang::SourceLocation Loc, const std::string &Msg,
              const char *Rule);
  /// `<message> [rule]` as a warning at Loc.
  void warning(clang::SourceLocation Loc, const std::string &Msg,
               const char *Rule);
  /// While set, reject() and remark() append their diagnostics here
  /// instead of reporting them: a loop tried in place of a rejected one
  /// reports only when it goes to the GPU (InnerLoops.cpp).
  std::vector<std::function<void()>> *Deferred = nullptr;
  /// `parallel region not translated: <reason> [rule]` at the directive.
  void warnRegion(const clang::OMPParallelDirective *P, const Rejection &R);

  /// A fresh id whose range is recorded in Result.Ranges.
  int64_t newId(clang::SourceRange R);

  /// Builds (once) the DeviceFunction term of FD. The call operator of a
  /// lambda becomes the function lambdaName gave its class, with a
  /// parameter for each capture (DeviceLibrary.cpp).
  DeviceFunctionInfo &deviceFunction(const clang::FunctionDecl *FD);

  /// The name of the device function of a lambda's class: l2c_lambda_<Var>
  /// (Var: the variable it initialises, or "L<line>"), numbered when taken.
  std::string lambdaName(const clang::CXXRecordDecl *Closure,
                         const std::string &Var);

  /// Names of the global variables of the user's files (not system headers).
  const std::vector<std::string> &userGlobals();

  /// The calls of the translation unit whose direct callee is FD (or a
  /// redeclaration of it), in the order of the source; indexed on the
  /// first use (CallIndex.cpp).
  const std::vector<const clang::CallExpr *> &
  callsOf(const clang::FunctionDecl *FD);

  /// Whether the translation unit names FD other than as the callee of a
  /// direct call (CallIndex.cpp).
  bool addressTaken(const clang::FunctionDecl *FD);

  bool inSystemHeader(clang::SourceLocation Loc) const;

  /// A data region the front end translates: `#pragma omp target data`,
  /// `#pragma acc data` or `#pragma loop2cuda data` over a block.
  struct DataRegion {
    /// The mapped arrays and pointers, by name, in clause order.
    std::vector<std::string> Arrays;
    /// The '#' of the pragma or directive.
    clang::SourceLocation Begin;
    /// The block; for an enter/exit pair, the block that holds both.
    const clang::CompoundStmt *Body = nullptr;
    /// An enter/exit pair: the `exit data` directive; the region is the
    /// statements of Body strictly between the two.
    const clang::Stmt *Exit = nullptr;
    /// "'#pragma omp target data'", ..., for diagnostics.
    std::string Name;
    /// It became a HostData term (Host.cpp).
    bool Translated = false;
  };
  /// The `omp simd` and `omp loop` directives inside marked loops that do
  /// not run as their loop in order, with the reason (InnerSimd.cpp).
  llvm::DenseMap<const clang::Stmt *, std::string> KeptDirectives;
  /// The loops spliced in place of their `omp simd` or `omp loop`
  /// directive, and the directive: the loop's text begins at its pragma
  /// (stmtRange).
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> SplicedDirectives;

  /// By statement: the OpenMP directive, or the block after the pragma
  /// (MarkLoops.cpp finds them; Host.cpp makes them HostData terms).
  llvm::DenseMap<const clang::Stmt *, DataRegion> DataRegions;
  /// The `target` / `teams` regions whose body runs once on the host, each
  /// loop directive a kernel (MarkLoops.cpp finds them, deviceRegionProblem
  /// decides; Host.cpp makes them HostRegion terms).
  llvm::DenseSet<const clang::Stmt *> DeviceRegions;

  /// A standalone `target enter data`, `exit data` or `update` that the
  /// front end translates (EnteredData.cpp): the markers that open its
  /// host statement's read set, and the arrays it names.
  struct DataDirective {
    const clang::FunctionDecl *Function = nullptr;
    std::vector<Term> Markers;
    std::vector<std::string> Arrays;
    /// Stand-in -> host expression, for the arrays that are members.
    std::map<std::string, std::string> HostNames;
  };
  /// Every such directive outside a marked loop and an enter/exit pair, in
  /// the order MarkLoops.cpp met them.
  std::vector<std::pair<const clang::FunctionDecl *,
                        const clang::OMPExecutableDirective *>>
      StandaloneData;
  /// The ones translated, by directive (Host.cpp).
  llvm::DenseMap<const clang::Stmt *, DataDirective> DataDirectives;
  /// OpenACC's `enter data`, `exit data` and `update` outside marked loops
  /// (AccDirectives.cpp), and those translated, by function: a pragma line
  /// between two statements of a block (Host.cpp makes it a statement).
  std::vector<const LoopPragma *> AccStandalone;
  std::map<const clang::FunctionDecl *,
           std::vector<std::pair<const LoopPragma *, DataDirective>>>
      AccDirectives;
  /// The keys of AccDirectives, in the order the directives were met.
  std::vector<const clang::FunctionDecl *> AccFunctions;

private:
  int64_t NextId = 1;
  std::map<const clang::FunctionDecl *, DeviceFunctionInfo> DeviceFns;
  std::map<const clang::CXXRecordDecl *, std::string> LambdaNames;
  std::set<std::string> TakenLambdaNames;
  std::optional<std::vector<std::string>> Globals;
  std::optional<std::map<const clang::FunctionDecl *,
                         std::vector<const clang::CallExpr *>>>
      Calls;
  /// How many times the translation unit names each function (CallIndex).
  std::map<const clang::FunctionDecl *, unsigned> FunctionRefs;
};

/// For(Decl(k, "T", init), cond, inc) of a host `for` in the vocabulary of
/// kernel code, when its header has that simple form (HostHeaders.cpp).
std::optional<Term> hostLoopHeader(const FrontendContext &FC,
                                   const clang::ForStmt *F);

/// Analyses a marked loop; on success sets ML.Loop, ML.Id, ML.Callees and
/// returns true; otherwise emits the rejection and returns false.
bool analyzeLoop(FrontendContext &FC, MarkedLoop &ML);

/// Appends Alias(b) to the dependencies of each Array term of Loops (the
/// accepted loops of FD) for every other array or pointer parameter b of FD
/// that may share its memory, and remarks on the pairs of arrays that no
/// single loop uses together (Aliasing.cpp).
void linkAliasedArrays(FrontendContext &FC, const clang::FunctionDecl *FD,
                       const std::vector<MarkedLoop *> &Loops);

/// Builds Function(name, id, [items]) for FD's body. Loops maps the Outer
/// statement of every accepted marked loop of FD to the loop.
/// Calls maps statements to the markers that open their read sets:
/// Pass(a) for a call that hands a to a function using it only in its
/// kernels, Exchange(a, b) for `std::swap(a, b)` of two distinct
/// allocations (CallRegions.cpp; rule set hold-calls).
using HeldCalls = llvm::DenseMap<const clang::Stmt *, std::vector<Term>>;
Term buildHostFunction(
    FrontendContext &FC, const clang::FunctionDecl *FD,
    const llvm::DenseMap<const clang::Stmt *, MarkedLoop *> &Loops,
    const HeldCalls *Calls = nullptr);

/// For each function of the main file, its call statements that hand
/// arrays to a function which uses them only in its kernels, and its swaps
/// of two distinct allocations (rule set hold-calls; CallRegions.cpp).
std::map<const clang::FunctionDecl *, HeldCalls>
findHeldCalls(FrontendContext &FC,
              const std::vector<std::unique_ptr<MarkedLoop>> &Loops);

/// The Release(a) marks of FD's `free(a)` and `delete[] a` statements
/// alone (CallRegions.cpp), for a function that findHeldCalls leaves out.
HeldCalls findReleases(const clang::FunctionDecl *FD);

/// Elements(a, Box(..), Box(..) | NoWrite) for each array of Arrays that
/// host statement S touches only through elements in a box known at run
/// time (HostBoxes.cpp; rule set host-boxes).
std::vector<Term> hostBoxMarkers(FrontendContext &FC,
                                 const clang::FunctionDecl *FD,
                                 const clang::Stmt *S,
                                 const std::set<std::string> &Arrays);

/// Records D, a standalone `target enter data`, `exit data` or `update`
/// outside marked loops and enter/exit pairs (EnteredData.cpp).
void noteDataDirective(FrontendContext &FC, const clang::FunctionDecl *FD,
                       const clang::OMPExecutableDirective *D);
/// Records P, an OpenACC `enter data`, `exit data` or `update` outside
/// marked loops (EnteredData.cpp).
void noteAccDataDirective(FrontendContext &FC, const LoopPragma &P);
/// Fills FC.DataDirectives from the recorded directives when the tool can
/// follow all of them; otherwise each gets a remark that it has no effect.
void translateDataDirectives(FrontendContext &FC);

/// The clauses of an OpenMP loop directive that the tool implements.
struct LoopClauses {
  std::vector<const clang::VarDecl *> Private;
  /// Scalars each thread gets a copy of, initialised from the variable.
  std::vector<const clang::VarDecl *> FirstPrivate;
  /// Scalars that hold, after the loop, what the sequentially last
  /// iteration left in them.
  std::vector<const clang::VarDecl *> LastPrivate;
  /// (operator as the tool spells it, variable); only scalar variables.
  std::vector<std::pair<std::string, const clang::VarDecl *>> Reductions;
  /// Histograms among Reductions: the length B of `h[:B]`, or "" for a
  /// whole C array `h`.
  std::map<const clang::VarDecl *, std::string> Sections;
  /// reduction(inscan, op: x): (operator, variable), for a scan.
  std::vector<std::pair<std::string, const clang::VarDecl *>> InScan;
  /// Clauses accepted but without effect on the GPU (schedule, ...).
  std::vector<const clang::OMPClause *> Ignored;
  /// The list items of map clauses, as extents (OpenMPTarget.cpp).
  std::vector<DataClause> Maps;
};

/// Reads Clauses into Out; a clause or clause form that the tool does not
/// implement is a rejection (OpenMPClauses.cpp).
std::optional<Rejection>
readOpenMPClauses(FrontendContext &FC,
                  llvm::ArrayRef<clang::OMPClause *> Clauses, LoopClauses &Out);
/// A clause as written ("schedule(static)").
std::string clauseText(FrontendContext &FC, const clang::OMPClause *C);
/// default(shared) or default(none): what the tool does anyway.
bool isSharedDefault(const clang::OMPClause *C);
/// A remark at each clause of Clauses.Ignored.
void remarkIgnoredClauses(FrontendContext &FC, const LoopClauses &Clauses);

/// An OpenMP loop directive that runs on the device or across teams
/// (`target teams distribute parallel for`, `target parallel for`, `target
/// teams loop`, `teams distribute`, ...; OpenMPTarget.cpp).
bool isDeviceLoop(const clang::Stmt *S);
/// The loop directive that is the whole body of a `target` or `target
/// teams` directive D, or null.
const clang::OMPLoopDirective *
offloadedLoop(const clang::OMPExecutableDirective *D);
/// `target`, `target teams` or `teams`: a region that
/// deviceRegionProblem may let run once on the host, its loops as kernels.
bool isDeviceRegion(const clang::Stmt *S);
/// Why the body of the device region D is more than loop directives (and
/// nested device regions of loop directives), or a clause of D is not
/// implemented; "" when the body can run once with each loop a kernel.
/// Reads D's clauses into Clauses (its map clauses size the loops' arrays).
std::string deviceRegionProblem(FrontendContext &FC,
                                const clang::OMPExecutableDirective *D,
                                LoopClauses &Clauses);
/// Appends the list items of map clause C that name a variable, as extents.
void mapExtents(FrontendContext &FC, const clang::OMPMapClause *C,
                std::vector<DataClause> &Out);

/// A `#pragma omp target enter data` and the next `target exit data` of the
/// same block: the statements Body[First, End) between them are a data
/// region (DataRegions.cpp).
struct EnterExitPair {
  const clang::OMPTargetEnterDataDirective *Enter = nullptr;
  const clang::OMPTargetExitDataDirective *Exit = nullptr;
  size_t First = 0, End = 0;
  /// The list items of both directives' map clauses.
  std::vector<DataClause> Extents;
};
/// The pointers and arrays among the variables of Extents that the
/// statements Body name, in clause order (DataRegions.cpp).
std::vector<std::string> regionArrays(llvm::ArrayRef<const clang::Stmt *> Body,
                                      const std::vector<DataClause> &Extents);
/// The enter/exit pairs among the statements of CS, in order.
std::vector<EnterExitPair> findEnterExitPairs(FrontendContext &FC,
                                              const clang::CompoundStmt *CS);

/// The statement an OpenMP directive applies to (through CapturedStmts).
const clang::Stmt *ompBody(const clang::OMPExecutableDirective *D);
/// "parallel for", "for", "target teams", ...
std::string ompDirectiveName(const clang::OMPExecutableDirective *D);
/// `omp for` or `omp for simd`: a loop whose iterations a region's threads
/// share.
bool isWorksharingLoop(const clang::Stmt *S);
/// Whether running the body of P once, with its `omp for` loops as
/// kernels, does what every thread running it does (OpenMPRegions.cpp).
std::optional<Rejection>
checkParallelRegion(FrontendContext &FC, const clang::OMPParallelDirective *P);

/// The atom of a reduction operator spelling (+ -> add, min -> min, ...),
/// or null when the tool does not implement it.
const char *reductionAtom(llvm::StringRef Op);

/// Removes parentheses, implicit casts and full-expression wrappers.
const clang::Expr *strip(const clang::Expr *E);
/// In a member function, the members the code names through `this` (`v`,
/// `this->v`) are variables of the loop like any other: a stand-in
/// variable of the field's name and type, one per field.
const clang::VarDecl *memberVar(const clang::MemberExpr *ME);
/// S uses the array A (of structs) only as a[e].f and a->f: never an
/// element whole, which would carry the structs' pointers to code that
/// may read them (StructViews.cpp).
bool elementsOnlyThroughMembers(clang::ASTContext &Ctx, const clang::Stmt *S,
                                const clang::VarDecl *A);
/// The stand-in of Obj.F (Obj->F where Arrow), made at Loc on first use.
const clang::VarDecl *memberStandIn(const clang::VarDecl *Obj,
                                    const clang::FieldDecl *F, bool Arrow,
                                    clang::SourceLocation Loc);
/// Likewise `s.a` for a struct variable s and an array-like member a (a
/// pointer, an array, a std::vector or std::array): a stand-in named s_a.
/// V is such a stand-in.
bool isMemberVar(const clang::VarDecl *V);
/// p[e].f of an array of structs p (a variable, or a stand-in such as
/// points->p) whose member f points to numbers, used as p[e].f[g]: the
/// stand-in of the rows p[.].f, an array of row pointers named p_f whose
/// host handle is `l2c::memberRows<T>(p, offsetof(S, f))`, made on first
/// use; E is set to e and P to p (whose callers check that it is not one
/// of the loop's own). Null for any other expression.
const clang::VarDecl *memberRowsVar(const clang::Expr *Member,
                                    const clang::Expr *&E,
                                    const clang::VarDecl *&P);
/// V is such a stand-in.
bool isMemberRows(const clang::VarDecl *V);
/// How messages name V: "pts[i].coord" for member rows, else hostName(V).
std::string shownName(const clang::VarDecl *V);
/// Records V as a stand-in whose host expression is HostText.
void registerStandIn(const clang::VarDecl *V, const std::string &HostText);
/// obj.e(k), obj.at(x, y) or obj(i, j) of an element accessor (`T &e(int
/// i) { return m[i]; }`, `T &at(int x, int y) { return m[y * w + x]; }`):
/// the stand-in of the array it reads, whose host pointer is `&obj.e(0)`,
/// and the element's subscript in the loop's terms (`y * obj.w + x`); none
/// for any other call (Accessors.cpp).
struct AccessorUse {
  const clang::VarDecl *Array;
  const clang::Expr *Index;
};
std::optional<AccessorUse> accessorUse(const clang::Expr *Call);
/// The stand-in for the enclosing object (*this) of class RD, named
/// l2c_this: a kernel parameter that takes the object by value, for the
/// methods the loop calls on it.
const clang::VarDecl *thisVar(const clang::CXXRecordDecl *RD);
/// V is the stand-in of thisVar.
bool isThisVar(const clang::VarDecl *V);
/// Why a call of MD on the enclosing object from a kernel cannot run on a
/// copy of it (EnclosingObject.cpp), or "".
std::string enclosingObjectProblem(const clang::CXXMethodDecl *MD,
                                   const clang::FunctionDecl *LoopFunction);
/// How host code names V: "s.a" or "v" for stand-ins, `st::buf` or
/// `Pool::buf` for a variable of a named namespace or a static member, V's
/// name otherwise.
std::string hostName(const clang::VarDecl *V);
/// Why a loop whose free variables are Free cannot keep its arrays apart
/// from the other variables of Function: one of them has the name of an
/// array of the loop (analysis/NameClashes.cpp); none when none has.
std::optional<std::string>
arrayNameClash(llvm::ArrayRef<const clang::VarDecl *> Free,
               const clang::FunctionDecl *Function);
/// The struct variable s of the stand-in of s.a; null otherwise.
const clang::VarDecl *standInBase(const clang::VarDecl *V);
/// The member rows p[i].f (memberRowsVar) made for the array of structs
/// Base so far.
std::vector<const clang::VarDecl *> memberRowsOf(const clang::VarDecl *Base);
/// Why a kernel of Loop, a loop of LoopFn, could not name a type the loop
/// uses (a struct of the function, a private nested type, a type of the
/// class whose body defines LoopFn), and where; none when it can
/// (analysis/KernelTypes.cpp).
std::optional<std::pair<std::string, clang::SourceLocation>>
kernelTypeProblem(const clang::Stmt *Loop, const clang::FunctionDecl *LoopFn);
/// The member a of the stand-in of s.a or p->a; null otherwise.
const clang::FieldDecl *standInField(const clang::VarDecl *V);
/// The variable S names: a reference to one, or a member through `this`.
const clang::VarDecl *varOf(const clang::Stmt *S);
/// E is an integer literal as written (not a template argument substituted
/// into it, whose host text is the parameter's name).
bool isWrittenLiteral(const clang::Expr *E);
/// The variable an expression names (through parentheses and casts).
const clang::VarDecl *refVar(const clang::Expr *E);
/// The variable of an OpenMP list item `a`, `a[lo:len]`, `a[lo:len][:m]`;
/// First is the section right on the variable, or null (OpenMPTarget.cpp).
const clang::VarDecl *sectionVar(const clang::Expr *E,
                                 const clang::ArraySectionExpr *&First);
/// Whether T (through references) is a std::vector specialisation; sets
/// Elem to its element type.
bool isStdVector(clang::QualType T, clang::QualType *Elem = nullptr);
/// std::vector<std::vector<S>>: rows of their own, which never share memory
/// (Rows in docs/cxx.md); Scalar is S.
bool isVectorOfVectors(clang::QualType T, clang::QualType *Scalar = nullptr);
/// Whether T (through references) is a std::array specialisation; sets Elem
/// to its element type and Size to its number of elements.
bool isStdArray(clang::QualType T, clang::QualType *Elem = nullptr,
                uint64_t *Size = nullptr);
/// Whether statement S lies within statement O in the text.
bool within(FrontendContext &FC, const clang::Stmt *S, const clang::Stmt *O);
/// Whether the token range of S should be extended by a following ';'.
bool needsSemi(const clang::Stmt *S);
/// The range of S including its trailing ';' where it has one.
clang::SourceRange stmtRange(FrontendContext &FC, const clang::Stmt *S);

} // namespace detail
} // namespace l2c

#endif
