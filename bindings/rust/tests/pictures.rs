//! Pictures of shardings and the communication report, with the
//! expectations of the C and Python tests for the same inputs.

use sdy::{Code, Context, Library, Mesh, Module, ReportOptions, Sharding};

fn library() -> std::sync::Arc<Library> {
    Library::open(None).expect("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it)")
}

fn mesh_2x4(ctx: &Context) -> Mesh {
    Mesh::new(ctx, &[("x", 2), ("y", 4)]).unwrap()
}

#[test]
fn text_grid_lists_the_devices_of_each_tile() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let mesh = mesh_2x4(&ctx);
    let s = Sharding::parse(&ctx, r#"#sdy.sharding<@mesh, [{"x"}, {"y"}]>"#, Some(&mesh)).unwrap();
    let grid = s.layout_text(&[2, 3], true).unwrap();
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(
        lines[4..8],
        [
            "+-------------+-------------+-------------+-------------+",
            "| 0           | 1           | 2           | 3           |",
            "| [0,1)x[0,1) | [0,1)x[1,2) | [0,1)x[2,3) | [0,1)x[3,3) |",
            "|             |             |             | pad 0x1     |",
        ]
    );
    assert!(grid.is_ascii());
    assert!(s.layout_text(&[2, 3], false).unwrap().contains('\u{2502}'));
}

#[test]
fn svg_tiles_are_the_device_slices() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let mesh = mesh_2x4(&ctx);
    let s = Sharding::parse(&ctx, r#"#sdy.sharding<@mesh, [{"y"}, {"x"}]>"#, Some(&mesh)).unwrap();
    let shape = [5i64, 3];
    let svg = s.layout_svg(&shape).unwrap();
    assert!(svg.contains("<svg"));
    let attr = |tile: &str, name: &str| -> Vec<i64> {
        let start = tile.find(&format!("{}=\"", name)).unwrap() + name.len() + 2;
        let text = &tile[start..start + tile[start..].find('"').unwrap()];
        text.split(',').filter(|v| !v.is_empty()).map(|v| v.parse().unwrap()).collect()
    };
    let mut seen = Vec::new();
    for tile in svg.split("<g class=\"tile\"").skip(1) {
        let (starts, limits) = (attr(tile, "data-start"), attr(tile, "data-limit"));
        for d in attr(tile, "data-devices") {
            let slice = s.device_slice(&shape, d).unwrap();
            assert_eq!(slice.iter().map(|r| r.start).collect::<Vec<_>>(), starts, "device {}", d);
            assert_eq!(slice.iter().map(|r| r.end).collect::<Vec<_>>(), limits, "device {}", d);
            seen.push(d);
        }
    }
    seen.sort_unstable();
    assert_eq!(seen, (0..8).collect::<Vec<i64>>());
}

