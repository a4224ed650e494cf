//! Typed MLIR attributes of the sdy dialect (`sdy_c/dialect.h`, Shardy's
//! C API names): meshes, axes, shardings, manual axes and op sharding
//! rules, built and read without parsing text.
//!
//! Attributes are owned by the MLIR context of a [`Context`]: they are
//! uniqued and immutable, never freed one by one, and live as long as the
//! context (the lifetime `'c`). Being immutable they are `Send + Sync`;
//! building one uses the context, one thread at a time, as every
//! `&Context` call does. A builder whose arguments the dialect rejects
//! (bad sizes, unknown kinds) gives `InvalidArgument`: to learn why a mesh
//! or sharding is invalid, build it with [`crate::Mesh`] /
//! [`crate::Sharding`], whose errors say why.

use std::fmt;

use crate::error::{Error, Result};
use crate::mlir_api::{string, string_ref};
use crate::sys::{self, MlirAttribute, MlirContext};
use crate::{Context, Library};

/// An MLIR attribute of a context (any kind; the typed wrappers below
/// [`Attribute::cast`] to theirs).
#[derive(Clone, Copy)]
pub struct Attribute<'c> {
    lib: &'c Library,
    raw: MlirAttribute,
}

// MLIR attributes are immutable (dialect.h); the lifetime keeps the
// context alive.
unsafe impl Send for Attribute<'_> {}
unsafe impl Sync for Attribute<'_> {}

impl<'c> Attribute<'c> {
    /// Parses MLIR attribute text, e.g. `#sdy.mesh<["a"=2]>`
    /// (`ParseError` with MLIR's diagnostics when it rejects it).
    pub fn parse(ctx: &'c Context, text: &str) -> Result<Attribute<'c>> {
        let lib: &'c Library = &ctx.lib;
        match lib.mlir().parse_attribute(mlir_context(ctx)?, text) {
            Ok(raw) => Ok(Attribute { lib, raw }),
            Err(why) => Err(Error::new(
                crate::Code::ParseError,
                "SDY_PARSE_ERROR",
                format!("'{}' is not a valid MLIR attribute: {}", text, why),
            )),
        }
    }

    /// Wraps a raw attribute of `ctx`'s MLIR context (`None` for a null
    /// attribute).
    ///
    /// # Safety
    /// `raw` must be null or an attribute of that context.
    pub unsafe fn from_raw(ctx: &'c Context, raw: MlirAttribute) -> Option<Attribute<'c>> {
        if raw.ptr.is_null() {
            None
        } else {
            Some(Attribute { lib: &ctx.lib, raw })
        }
    }

    /// The raw attribute (for MLIR's C API).
    pub fn raw(&self) -> MlirAttribute {
        self.raw
    }

    /// The attribute as MLIR prints it.
    pub fn text(&self) -> String {
        self.lib.mlir().print_attribute(self.raw)
    }

    /// The typed view of this attribute, if it is of that kind.
    pub fn cast<T: TypedAttribute<'c>>(self) -> Option<T> {
        if T::is_a(self) {
            Some(T::wrap(self))
        } else {
            None
        }
    }

    fn f(&self) -> &'c sys::Functions {
        self.lib.raw()
    }

    fn child(&self, raw: MlirAttribute) -> Option<Attribute<'c>> {
        if raw.ptr.is_null() {
            None
        } else {
            Some(Attribute { lib: self.lib, raw })
        }
    }
}

impl PartialEq for Attribute<'_> {
    fn eq(&self, other: &Self) -> bool {
        unsafe { (self.lib.mlir().equal)(self.raw, other.raw) }
    }
}

impl fmt::Display for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Attribute({})", self.text())
    }
}

