//===- LoopAnalyzer.h - The analysis of one marked loop ---------*- C++ -*-===//
//
// The state of the analysis of one marked loop. Its parts live in
// Analysis.cpp (the driver), LoopShape.cpp, Accesses.cpp, Reductions.cpp,
// Scalars.cpp, Arrays.cpp, Dependences.cpp, ExactDependences.cpp (isl) and
// Nest.cpp (the inner loops that may share the grid).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_LOOPANALYZER_H
#define LOOP2CUDA_FRONTEND_LOOPANALYZER_H

#include "frontend/Internal.h"
#include "frontend/analysis/Affine.h"
#include "frontend/analysis/PointerOrigins.h"
#include "frontend/device/DeviceCode.h"

#include "llvm/ADT/SetVector.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace l2c {
namespace detail {

/// How an expression uses a variable or an element.
enum Mode { Read = 1, Write = 2, ReadWrite = 3 };

/// The uses of a variable in the loop body.
struct VarInfo {
  bool Read = false;
  unsigned Writes = 0;
  clang::SourceLocation FirstWrite;
  bool OtherUse = false;      // arrays: used other than through a subscript
  bool OtherWrite = false;    // arrays: possibly written that way
  bool ReductionRead = false; // read inside a recognised update
  /// The first call of a non-const member function on the variable, which
  /// counts as a write of it (`domain.e(i) = ...`).
  const clang::CXXMemberCallExpr *MethodWrite = nullptr;
  /// The first call of a method whose device copy reads elements of this
  /// vector member that no subscript of the loop shows (MemberScalars.cpp).
  const clang::CXXMemberCallExpr *HiddenRead = nullptr;
};

/// A subscript of a free array in the loop body.
/// Whether a call of FD may write through its pointer parameter I: its own
/// stores, or a helper it hands the pointer to that may (CalleeAccesses.cpp);
/// true when FD's body is not in the file.
bool mayWriteThrough(const clang::FunctionDecl *FD, unsigned I, int Depth = 0);

struct Access {
  const clang::VarDecl *Array;
  const clang::Expr *Subscript; // the first
  const clang::Expr *Whole;
  unsigned M;
  bool Conditional;
  /// Every subscript, outermost dimension first: i, j for A[i][j].
  std::vector<const clang::Expr *> Subs;
  /// The loops of the body that enclose the access, outermost first.
  std::vector<const clang::ForStmt *> Loops;
  /// The access is the target of an update (a[k] += w, a[k]++).
  bool Update = false;
  /// The conditions of the ifs around the access in the body, with the
  /// branch it is on (true: then), outermost first.
  std::vector<std::pair<const clang::Expr *, bool>> Guards;
};

/// A statement recognised as the update of a reduction variable.
struct ReductionUpdate {
  const clang::VarDecl *Var;
  std::string Atom;           // add, mul, ...
  const clang::Expr *Operand; // e, or null for ++/--
  Term Value;
};

/// A statement recognised as a histogram update h[k] op= w (Histograms.cpp).
struct HistogramUpdate {
  const clang::VarDecl *Array;
  std::string Atom;           // add, min, ...
  const clang::Expr *Sub;     // k
  const clang::Expr *Operand; // w, or null for ++/--
  const clang::Expr *Whole;   // h[k]
  Term Value;
};

/// A scan the body computes (Scans.cpp, docs/scans.md).
struct ScanFound {
  std::string Atom; // add, mul, min, max, and, or, xor
  bool Exclusive = false;
  /// s[i] = s[i-1] op e (Var is s), rather than acc op= e; out[i] = acc.
  bool Recurrence = false;
  const clang::VarDecl *Var = nullptr;  // s or acc
  clang::QualType Type;                 // the running value's
  const clang::Stmt *Update = nullptr;  // the statement that combines e
  const clang::Stmt *Store = nullptr;   // out[i] = acc, or null
  const clang::Expr *Operand = nullptr; // e, or null for ++/--
  const clang::Expr *Target = nullptr;  // s[i] or out[i]
  Term Value;                           // e as a term
};

/// The canonical form of one loop: for (Index = Lb; Index < End; Index +=
/// Step), End = Ub + EndAdjust.
/// A canonical loop as the set of values its index takes: Lb + LbAdjust up
/// to Ub + EndAdjust (exclusive) by Step. A downward loop
/// (`for (i = hi; i >= lo; i--)`) has Down set, Lb = lo and Ub = hi; Init
/// is the initial value as written. With Down and Step > 1 the values are
/// anchored at hi, and LbText (host code) is the lowest of them while Lb
/// stays lo, a lower bound.
struct LoopBounds {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lb = nullptr, *Ub = nullptr, *Init = nullptr;
  std::string LbText, UbText, EndText;
  int64_t LbAdjust = 0, EndAdjust = 0, Step = 1;
  bool LbIsZero = false, Down = false;
  /// Lb is the lowest value exactly (an upward loop, or a step of 1).
  bool lbExact() const { return !Down || Step == 1; }
};

/// A cast of an integer to an integer type narrower than 32 bits and than
/// its operand's: the value wraps, so no subscript through it is affine
/// (Dependences.cpp).
bool narrowingIntegerCast(const clang::CastExpr *C,
                          const clang::ASTContext &Ctx);

/// Analyses one marked loop and builds its ParallelLoop term (run).
class LoopAnalyzer {
public:
  LoopAnalyzer(FrontendContext &FC, MarkedLoop &ML)
      : FC(FC), ML(ML), Conv(FC, true) {
    Conv.LoopFunction = ML.Function;
    // (Not ML.Outer: a directive's range is its pragma line.)
    Conv.LoopStmt = ML.RangeFor ? static_cast<const clang::Stmt *>(ML.RangeFor)
                                : ML.For;
  }

