//! The communication report of a module (`sdy_c/collectives.h`): its
//! collectives with the bytes every device sends and receives and the
//! estimated time, as text, JSON, or typed [`Collective`] records.

use crate::error::{Error, Result};
use crate::json::Json;
use crate::library::c_string;
use crate::Module;

/// Options of the communication report (all optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportOptions {
    /// `"local"` or `"mpi"`: whose byte counts and default model apply.
    pub backend: Option<String>,
    /// A model file written by `bench-comm-calibrate`.
    pub model: Option<String>,
    /// The device count; 0 infers it as `sdy-run` does.
    pub num_devices: i64,
}

impl ReportOptions {
    /// The `key=value` string of the C function.
    fn to_c(&self, format: &str) -> Result<String> {
        let mut parts = vec![format!("format={}", format)];
        if let Some(b) = &self.backend {
            parts.push(format!("backend={}", b));
        }
        if let Some(m) = &self.model {
            parts.push(format!("model={}", m));
        }
        if self.num_devices != 0 {
            parts.push(format!("num-devices={}", self.num_devices));
        }
        if let Some(p) = parts.iter().find(|p| p.chars().any(char::is_whitespace)) {
            return Err(Error::invalid(format!("option '{}' must not contain spaces", p)));
        }
        Ok(parts.join(" "))
    }
}

/// One collective of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Collective {
    /// The op, e.g. `"stablehlo.all_reduce"`.
    pub kind: String,
    pub function: String,
    pub location: String,
    /// Inside a loop, a branch or another region op.
    pub nested: bool,
    /// The mesh axes it communicates over.
    pub axes: Vec<String>,
    /// The device groups (for collective_permute, (source, target) pairs).
    pub groups: Vec<Vec<i64>>,
    pub operand_types: Vec<String>,
    /// Whether the runtime's calls were counted (the fields below are
    /// empty / 0 otherwise).
    pub counted: bool,
    /// Bytes sent and received per device.
    pub sent: Vec<i64>,
    pub received: Vec<i64>,
    /// Per device, the sizes of the buffers handed to the backend.
    pub send_buffer_bytes: Vec<i64>,
    pub recv_buffer_bytes: Vec<i64>,
    pub estimated_seconds: f64,
}

fn ints(j: &Json) -> Vec<i64> {
    j.arr().iter().map(Json::num).collect()
}

fn strings(j: &Json) -> Vec<String> {
    j.arr().iter().map(|s| s.str().to_string()).collect()
}

impl Collective {
    fn from_json(j: &Json) -> Collective {
        Collective {
            kind: j.get("kind").str().to_string(),
            function: j.get("function").str().to_string(),
            location: j.get("location").str().to_string(),
            nested: j.get("nested").bool(),
            axes: strings(j.get("axes")),
            groups: j.get("groups").arr().iter().map(ints).collect(),
            operand_types: strings(j.get("operand_types")),
            counted: j.get("counted").bool(),
            sent: ints(j.get("sent")),
            received: ints(j.get("received")),
            send_buffer_bytes: ints(j.get("send_buffer_bytes")),
            recv_buffer_bytes: ints(j.get("recv_buffer_bytes")),
            estimated_seconds: match j.get("estimated_seconds") {
                Json::Num(s) => *s,
                _ => 0.0,
            },
        }
    }
}

impl Module {
    fn report(&self, format: &str, options: &ReportOptions) -> Result<String> {
        let opts = c_string(&options.to_c(format)?, "the options")?;
        out_string!(self.lib, |out| (self.lib.raw().sdy_module_collective_report)(self.ptr, opts.as_ptr(), out))
    }

    /// The communication report as text (`sdy-opt -sdy-collective-report`).
    /// `InvalidArgument` for a bad option or model file,
    /// `FailedPrecondition` when the module names groups the runtime
    /// refuses. The module is not changed.
    pub fn collective_report(&self, options: &ReportOptions) -> Result<String> {
        self.report("text", options)
    }

    /// The report as JSON text. Errors as [`Module::collective_report`].
    pub fn collective_report_json(&self, options: &ReportOptions) -> Result<String> {
        self.report("json", options)
    }

    /// The report, parsed: its `collectives`, `functions` (totals) and
    /// `estimated_seconds`. Errors as [`Module::collective_report`].
    pub fn collective_report_parsed(&self, options: &ReportOptions) -> Result<Json> {
        let text = self.report("json", options)?;
        Json::parse(&text).map_err(|e| Error::internal(format!("the library's JSON report: {}", e)))
    }

    /// The collectives of the report, in program order. Errors as
    /// [`Module::collective_report`].
    pub fn collectives(&self, options: &ReportOptions) -> Result<Vec<Collective>> {
        let report = self.collective_report_parsed(options)?;
        Ok(report.get("collectives").arr().iter().map(Collective::from_json).collect())
    }
}