/// A typed view of an [`Attribute`].
pub trait TypedAttribute<'c>: Sized {
    /// Whether `attr` is of this kind.
    fn is_a(attr: Attribute<'c>) -> bool;
    #[doc(hidden)]
    fn wrap(attr: Attribute<'c>) -> Self;
    /// The untyped attribute.
    fn attribute(&self) -> Attribute<'c>;
}

macro_rules! typed_attribute {
    ($(#[$doc:meta])* $name:ident, $is_a:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq)]
        pub struct $name<'c>(Attribute<'c>);

        impl<'c> TypedAttribute<'c> for $name<'c> {
            fn is_a(attr: Attribute<'c>) -> bool {
                unsafe { (attr.f().$is_a)(attr.raw) }
            }
            fn wrap(attr: Attribute<'c>) -> Self {
                $name(attr)
            }
            fn attribute(&self) -> Attribute<'c> {
                self.0
            }
        }

        impl fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.text())
            }
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0.text())
            }
        }
    };
}

fn mlir_context(ctx: &Context) -> Result<MlirContext> {
    ctx.mlir_context()
}

/// The attribute a builder returned, or why there is none.
fn built<'c>(ctx: &'c Context, raw: MlirAttribute, what: &str) -> Result<Attribute<'c>> {
    if raw.ptr.is_null() {
        return Err(Error::invalid(format!("the sdy dialect rejected this {}", what)));
    }
    Ok(Attribute { lib: &ctx.lib, raw })
}

fn raws<'c, T: TypedAttribute<'c>>(items: &[T]) -> Vec<MlirAttribute> {
    items.iter().map(|a| a.attribute().raw).collect()
}

/// Items `0..n` of a list getter.
fn items<T>(n: isize, item: impl FnMut(isize) -> T) -> Vec<T> {
    (0..n.max(0)).map(item).collect()
}

fn attrs<'c, T: TypedAttribute<'c>>(a: Attribute<'c>, n: isize, elem: impl Fn(isize) -> MlirAttribute) -> Vec<T> {
    items(n, |i| a.child(elem(i))).into_iter().flatten().filter_map(|c| c.cast()).collect()
}

typed_attribute!(
    /// A mesh axis: `"x"=4`.
    MeshAxisAttr,
    sdyAttributeIsAMeshAxisAttr
);

impl<'c> MeshAxisAttr<'c> {
    /// The axis `name` of `size` devices.
    pub fn get(ctx: &'c Context, name: &str, size: i64) -> Result<Self> {
        let raw = unsafe { (ctx.lib.raw().sdyMeshAxisAttrGet)(mlir_context(ctx)?, string_ref(name), size) };
        Ok(MeshAxisAttr(built(ctx, raw, "mesh axis")?))
    }

    pub fn name(&self) -> String {
        string(unsafe { (self.0.f().sdyMeshAxisAttrGetName)(self.0.raw) })
    }

    pub fn size(&self) -> i64 {
        unsafe { (self.0.f().sdyMeshAxisAttrGetSize)(self.0.raw) }
    }
}

typed_attribute!(
    /// A mesh: `#sdy.mesh<["a"=2, "b"=4]>`, with optional device ids.
    MeshAttr,
    sdyAttributeIsAMeshAttr
);

impl<'c> MeshAttr<'c> {
    /// A mesh of `axes` (major first); `device_ids` empty for the default
    /// order.
    pub fn get(ctx: &'c Context, axes: &[MeshAxisAttr<'c>], device_ids: &[i64]) -> Result<Self> {
        let a = raws(axes);
        let raw = unsafe {
            (ctx.lib.raw().sdyMeshAttrGet)(
                mlir_context(ctx)?,
                a.len() as isize,
                a.as_ptr(),
                device_ids.len() as isize,
                device_ids.as_ptr(),
            )
        };
        Ok(MeshAttr(built(ctx, raw, "mesh")?))
    }

    pub fn axes(&self) -> Vec<MeshAxisAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyMeshAttrGetAxesSize)(a.raw) }, |i| unsafe { (f.sdyMeshAttrGetAxesElem)(a.raw, i) })
    }

    /// The explicit device ids (empty for the default order).
    pub fn device_ids(&self) -> Vec<i64> {
        let (a, f) = (self.0, self.0.f());
        let n = unsafe { (f.sdyMeshAttrGetDeviceIdsSize)(a.raw) };
        (0..n.max(0)).map(|i| unsafe { (f.sdyMeshAttrGetDeviceIdsElem)(a.raw, i) }).collect()
    }
}