  bool run();

  /// Reads F's canonical form into B; returns why F is not canonical, or "".
  std::string loopShape(const clang::ForStmt *F, LoopBounds &B);
  /// E as a polynomial over loop indices and loop-invariant integers; with
  /// NestVarsAffine, the indices of the body's canonical loops count too.
  std::optional<Poly> affine(const clang::Expr *E, int Depth = 0);
  /// E of `V = E;` when that statement of the marked loop's body comes
  /// before every other use of V there and is the loop's only write of V
  /// (a private `j = i + d;`), or null.
  const clang::Expr *singleDefinition(const clang::VarDecl *V,
                                     bool *InNest = nullptr);
  /// Why affine(E) gives no polynomial: the part of E that is not one
  /// ("uses 'j', which changes inside the loop"), or "" (Dependences.cpp).
  std::string notAffineReason(const clang::Expr *E, int Depth = 0);
  /// Whether E, or the initialiser of a local it names (an index
  /// temporary), reads memory or calls a function: a subscript that only
  /// computes (`(t / C) * 16 + i`) is no histogram's (Dependences.cpp).
  bool readsMemory(const clang::Expr *E, int Depth = 0);
  /// V is the index of the marked loop or of a canonical loop of its body.
  bool isNestIndex(const clang::VarDecl *V) const;
  /// E has one value for the whole nest: built of literals, variables the
  /// loop does not write (no nest index), arithmetic and `v.size()`.
  bool invariant(const clang::Expr *E);
  /// The shape of F, the marked loop or a canonical loop of its body; null
  /// for any other loop.
  const LoopBounds *shapeOf(const clang::ForStmt *F) const;

