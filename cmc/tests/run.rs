//! `cmc run` end to end: CM kernels run from source on pictures and raw surfaces generated here, compared with
//! plain-Rust references; run files and `--expect`; printf order; the same bytes on any number of worker threads;
//! bad input named and nothing written.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch directory of its own per test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cmc-run-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `cmc run ARGS` in `dir` with `RAYON_NUM_THREADS=workers`.
fn cmc_run(dir: &Path, args: &[&str], workers: usize) -> Ran {
    let out = Command::new(env!("CARGO_BIN_EXE_cmc"))
        .arg("run")
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", workers.to_string())
        .output()
        .unwrap();
    Ran {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Deterministic bytes (xorshift).
fn noise(seed: u64, n: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// The paper's box filter (examples/linear_filter.cpp) on RGB bytes `w` pixels wide: nine neighbours, f32 sum
/// times 0.1111f, truncated; a byte surface clamps each byte column and row.
fn box_filter(image: &[u8], w: usize, h: usize) -> Vec<u8> {
    let row = 3 * w;
    let at = |y: isize, x: isize| {
        image[y.clamp(0, h as isize - 1) as usize * row + x.clamp(0, row as isize - 1) as usize] as f32
    };
    let mut out = vec![0u8; row * h];
    for y in 0..h as isize {
        for x in 0..row as isize {
            let mut sum = at(y, x);
            for (dy, dx) in [(-1, -3), (-1, 0), (-1, 3), (0, -3), (0, 3), (1, -3), (1, 0), (1, 3)] {
                sum += at(y + dy, x + dx);
            }
            out[y as usize * row + x as usize] = (sum * 0.1111f32) as u8;
        }
    }
    out
}

#[test]
fn linear_filter_from_source_on_a_picture_matches_a_rust_reference() {
    let dir = scratch("picture");
    let (w, h) = (48u32, 24u32);
    let pixels = noise(0x5eed, (3 * w * h) as usize);
    image::RgbImage::from_raw(w, h, pixels.clone()).unwrap().save(dir.join("in.png")).unwrap();
    let source = examples().join("linear_filter.cpp");
    let ran = cmc_run(
        &dir,
        &[
            source.to_str().unwrap(),
            "--groups",
            "6,4",
            // The output surface is made from the input picture, so it is written back as an RGB picture.
            "--surface",
            "0=image2d:in.png",
            "--surface",
            "1=image2d:in.png:out.png",
            "--arg",
            "surface:0",
            "--arg",
            "surface:1",
        ],
        2,
    );
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(ran.stdout.contains("ran 24 thread(s) in 24 group(s); wrote 1 file(s)"), "{}", ran.stdout);
    let out = image::open(dir.join("out.png")).unwrap();
    assert_eq!((out.width(), out.height()), (w, h));
    let out = out.as_rgb8().expect("an RGB picture, like the input").as_raw().clone();
    assert_eq!(out, box_filter(&pixels, w as usize, h as usize));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A horizontal 3-tap average over an ARGB surface: each thread averages 8 pixels of one row with their left and
/// right neighbours, channel by channel, reading past the left and right edges.
const ARGB_FILTER: &str = r#"
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void smooth(SurfaceIndex in [[type("image2d_t read_only")]],
                                   SurfaceIndex out [[type("image2d_t write_only")]]) {
  int x = get_thread_origin_x();
  int y = get_thread_origin_y();
  matrix<uchar, 1, 64> block;           // pixels x*8-1 .. x*8+14 (the first ten are used)
  read(in, x * 32 - 4, y, block);
  matrix<ushort, 1, 32> sum = block.select<1, 1, 32, 1>(0, 0);
  sum += block.select<1, 1, 32, 1>(0, 4);
  sum += block.select<1, 1, 32, 1>(0, 8);
  matrix<uchar, 1, 32> avg = sum / 3;
  write(out, x * 32, y, avg);
}
"#;

/// The reference of `ARGB_FILTER` on `w`x`h` 4-byte pixels; `by_pixel` clamps reads by pixel (the hardware
/// rule), otherwise by byte.
fn smooth(image: &[u8], w: usize, h: usize, by_pixel: bool) -> Vec<u8> {
    let row = 4 * w;
    let at = |y: usize, byte: isize| {
        let byte = if by_pixel {
            let pixel = byte.div_euclid(4).clamp(0, w as isize - 1);
            pixel * 4 + byte.rem_euclid(4)
        } else {
            byte.clamp(0, row as isize - 1)
        };
        image[y * row + byte as usize] as u32
    };
    let mut out = vec![0u8; row * h];
    for y in 0..h {
        for b in 0..row as isize {
            out[y * row + b as usize] = ((at(y, b - 4) + at(y, b) + at(y, b + 4)) / 3) as u8;
        }
    }
    out
}

#[test]
fn argb_surface_clamps_by_pixel_and_the_run_file_checks_it() {
    let dir = scratch("argb");
    let (w, h) = (16usize, 4usize);
    let pixels = noise(0xa4b8, 4 * w * h);
    std::fs::write(dir.join("in.bin"), &pixels).unwrap();
    std::fs::write(dir.join("smooth.cpp"), ARGB_FILTER).unwrap();
    let want = smooth(&pixels, w, h, true);
    // The test discriminates: the per-byte rule gives another right border.
    assert_ne!(want, smooth(&pixels, w, h, false));
    std::fs::write(dir.join("want.bin"), &want).unwrap();
    std::fs::write(
        dir.join("smooth.toml"),
        r#"
input = "smooth.cpp"
groups = [2, 4]
args = ["surface:0", "surface:1"]

[[surface]]
bti = 0
kind = "image2d"
width = 16
height = 4
format = "b8g8r8a8_uint"
input = "in.bin"

[[surface]]
bti = 1
kind = "image2d"
width = 16
height = 4
format = "b8g8r8a8_uint"
input = "zeros"
output = "out.bin"

[[expect]]
bti = 1
file = "want.bin"
"#,
    )
    .unwrap();
    let ran = cmc_run(&dir, &["smooth.toml"], 2);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read(dir.join("out.bin")).unwrap(), want);

    // The same bytes on one worker and on four.
    for workers in [1, 4] {
        std::fs::remove_file(dir.join("out.bin")).unwrap();
        assert_eq!(cmc_run(&dir, &["smooth.toml"], workers).code, 0);
        assert_eq!(std::fs::read(dir.join("out.bin")).unwrap(), want, "{workers} workers");
    }

    // One wrong byte in the expectation: pixel x = 3 of row 1, byte 2.
    let mut wrong = want.clone();
    let at = 4 * w + 4 * 3 + 2;
    wrong[at] ^= 0x40;
    std::fs::write(dir.join("wrong.bin"), &wrong).unwrap();
    let ran = cmc_run(&dir, &["smooth.toml", "--expect", "1=wrong.bin"], 2);
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    let line = format!(
        "surface 1: 1 of 256 bytes differ from 'wrong.bin'; first at x=3, y=1, byte 2: expected {} (0x{:02x}), got {} (0x{:02x})",
        wrong[at], wrong[at], want[at], want[at]
    );
    assert!(ran.stderr.contains(&line), "{}", ran.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn printf_lines_come_thread_by_thread_in_thread_order() {
    let dir = scratch("printf");
    std::fs::write(
        dir.join("hello.cpp"),
        r#"
#include <cm/cm.h>
extern "C" int printf(const char *, ...);
extern "C" _GENX_MAIN_ void hello() {
  int g = cm_group_id(0);
  int l = cm_local_id(0);
  printf("group %d thread %d: first\n", g, l);
  printf("group %d thread %d: %x %5.2f %s\n", g, l, 255 + g, 0.5f * l, "end");
}
"#,
    )
    .unwrap();
    let ran = cmc_run(&dir, &["hello.cpp", "--groups", "3", "--local", "2"], 2);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let mut want = String::new();
    for g in 0..3 {
        for l in 0..2 {
            want += &format!(
                "group {g} thread {l}: first\ngroup {g} thread {l}: {:x} {:5.2} end\n",
                255 + g,
                0.5 * l as f32
            );
        }
    }
    want += "cmc run: kernel 'hello' ran 6 thread(s) in 3 group(s); wrote 0 file(s)\n";
    assert_eq!(ran.stdout, want);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_named_and_nothing_is_written() {
    let dir = scratch("bad");
    image::RgbImage::from_raw(8, 6, noise(7, 8 * 6 * 3)).unwrap().save(dir.join("in.png")).unwrap();
    let source = examples().join("linear_filter.cpp");
    let source = source.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["--surface", "0=image2d:8x6:rgb9_uint:in.png"],
            "--surface '0=image2d:8x6:rgb9_uint:in.png': unknown format 'rgb9_uint'",
        ),
        (
            &["--surface", "0=image2d:10x6:in.png"],
            "--surface '0=image2d:10x6:in.png': 'in.png' is 8x6 pixels, a surface of 24x6 r8_uint elements, not 10x6",
        ),
        (
            &["--surface", "0=image2d:24x6:missing.png"],
            "--surface '0=image2d:24x6:missing.png': cannot read 'missing.png'",
        ),
        (
            &["--surface", "0=image2d:24x6:missing.bin"],
            "--surface '0=image2d:24x6:missing.bin': no such file: 'missing.bin'",
        ),
        (&["--surface", "0=image2d:24x6:r16_uint:in.png"], "format r16_uint cannot hold it"),
        (&["--surface", "0=image2d:in.png", "--expect", "3=in.png"], "--expect 3=in.png: surface 3 is not bound"),
        (&["--surface", "0=image2d:in.png:in.png"], "output 'in.png' is also an input"),
    ];
    std::fs::write(dir.join("raw.bin"), vec![0u8; 24 * 6]).unwrap();
    let raw_cases: [(&[&str], &str); 1] = [(
        &["--surface", "0=image2d:24x5:raw.bin"],
        "--surface '0=image2d:24x5:raw.bin': 'raw.bin' has 144 bytes, a 24x5 r8_uint image with pitch 24 has 120",
    )];
    for (extra, message) in cases.into_iter().chain(raw_cases) {
        let mut args =
            vec![source, "--surface", "1=image2d:24x6:zeros:out.png", "--arg", "surface:0", "--arg", "surface:1"];
        args.extend_from_slice(extra);
        let ran = cmc_run(&dir, &args, 1);
        assert_eq!(ran.code, 2, "{extra:?}: {}", ran.stderr);
        assert!(ran.stderr.contains(message), "{extra:?}: expected '{message}' in:\n{}", ran.stderr);
        assert!(!dir.join("out.png").exists(), "{extra:?}: an output was written");
    }
    // One argument too few: the kernel's parameters are named.
    let ran = cmc_run(
        &dir,
        &[source, "--surface", "0=image2d:in.png", "--surface", "1=image2d:in.png:out.png", "--arg", "surface:0"],
        1,
    );
    assert_eq!(ran.code, 2);
    assert!(ran.stderr.contains("kernel 'linear_filter' takes 2 arguments"), "{}", ran.stderr);
    assert!(ran.stderr.contains("but 1 --arg given"), "{}", ran.stderr);
    assert!(!dir.join("out.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

const COPY: &str = r#"
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void copy(SurfaceIndex in, SurfaceIndex out) {
  matrix<uchar, 4, 64> m;
  read(in, 0, 0, m);
  write(out, 0, 0, m);
}
"#;

#[test]
fn pictures_map_onto_formats_and_back() {
    let dir = scratch("pictures");
    std::fs::write(dir.join("copy.cpp"), COPY).unwrap();
    // RGBA on b8g8r8a8: each pixel is one element with blue first in memory; written back as RGBA.
    let rgba = noise(11, 16 * 4 * 4);
    image::RgbaImage::from_raw(16, 4, rgba.clone()).unwrap().save(dir.join("in.png")).unwrap();
    let ran = cmc_run(
        &dir,
        &[
            "copy.cpp",
            "--surface", "0=image2d:b8g8r8a8_unorm:in.png:raw.bin",
            "--surface", "1=image2d:16x4:b8g8r8a8_unorm:zeros:out.bmp",
            "--arg", "surface:0",
            "--arg", "surface:1",
            "--expect", "1=in.png",
        ],
        1,
    );
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let bgra: Vec<u8> = rgba.chunks(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect();
    assert_eq!(std::fs::read(dir.join("raw.bin")).unwrap(), bgra);
    let back = image::open(dir.join("out.bmp")).unwrap();
    assert_eq!(back.to_rgba8().into_raw(), rgba);

    // Gray BMP on the default r8_uint: one byte per pixel; written back as gray.
    let gray = noise(12, 64 * 4);
    image::GrayImage::from_raw(64, 4, gray.clone()).unwrap().save(dir.join("gray.bmp")).unwrap();
    let ran = cmc_run(
        &dir,
        &[
            "copy.cpp",
            "--surface", "0=image2d:64x4:gray.bmp",
            "--surface", "1=image2d:64x4:zeros:gray-out.png",
            "--arg", "surface:0",
            "--arg", "surface:1",
            "--expect", "1=gray.bmp",
        ],
        1,
    );
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let back = image::open(dir.join("gray-out.png")).unwrap();
    assert_eq!(back.as_luma8().expect("a gray picture").as_raw(), &gray);
    let _ = std::fs::remove_dir_all(&dir);
}
