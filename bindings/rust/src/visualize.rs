//! Pictures of shardings (`sdy_c/visualize.h`): which device holds which
//! tile of a tensor, as a text grid or an SVG document, and the HTML report
//! of a module.

use crate::error::Result;
use crate::{Module, Sharding};

/// `SDY_LAYOUT_TEXT_ASCII`.
const LAYOUT_TEXT_ASCII: u32 = 1;

impl Sharding {
    /// The text grid of a tensor of `shape` sharded as `self`: a header,
    /// then one box per tile with the devices holding it, its
    /// `[start,limit)` ranges and its padding. `ascii` draws with `+-|`
    /// instead of box-drawing characters. `VerificationError` when the
    /// sharding does not fit `shape`, `InvalidArgument` for negative sizes
    /// or meshes of more than 4096 devices.
    pub fn layout_text(&self, shape: &[i64], ascii: bool) -> Result<String> {
        let flags = if ascii { LAYOUT_TEXT_ASCII } else { 0 };
        out_string!(self.lib, |out| (self.lib.raw().sdy_sharding_layout_text)(
            self.ptr,
            shape.as_ptr(),
            shape.len(),
            flags,
            out
        ))
    }

    /// The same layout as an SVG document: every tile is a
    /// `<g class="tile">` with `data-devices`, `data-start`, `data-limit`
    /// and `data-padding`. Errors as [`Sharding::layout_text`].
    pub fn layout_svg(&self, shape: &[i64]) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_sharding_layout_svg)(self.ptr, shape.as_ptr(), shape.len(), out))
    }
}

impl Module {
    /// The HTML report: meshes, then every function's arguments and ops
    /// with their shardings (text and SVG), sharding origins and, for
    /// collectives, kind, axes and bytes. One self-contained page; the
    /// module is not changed.
    pub fn html_report(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_module_html_report)(self.ptr, out))
    }
}
