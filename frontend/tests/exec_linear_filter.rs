//! The paper's Algorithm 2 (examples/linear_filter.cpp) on a generated image, against a plain-Rust 3x3 box filter.
//!
//! The reference mirrors the kernel's arithmetic: nine bytes summed (exactly, in f32), times 0.1111f in f32,
//! truncated to a byte. Borders follow the media block read's rule on a byte surface: a byte column or row outside
//! the image reads the nearest one inside (cmlangspec §4.5; genx-exec `media.rs`).

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, compile, Arg, Rng};

const SOURCE: &str = include_str!("../../examples/linear_filter.cpp");

fn reference(image: &[u8], width: usize, height: usize) -> Vec<u8> {
    let at = |y: isize, x: isize| {
        let y = y.clamp(0, height as isize - 1) as usize;
        let x = x.clamp(0, width as isize - 1) as usize;
        image[y * width + x] as f32
    };
    let mut out = vec![0u8; width * height];
    for y in 0..height as isize {
        for x in 0..width as isize {
            let mut sum = at(y, x);
            for (dy, dx) in [(-1, -3), (-1, 0), (-1, 3), (0, -3), (0, 3), (1, -3), (1, 0), (1, 3)] {
                sum += at(y + dy, x + dx);
            }
            out[y as usize * width + x as usize] = (sum * 0.1111f32) as u8;
        }
    }
    out
}

#[test]
fn linear_filter_matches_a_box_filter() {
    let compiled = compile("linear_filter", SOURCE, &[]);
    for (seed, pixels_wide, rows) in [(0x5eed_0001u64, 64usize, 48usize), (0x5eed_0002, 24, 12)] {
        let width = pixels_wide * 3;
        let image = Rng::new(seed).bytes(width * rows);
        let mut run = compiled.run();
        run.image(0, width as u32, rows as u32, image.clone());
        run.image(1, width as u32, rows as u32, vec![0; width * rows]);
        let grid = Grid { groups: [pixels_wide as u32 / 8, rows as u32 / 6, 1], local_size: [1, 1, 1] };
        let report = run.dispatch("linear_filter", grid, &[Arg::Surface(0), Arg::Surface(1)]);
        assert_eq!(report.threads as usize, pixels_wide / 8 * rows / 6);
        assert_same("filtered image", seed, &run.surface_bytes(1), &reference(&image, width, rows));
        assert_eq!(run.surface_bytes(0), image, "the input image is unchanged");
    }
}
