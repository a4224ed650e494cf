//===- AttrSyntax.cpp - parsing and printing of sdy attributes ------------===//
//
// Each attribute parses and prints its "stripped" form, the one used inside
// ops (`<@mesh, [{"x"}, {?}p1]>`, `{"a", "b":(1)2}`, ...). The printer always
// prints the canonical form, so print(parse(x)) is stable.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

constexpr llvm::StringLiteral kVerifierTag = "sdy.verifier";

/// getChecked needs the attribute storage, which only SdyDialect.cpp sees.
/// The verifier's diagnostics are tagged (tagVerifierDiagnostic).
template <typename AttrT, typename... Args>
AttrT getVerified(llvm::function_ref<InFlightDiagnostic()> emitError,
                  MLIRContext *ctx, Args &&...args) {
  auto tagged = [&] {
    InFlightDiagnostic diag = emitError();
    tagVerifierDiagnostic(diag);
    return diag;
  };
  if (failed(AttrT::verify(tagged, args...)))
    return {};
  return AttrT::get(ctx, std::forward<Args>(args)...);
}

/// Parses `"name"` or `"name":(m)k`.
ParseResult parseAxisRefBody(AsmParser &parser, AxisRefAttr &result) {
  std::string name;
  if (parser.parseString(&name))
    return failure();
  SubAxisInfoAttr subAxis;
  if (succeeded(parser.parseOptionalColon())) {
    Attribute parsed = SubAxisInfoAttr::parse(parser, Type());
    if (!parsed)
      return failure();
    subAxis = cast<SubAxisInfoAttr>(parsed);
  }
  result = AxisRefAttr::get(parser.getContext(), name, subAxis);
  return success();
}

/// Parses `axis (, axis)*` until `}`; the caller has consumed `{`.
/// With `allowOpen`, a trailing `?` marks the list open.
ParseResult parseAxisRefsInBraces(AsmParser &parser,
                                  SmallVectorImpl<AxisRefAttr> &axes,
                                  bool allowOpen, bool &isOpen) {
  isOpen = false;
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  while (true) {
    if (allowOpen && succeeded(parser.parseOptionalQuestion())) {
      isOpen = true;
      return parser.parseRBrace();
    }
    AxisRefAttr axis;
    if (parseAxisRefBody(parser, axis))
      return failure();
    axes.push_back(axis);
    if (succeeded(parser.parseOptionalRBrace()))
      return success();
    if (parser.parseComma())
      return failure();
  }
}

void printAxisRefs(AsmPrinter &printer, ArrayRef<AxisRefAttr> axes) {
  llvm::interleaveComma(axes, printer,
                        [&](AxisRefAttr axis) { axis.print(printer); });
}

void printStringList(AsmPrinter &printer, ArrayRef<StringAttr> names) {
  printer << "{";
  llvm::interleaveComma(names, printer, [&](StringAttr name) {
    printer.printString(name.getValue());
  });
  printer << "}";
}

/// Parses an integer list `[1, 2, 3]` (possibly empty).
ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(value);
    return success();
  });
}

} // namespace

void mlir::sdy::tagVerifierDiagnostic(InFlightDiagnostic &diag) {
  if (Diagnostic *d = diag.getUnderlyingDiagnostic())
    d->getMetadata().push_back(DiagnosticArgument(StringRef(kVerifierTag)));
}

bool mlir::sdy::isVerifierDiagnostic(Diagnostic &diag) {
  return llvm::any_of(diag.getMetadata(), [](const DiagnosticArgument &arg) {
    return arg.getKind() ==
               DiagnosticArgument::DiagnosticArgumentKind::String &&
           arg.getAsString() == kVerifierTag;
  });
}

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

Attribute MeshAxisAttr::parse(AsmParser &parser, Type) {
  std::string name;
  int64_t size;
  if (parser.parseString(&name) || parser.parseEqual() ||
      parser.parseInteger(size))
    return {};
  return MeshAxisAttr::get(parser.getContext(), name, size);
}

void MeshAxisAttr::print(AsmPrinter &printer) const {
  printer.printString(getName());
  printer << "=" << getSize();
}

Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SmallVector<MeshAxisAttr> axes;
  SmallVector<int64_t> deviceIds;
  if (parser.parseLess())
    return {};
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        Attribute axis = MeshAxisAttr::parse(parser, Type());
        if (!axis)
          return failure();
        axes.push_back(cast<MeshAxisAttr>(axis));
        return success();
      }))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parseIntList(parser, deviceIds))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getVerified<MeshAttr>(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), axes, deviceIds);
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAxes(), printer,
                        [&](MeshAxisAttr axis) { axis.print(printer); });
  printer << "]";
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << "]";
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Axis references
//===----------------------------------------------------------------------===//