  /// The exact test (ExactDependences.cpp) for the accesses to Arrays, with
  /// the first ParallelCandidates of Candidates parallel too.
  struct ExactAnswer {
    enum Kind { Independent, Dependent, Unknown } K;
    std::string Witness; // Dependent: "a[2*i+1] written at i=0 is read ..."
    clang::SourceLocation Loc;
  };
  /// The sizes of A's dimensions after the first (C arrays, pointers to
  /// rows, VLAs); std::nullopt where a size is not affine.
  std::vector<std::optional<Poly>> rowSizes(const clang::VarDecl *A);
  ExactAnswer exactDependence(llvm::ArrayRef<const clang::VarDecl *> Arrays,
                              unsigned ParallelCandidates);
  /// A quotient by a constant (`t / 8`, `t >> 3`) of a polynomial Num:
  /// while QuasiAffine is set, affine() gives it as a variable of its own,
  /// which the exact test writes with isl's floor (QuasiAffine.cpp), and a
  /// remainder (`t % 8`, `t & 7`) as Num minus the divisor times one. C's /
  /// rounds towards 0 (Quot); a shift and a mask round down (FloorQuot).
  ///
  /// With VarDivisors set too, the marked loop's index by a loop-invariant
  /// value (`t / rest`, `t % rest`: Rodinia's lud) gives a VarQuot or a
  /// VarRem of Divisor; the exact test then ranges over the pair in place
  /// of t (NestBuilder::splitRoot).
  struct DivAtom {
    enum Kind { Quot, FloorQuot, VarQuot, VarRem } K;
    Poly Num;
    int64_t By;
    Poly Divisor = {};
  };
  /// The DivAtom that V stands for, or null for a variable of the program.
  const DivAtom *divAtomOf(const clang::VarDecl *V) const;
  /// V is a DivAtom of the nest's indices (`j / 2`): no host size.
  bool atomOverNest(const clang::VarDecl *V) const;
  /// The exact test's answer for the accesses to A when the subscript Sub
  /// of an update is quasi-affine and not affine (`h[(t / 8) * 8 + t % 8]
  /// += 1`), else Unknown: such an update is no histogram unless the test
  /// finds two iterations that meet.
  ExactAnswer quasiUpdate(const clang::VarDecl *A, const clang::Expr *Sub);
  /// For an update of A at Sub: none when it is no histogram (the
  /// subscript moves with the index and the dependence test decides; the
  /// exact test proves it; or it only computes from indices and invariants
  /// and the probe decides), else the exact test's answer (Dependent with a
  /// witness, or Unknown). Affine: the subscript is affine but does not
  /// move with the index (h[j] += w over i) (Histograms.cpp).
  std::optional<ExactAnswer> histogramDoubt(const clang::VarDecl *A,
                                            const clang::Expr *Sub,
                                            bool &Affine);
  /// While checkOverlap decides two names of one array (PointerOrigins.h):
  /// the exact test takes each as Root at Offset elements.
  struct SharedArray {
    std::string Root;
    Poly Offset;
  };
  const SharedArray *sharedArray(const clang::VarDecl *V) const {
    auto It = SharedArrays.find(V);
    return It == SharedArrays.end() ? nullptr : &It->second;
  }

private:
  FrontendContext &FC;
  MarkedLoop &ML;
  Converter Conv;
  std::optional<Rejection> Err;

  /// The marked loop's shape; Index is Marked.Index, for brevity.
  LoopBounds Marked;
  const clang::VarDecl *Index = nullptr;
  /// Loops nested perfectly inside the marked loop, one in the other,
  /// canonical: collapse(n) names the first ones, the dependence test may
  /// prove the others parallel (rule map-inner-loop maps them).
  std::vector<LoopBounds> Candidates;
  /// How many of Candidates collapse(n) names.
  unsigned CollapsedCount = 0;

  llvm::DenseSet<const clang::VarDecl *> Locals;
  /// The ifs around the statement being scanned (Access::Guards).
  std::vector<std::pair<const clang::Expr *, bool>> Guards;
  llvm::SetVector<const clang::VarDecl *> Free;
  llvm::DenseMap<const clang::VarDecl *, VarInfo> Info;
  std::vector<Access> Accesses;
  llvm::DenseMap<const clang::Stmt *, ReductionUpdate> Updates;
  std::map<std::string, std::string> ClauseReductions; // var -> op spelling
  /// The length of `reduction(op: h[:B])`, by variable ("" for a whole C
  /// array named in the clause).
  std::map<std::string, std::string> ClauseSections;
  /// Histogram updates of the arrays the clause names.
  llvm::DenseMap<const clang::Stmt *, HistogramUpdate> HistUpdates;
  /// The first histogram-shaped update of an array the clause does not name.
  std::map<const clang::VarDecl *, HistogramUpdate> UnclausedHistograms;
  std::vector<const clang::VarDecl *> Privates;
  /// firstprivate scalars: kernel parameters, which are the threads' copies.
  llvm::DenseSet<const clang::VarDecl *> FirstPrivates;
  /// lastprivate scalars (the loop index among them, possibly), in clause
  /// order: each gets a one-element slot that the last iteration fills.
  std::vector<const clang::VarDecl *> LastPrivates;
  int CondDepth = 0;
  llvm::DenseSet<const clang::VarDecl *> NestIndices;
  /// The canonical loops of the body (collectNestIndices), outermost first.
  std::vector<LoopBounds> BodyLoops;
  bool NestVarsAffine = false;
  /// affine() gives quotients and remainders by constants as DivAtoms.
  bool QuasiAffine = false;
  /// ... and of the marked loop's index by loop-invariant values (VarQuot,
  /// VarRem): only while the exact test builds its question.
  bool VarDivisors = false;
  std::map<const clang::VarDecl *, DivAtom> DivAtoms;
  /// The variable that stands for Num op By (QuasiAffine.cpp); op Divisor
  /// for VarQuot and VarRem.
  const clang::VarDecl *divAtom(DivAtom::Kind K, const Poly &Num, int64_t By,
                                const Poly &Divisor = {});
  /// The divisor of a VarQuot or VarRem atom of the marked loop's index
  /// among the subscripts of Arrays, when all such atoms share one
  /// (QuasiAffine.cpp).
  std::optional<Poly>
  rootDivisor(llvm::ArrayRef<const clang::VarDecl *> Arrays);
  /// The loops of the body around the statement scanStmt is in.
  std::vector<const clang::ForStmt *> LoopStack;