typed_attribute!(
    /// The sub-axis info `(pre_size)size` of an axis reference.
    SubAxisInfoAttr,
    sdyAttributeIsASubAxisInfoAttr
);

impl<'c> SubAxisInfoAttr<'c> {
    pub fn get(ctx: &'c Context, pre_size: i64, size: i64) -> Result<Self> {
        let raw = unsafe { (ctx.lib.raw().sdySubAxisInfoAttrGet)(mlir_context(ctx)?, pre_size, size) };
        Ok(SubAxisInfoAttr(built(ctx, raw, "sub-axis info")?))
    }

    pub fn pre_size(&self) -> i64 {
        unsafe { (self.0.f().sdySubAxisInfoAttrGetPreSize)(self.0.raw) }
    }

    pub fn size(&self) -> i64 {
        unsafe { (self.0.f().sdySubAxisInfoAttrGetSize)(self.0.raw) }
    }
}

typed_attribute!(
    /// A reference to a mesh axis, `"x"`, or to a sub-axis, `"x":(1)2`.
    AxisRefAttr,
    sdyAttributeIsAnAxisRefAttr
);

impl<'c> AxisRefAttr<'c> {
    /// The axis `name`, or its sub-axis `sub_axis`.
    pub fn get(ctx: &'c Context, name: &str, sub_axis: Option<SubAxisInfoAttr<'c>>) -> Result<Self> {
        let sub = sub_axis.map_or(MlirAttribute { ptr: std::ptr::null() }, |s| s.0.raw);
        let raw = unsafe { (ctx.lib.raw().sdyAxisRefAttrGet)(mlir_context(ctx)?, string_ref(name), sub) };
        Ok(AxisRefAttr(built(ctx, raw, "axis reference")?))
    }

    pub fn name(&self) -> String {
        string(unsafe { (self.0.f().sdyAxisRefAttrGetName)(self.0.raw) })
    }

    pub fn sub_axis(&self) -> Option<SubAxisInfoAttr<'c>> {
        self.0.child(unsafe { (self.0.f().sdyAxisRefAttrGetSubAxisInfo)(self.0.raw) }).and_then(Attribute::cast)
    }
}

typed_attribute!(
    /// The sharding of one dimension: `{"x", "y"}`, open `{"x", ?}`, with
    /// an optional priority `p1`.
    DimensionShardingAttr,
    sdyAttributeIsADimensionShardingAttr
);

impl<'c> DimensionShardingAttr<'c> {
    /// `priority`: `None` for none (-1 in C).
    pub fn get(ctx: &'c Context, axes: &[AxisRefAttr<'c>], is_closed: bool, priority: Option<i64>) -> Result<Self> {
        let a = raws(axes);
        let raw = unsafe {
            (ctx.lib.raw().sdyDimensionShardingAttrGet)(
                mlir_context(ctx)?,
                a.len() as isize,
                a.as_ptr(),
                is_closed,
                priority.unwrap_or(-1),
            )
        };
        Ok(DimensionShardingAttr(built(ctx, raw, "dimension sharding")?))
    }

    pub fn axes(&self) -> Vec<AxisRefAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyDimensionShardingAttrGetAxesSize)(a.raw) }, |i| unsafe {
            (f.sdyDimensionShardingAttrGetAxesElem)(a.raw, i)
        })
    }

    pub fn is_closed(&self) -> bool {
        unsafe { (self.0.f().sdyDimensionShardingAttrGetIsClosed)(self.0.raw) }
    }

    pub fn priority(&self) -> Option<i64> {
        let p = unsafe { (self.0.f().sdyDimensionShardingAttrGetPriority)(self.0.raw) };
        if p < 0 {
            None
        } else {
            Some(p)
        }
    }
}

/// The mesh of a [`TensorShardingAttr`]: a symbol (`@mesh`) or inlined.
#[derive(Clone, Debug, PartialEq)]
pub enum MeshRef<'c> {
    Symbol(String),
    Mesh(MeshAttr<'c>),
}

typed_attribute!(
    /// A tensor sharding: `#sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}>`.
    TensorShardingAttr,
    sdyAttributeIsATensorShardingAttr
);

