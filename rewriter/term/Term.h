//===- Term.h - Immutable terms shared by the rule engine -------*- C++ -*-===//
//
// A term is an application `f(t1, ..., tn)`, an atom (identifier, integer,
// floating literal, string), a list `[a, b : tail]` or a pattern variable
// `$x`. Terms are immutable and share structure: copying a Term copies one
// pointer, and equality first compares pointers, then cached hashes.
//
// Lists behave like cons lists although they are stored as vectors: a list
// may end in a tail term (`[a, b : $rest]`, or `[a : F(x)]` while F(x) is not
// yet rewritten). A list whose tail is itself a list is flattened on
// construction, so `[a : [b, c]]` is the same term as `[a, b, c]`.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_TERM_TERM_H
#define LOOP2CUDA_TERM_TERM_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace l2c {

class Term {
public:
  enum Kind : uint8_t { App, Ident, Int, Float, String, List, Var };

  /// A null term: the absence of a term (no list tail, no result).
  Term() = default;

  static Term app(std::string Head, std::vector<Term> Args);
  static Term ident(std::string Name);
  /// An integer atom; Suffix is a C suffix such as "u" or "ull".
  static Term integer(int64_t Value, std::string Suffix = "");
  /// A floating atom, identified by its spelling ("1.5", "2.0f", "1e-3").
  static Term floating(std::string Spelling);
  static Term string(std::string Text);
  static Term list(std::vector<Term> Elements, Term Tail = Term());
  static Term var(std::string Name);
  static Term boolean(bool B) { return ident(B ? "true" : "false"); }

  bool isNull() const { return !Node; }
  explicit operator bool() const { return Node != nullptr; }
  Kind kind() const;
  bool is(Kind K) const { return Node && kind() == K; }
  /// True for an application with this head (and, if Arity >= 0, arity).
  bool isApp(const char *Head, int Arity = -1) const;
  bool isIdent(const char *Name) const;

  /// Head of an application, text of an identifier, string or variable name,
  /// spelling of a floating atom, suffix-less digits of an integer.
  const std::string &name() const;
  int64_t intValue() const;
  const std::string &intSuffix() const;
  /// Arguments of an application, or elements of a list.
  const std::vector<Term> &args() const;
  size_t arity() const { return args().size(); }
  const Term &operator[](size_t I) const { return args()[I]; }
  /// The tail of a list (null for a proper list).
  const Term &tail() const;

  size_t hash() const;
  /// Number of nodes in the term (for benchmarks and limits).
  size_t size() const;
  bool operator==(const Term &O) const;
  bool operator!=(const Term &O) const { return !(*this == O); }
  /// Same node in memory: the cheap check that rewriting changed nothing.
  bool sameNode(const Term &O) const { return Node == O.Node; }
  /// Identity of the node in memory (valid while the term is alive).
  const void *nodeId() const { return Node.get(); }

  /// A copy of this application or list with other arguments / elements.
  Term withArgs(std::vector<Term> Args) const;

  /// The canonical text form; parseTerm(T.str()) == T.
  std::string str() const;
  void print(std::string &Out) const;

  struct NodeData;
  /// Internal: wraps a node built by the factory functions.
  static Term fromNode(std::shared_ptr<const NodeData> N);

private:
  explicit Term(std::shared_ptr<const NodeData> N) : Node(std::move(N)) {}
  std::shared_ptr<const NodeData> Node;
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

struct TermHash {
  size_t operator()(const Term &T) const { return T.hash(); }
};

} // namespace l2c

#endif
