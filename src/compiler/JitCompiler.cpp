//===- JitCompiler.cpp - linalg on tensors to JIT-compiled code -----------===//
#include "compiler/JitCompiler.h"
#include "compiler/RuntimeFunctions.h"
#include "compiler/VectorDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>

namespace sdy::compiler {

using namespace mlir;

namespace {

void registerCompilerDialects(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, complex::ComplexDialect,
                  cf::ControlFlowDialect, func::FuncDialect,
                  index::IndexDialect, LLVM::LLVMDialect, linalg::LinalgDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect, vector::VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

// The f32 functions replaced by MLIR's polynomial approximations (the others
// and every f64 function call libm).
bool approximated(StringRef name) {
  // The patterns pass operation names ("math.tanh").
  name.consume_front("math.");
  return name == "tanh" || name == "erf" || name == "exp" || name == "expm1" ||
         name == "log" || name == "log1p" || name == "sin" || name == "cos" ||
         name == "atan" || name == "atan2";
}

LogicalResult approximateMath(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  populateMathPolynomialApproximationPatterns(patterns, approximated);
  return applyPatternsGreedily(module, std::move(patterns));
}

// The kernels have no control flow when they are bufferized and their
// buffers never escape (outputs are copied into the caller's buffers): each
// allocation is freed before the return.
void freeAllocations(ModuleOp module) {
  module.walk([](func::FuncOp f) {
    if (f.isExternal()) // a runtime function's declaration
      return;
    SmallVector<memref::AllocOp> allocs;
    f.walk([&](memref::AllocOp a) { allocs.push_back(a); });
    Operation *ret = f.getBody().front().getTerminator();
    OpBuilder b(ret);
    for (memref::AllocOp a : allocs)
      memref::DeallocOp::create(b, a.getLoc(), a.getResult());
  });
}

// A memref.copy between strided views (slices, pads, concatenations) would
// call the MLIR runtime library's memrefCopy, which this process does not
// have: every copy becomes a loop nest instead.
void copiesAsLoops(ModuleOp module) {
  SmallVector<memref::CopyOp> copies;
  module.walk([&](memref::CopyOp c) { copies.push_back(c); });
  for (memref::CopyOp c : copies) {
    OpBuilder b(c);
    linalg::CopyOp::create(b, c.getLoc(), ValueRange{c.getSource()},
                           ValueRange{c.getTarget()});
    c.erase();
  }
}

LogicalResult runPasses(ModuleOp module, std::string &error) {
  MLIRContext *ctx = module.getContext();
  std::string diags;
  llvm::raw_string_ostream os(diags);
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &d) {
    os << d << "\n";
    return success();
  });
  auto fail = [&](const char *stage) {
    error = std::string("compiler stage '") + stage + "' failed: " + diags;
    return failure();
  };

  PassManager tensors(ctx);
  tensors.addPass(createCanonicalizerPass());
  tensors.addPass(createLinalgElementwiseOpFusionPass());
  tensors.addPass(createCanonicalizerPass());
  tensors.addPass(createCSEPass());
  tensors.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  tensors.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (failed(tensors.run(module)))
    return fail("fusion and bufferization");
  freeAllocations(module);
  copiesAsLoops(module);
  bool vectorDialect = currentVectorizer() == Vectorizer::VectorDialect;
  if (vectorDialect && failed(vectorizeLinalgOps(module)))
    return fail("vectorization");

  PassManager loops(ctx);
  if (vectorDialect)
    loops.addPass(createConvertVectorToSCFPass());
  loops.addPass(createConvertLinalgToLoopsPass());
  loops.addPass(createLowerAffinePass());
  loops.addPass(createCanonicalizerPass());
  if (failed(loops.run(module)))
    return fail("loops");
  if (failed(approximateMath(module)))
    return fail("math approximation");