impl<'c> TensorShardingAttr<'c> {
    /// A sharding over `mesh` with one dimension sharding per dimension,
    /// the axes it is replicated over, and its unreduced axes (partial
    /// values that an all_reduce completes).
    pub fn get(
        ctx: &'c Context,
        mesh: &MeshRef<'c>,
        dims: &[DimensionShardingAttr<'c>],
        replicated: &[AxisRefAttr<'c>],
        unreduced: &[AxisRefAttr<'c>],
    ) -> Result<Self> {
        let mctx = mlir_context(ctx)?;
        let mesh_raw = match mesh {
            MeshRef::Symbol(name) => unsafe { (ctx.lib.mlir().flat_symbol_ref_get)(mctx, string_ref(name)) },
            MeshRef::Mesh(m) => m.0.raw,
        };
        let (d, r, u) = (raws(dims), raws(replicated), raws(unreduced));
        let raw = unsafe {
            (ctx.lib.raw().sdyTensorShardingAttrGet)(
                mctx,
                mesh_raw,
                d.len() as isize,
                d.as_ptr(),
                r.len() as isize,
                r.as_ptr(),
                u.len() as isize,
                u.as_ptr(),
            )
        };
        Ok(TensorShardingAttr(built(ctx, raw, "tensor sharding")?))
    }

    /// The mesh (`None` only for an attribute of unexpected form).
    pub fn mesh(&self) -> Option<MeshRef<'c>> {
        let m = self.0.child(unsafe { (self.0.f().sdyTensorShardingAttrGetMeshOrRef)(self.0.raw) })?;
        if unsafe { (m.lib.mlir().is_flat_symbol_ref)(m.raw) } {
            return Some(MeshRef::Symbol(string(unsafe { (m.lib.mlir().flat_symbol_ref_value)(m.raw) })));
        }
        m.cast().map(MeshRef::Mesh)
    }

    pub fn dims(&self) -> Vec<DimensionShardingAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyTensorShardingAttrGetDimShardingsSize)(a.raw) }, |i| unsafe {
            (f.sdyTensorShardingAttrGetDimShardingsElem)(a.raw, i)
        })
    }

    pub fn replicated_axes(&self) -> Vec<AxisRefAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyTensorShardingAttrGetReplicatedAxesSize)(a.raw) }, |i| unsafe {
            (f.sdyTensorShardingAttrGetReplicatedAxesElem)(a.raw, i)
        })
    }

    pub fn unreduced_axes(&self) -> Vec<AxisRefAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyTensorShardingAttrGetUnreducedAxesSize)(a.raw) }, |i| unsafe {
            (f.sdyTensorShardingAttrGetUnreducedAxesElem)(a.raw, i)
        })
    }
}

typed_attribute!(
    /// One sharding per value (the operands or results of an op):
    /// `#sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, []>]>`.
    TensorShardingPerValueAttr,
    sdyAttributeIsATensorShardingPerValueAttr
);

impl<'c> TensorShardingPerValueAttr<'c> {
    pub fn get(ctx: &'c Context, shardings: &[TensorShardingAttr<'c>]) -> Result<Self> {
        let s = raws(shardings);
        let raw =
            unsafe { (ctx.lib.raw().sdyTensorShardingPerValueAttrGet)(mlir_context(ctx)?, s.len() as isize, s.as_ptr()) };
        Ok(TensorShardingPerValueAttr(built(ctx, raw, "list of shardings")?))
    }

    pub fn shardings(&self) -> Vec<TensorShardingAttr<'c>> {
        let (a, f) = (self.0, self.0.f());
        attrs(a, unsafe { (f.sdyTensorShardingPerValueAttrGetShardingsSize)(a.raw) }, |i| unsafe {
            (f.sdyTensorShardingPerValueAttrGetShardingsElem)(a.raw, i)
        })
    }
}

typed_attribute!(
    /// The mesh axes a `sdy.manual_computation` is manual over:
    /// `#sdy<manual_axes{"x", "y"}>`.
    ManualAxesAttr,
    sdyAttributeIsAManualAxesAttr
);