Attribute SubAxisInfoAttr::parse(AsmParser &parser, Type) {
  int64_t preSize, size;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen() || parser.parseInteger(preSize) ||
      parser.parseRParen() || parser.parseInteger(size))
    return {};
  return getVerified<SubAxisInfoAttr>([&] { return parser.emitError(loc); },
                                      parser.getContext(), preSize, size);
}

void SubAxisInfoAttr::print(AsmPrinter &printer) const {
  printer << "(" << getPreSize() << ")" << getSize();
}

Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  AxisRefAttr axis;
  if (parseAxisRefBody(parser, axis))
    return {};
  return axis;
}

void AxisRefAttr::print(AsmPrinter &printer) const {
  printer.printString(getName());
  if (SubAxisInfoAttr subAxis = getSubAxisInfo()) {
    printer << ":";
    subAxis.print(printer);
  }
}

Attribute AxisRefListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  bool isOpen;
  if (parseAxisRefsInBraces(parser, axes, /*allowOpen=*/false, isOpen))
    return {};
  return AxisRefListAttr::get(parser.getContext(), axes);
}

void AxisRefListAttr::print(AsmPrinter &printer) const {
  printer << "{";
  printAxisRefs(printer, getValue());
  printer << "}";
}

Attribute ListOfAxisRefListsAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefListAttr> lists;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        Attribute list = AxisRefListAttr::parse(parser, Type());
        if (!list)
          return failure();
        lists.push_back(cast<AxisRefListAttr>(list));
        return success();
      }))
    return {};
  return ListOfAxisRefListsAttr::get(parser.getContext(), lists);
}

void ListOfAxisRefListsAttr::print(AsmPrinter &printer) const {
  printer << "[";
  llvm::interleaveComma(getValue(), printer,
                        [&](AxisRefListAttr list) { list.print(printer); });
  printer << "]";
}

Attribute ManualAxesAttr::parse(AsmParser &parser, Type) {
  SmallVector<StringAttr> names;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&]() {
        std::string name;
        if (parser.parseString(&name))
          return failure();
        names.push_back(StringAttr::get(parser.getContext(), name));
        return success();
      }))
    return {};
  return ManualAxesAttr::get(parser.getContext(), names);
}

void ManualAxesAttr::print(AsmPrinter &printer) const {
  printStringList(printer, getValue());
}

//===----------------------------------------------------------------------===//
// Shardings
//===----------------------------------------------------------------------===//

Attribute DimensionShardingAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<AxisRefAttr> axes;
  bool isOpen;
  if (parseAxisRefsInBraces(parser, axes, /*allowOpen=*/true, isOpen))
    return {};
  std::optional<int64_t> priority;
  llvm::SMLoc priorityLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    int64_t value;
    if (!keyword.consume_front("p") || keyword.empty() ||
        keyword.getAsInteger(10, value)) {
      parser.emitError(priorityLoc)
          << "expected a priority of the form 'p<N>' after dimension sharding";
      return {};
    }
    priority = value;
  }
  return getVerified<DimensionShardingAttr>(
      [&] { return parser.emitError(loc); }, parser.getContext(), axes, !isOpen,
      priority);
}

