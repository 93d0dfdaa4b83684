//===- Term.h - Immutable terms shared by the rule engine -------*- C++ -*-===//
//
// A term is an application `f(t1, ..., tn)`, an atom (identifier, integer,
// floating literal, string), a list `[a, b : tail]` or a pattern variable
// `$x`. Terms are immutable and share structure: copying a Term copies one
// pointer (and counts a reference), and equality first compares pointers,
// then cached hashes.
//
// A node is one allocation: its arguments follow it in memory
// (llvm::TrailingObjects), so args() is an llvm::ArrayRef into the node, and
// it counts its references itself (an intrusive count, no std::shared_ptr
// control block). The engine rebuilds parents for every rewrite, and a
// separate argument vector was a second allocation for each.
//
// Lists behave like cons lists although they are stored as arrays: a list
// may end in a tail term (`[a, b : $rest]`, or `[a : F(x)]` while F(x) is not
// yet rewritten). A list whose tail is itself a list is flattened on
// construction, so `[a : [b, c]]` is the same term as `[a, b, c]`.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_TERM_TERM_H
#define LOOP2CUDA_TERM_TERM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/TrailingObjects.h"

#include <atomic>
#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#endif

namespace l2c {

class Term {
public:
  enum Kind : uint8_t { App, Ident, Int, Float, String, List, Var };

  /// A null term: the absence of a term (no list tail, no result).
  Term() : Node(nullptr) {}
  inline Term(const Term &O);
  Term(Term &&O) noexcept : Node(O.Node) { O.Node = nullptr; }
  inline Term &operator=(const Term &O);
  inline Term &operator=(Term &&O) noexcept;
  inline ~Term();

  static Term app(std::string Head, std::vector<Term> Args);
  static Term ident(std::string Name);
  /// An integer atom; Suffix is a C suffix such as "u" or "ull".
  static Term integer(int64_t Value, std::string Suffix = "");
  /// A floating atom, identified by its spelling ("1.5", "2.0f", "1e-3").
  static Term floating(std::string Spelling);
  static Term string(std::string Text);
  static Term list(std::vector<Term> Elements, Term Tail = Term());
  /// A list of copies of Elements (a slice of another list, say).
  static Term listOf(llvm::ArrayRef<Term> Elements, Term Tail = Term());
  /// A list of copies of the elements of Parts, one part after the other
  /// (an edited list, without a vector in between).
  static Term listJoining(std::initializer_list<llvm::ArrayRef<Term>> Parts,
                          Term Tail = Term());
  /// A list whose elements are moved out of Elements.
  static Term listTaking(llvm::MutableArrayRef<Term> Elements,
                         Term Tail = Term());
  static Term var(std::string Name);
  /// The atom `true` or `false` (one shared node each).
  static Term boolean(bool B);

  bool isNull() const { return !Node; }
  explicit operator bool() const { return Node != nullptr; }
  inline Kind kind() const;
  bool is(Kind K) const { return Node && kind() == K; }
  /// True for an application with this head (and, if Arity >= 0, arity).
  inline bool isApp(const char *Head, int Arity = -1) const;
  inline bool isIdent(const char *Name) const;

  /// Head of an application, text of an identifier, string or variable name,
  /// spelling of a floating atom, suffix-less digits of an integer.
  inline const std::string &name() const;
  inline int64_t intValue() const;
  inline const std::string &intSuffix() const;
  /// Arguments of an application, or elements of a list (stored in the
  /// node: valid while the term is alive).
  inline llvm::ArrayRef<Term> args() const;
  size_t arity() const { return args().size(); }
  const Term &operator[](size_t I) const { return args()[I]; }
  /// The tail of a list (null for a proper list).
  inline const Term &tail() const;

  size_t hash() const;
  /// Number of nodes in the term (for benchmarks and limits).
  size_t size() const;
  /// The symbols that occur in the term, as a set of bits: two bits per
  /// application head and one per identifier, in ranges of their own
  /// (hashed, so two names may share a bit), and ListBit when the term
  /// holds a list. A rule whose pattern needs a
  /// symbol the set lacks matches nowhere in the term. Cached on first use.
  inline uint64_t symbols() const;
  /// symbolBit(kind(), name()): the bits of this node alone. Cached with
  /// symbols().
  inline uint64_t ownSymbols() const;
  /// Nodes on the longest path from the root to a leaf: 1 for an atom.
  /// Cached on first use.
  inline uint32_t height() const;
  /// Marks: the node is in normal form under run Run of the engine (a
  /// number no other run has), and the test for it. A node holds the mark
  /// of one run at a time; a later run's mark replaces it, so the first
  /// run may find a normal node unmarked and normalise it again, never
  /// the other way round.
  inline void markNormalIn(uint32_t Run) const;
  inline bool isNormalIn(uint32_t Run) const;
  /// The bits symbols() uses for one node of kind K named Name (0 for the
  /// kinds it does not record: integers, floats, strings, variables).
  static uint64_t symbolBit(Kind K, const std::string &Name);
  static constexpr uint64_t ListBit = uint64_t(1) << 62;
  bool operator==(const Term &O) const;
  bool operator!=(const Term &O) const { return !(*this == O); }
  /// Same node in memory: the cheap check that rewriting changed nothing.
  bool sameNode(const Term &O) const { return Node == O.Node; }
  /// Identity of the node in memory (valid while the term is alive).
  const void *nodeId() const { return Node; }