impl<'c> ManualAxesAttr<'c> {
    pub fn get(ctx: &'c Context, axes: &[&str]) -> Result<Self> {
        let mctx = mlir_context(ctx)?;
        let names: Vec<MlirAttribute> =
            axes.iter().map(|a| unsafe { (ctx.lib.mlir().string_attr_get)(mctx, string_ref(a)) }).collect();
        let raw = unsafe { (ctx.lib.raw().sdyManualAxesAttrGet)(mctx, names.len() as isize, names.as_ptr()) };
        Ok(ManualAxesAttr(built(ctx, raw, "list of manual axes")?))
    }

    pub fn axes(&self) -> Vec<String> {
        let (a, f) = (self.0, self.0.f());
        items(unsafe { (f.sdyManualAxesAttrGetSize)(a.raw) }, |i| string(unsafe { (f.sdyManualAxesAttrGetAxesElem)(a.raw, i) }))
    }
}

/// The contents of an [`OpShardingRuleAttr`]: the factor sizes, and per
/// operand and result, per dimension, the factors it maps to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpShardingRule {
    pub factor_sizes: Vec<i64>,
    pub operand_mappings: Vec<Vec<Vec<i64>>>,
    pub result_mappings: Vec<Vec<Vec<i64>>>,
    pub reduction_factors: Vec<i64>,
    pub need_replication_factors: Vec<i64>,
    pub permutation_factors: Vec<i64>,
    pub blocked_propagation_factors: Vec<i64>,
    pub is_custom: bool,
}

typed_attribute!(
    /// How an op's dimensions map to factors:
    /// `#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}>`.
    OpShardingRuleAttr,
    sdyAttributeIsAOpShardingRuleAttr
);

fn tensor_mapping(ctx: &Context, mctx: MlirContext, dims: &[Vec<i64>]) -> MlirAttribute {
    let f = ctx.lib.raw();
    let per_dim: Vec<MlirAttribute> =
        dims.iter().map(|d| unsafe { (f.sdyDimMappingAttrGet)(mctx, d.len() as isize, d.as_ptr()) }).collect();
    if per_dim.iter().any(|d| d.ptr.is_null()) {
        return MlirAttribute { ptr: std::ptr::null() };
    }
    unsafe { (f.sdyTensorMappingAttrGet)(mctx, per_dim.len() as isize, per_dim.as_ptr()) }
}

fn read_tensor_mapping(f: &sys::Functions, t: MlirAttribute) -> Vec<Vec<i64>> {
    items(unsafe { (f.sdyTensorMappingAttrGetDimMappingsSize)(t) }, |d| {
        let dim = unsafe { (f.sdyTensorMappingAttrGetDimMappingsElem)(t, d) };
        items(unsafe { (f.sdyDimMappingAttrGetFactorIndicesSize)(dim) }, |i| unsafe {
            (f.sdyDimMappingAttrGetFactorIndicesElem)(dim, i)
        })
    })
}

impl<'c> OpShardingRuleAttr<'c> {
    pub fn get(ctx: &'c Context, rule: &OpShardingRule) -> Result<Self> {
        let mctx = mlir_context(ctx)?;
        let operands: Vec<MlirAttribute> = rule.operand_mappings.iter().map(|m| tensor_mapping(ctx, mctx, m)).collect();
        let results: Vec<MlirAttribute> = rule.result_mappings.iter().map(|m| tensor_mapping(ctx, mctx, m)).collect();
        if operands.iter().chain(&results).any(|m| m.ptr.is_null()) {
            return Err(Error::invalid("the sdy dialect rejected a tensor mapping of this op sharding rule".to_string()));
        }
        let list = |v: &Vec<i64>| (v.len() as isize, v.as_ptr());
        let (nf, fs) = list(&rule.factor_sizes);
        let (nr, rf) = list(&rule.reduction_factors);
        let (nn, nf2) = list(&rule.need_replication_factors);
        let (np, pf) = list(&rule.permutation_factors);
        let (nb, bf) = list(&rule.blocked_propagation_factors);
        let raw = unsafe {
            (ctx.lib.raw().sdyOpShardingRuleAttrGet)(
                mctx,
                nf,
                fs,
                operands.len() as isize,
                operands.as_ptr(),
                results.len() as isize,
                results.as_ptr(),
                nr,
                rf,
                nn,
                nf2,
                np,
                pf,
                nb,
                bf,
                rule.is_custom,
            )
        };
        Ok(OpShardingRuleAttr(built(ctx, raw, "op sharding rule")?))
    }