void DimensionShardingAttr::print(AsmPrinter &printer) const {
  printer << "{";
  printAxisRefs(printer, getAxes());
  if (isOpen())
    printer << (getAxes().empty() ? "?" : ", ?");
  printer << "}";
  if (std::optional<int64_t> priority = getPriority())
    printer << "p" << *priority;
}

Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  MLIRContext *ctx = parser.getContext();
  if (parser.parseLess())
    return {};
  Attribute meshOrRef;
  StringAttr meshName;
  if (succeeded(parser.parseOptionalSymbolName(meshName))) {
    meshOrRef = FlatSymbolRefAttr::get(meshName);
  } else if (succeeded(parser.parseOptionalKeyword("mesh"))) {
    meshOrRef = MeshAttr::parse(parser, Type());
    if (!meshOrRef)
      return {};
  } else {
    parser.emitError(parser.getCurrentLocation())
        << "expected a mesh symbol name ('@mesh') or an inlined mesh "
           "('mesh<[...]>')";
    return {};
  }
  SmallVector<DimensionShardingAttr> dims;
  if (parser.parseComma() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        Attribute dim = DimensionShardingAttr::parse(parser, Type());
        if (!dim)
          return failure();
        dims.push_back(cast<DimensionShardingAttr>(dim));
        return success();
      }))
    return {};
  // `replicated={...}` and `unreduced={...}`, each at most once, in any order
  // (Shardy reads both orders and prints replicated first).
  SmallVector<AxisRefAttr> replicated, unreduced;
  bool seenReplicated = false, seenUnreduced = false;
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc keywordLoc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return {};
    bool isReplicated = keyword == "replicated";
    if (!isReplicated && keyword != "unreduced") {
      parser.emitError(keywordLoc)
          << "expected 'replicated' or 'unreduced', got '" << keyword << "'";
      return {};
    }
    bool &seen = isReplicated ? seenReplicated : seenUnreduced;
    if (seen) {
      parser.emitError(keywordLoc) << "'" << keyword << "' given twice";
      return {};
    }
    seen = true;
    bool isOpen;
    if (parser.parseEqual() ||
        parseAxisRefsInBraces(parser, isReplicated ? replicated : unreduced,
                              /*allowOpen=*/false, isOpen))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getVerified<TensorShardingAttr>([&] { return parser.emitError(loc); },
                                         ctx, meshOrRef, dims, replicated,
                                         unreduced);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << "<";
  if (auto ref = dyn_cast<FlatSymbolRefAttr>(getMeshOrRef())) {
    printer.printSymbolName(ref.getValue());
  } else {
    printer << "mesh";
    cast<MeshAttr>(getMeshOrRef()).print(printer);
  }
  printer << ", [";
  llvm::interleaveComma(getDimShardings(), printer,
                        [&](DimensionShardingAttr dim) { dim.print(printer); });
  printer << "]";
  if (!getReplicatedAxes().empty()) {
    printer << ", replicated={";
    printAxisRefs(printer, getReplicatedAxes());
    printer << "}";
  }
  if (!getUnreducedAxes().empty()) {
    printer << ", unreduced={";
    printAxisRefs(printer, getUnreducedAxes());
    printer << "}";
  }
  printer << ">";
}

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&]() -> ParseResult {
            // Shardy also accepts the full `#sdy.sharding<...>` form here.
            llvm::SMLoc elementLoc = parser.getCurrentLocation();
            Attribute sharding;
            OptionalParseResult full = parser.parseOptionalAttribute(sharding);
            if (full.has_value()) {
              if (failed(*full))
                return failure();
              if (!isa<TensorShardingAttr>(sharding))
                return parser.emitError(elementLoc)
                       << "expected a tensor sharding, got " << sharding;
            } else {
              sharding = TensorShardingAttr::parse(parser, Type());
              if (!sharding)
                return failure();
            }
            shardings.push_back(cast<TensorShardingAttr>(sharding));
            return success();
          }) ||
      parser.parseGreater())
    return {};
  return TensorShardingPerValueAttr::get(parser.getContext(), shardings);
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getShardings(), printer,
                        [&](TensorShardingAttr s) { s.print(printer); });
  printer << "]>";
}

//===----------------------------------------------------------------------===//
// Sharding rules
//===----------------------------------------------------------------------===//

std::string OpShardingRuleAttr::getFactorName(int64_t factorIndex) {
  constexpr int64_t kNumLetters = 'z' - 'i' + 1;
  if (factorIndex < kNumLetters)
    return std::string(1, static_cast<char>('i' + factorIndex));
  return "z_" + std::to_string(factorIndex - kNumLetters + 1);
}