#[test]
fn picture_errors() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let mesh = mesh_2x4(&ctx);
    let s = Sharding::parse(&ctx, r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#, Some(&mesh)).unwrap();
    let e = s.layout_svg(&[4]).unwrap_err();
    assert_eq!(e.code(), Code::VerificationError);
    assert!(e.message().contains("sharding has 2 dimension shardings but the tensor 'tensor<4xf32>' has rank 1"), "{}", e);
    let e = s.layout_text(&[4, -2], false).unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    assert!(e.message().contains("shape[1] is -2; dimension sizes must be >= 0"), "{}", e);
    let huge = Mesh::new(&ctx, &[("x", 8192)]).unwrap();
    let wide = Sharding::parse(&ctx, r#"#sdy.sharding<@huge, [{"x"}]>"#, Some(&huge)).unwrap();
    let e = wide.layout_text(&[8192], false).unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    assert!(e.message().contains("the mesh has 8192 devices; pictures show at most 4096"), "{}", e);
}

#[test]
fn html_report_shows_collectives() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let module = Module::parse(
        &ctx,
        r#"sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#,
    )
    .unwrap();
    let before = module.text().unwrap();
    let html = module.html_report().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains(r#"<tr class="collective" data-op="sdy.all_gather">"#));
    assert!(html.contains("16 bytes, 16 per device"));
    assert_eq!(module.text().unwrap(), before);
}

// A partitioned program for 4 devices: an all_reduce of 10 x f32 (40 B)
// over all of them and an all_gather of 4 x f32 (16 B) over pairs (the
// Go tests read it too).
const PARTITIONED: &str = include_str!("common/partitioned_4.mlir");

#[test]
fn collectives_and_their_bytes() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let module = Module::parse(&ctx, PARTITIONED).unwrap();
    let cs = module.collectives(&ReportOptions::default()).unwrap();
    let kinds: Vec<&str> = cs.iter().map(|c| c.kind.as_str()).collect();
    assert_eq!(kinds, ["stablehlo.all_reduce", "stablehlo.all_gather"]);
    // Local backend: device 0 owns the whole (64-byte aligned) part of the
    // all_reduce: 3 x 40 B; the others only send their 40 B.
    assert_eq!(cs[0].sent, [120, 40, 40, 40]);
    assert_eq!(cs[0].received, [120, 40, 40, 40]);
    assert_eq!(cs[0].axes, ["x", "y"]);
    assert_eq!(cs[0].send_buffer_bytes, [40, 40, 40, 40]);
    assert!(cs[0].counted && !cs[0].nested);
    assert_eq!(cs[0].function, "main");
    assert_eq!(cs[1].groups, [vec![0, 2], vec![1, 3]]);
    assert_eq!(cs[1].sent, [16, 16, 16, 16]);
    assert_eq!(cs[1].axes, ["x"]);
    assert_eq!(cs[1].send_buffer_bytes, [16, 16, 16, 16]);
    assert_eq!(cs[1].recv_buffer_bytes, [32, 32, 32, 32]);
    assert_eq!(cs[1].operand_types, ["tensor<4xf32>"]);
    assert!(cs[1].estimated_seconds > 0.0);
    // The mpi backend sends small buffers whole to every member.
    let mpi = ReportOptions { backend: Some("mpi".into()), ..Default::default() };
    assert_eq!(module.collectives(&mpi).unwrap()[0].sent, [120, 120, 120, 120]);
    let text = module.collective_report(&ReportOptions::default()).unwrap();
    assert!(text.starts_with("collective report: 4 device(s), backend local"), "{}", text);
    assert!(text.contains("per device sent/received: 0:120/120 1:40/40"), "{}", text);
    let json = module.collective_report_parsed(&ReportOptions::default()).unwrap();
    let total: f64 = cs.iter().map(|c| c.estimated_seconds).sum();
    assert!((json.get("estimated_seconds").float() - total).abs() <= 1e-9 * total.max(1.0));
    assert!(module.collective_report_json(&ReportOptions::default()).unwrap().starts_with('{'));
    assert_eq!(module.text().unwrap().matches("stablehlo.all_reduce").count(), 1);
}

#[test]
fn report_errors() {
    let lib = library();
    let ctx = Context::new(&lib).unwrap();
    let module = Module::parse(&ctx, PARTITIONED).unwrap();
    let check = |options: ReportOptions, code: Code, message: &str| {
        let e = module.collective_report(&options).unwrap_err();
        assert_eq!(e.code(), code, "{}", e);
        assert!(e.message().contains(message), "{}", e);
    };
    check(ReportOptions { backend: Some("nccl".into()), ..Default::default() }, Code::InvalidArgument, "unknown backend 'nccl' (local or mpi)");
    check(ReportOptions { num_devices: 8, ..Default::default() }, Code::FailedPrecondition, "device 4 is in no replica group");
    check(ReportOptions { model: Some("a b".into()), ..Default::default() }, Code::InvalidArgument, "option 'model=a b' must not contain spaces");
    let dir = std::env::temp_dir().join(format!("sdy-rust-model-{}", std::process::id()));
    std::fs::write(&dir, "sdy-comm-model 1\nbackend local\n").unwrap();
    check(ReportOptions { model: Some(dir.to_string_lossy().into_owned()), ..Default::default() }, Code::InvalidArgument, "no 'all_reduce' line");
    std::fs::remove_file(&dir).unwrap();
}

#[test]
fn json_reader_rejects_malformed_text() {
    use sdy::json::Json;
    assert_eq!(Json::parse(r#"{"a": [1, "x\u00e9", true, null]}"#).unwrap().get("a").arr()[1].str(), "x\u{e9}");
    for (text, message) in [("{\"a\": 1", "unexpected end"), ("[1 2]", "expected ',' or a closing bracket"), ("nul", "unknown literal"), ("[1] x", "trailing characters"), ("\"abc", "unterminated string")] {
        let e = Json::parse(text).unwrap_err();
        assert!(e.contains(message), "{}: {}", text, e);
    }
}