  /// A copy of this application or list with other arguments / elements.
  Term withArgs(std::vector<Term> Args) const;
  /// A copy of this application with arguments moved out of Args: no vector
  /// is built (the engine rebuilds parents from small buffers), and the new
  /// node takes this one's symbol bits for its head instead of hashing the
  /// name again.
  Term withArgsTaking(llvm::MutableArrayRef<Term> Args) const;

  /// The canonical text form; parseTerm(T.str()) == T.
  std::string str() const;
  void print(std::string &Out) const;

  struct NodeData;

private:
  uint64_t computeSymbols() const;
  uint32_t computeHeight() const;
  /// Takes over the reference that N's creator holds.
  explicit Term(const NodeData *N) : Node(N) {}
  /// A node of kind K whose arguments are Move (moved out) followed by
  /// copies of the parts of Copy. Name is a std::string, moved, or a const one,
  /// copied once into the node (defined and used in Term.cpp only).
  template <typename NameT>
  static Term make(Kind K, NameT &&Name, llvm::MutableArrayRef<Term> Move,
                   llvm::ArrayRef<llvm::ArrayRef<Term>> Copy, Term Tail);
  const NodeData *Node;
};

/// S as a C/C++ string literal, with quotes, backslashes, newlines and tabs
/// escaped (the text form of string atoms, and strings in generated code).
std::string cStringLiteral(const std::string &S);

/// Calls Visit on T and, root first, on its subterms; Visit returns false
/// to skip the subterms of the term it was given.
template <typename Fn> void forEachSubterm(const Term &T, Fn &&Visit) {
  if (!Visit(T))
    return;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &A : T.args())
      forEachSubterm(A, Visit);
    if (T.tail())
      forEachSubterm(T.tail(), Visit);
  }
}

namespace detail {
/// True while the process has one thread (glibc's __libc_single_threaded;
/// false where the C library does not say). libstdc++'s std::shared_ptr
/// tests the same flag to count references without locked instructions.
inline bool singleThreaded() {
#if __has_include(<sys/single_threaded.h>)
  return __libc_single_threaded;
#else
  return false;
#endif
}
} // namespace detail

/// A node of a term, followed in memory by its NumArgs arguments (application
/// arguments or list elements). Defined here so that the accessors above
/// inline: the engine calls them for every node it visits.
struct Term::NodeData final : llvm::TrailingObjects<NodeData, Term> {
  // References: atomic, as Term copies of the rule library are made by the
  // threads of `loop2cuda -j N` at the same time.
  mutable std::atomic<uint32_t> Refs{1};
  Kind K;
  uint32_t NumArgs = 0;
  std::string Name;   // head, identifier, string text, variable, spelling
  std::string Suffix; // integer suffix
  int64_t Value = 0;
  Term Tail; // list tail, null for a proper list
  // Computed on first use: building a term (a rewritten list, say) need not
  // walk its elements. Terms of the rule library are shared by the threads
  // of `loop2cuda -j N`, which may compute them at the same time: each
  // computes the same value, and relaxed atomics make that race defined
  // (they cost a plain load and store).
  mutable std::atomic<size_t> Hash{0};
  mutable std::atomic<size_t> Size{0};
  // symbols() with a "computed" bit set; 0 until computed.
  mutable std::atomic<uint64_t> Symbols{0};
  // symbolBit(K, Name), with the same "computed" bit.
  mutable std::atomic<uint64_t> OwnBits{0};
  mutable std::atomic<uint32_t> Height{0};
  // The run that found this node normal (Term::markNormalIn); 0: none.
  mutable std::atomic<uint32_t> NormalIn{0};