namespace {

constexpr int64_t kMaxFactors = 1 << 16;

/// Parses a factor name (`i`…`z`, `z_N`) at the front of `text`.
/// Returns -1 if `text` does not start with one.
int64_t consumeFactorName(StringRef &text) {
  if (text.empty() || text.front() < 'i' || text.front() > 'z')
    return -1;
  char letter = text.front();
  text = text.drop_front();
  if (letter == 'z' && text.starts_with("_")) {
    StringRef rest = text.drop_front();
    size_t numDigits = 0;
    while (numDigits < rest.size() && llvm::isDigit(rest[numDigits]))
      ++numDigits;
    int64_t suffix;
    // A suffix so large that the factor index would overflow is no name.
    if (numDigits == 0 || rest.take_front(numDigits).getAsInteger(10, suffix) ||
        suffix < 1 || suffix > INT64_MAX - ('z' - 'i'))
      return -1;
    text = rest.drop_front(numDigits);
    return ('z' - 'i') + suffix;
  }
  return letter - 'i';
}

/// Parses one dimension mapping: `*` or factor names like `ij`, `z_1z_2`.
ParseResult parseDimMappingBody(AsmParser &parser,
                                SmallVectorImpl<int64_t> &factors) {
  if (succeeded(parser.parseOptionalStar()))
    return success();
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  StringRef rest = keyword;
  while (!rest.empty()) {
    int64_t factor = consumeFactorName(rest);
    if (factor < 0)
      return parser.emitError(loc)
             << "invalid factor name in '" << keyword
             << "': factors are named i..z, then z_1, z_2, ...";
    factors.push_back(factor);
  }
  return success();
}

void printDimMappingBody(AsmPrinter &printer, ArrayRef<int64_t> factors) {
  if (factors.empty()) {
    printer << "*";
    return;
  }
  for (int64_t factor : factors)
    printer << OpShardingRuleAttr::getFactorName(factor);
}

ParseResult parseTensorMappingBody(AsmParser &parser,
                                   SmallVectorImpl<DimMappingAttr> &dims) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    SmallVector<int64_t> factors;
    if (parseDimMappingBody(parser, factors))
      return failure();
    dims.push_back(DimMappingAttr::get(parser.getContext(), factors));
    return success();
  });
}

ParseResult parseTensorMappings(AsmParser &parser,
                                SmallVectorImpl<TensorMappingAttr> &mappings) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() {
    SmallVector<DimMappingAttr> dims;
    if (parseTensorMappingBody(parser, dims))
      return failure();
    mappings.push_back(TensorMappingAttr::get(parser.getContext(), dims));
    return success();
  });
}

void printTensorMappings(AsmPrinter &printer,
                         ArrayRef<TensorMappingAttr> mappings) {
  printer << "(";
  llvm::interleaveComma(mappings, printer,
                        [&](TensorMappingAttr m) { m.print(printer); });
  printer << ")";
}

/// Parses a list of factor names `{i, k}`.
ParseResult parseFactorList(AsmParser &parser,
                            SmallVectorImpl<int64_t> &factors) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Braces, [&]() -> ParseResult {
        llvm::SMLoc loc = parser.getCurrentLocation();
        StringRef keyword;
        if (parser.parseKeyword(&keyword))
          return failure();
        StringRef rest = keyword;
        int64_t factor = consumeFactorName(rest);
        if (factor < 0 || !rest.empty())
          return parser.emitError(loc)
                 << "invalid factor name '" << keyword << "'";
        factors.push_back(factor);
        return success();
      });
}

void printFactorList(AsmPrinter &printer, StringRef kind,
                     ArrayRef<int64_t> factors) {
  if (factors.empty())
    return;
  printer << " " << kind << "={";
  llvm::interleaveComma(factors, printer, [&](int64_t factor) {
    printer << OpShardingRuleAttr::getFactorName(factor);
  });
  printer << "}";
}

} // namespace

Attribute DimMappingAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> factors;
  if (parseDimMappingBody(parser, factors))
    return {};
  return DimMappingAttr::get(parser.getContext(), factors);
}

void DimMappingAttr::print(AsmPrinter &printer) const {
  printDimMappingBody(printer, getFactorIndices());
}

Attribute TensorMappingAttr::parse(AsmParser &parser, Type) {
  SmallVector<DimMappingAttr> dims;
  if (parseTensorMappingBody(parser, dims))
    return {};
  return TensorMappingAttr::get(parser.getContext(), dims);
}

void TensorMappingAttr::print(AsmPrinter &printer) const {
  printer << "[";
  llvm::interleaveComma(getDimMappings(), printer,
                        [&](DimMappingAttr dim) { dim.print(printer); });
  printer << "]";
}

