// clang plugin of the CM front end: the attributes CM source spells that upstream clang does not know.
//
// `[[type("buffer_t")]]` on a kernel argument (C++11 spelling `type`, also `[[cm::type(...)]]`) becomes
// `__attribute__((annotate("cm_arg_type:buffer_t")))` on the parameter. clang then emits a
// `llvm.var.annotation` on the parameter's stack slot, which genx-cm-lower reads into the argument descriptor of
// `!genx.kernels` (and erases). Upstream clang drops unknown attributes, so without this plugin the descriptor
// would be lost silently; here a misplaced or malformed attribute is a located error.
//
// clang 14 parses the arguments of a C++11 attribute only when `hasAttribute` knows it, and `hasAttribute` does
// not consult plugins before clang 17: the parser skips `("buffer_t")` and hands us the attribute with no
// arguments. So the handler reads the argument back from the source text at the attribute's spelling location:
// `(`, one or more adjacent plain string literals, `)`. Anything else is a located error.
//
// Built by frontend/build.rs against libclang-14-dev's headers and loaded with `-fplugin=`; it links nothing
// (the symbols come from the clang process that loads it).
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaDiagnostic.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace {

struct CmTypeAttrInfo : public ParsedAttrInfo {
  CmTypeAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_CXX11, "type"}, {ParsedAttr::AS_CXX11, "cm::type"}};
    Spellings = S;
    NumArgs = 0;
    OptArgs = 0;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {
    if (!isa<ParmVarDecl>(D)) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(DiagnosticsEngine::Error,
                                                       "'type' attribute only applies to kernel arguments");
      S.Diag(Attr.getLoc(), ID);
      return false;
    }
    return true;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    std::string Text;
    if (!readArgument(S.getSourceManager(), Attr, Text)) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error, "'type' attribute takes one string literal, e.g. [[type(\"buffer_t\")]]");
      S.Diag(Attr.getLoc(), ID);
      return AttributeNotApplied;
    }
    D->addAttr(AnnotateAttr::Create(S.Context, "cm_arg_type:" + Text, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }

  // The text of `("a" "b")` after the attribute name, concatenated without escapes resolved beyond `\"`/`\\`.
  static bool readArgument(const SourceManager &SM, const ParsedAttr &Attr, std::string &Out) {
    SourceLocation Loc = SM.getSpellingLoc(Attr.getLoc());
    bool Invalid = false;
    const char *P = SM.getCharacterData(Loc, &Invalid);
    if (Invalid || !P)
      return false;
    while (*P == ':' || (*P >= 'a' && *P <= 'z') || (*P >= 'A' && *P <= 'Z') || (*P >= '0' && *P <= '9') || *P == '_')
      ++P; // the (possibly scoped) attribute name
    auto SkipSpace = [&] { while (*P == ' ' || *P == '\t' || *P == '\n' || *P == '\r') ++P; };
    SkipSpace();
    if (*P++ != '(')
      return false;
    SkipSpace();
    bool Any = false;
    while (*P == '"') {
      ++P;
      while (*P && *P != '"' && *P != '\n') {
        if (*P == '\\' && P[1])
          ++P;
        Out.push_back(*P++);
      }
      if (*P++ != '"')
        return false;
      Any = true;
      SkipSpace();
    }
    return Any && *P == ')';
  }
};

} // namespace

static ParsedAttrInfoRegistry::Add<CmTypeAttrInfo> X("cm_type", "CM [[type(\"...\")]] kernel argument descriptors");