    /// Every field, read back.
    pub fn rule(&self) -> OpShardingRule {
        let (a, f) = (self.0.raw, self.0.f());
        let ints = |n: isize, elem: &dyn Fn(isize) -> i64| items(n, elem);
        unsafe {
            OpShardingRule {
                factor_sizes: ints((f.sdyOpShardingRuleAttrGetFactorSizesSize)(a), &|i| {
                    (f.sdyOpShardingRuleAttrGetFactorSizesElem)(a, i)
                }),
                operand_mappings: items((f.sdyOpShardingRuleAttrGetOperandMappingsSize)(a), |i| {
                    read_tensor_mapping(f, (f.sdyOpShardingRuleAttrGetOperandMappingsElem)(a, i))
                }),
                result_mappings: items((f.sdyOpShardingRuleAttrGetResultMappingsSize)(a), |i| {
                    read_tensor_mapping(f, (f.sdyOpShardingRuleAttrGetResultMappingsElem)(a, i))
                }),
                reduction_factors: ints((f.sdyOpShardingRuleAttrGetReductionFactorsSize)(a), &|i| {
                    (f.sdyOpShardingRuleAttrGetReductionFactorsElem)(a, i)
                }),
                need_replication_factors: ints((f.sdyOpShardingRuleAttrGetNeedReplicationFactorsSize)(a), &|i| {
                    (f.sdyOpShardingRuleAttrGetNeedReplicationFactorsElem)(a, i)
                }),
                permutation_factors: ints((f.sdyOpShardingRuleAttrGetPermutationFactorsSize)(a), &|i| {
                    (f.sdyOpShardingRuleAttrGetPermutationFactorsElem)(a, i)
                }),
                blocked_propagation_factors: ints((f.sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize)(a), &|i| {
                    (f.sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem)(a, i)
                }),
                is_custom: (f.sdyOpShardingRuleAttrGetIsCustom)(a),
            }
        }
    }

    /// The rank of each operand's and result's mapping
    /// (`sdyTensorMappingAttrGetRank`).
    pub fn ranks(&self) -> (Vec<i64>, Vec<i64>) {
        let (a, f) = (self.0.raw, self.0.f());
        unsafe {
            let rank = |t: MlirAttribute| (f.sdyTensorMappingAttrGetRank)(t) as i64;
            (
                items((f.sdyOpShardingRuleAttrGetOperandMappingsSize)(a), |i| {
                    rank((f.sdyOpShardingRuleAttrGetOperandMappingsElem)(a, i))
                }),
                items((f.sdyOpShardingRuleAttrGetResultMappingsSize)(a), |i| {
                    rank((f.sdyOpShardingRuleAttrGetResultMappingsElem)(a, i))
                }),
            )
        }
    }
}

/// The sdy and StableHLO dialect handles (`mlirGetDialectHandle__sdy__`),
/// for MLIR's C API (`mlirDialectHandleRegisterDialect` ...). A [`Context`]
/// has both loaded already.
pub fn dialect_handles(lib: &Library) -> (sys::MlirDialectHandle, sys::MlirDialectHandle) {
    unsafe { ((lib.raw().mlirGetDialectHandle__sdy__)(), (lib.raw().mlirGetDialectHandle__stablehlo__)()) }
}

/// Registers every sdy pass and pipeline (Shardy's names, e.g.
/// `sdy-propagation-pipeline`) in MLIR's global registry, for MLIR's pass
/// parsing. Idempotent. (`mlirRegisterAllSdyPassesAndPipelines`; the Xla
/// variant registers the same set.)
pub fn register_all_passes(lib: &Library) {
    unsafe {
        (lib.raw().mlirRegisterAllSdyPassesAndPipelines)();
        (lib.raw().mlirRegisterAllXlaSdyPassesAndPipelines)();
    }
}