Attribute OpShardingRuleAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorMappingAttr> operands, results;
  if (parser.parseLess() || parseTensorMappings(parser, operands) ||
      parser.parseArrow() || parseTensorMappings(parser, results))
    return {};

  // Factor sizes: every factor gets exactly one size, in any order. A rule
  // without factors may omit the braces (Shardy prints it so).
  SmallVector<std::optional<int64_t>> sizes;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::OptionalBraces, [&]() -> ParseResult {
            llvm::SMLoc nameLoc = parser.getCurrentLocation();
            StringRef keyword;
            int64_t size;
            if (parser.parseKeyword(&keyword) || parser.parseEqual() ||
                parser.parseInteger(size))
              return failure();
            StringRef rest = keyword;
            int64_t factor = consumeFactorName(rest);
            if (factor < 0 || !rest.empty())
              return parser.emitError(nameLoc)
                     << "invalid factor name '" << keyword << "'";
            // Factor names are dense from `i`; a huge index is a typo, not a
            // rule.
            if (factor >= kMaxFactors)
              return parser.emitError(nameLoc)
                     << "factor '" << keyword << "' exceeds the limit of "
                     << kMaxFactors << " factors";
            if (static_cast<size_t>(factor) >= sizes.size())
              sizes.resize(factor + 1);
            if (sizes[factor])
              return parser.emitError(nameLoc)
                     << "factor '" << keyword << "' has more than one size";
            sizes[factor] = size;
            return success();
          }))
    return {};
  SmallVector<int64_t> factorSizes;
  for (auto [index, size] : llvm::enumerate(sizes)) {
    if (!size) {
      parser.emitError(loc)
          << "factor '" << getFactorName(index) << "' has no size";
      return {};
    }
    factorSizes.push_back(*size);
  }

  SmallVector<int64_t> reduction, needReplication, permutation, blocked;
  bool isCustom = false;
  while (true) {
    if (succeeded(parser.parseOptionalComma())) {
      if (parser.parseKeyword("custom"))
        return {};
      isCustom = true;
      break;
    }
    StringRef kind;
    llvm::SMLoc kindLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&kind)))
      break;
    SmallVector<int64_t> *list =
        llvm::StringSwitch<SmallVector<int64_t> *>(kind)
            .Case("reduction", &reduction)
            .Case("need_replication", &needReplication)
            .Case("permutation", &permutation)
            .Case("blocked_propagation", &blocked)
            .Default(nullptr);
    if (!list) {
      parser.emitError(kindLoc)
          << "unknown factor kind '" << kind
          << "', expected reduction, need_replication, permutation or "
             "blocked_propagation";
      return {};
    }
    if (!list->empty()) {
      parser.emitError(kindLoc) << "factor kind '" << kind << "' given twice";
      return {};
    }
    if (parser.parseEqual() || parseFactorList(parser, *list))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getVerified<OpShardingRuleAttr>(
      [&] { return parser.emitError(loc); }, parser.getContext(), factorSizes,
      operands, results, reduction, needReplication, permutation, blocked,
      isCustom);
}

void OpShardingRuleAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printTensorMappings(printer, getOperandMappings());
  printer << "->";
  printTensorMappings(printer, getResultMappings());
  if (!getFactorSizes().empty()) {
    printer << " {";
    llvm::interleaveComma(
        llvm::enumerate(getFactorSizes()), printer, [&](auto indexed) {
          printer << getFactorName(indexed.index()) << "=" << indexed.value();
        });
    printer << "}";
  }
  printFactorList(printer, "reduction", getReductionFactors());
  printFactorList(printer, "need_replication", getNeedReplicationFactors());
  printFactorList(printer, "permutation", getPermutationFactors());
  printFactorList(printer, "blocked_propagation",
                  getBlockedPropagationFactors());
  if (isCustom())
    printer << ", custom";
  printer << ">";
}

namespace {
/// Parses `[e, e, ...]`, each element read by `AttrT::parse` (inside braces,
/// `[{e}, {e}]`, when `braced`).
template <typename AttrT>
ParseResult parseAttrList(AsmParser &parser, SmallVectorImpl<AttrT> &elements,
                          bool braced = false) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (braced && parser.parseLBrace())
          return failure();
        auto element = dyn_cast_or_null<AttrT>(AttrT::parse(parser, Type()));
        if (!element || (braced && parser.parseRBrace()))
          return failure();
        elements.push_back(element);
        return success();
      });
}

/// Parses the `-N` of `operand-N` or `step-N` (the lexer reads it as the
/// integer -N) into `index`; the error says what was `expected`.
ParseResult parseDashedIndex(AsmParser &parser, const Twine &expected,
                             int64_t &index) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  int64_t negated;
  if (parser.parseInteger(negated))
    return failure();
  const char *text = loc.getPointer();
  if (!text || *text != '-' || negated == INT64_MIN)
    return parser.emitError(loc) << "expected " << expected;
  index = -negated;
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Collective parameters
//===----------------------------------------------------------------------===//

Attribute AllToAllParamAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  bool isOpen;
  int64_t src, tgt;
  if (parseAxisRefsInBraces(parser, axes, /*allowOpen=*/false, isOpen) ||
      parser.parseColon() || parser.parseInteger(src) || parser.parseArrow() ||
      parser.parseInteger(tgt))
    return {};
  return AllToAllParamAttr::get(parser.getContext(), axes, src, tgt);
}