  bool reject(clang::SourceLocation Loc, std::string Reason, const char *Rule) {
    if (!Err)
      Err = Rejection{std::move(Reason), Rule, Loc};
    return false;
  }
  /// Independence must be proven: --strict, or the loop's marking does
  /// not promise it (OpenACC `kernels`, `auto`).
  bool strict() const { return FC.Opts.Strict || ML.RequireProof; }
  /// Dependences must be proven: strict(), or a loop tried in place of a
  /// rejected marked loop (InnerLoops.cpp), which nobody marked.
  bool strictDeps() const {
    return strict() || ML.InOrderParent || ML.Interchanged || ML.Replaces;
  }
  /// What a rejection for want of a proof adds when the marking asked for
  /// one, or "".
  std::string proofNote() const;
  /// Trusts the marking where the dependence test cannot decide: a remark
  /// `assuming iterations are independent: <Why> [dependence]`.
  void assume(clang::SourceLocation Loc, const std::string &Why);

  /// Reads the clauses of a loop2cuda or OpenACC pragma (and of its
  /// OpenACC region); false when they reject the loop.
  bool pragmaClauses(const clang::Stmt *Body);
  /// Arrays whose rows have a variable length (C99): their row sizes go to
  /// Conv.FlatRows, their variables become parameters (Arrays.cpp).
  bool flatVlaRows();
  /// Why the kernel cannot recompute a VLA size E, or "".
  std::string unstableSize(const clang::Expr *E);
  bool shape();
  /// The shape of a range-based for over RangeArray: an index l2c_i from 0
  /// to the element count.
  bool rangeShape();
  /// `for (auto it = v.begin(); it != v.end(); ++it)` over a vector or a
  /// std::array: like a range-based for, `*it` the element; false when F
  /// is not of that form.
  bool iteratorShape();
  /// For a range-based for: the array it runs over, and l2c_i as an
  /// expression (the subscript of the element the loop variable holds).
  const clang::VarDecl *RangeArray = nullptr;
  const clang::Expr *RangeSub = nullptr;
  /// RangeArray[l2c_i], the element the loop variable or `*it` stands for.
  Term RangeElement;
  /// The elements of V, as host text ("v.size()", "64"); "" when V is not
  /// a std::vector, a std::array or an array.
  std::string elementCount(const clang::VarDecl *V);
  /// Marked as the index l2c_i that a range-based for or an iterator loop
  /// over V hides, from 0 to Count (host text).
  void hiddenIndex(const clang::VarDecl *V, const std::string &Count);
  /// Records an access M of RangeArray[l2c_i] at E: through the loop
  /// variable of a range-based for, or `*it`.
  void rangeAccess(const clang::Expr *E, unsigned M);
  /// Loop with the non-type template parameters its code uses appended to
  /// its kernel parameters (the list at ParamsAt).
  Term withTemplateParams(const Term &Loop, size_t ParamsAt);
  /// Fills NestIndices (after scanStmt).
  void collectNestIndices(const clang::Stmt *Body);
  void collectLocals(const clang::Stmt *S);
  void findUpdates(const clang::Stmt *S);
  /// The update X of an `omp atomic` (or one-statement `critical`)
  /// directive Dir, read as if the pragma named its variable in a
  /// reduction clause (AtomicUpdates.cpp).
  void findAtomicUpdate(const clang::Stmt *Dir, const clang::Stmt *X);
  /// An atomic `a[i] op= e`, i the marked loop's index: a plain statement
  /// (true when taken).
  bool ownElementUpdate(const clang::Stmt *Dir, const clang::Stmt *X);
  /// The statements ownElementUpdate took.
  llvm::SmallPtrSet<const clang::Stmt *, 4> OwnElementUpdates;
  std::optional<ReductionUpdate> matchUpdate(const clang::Stmt *S);
  std::optional<ReductionUpdate> matchAssign(const clang::VarDecl *V,
                                             const clang::Expr *RHS);
  /// The target of the update being scanned (a[k] of a[k] += w), which
  /// marks its Access as an update.
  const clang::Expr *UpdateTarget = nullptr;
  void scanStmt(const clang::Stmt *S);
  void scan(const clang::Expr *E, unsigned M);
  /// A local pointer into a row of an array of the loop (RowPointers.cpp):
  /// `T *row = &A[e];` (or `A + e`, or `A[e]` of a 2-D A), used only as
  /// row[s], with e fixed in the body. row[s] is the access A[e + s] (or
  /// A[e][s]).
  struct RowPointer {
    const clang::VarDecl *Array = nullptr;
    const clang::Expr *Offset = nullptr; // e of a 1-D A, or null
    const clang::Expr *Row = nullptr;    // e of a 2-D A, or null
    /// `auto &row = m[e]` of a vector of vectors m (row[s], row.size()).
    bool VectorRef = false;
  };
  /// A reference to a row of a vector of vectors: a row pointer if Body
  /// uses it only as row[s] and row.size() (RowPointers.cpp).
  void vectorRowRef(const clang::Stmt *Body, const clang::VarDecl *V);
  llvm::DenseMap<const clang::VarDecl *, RowPointer> RowPointers;
  /// Arrays of structs p whose pointer members the loop names other than
  /// as p[e].f[g] (memberRowsVar): p cannot travel as its bytes.
  llvm::DenseMap<const clang::VarDecl *, std::string> PointerMembersUsed;
  /// Finds the row pointers declared in Body.
  void findRowPointers(const clang::Stmt *Body);
  /// The declaration of a row pointer: reads its offset (true), or false
  /// for any other declaration.
  bool scanRowPointerDecl(const clang::VarDecl *V);
  /// row[s] of a row pointer: records the access of its array (true), or
  /// false for any other subscript.
  bool rowPointerAccess(const clang::ArraySubscriptExpr *AS, unsigned M);
  /// *p of a row pointer (row[0]), or *(a + e) and *a of an array of the
  /// loop (a[e], a[0]): records the access (true), or false for any other
  /// dereference (RowPointers.cpp).
  bool derefAccess(const clang::UnaryOperator *UO, unsigned M);
  /// Records the elements of the array passed as argument I of CE that the
  /// helper CE calls touches, when its subscripts tell (CalleeAccesses.cpp).
  bool calleeAccesses(const clang::CallExpr *CE, unsigned I);
  /// Records the elements of the file's arrays that the helper CE calls
  /// reads through subscripts the analysis can read; the arrays go to
  /// CalleeGlobalsRead, those it uses otherwise (or its callees use) to
  /// CalleeGlobalsUnread (CalleeAccesses.cpp).
  void calleeGlobalAccesses(const clang::CallExpr *CE);
  /// Records the elements of the pointer members of the struct Obj, passed
  /// as argument I of CE, that the helper subscripts where the analysis can
  /// read them; returns those members (CalleeAccesses.cpp).
  std::set<const clang::FieldDecl *>
  viewMemberAccesses(const clang::CallExpr *CE, unsigned I,
                     const clang::VarDecl *Obj, bool Pointer);
  /// Whether the loop writes an element of A (a subscript or a use that may).
  bool writesArray(const clang::VarDecl *A);
  /// References the loop reads that are elements of arrays it writes: an
  /// access of the element, or a rejection (ElementReferences.cpp).
  bool elementReferences();
  std::set<const clang::VarDecl *> CalleeGlobalsRead, CalleeGlobalsUnread;
  /// &a[e]: a's elements are used other than through the loop's subscripts.
  /// ReadOnly: the pointer goes where nothing writes through it (a `const
  /// T *` parameter).
  void addressOfElement(const clang::Expr *E, bool ReadOnly = false);
  void use(const clang::VarDecl *V, unsigned M, clang::SourceLocation Loc);
  bool isArrayLike(const clang::VarDecl *V) const;
  /// Why the non-const method call VarInfo::MethodWrite of V is a write.
  std::string methodWriteReason(const clang::VarDecl *V);
  bool assignedFirst(const clang::Stmt *Body, const clang::VarDecl *V);
  /// Whether S (the function body) reads V outside the marked loop, other
  /// than in loops that assign V in their header first: after the kernel,
  /// V does not hold what the loop would have left in it.
  bool usedOutsideLoop(const clang::Stmt *S, const clang::VarDecl *V);
  /// An OpenMP loop's index read after the loop becomes lastprivate where
  /// it can, with a remark; a remark says why where it cannot.
  void indexReadAfter();
  /// Structs with pointer members that the loop hands whole to functions
  /// of the file (StructViews.cpp): the struct (or the pointer to it) ->
  /// the pointer members those functions subscript, each an array of the
  /// loop; the arguments that hand them over; why one cannot be followed.
  std::map<const clang::VarDecl *, std::set<const clang::FieldDecl *>> Views;
  std::set<const clang::DeclRefExpr *> ViewArgs;
  std::optional<Rejection> ViewProblem;
  /// Argument I of CE, where it is such a struct (s, &s) or a pointer to
  /// one (p) that the function only reads through: records the members
  /// it reads or writes, true.
  bool viewArgument(const clang::CallExpr *CE, unsigned I);
  /// S uses V only through members and as the arguments of viewArgument.
  bool onlyMembersAndViews(const clang::Stmt *S, const clang::VarDecl *V) const;
  /// S uses the pointer V only as a call's argument and as p->f.
  bool onlyArgumentsAndArrows(const clang::Stmt *S,
                              const clang::VarDecl *V) const;
  /// The views' kernel parameters (a pointer's struct, by value) and the
  /// statements before the body that point their members at the device.
  bool viewParams(std::vector<Term> &Params, std::vector<Term> &Decls);
  /// Kernel parameter -> host expression, for the scalar parameters that
  /// stand for members (FrontendResult::HostArgs); set by checkScalars.
  std::map<std::string, std::string> HostArgs;
  bool checkScalars(std::vector<Term> &Params, std::vector<Term> &Reds);
  /// V is declared inside the `omp parallel` region around the loop.
  bool declaredInRegion(const clang::VarDecl *V) const;
  /// The C arrays of constant size that Body uses and that are declared in
  /// the enclosing parallel region (outside the loop), without a value, and
  /// named by no other statement of the region: private to each thread, so
  /// to each iteration.
  std::vector<const clang::VarDecl *>
  regionPrivateArrays(const clang::Stmt *Body);
  /// The slot parameters, arrays and stores of the lastprivate scalars.
  /// A scalar the loop only sets to one constant and never reads.
  struct Flag {
    const clang::VarDecl *Var;
    int64_t Value;
    std::vector<const clang::Stmt *> Stores;
  };
  std::vector<Flag> Flags;
  /// The assignments of V in the body, each a statement of its own; empty
  /// when one is not (Scalars.cpp).
  std::vector<const clang::Stmt *> flagStatements(const clang::VarDecl *V);
  /// Each flag as a one-element array at its variable, which the kernel's
  /// stores set (Scalars.cpp).
  void flagSlots(std::vector<Term> &Params, std::vector<Term> &Arrays);
  bool lastPrivateSlots(std::vector<Term> &Params, std::vector<Term> &Arrays,
                        std::vector<Term> &Stores);
  bool checkArray(const clang::VarDecl *A, std::vector<Term> &Params,
                  std::vector<Term> &Arrays);
  /// The array a range-based `for` in the body walks, if a kernel can.
  const clang::VarDecl *rangeArray(const clang::CXXForRangeStmt *RF) const;
  /// Arrays that a range-based `for` in the body reads whole.
  llvm::DenseSet<const clang::VarDecl *> RangeReads;
  /// An element access of A at Subs (outermost first): A read, the access
  /// recorded with the conditions and loops around it.
  void recordAccess(const clang::VarDecl *A,
                    std::vector<const clang::Expr *> Subs,
                    const clang::Expr *Whole, unsigned M);
  /// v.size() of a free vector or m[i].size() of a free vector of
  /// vectors: a kernel parameter (Converter::SizeParams); false for other
  /// calls.
  bool sizeParam(const clang::CXXMemberCallExpr *MC);
  // RowArrays.cpp: vectors of vectors and row pointers.
  /// Whether A is written, when every use is A[i][j] and the dependence
  /// test passes; none (the loop rejected, with Why) otherwise.
  std::optional<bool> rowAccesses(const clang::VarDecl *A,
                                  const std::string &Why);
  /// The Param and Array terms of a table of row pointers.
  void addRowTable(const clang::VarDecl *A, clang::QualType Scalar, bool Writes,
                   const std::string &Handle, const std::string &Rows,
                   std::set<std::string> Deps, std::vector<Term> &Params,
                   std::vector<Term> &Arrays);
  /// checkArray of row pointers (S **a, each a[i] its own block): the
  /// rows and columns the loop reaches, copied whole
  /// (runtime/loop2cuda_rows.cuh).
  bool checkPointerRows(const clang::VarDecl *A, clang::QualType Scalar,
                        std::vector<Term> &Params, std::vector<Term> &Arrays);
  /// checkArray of a std::vector<std::vector<S>>: rows of their own,
  /// copied whole (runtime/loop2cuda_rows.cuh).
  bool checkRowsArray(const clang::VarDecl *A, clang::QualType Scalar,
                      std::vector<Term> &Params, std::vector<Term> &Arrays);
  bool dependences(const clang::VarDecl *A);
  // Histograms.cpp: reductions into arrays (docs/histograms.md).
  /// S as h[k] += w, h[k]++, h[k] = h[k] + w, ... of a free array h.
  std::optional<HistogramUpdate> matchHistogram(const clang::Stmt *S);
  /// The parameter, Array term and body terms of histogram array A.
  bool checkHistogram(const clang::VarDecl *A, std::vector<Term> &Params,
                      std::vector<Term> &Arrays);
  /// False (a rejection naming the clause to add) when A is updated like a
  /// histogram at a subscript that is not affine, without a clause.
  /// V, a member that a method called in the loop reads (a number, or a
  /// vector at elements the loop does not show: VarInfo::HiddenRead).
  void methodRead(const clang::VarDecl *V, const clang::CXXMemberCallExpr *MC);
  bool unclausedHistogram(const clang::VarDecl *A);
  bool checkOverlap();
  /// E with parentheses and casts gone and a local read through to the one
  /// value the body gives it (XorPairs.cpp).
  const clang::Expr *valueOf(const clang::Expr *E, int Depth = 0);
  /// The accesses are a[i] and a[i ^ c], all under `if ((i ^ c) > i)`:
  /// independent (XorPairs.cpp).
  bool xorPairs(llvm::ArrayRef<const Access *> Acc);
  /// Whether a probe can check the subscripts of ML.Probed at run time
  /// (Probes.cpp): remarks if so, rejects the loop if not. Grid: inner
  /// loops share the grid; Sunk: an inner loop runs in pieces.
  bool checkProbes(bool Grid, bool Sunk);
  /// A and B are one array at the offsets R gives: decided exactly, a
  /// dependence rejects the loop with its witness (Dependences.cpp).
  bool sameArray(const clang::VarDecl *A, const clang::VarDecl *B,
                 bool BothWritten, const ArrayRelation &R);
  /// An origin's offset as a polynomial over loop invariants; nullopt when
  /// it is unknown, not affine, or reads a variable the loop writes.
  std::optional<Poly> offsetPoly(const Origin &O);
  /// The exact test of A and B as one array, at offsets OffA and OffB.
  ExactAnswer asOneArray(const clang::VarDecl *A, const clang::VarDecl *B,
                         const std::optional<Poly> &OffA,
                         const std::optional<Poly> &OffB);
  std::map<const clang::VarDecl *, SharedArray> SharedArrays;
  // Scans.cpp: prefix sums (docs/scans.md).
  /// The scan the body computes, if any.
  std::optional<ScanFound> Scan;
  /// The statements of the scan: what scanStmt reads and writes in them.
  llvm::DenseMap<const clang::Stmt *,
                 std::pair<const clang::Expr *, const clang::Expr *>>
      ScanParts;
  /// reduction(inscan, op: x) of the OpenMP clause: x -> op spelling.
  std::map<std::string, std::string> InScanClause;
  /// Finds a scan in Body (sets Scan); false when the loop is rejected.
  bool findScan(const clang::Stmt *Body);
  /// S as s[i] = s[i-1] op e: true (Scan set), false (rejected), or no
  /// answer when S is not that recurrence.
  std::optional<bool> matchRecurrence(const clang::Stmt *S);
  /// The checks of a found scan over the top-level statements of the body.
  bool checkScan(const std::vector<const clang::Stmt *> &Stmts,
                 const clang::Stmt *Dir);
  /// V is declared in the block that holds the loop, before it, and no
  /// statement of the block after the loop names it.
  bool deadAfterLoop(const clang::VarDecl *V);
  /// Scan(op, "T", inclusive|exclusive, Out(t), Carry(c, [Param...]),
  ///      Result(acc) | NoResult) of the ParallelScan term.
  Term scanTerm();
  // Nest.cpp: the loops that may share the grid.
  void findCandidates();
  /// How many Candidates (a prefix) may map onto the grid.
  unsigned provenCandidates();
  bool isRect(const LoopBounds &B, unsigned Mapped);
  Term extentOf(const LoopBounds &B, bool Rect);
  Term dimTerm(const LoopBounds &B, bool Rect);
  Term forTerm(const LoopBounds &B, Term Body);
  Term nestTerm(const Term &LoopId, unsigned Mapped, std::vector<Term> Params,
                std::vector<Term> Arrays,
                const std::vector<Term> &PrivateDecls);
  // SinkLoops.cpp: an inner loop that shares the grid once moved outward.
  /// The statements of the marked loop's body are loops over one j, some
  /// of them inside a loop over k of their own, and touch each array they
  /// write only at one subscript that holds j: J gets j's shape (true).
  bool sinkable(LoopBounds &J);
  /// ParallelNest whose one inner Dim offers j around
  /// _Sink(Head(init, cond, inc), pieces, original body): rules/
  /// sink-inner-loop.rules interchanges and fuses the pieces.
  Term sinkTerm(const Term &LoopId, const LoopBounds &J,
                std::vector<Term> Params, std::vector<Term> Arrays,
                Term Original);
  /// The statements of the body that sinkable found: loops over j, or over
  /// k around one loop over j.
  std::vector<const clang::ForStmt *> SinkPieces;
  std::string countFromBounds(int64_t C, int64_t DMax);
  /// Why a data clause's section a[lo:len], in numbers, misses an element
  /// that A's subscripts reach over the loop's numeric bounds; "" when it
  /// does not, or when either is not in numbers (Arrays.cpp).
  std::string pastSection(const clang::VarDecl *A, const DataClause &Clause);
  std::string countFor(const LoopBounds &B, int64_t C, int64_t DMax);
  /// The elements of A that subscripts c*v + d reach, v the index of the
  /// marked loop or of a canonical loop inside it whose bounds the host can
  /// evaluate before the launch; "" when some subscript is not of that form.
  /// With Dim, the subscripts of that dimension of a multi-dimensional
  /// access (row pointers' columns: checkPointerRows).
  std::string countFromLoops(const clang::VarDecl *A, unsigned Dim = 0);
  /// The canonical loops of the nest by index (an index with two loops of
  /// different bounds maps to bounds without an Index).
  std::map<const clang::VarDecl *, LoopBounds> nestLoops();
  /// The elements of A that polynomial subscripts (`a[i * m + j]`) reach,
  /// for host sizes >= 0 (PolyExtents.cpp); "" when some subscript is not
  /// of that form or may be negative.
  std::string countFromPolynomials(const clang::VarDecl *A, unsigned Dim = 0);
  /// The condition c of `if (c) continue;` (or `if (c) { ...; continue;
  /// }`), else null.
  static const clang::Expr *continueCondition(const clang::Stmt *S);
  /// Narrows Range, the values of the nest's indices, by what the
  /// conditions around X say (`!(i == 0)` with i from 0: i >= 1).
  void narrowByGuards(
      const Access &X,
      std::map<const clang::VarDecl *, std::pair<Poly, Poly>> &Range);
  /// The element count of the block of memory A, a local pointer to Elem,
  /// holds: the size of its allocation in the function (`malloc(n *
  /// sizeof(T))`, `calloc(n, sizeof(T))`, `new T[n]`), the same for every
  /// allocation it may hold, made of constants and variables the function
  /// never writes (AllocationCount.cpp); "" otherwise.
  /// The elements from A to the end of the one array it points into, at a
  /// constant offset: a std::vector's size(), a std::array's or a C
  /// array's size, a block the function allocated (`int *t = v.data();`,
  /// `double *p = &a[2];`); "" otherwise (AllocationCount.cpp).
  std::string countFromOrigin(const clang::VarDecl *A, clang::QualType Elem);
  std::string countFromAllocation(const clang::VarDecl *A,
                                  clang::QualType Elem);
  /// Why no count of A could be found, as ": reason", or "" (Arrays.cpp).
  std::string whyNoCount(const clang::VarDecl *A);
  /// V, a host variable of a subscript, is at least 0 (PolyExtents.cpp).
  bool sizeLike(const clang::VarDecl *V,
                const std::map<const clang::VarDecl *, LoopBounds> &Loops);
};

/// Every use of V in S reads its value (Arrays.cpp).
bool onlyRead(const clang::Stmt *S, const clang::VarDecl *V,
              const clang::Stmt *Parent = nullptr);

/// S uses V only as the object of member accesses `V.m`; with Views, also
/// as `V->m` of a member with a stand-in and as the arguments in Views.
bool onlyThroughMembers(
    const clang::Stmt *S, const clang::VarDecl *V,
    const std::set<const clang::DeclRefExpr *> *Views = nullptr);

/// F has a parameter or a local variable named Name.
bool declaresName(const clang::FunctionDecl *F, llvm::StringRef Name);

/// The clause spelling of a reduction atom (add -> +); the atom itself
/// when it has none.
std::string reductionSpelling(llvm::StringRef Atom);

} // namespace detail
} // namespace l2c

#endif
