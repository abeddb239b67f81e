//! Golden tests of the vISA executor, one hand-written `.visaasm` per instruction family (`tests/visa/`).
//!
//! Each file states its expected results in `// EXPECT <where> <dword>: v0 v1 ...` lines (`undef`: a dword the
//! kernel leaves undefined): `<where>` is an
//! 8-byte `.input` variable (the address of a 256-byte buffer whose dword i holds i), `S1` (a 256-byte buffer
//! surface at BTI 1 whose dword i holds 0x100 + i) or `S2` (a 32x8-byte image at BTI 2 whose byte (x, y) holds
//! 16y + x), `S3` (an 8x4 `r8g8b8a8_uint` image at BTI 3 whose byte j of row y holds 32y + j, so element (x, y)
//! has R = 32y + 4x, G = R + 1, B = R + 2, A = R + 3), `S4` (an 8x4 `r32_uint` image at BTI 4 whose element
//! (x, y) holds 0x1000 + 8y + x) or `S5` (a 16x4 NV12 surface at BTI 5: Y byte (x, y) holds 16y + x, the two UV
//! rows follow at byte 64 with byte (x, y) holding 0x80 + 16y + x). A file with a `// POLICY hardware` line runs
//! with the hardware's out-of-bounds rule instead of reporting out-of-bounds accesses. Every file is run and
//! compared; then every expectation is changed by one and the comparison must
//! fail (so no expectation is vacuous); and every file must be accepted by IGC's own vISA assembler
//! (`GenX_IR -platform ICLLP`), so the reader never accepts text the finalizer rejects.

use std::path::{Path, PathBuf};

use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, Surfaces, ThreadIds};
use genx_exec::memory::{AllocKind, Memory};
use genx_exec::visa::exec::{Thread, VisaYield};
use genx_exec::visa::reader;

struct Expect {
    place: String,
    dword: usize,
    values: Vec<Option<u32>>,
    line: usize,
}

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/visa");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "visaasm")).collect();
    files.sort();
    assert!(files.len() >= 8, "expected the golden files in {}", dir.display());
    files
}

fn expectations(text: &str) -> Vec<Expect> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let rest = line.strip_prefix("// EXPECT ")?;
            let (head, values) = rest.split_once(':').expect("EXPECT <where> <dword>: values");
            let (place, dword) = head.split_once(' ').expect("EXPECT <where> <dword>");
            let values = values
                .split_whitespace()
                .map(|v| {
                    if v == "undef" {
                        return None;
                    }
                    let (neg, digits) = v.strip_prefix('-').map_or((false, v), |d| (true, d));
                    let n = match digits.strip_prefix("0x") {
                        Some(hex) => i64::from_str_radix(hex, 16).unwrap(),
                        None => digits.parse::<i64>().unwrap(),
                    };
                    Some((if neg { -n } else { n }) as u32)
                })
                .collect();
            Some(Expect { place: place.to_string(), dword: dword.trim().parse().unwrap(), values, line: i + 1 })
        })
        .collect()
}