  PassManager llvm(ctx);
  llvm.addPass(createSCFToControlFlowPass());
  llvm.addPass(memref::createExpandStridedMetadataPass());
  llvm.addPass(createLowerAffinePass());
  // LLVM intrinsics first (fma, sqrt, fabs, exp, ... vectorize); libm for
  // the rest. log1p is not approximated as log(1 + x).
  ConvertMathToLLVMPassOptions mathOptions;
  mathOptions.approximateLog1p = false;
  llvm.addPass(createConvertMathToLLVMPass(mathOptions));
  llvm.addPass(createConvertMathToLibmPass());
  llvm.addPass(createConvertComplexToLLVMPass());
  if (vectorDialect) {
    llvm.addPass(createConvertVectorToLLVMPass());
    llvm.addPass(createUBToLLVMConversionPass());
  }
  llvm.addPass(createFinalizeMemRefToLLVMConversionPass());
  llvm.addPass(createArithToLLVMConversionPass());
  ConvertFuncToLLVMPassOptions funcOptions;
  funcOptions.useBarePtrCallConv = true;
  llvm.addPass(createConvertFuncToLLVMPass(funcOptions));
  llvm.addPass(createConvertControlFlowToLLVMPass());
  llvm.addPass(createConvertIndexToLLVMPass());
  llvm.addPass(createReconcileUnrealizedCastsPass());
  if (failed(llvm.run(module)))
    return fail("lowering to LLVM");
  return success();
}

// Every function the code calls must be in the process (libc, libm) or be
// a runtime function: the JIT would otherwise fail late, and report it on
// stderr.
LogicalResult checkExternalSymbols(ModuleOp module, std::string &error) {
  for (auto f : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!f.isExternal() || findRuntimeFunction(f.getName()))
      continue;
    if (!llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            f.getName().str())) {
      error = "the code calls '" + f.getName().str() +
              "', which this process does not define";
      return failure();
    }
  }
  return success();
}

std::atomic<Vectorizer> vectorizer{Vectorizer::LoopVectorizer};

} // namespace

void setVectorizer(Vectorizer v) { vectorizer = v; }
Vectorizer currentVectorizer() { return vectorizer; }

bool jitCompile(const std::string &moduleText,
                const std::vector<std::string> &names,
                std::unique_ptr<ExecutionEngine> &engine,
                std::vector<PackedKernel> &kernels, std::string &error) {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // Makes the process's own symbols (libc, libm) visible to the lookups.
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
  });
  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();

  std::string diags;
  OwningOpRef<ModuleOp> module;
  {
    llvm::raw_string_ostream os(diags);
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      os << d << "\n";
      return success();
    });
    module = parseSourceString<ModuleOp>(moduleText, &ctx);
  }
  if (!module) {
    error = "the compiler emitted invalid IR: " + diags;
    return false;
  }
  if (failed(runPasses(*module, error)) ||
      failed(checkExternalSymbols(*module, error)))
    return false;

  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error = "no JIT target for this host: " + toString(builder.takeError());
    return false;
  }
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto tm = builder->createTargetMachine();
  if (!tm) {
    error = "no JIT target machine: " + toString(tm.takeError());
    return false;
  }
  auto transformer = makeOptimizingTransformer(3, 0, tm->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  std::string translationDiags;
  auto created = [&] {
    // Translation errors are diagnostics: into the message, not stderr.
    llvm::raw_string_ostream os(translationDiags);
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      os << d << "\n";
      return success();
    });
    return ExecutionEngine::create(*module, options, std::move(*tm));
  }();
  if (!created) {
    error = "JIT compilation failed: " + toString(created.takeError()) +
            (translationDiags.empty() ? "" : ": " + translationDiags);
    return false;
  }
  engine = std::move(*created);
  engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (const RuntimeFunction &f : runtimeFunctions())
      symbols[interner(f.name)] = {llvm::orc::ExecutorAddr::fromPtr(f.address),
                                   llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  kernels.clear();
  for (const std::string &name : names) {
    auto fn = engine->lookupPacked(name);
    if (!fn) {
      error = "JIT lookup of @" + name + " failed: " + toString(fn.takeError());
      engine.reset();
      return false;
    }
    kernels.push_back(*fn);
  }
  return true;
}

} // namespace sdy::compiler
