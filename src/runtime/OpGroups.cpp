//===- OpGroups.cpp - groups of ops the runtime treats alike --------------===//
#include "runtime/OpGroups.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace sdy::runtime {

namespace shlo = mlir::stablehlo;
using mlir::TypeID;

void addDataMovementOps(llvm::DenseSet<TypeID> &s) {
  auto add = [&](auto... ids) { (s.insert(ids), ...); };
  add(TypeID::get<shlo::BroadcastInDimOp>(), TypeID::get<shlo::ReshapeOp>(),
      TypeID::get<shlo::TransposeOp>(), TypeID::get<shlo::ConcatenateOp>(),
      TypeID::get<shlo::SliceOp>(), TypeID::get<shlo::PadOp>(),
      TypeID::get<shlo::ReverseOp>(), TypeID::get<shlo::DynamicSliceOp>(),
      TypeID::get<shlo::DynamicUpdateSliceOp>(), TypeID::get<shlo::GatherOp>(),
      TypeID::get<shlo::WhileOp>(), TypeID::get<shlo::IfOp>(),
      TypeID::get<shlo::CaseOp>(), TypeID::get<shlo::OptimizationBarrierOp>(),
      TypeID::get<mlir::func::CallOp>(), TypeID::get<shlo::AllGatherOp>(),
      TypeID::get<shlo::AllToAllOp>(), TypeID::get<shlo::CollectivePermuteOp>(),
      TypeID::get<mlir::sdy::ShardingConstraintOp>(),
      TypeID::get<mlir::sdy::ReshardOp>(),
      TypeID::get<mlir::sdy::ShardingGroupOp>(),
      TypeID::get<mlir::sdy::NamedComputationOp>());
}

void addArithmeticOps(llvm::DenseSet<TypeID> &s) {
  auto add = [&](auto... ids) { (s.insert(ids), ...); };
  add(TypeID::get<shlo::AbsOp>(), TypeID::get<shlo::CbrtOp>(),
      TypeID::get<shlo::CeilOp>(), TypeID::get<shlo::CosineOp>(),
      TypeID::get<shlo::ExpOp>(), TypeID::get<shlo::Expm1Op>(),
      TypeID::get<shlo::FloorOp>(), TypeID::get<shlo::LogOp>(),
      TypeID::get<shlo::Log1pOp>(), TypeID::get<shlo::LogisticOp>(),
      TypeID::get<shlo::NegOp>(), TypeID::get<shlo::RoundNearestEvenOp>(),
      TypeID::get<shlo::RoundOp>(), TypeID::get<shlo::RsqrtOp>(),
      TypeID::get<shlo::SignOp>(), TypeID::get<shlo::SineOp>(),
      TypeID::get<shlo::SqrtOp>(), TypeID::get<shlo::TanOp>(),
      TypeID::get<shlo::TanhOp>());
  add(TypeID::get<shlo::AddOp>(), TypeID::get<shlo::Atan2Op>(),
      TypeID::get<shlo::DivOp>(), TypeID::get<shlo::MaxOp>(),
      TypeID::get<shlo::MinOp>(), TypeID::get<shlo::MulOp>(),
      TypeID::get<shlo::PowOp>(), TypeID::get<shlo::RemOp>(),
      TypeID::get<shlo::SubtractOp>(), TypeID::get<shlo::CompareOp>(),
      TypeID::get<shlo::ClampOp>());
}

} // namespace sdy::runtime