/// Runs the kernel; returns each observable place's dwords (`None` = undefined).
fn run(text: &str) -> Vec<(String, Vec<Option<u32>>)> {
    let kernel = reader::read(text).unwrap_or_else(|e| panic!("{e}"));
    let mut memory = Memory::new();
    let mut surfaces = Surfaces::new();
    let mut places = Vec::new();
    let s1: Vec<u8> = (0..64u32).flat_map(|i| (0x100 + i).to_le_bytes()).collect();
    let base = memory.allocate_with("S1", AllocKind::Buffer, s1);
    surfaces.insert(1, Surface { name: "S1".into(), base, kind: SurfaceKind::Buffer { size: 256 } });
    places.push(("S1".to_string(), base, 256));
    let s2: Vec<u8> = (0..8u32).flat_map(|y| (0..32u32).map(move |x| (16 * y + x) as u8)).collect();
    let base = memory.allocate_with("S2", AllocKind::Buffer, s2);
    surfaces.insert(2, Surface { name: "S2".into(), base, kind: SurfaceKind::Image2D { width: 32, height: 8, pitch: 32, format: genx_exec::format::SurfaceFormat::DEFAULT } });
    places.push(("S2".to_string(), base, 256));
    let format = genx_exec::format::SurfaceFormat::R8G8B8A8Uint;
    let base = memory.allocate_with("S3", AllocKind::Buffer, (0..128u32).map(|j| j as u8).collect());
    surfaces.insert(3, Surface { name: "S3".into(), base, kind: SurfaceKind::Image2D { width: 32, height: 4, pitch: 32, format } });
    places.push(("S3".to_string(), base, 128));
    let format = genx_exec::format::SurfaceFormat::R32Uint;
    let base = memory.allocate_with("S4", AllocKind::Buffer, (0..32u32).flat_map(|i| (0x1000 + i).to_le_bytes()).collect());
    surfaces.insert(4, Surface { name: "S4".into(), base, kind: SurfaceKind::Image2D { width: 32, height: 4, pitch: 32, format } });
    places.push(("S4".to_string(), base, 128));
    let nv12: Vec<u8> = (0..64u32).map(|i| i as u8).chain((0..32u32).map(|i| 0x80 + i as u8)).collect();
    let base = memory.allocate_with("S5", AllocKind::Buffer, nv12);
    surfaces.insert(5, Surface { name: "S5".into(), base, kind: SurfaceKind::Nv12 { width: 16, height: 4, pitch: 16 } });
    places.push(("S5".to_string(), base, 96));
    let slm = kernel.slm_kb.map(|kb| memory.allocate("SLM", AllocKind::Slm, kb as u64 * 1024));
    let mut thread = Thread::new(&kernel, ThreadIds::single());
    for input in &kernel.inputs {
        let buffer: Vec<u8> = (0..64u32).flat_map(|i| i.to_le_bytes()).collect();
        let name = kernel.var(input.var).name.clone();
        let base = memory.allocate_with(name.clone(), AllocKind::Buffer, buffer);
        thread.set_input(input.var, &base.to_le_bytes(), &[true; 8]);
        places.push((name, base, 256));
    }
    loop {
        let policy = if text.lines().any(|l| l.trim() == "// POLICY hardware") { BoundsPolicy::Hardware } else { BoundsPolicy::Report };
        match thread.resume(&mut memory, &surfaces, slm, policy) {
            Ok(VisaYield::Finished) => break,
            Ok(VisaYield::Barrier) => continue,
            Err(trap) => panic!("{trap}"),
        }
    }
    places
        .into_iter()
        .map(|(name, base, size)| {
            let a = memory.allocation(base).unwrap();
            let dwords = (0..size / 4)
                .map(|i| {
                    let bytes = &a.bytes[i * 4..i * 4 + 4];
                    a.defined[i * 4..i * 4 + 4].iter().all(|&d| d).then(|| u32::from_le_bytes(bytes.try_into().unwrap()))
                })
                .collect();
            (name, dwords)
        })
        .collect()
}

/// The first expectation the results contradict, as a message.
fn check(results: &[(String, Vec<Option<u32>>)], expects: &[Expect]) -> Option<String> {
    for e in expects {
        let Some((_, dwords)) = results.iter().find(|(name, _)| *name == e.place) else {
            return Some(format!("line {}: no place '{}'", e.line, e.place));
        };
        for (k, want) in e.values.iter().enumerate() {
            let got = dwords.get(e.dword + k).copied().flatten();
            if got != *want {
                return Some(format!("line {}: {} dword {}: expected {want:x?}, got {got:x?}", e.line, e.place, e.dword + k));
            }
        }
    }
    None
}

#[test]
fn every_family_gives_its_expected_results() {
    for file in files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let expects = expectations(&text);
        assert!(!expects.is_empty(), "{} has no EXPECT line", file.display());
        let results = run(&text);
        if let Some(message) = check(&results, &expects) {
            panic!("{}: {message}", file.display());
        }
    }
}

#[test]
fn a_wrong_expectation_is_caught() {
    for file in files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let results = run(&text);
        let expects = expectations(&text);
        for (i, e) in expects.iter().enumerate() {
            for k in 0..e.values.len() {
                let mut wrong: Vec<Expect> =
                    expects.iter().map(|x| Expect { place: x.place.clone(), dword: x.dword, values: x.values.clone(), line: x.line }).collect();
                wrong[i].values[k] = Some(wrong[i].values[k].map_or(0, |v| v.wrapping_add(1)));
                assert!(check(&results, &wrong).is_some(), "{}: changing line {} value {k} was not noticed", file.display(), e.line);
            }
        }
    }
}

#[test]
fn igc_assembles_every_golden_file() {
    let Ok(status) = std::process::Command::new("GenX_IR").arg("-h").output() else {
        panic!("GenX_IR is not installed (scripts/setup.sh installs libigc-tools)");
    };
    drop(status);
    // GenX_IR writes its outputs to the current directory.
    let dir = std::env::temp_dir().join(format!("visa-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for file in files() {
        let out = std::process::Command::new("GenX_IR")
            .arg(&file)
            .args(["-platform", "ICLLP", "-output", "-binary", "-outputCisaBinaryName"])
            // Without it GenX_IR writes the vISA object next to its input, in the source tree.
            .arg(dir.join("out.isa"))
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "GenX_IR rejects {}: {}", file.display(), String::from_utf8_lossy(&out.stdout));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