  template <typename NameT>
  NodeData(Kind K, NameT &&Name) : K(K), Name(std::forward<NameT>(Name)) {}
  llvm::ArrayRef<Term> args() const {
    return {getTrailingObjects<Term>(), NumArgs};
  }
  // Without a locked instruction while the process has one thread, as
  // std::shared_ptr counted them (a copy of a list counts one reference
  // per element).
  void retain() const {
    if (detail::singleThreaded())
      Refs.store(Refs.load(std::memory_order_relaxed) + 1,
                 std::memory_order_relaxed);
    else
      Refs.fetch_add(1, std::memory_order_relaxed);
  }
  void release() const {
    uint32_t Old;
    if (detail::singleThreaded()) {
      Old = Refs.load(std::memory_order_relaxed);
      Refs.store(Old - 1, std::memory_order_relaxed);
    } else {
      Old = Refs.fetch_sub(1, std::memory_order_acq_rel);
    }
    if (Old == 1)
      destroy(this);
  }
  /// Runs the destructors of N and its arguments and frees its memory.
  static void destroy(const NodeData *N);

  static const std::string EmptyString;
  static const Term NullTerm;
};

Term::Term(const Term &O) : Node(O.Node) {
  if (Node)
    Node->retain();
}
Term &Term::operator=(const Term &O) {
  // O may live in the node that the release frees (T = T[0]): read it first.
  const NodeData *N = O.Node;
  if (N)
    N->retain();
  if (Node)
    Node->release();
  Node = N;
  return *this;
}
Term &Term::operator=(Term &&O) noexcept {
  // As std::shared_ptr: O is null afterwards.
  const NodeData *N = O.Node;
  O.Node = nullptr;
  if (Node)
    Node->release();
  Node = N;
  return *this;
}
Term::~Term() {
  if (Node)
    Node->release();
}

Term::Kind Term::kind() const {
  assert(Node && "kind() of a null term");
  return Node->K;
}
const std::string &Term::name() const {
  return Node ? Node->Name : NodeData::EmptyString;
}
int64_t Term::intValue() const { return Node ? Node->Value : 0; }
const std::string &Term::intSuffix() const {
  return Node ? Node->Suffix : NodeData::EmptyString;
}
llvm::ArrayRef<Term> Term::args() const {
  return Node ? Node->args() : llvm::ArrayRef<Term>();
}
const Term &Term::tail() const {
  return Node ? Node->Tail : NodeData::NullTerm;
}
namespace detail {
/// S == C, stopping at the first difference: facts ask isApp("HostLoop")
/// of every statement, and most differ in their first characters (a
/// std::string comparison would measure C first).
inline bool equalsCString(const std::string &S, const char *C) {
  size_t I = 0;
  for (; I < S.size(); ++I)
    if (C[I] == '\0' || S[I] != C[I])
      return false;
  return C[I] == '\0';
}
} // namespace detail
// Inline: the facts test heads by name at every term they walk.
bool Term::isApp(const char *Head, int Arity) const {
  return Node && Node->K == App &&
         (Arity < 0 || Node->NumArgs == static_cast<uint32_t>(Arity)) &&
         detail::equalsCString(Node->Name, Head);
}
bool Term::isIdent(const char *Name) const {
  return Node && Node->K == Ident && detail::equalsCString(Node->Name, Name);
}
// The cached values inline: the strategies ask for them at every node.
uint64_t Term::symbols() const {
  constexpr uint64_t ComputedBit = uint64_t(1) << 63;
  uint64_t Cached = Node ? Node->Symbols.load(std::memory_order_relaxed) : 0;
  return Cached ? Cached & ~ComputedBit : computeSymbols();
}
uint64_t Term::ownSymbols() const {
  constexpr uint64_t ComputedBit = uint64_t(1) << 63;
  if (!Node)
    return 0;
  uint64_t Cached = Node->OwnBits.load(std::memory_order_relaxed);
  if (!Cached) {
    computeSymbols(); // fills OwnBits
    Cached = Node->OwnBits.load(std::memory_order_relaxed);
  }
  return Cached & ~ComputedBit;
}
uint32_t Term::height() const {
  uint32_t Cached = Node ? Node->Height.load(std::memory_order_relaxed) : 0;
  return Cached ? Cached : computeHeight();
}
void Term::markNormalIn(uint32_t Run) const {
  Node->NormalIn.store(Run, std::memory_order_relaxed);
}
bool Term::isNormalIn(uint32_t Run) const {
  return Node && Node->NormalIn.load(std::memory_order_relaxed) == Run;
}

struct TermHash {
  size_t operator()(const Term &T) const { return T.hash(); }
};

} // namespace l2c

#endif