void AllToAllParamAttr::print(AsmPrinter &printer) const {
  printer << "{";
  printAxisRefs(printer, getAxes());
  printer << "}: " << getSrcDim() << "->" << getTgtDim();
}

Attribute AlltoAllParamListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AllToAllParamAttr> params;
  if (parseAttrList(parser, params))
    return {};
  return AlltoAllParamListAttr::get(parser.getContext(), params);
}

void AlltoAllParamListAttr::print(AsmPrinter &printer) const {
  printer << "[";
  llvm::interleaveComma(getValue(), printer,
                        [&](AllToAllParamAttr param) { param.print(printer); });
  printer << "]";
}

//===----------------------------------------------------------------------===//
// Propagation debug records
//===----------------------------------------------------------------------===//

Attribute EdgeValueRefAttr::parse(AsmParser &parser, Type) {
  // `operand-0` lexes as the keyword `operand` and the integer `-0`.
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef kind;
  if (parser.parseKeyword(&kind))
    return {};
  if (kind != "operand" && kind != "result") {
    parser.emitError(loc) << "expected 'operand-N' or 'result-N', got '" << kind
                          << "'";
    return {};
  }
  int64_t index;
  if (parseDashedIndex(parser, "'-' and an index after '" + kind + "'", index))
    return {};
  return EdgeValueRefAttr::get(parser.getContext(), kind == "result", index);
}

void EdgeValueRefAttr::print(AsmPrinter &printer) const {
  printer << (getIsResult() ? "result-" : "operand-") << getIndex();
}

Attribute AxisToPropagationDetailsAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  AxisRefAttr axis;
  if (parseAxisRefBody(parser, axis) || parser.parseEqual())
    return {};
  auto source = dyn_cast_or_null<EdgeValueRefAttr>(
      EdgeValueRefAttr::parse(parser, Type()));
  if (!source || parser.parseArrow())
    return {};
  SmallVector<EdgeValueRefAttr> targets;
  if (parseAttrList(parser, targets))
    return {};
  if (targets.empty()) {
    parser.emitError(loc) << "propagation edges need at least one target";
    return {};
  }
  if (llvm::is_contained(targets, source)) {
    parser.emitError(loc)
        << "propagation edges have a source that is the same as a target";
    return {};
  }
  return AxisToPropagationDetailsAttr::get(parser.getContext(), axis, source,
                                           targets);
}

void AxisToPropagationDetailsAttr::print(AsmPrinter &printer) const {
  getAxisName().print(printer);
  printer << " = ";
  getSource().print(printer);
  printer << " -> [";
  llvm::interleaveComma(getTargets(), printer, [&](EdgeValueRefAttr target) {
    target.print(printer);
  });
  printer << "]";
}

Attribute PropagationOneStepAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  int64_t step;
  SmallVector<AxisToPropagationDetailsAttr> entries;
  if (parser.parseLBrace() || parser.parseKeyword("step") ||
      parseDashedIndex(parser, "'step-N'", step) || parser.parseEqual() ||
      parseAttrList(parser, entries, /*braced=*/true) || parser.parseRBrace())
    return {};
  if (entries.empty()) {
    parser.emitError(loc) << "a propagation step needs at least one axis";
    return {};
  }
  return PropagationOneStepAttr::get(parser.getContext(), step, entries);
}

void PropagationOneStepAttr::print(AsmPrinter &printer) const {
  printer << "{step-" << getStepIndex() << " = [";
  llvm::interleaveComma(getAxisEntries(), printer,
                        [&](AxisToPropagationDetailsAttr entry) {
                          printer << "{";
                          entry.print(printer);
                          printer << "}";
                        });
  printer << "]}";
}

Attribute PropagationEdgesAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<PropagationOneStepAttr> steps;
  if (parser.parseLess() || parseAttrList(parser, steps) ||
      parser.parseGreater())
    return {};
  llvm::SmallDenseSet<int64_t> seen;
  for (PropagationOneStepAttr step : steps)
    if (!seen.insert(step.getStepIndex()).second) {
      parser.emitError(loc) << "propagation edges have duplicate step index: "
                            << step.getStepIndex();
      return {};
    }
  return PropagationEdgesAttr::get(parser.getContext(), steps);
}

void PropagationEdgesAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getValue(), printer, [&](PropagationOneStepAttr step) {
    step.print(printer);
  });
  printer << "]>";
}
