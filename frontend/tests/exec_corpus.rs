//! Corpus programs (tests/corpus) run on the CPU against plain-Rust references: the legacy-atomic histogram, the
//! prefix sum with SIMD control flow, the cmtl gradient-angle kernel, the `_GENX_VOLATILE_` block statistics, the macro-written smoothing and the cmtl tile rotation. The sources are the corpus files
//! themselves, so what cmc/tests/corpus.rs compiles to binaries is what runs here.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, f32_bytes, u32_bytes, Arg, Rng};

#[test]
fn corpus_histogram_counts_every_byte_and_sums_the_blocks() {
    let source = include_str!("../../tests/corpus/histogram_legacy_atomics.cpp");
    let seed = 0x14c0_1001;
    let threads = 8usize;
    let mut rng = Rng::new(seed);
    let pixels: Vec<u8> = (0..threads * 64).map(|_| if rng.below(3) == 0 { 7 } else { rng.below(256) as u8 }).collect();
    let compiled = compile("histogram256", source, &[]);
    let mut run = compiled.run();
    run.buffer(0, pixels.clone());
    run.buffer(1, vec![0; 257 * 4]);
    run.dispatch("histogram256", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let mut expected = vec![0u32; 257];
    for &p in &pixels {
        expected[p as usize] += 1;
        expected[256] = expected[256].wrapping_add(p as u32);
    }
    assert_same("histogram256", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}

#[test]
fn corpus_clamp_scan_matches_a_sequential_scan() {
    let source = include_str!("../../tests/corpus/prefix_sum_simdcf.cpp");
    let seed = 0x14c0_1002;
    let threads = 6usize;
    let limit = 300i32;
    let mut rng = Rng::new(seed);
    let data: Vec<i32> = (0..threads * 16).map(|_| rng.below(101) as i32 - 20).collect();
    let compiled = compile("clamp_scan", source, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&data.iter().map(|&v| v as u32).collect::<Vec<_>>()));
    run.buffer(1, vec![0; threads * 64]);
    run.buffer(2, vec![0; threads * 4]);
    run.dispatch(
        "clamp_scan",
        Grid::linear(threads as u32, 1),
        &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(limit as u32)],
    );
    let (mut clamped, mut counts) = (Vec::new(), Vec::new());
    for block in data.chunks(16) {
        let mut sum = 0i32;
        let mut over = 0u32;
        for &v in block {
            sum += v;
            clamped.push(sum.min(limit) as u32);
            over += (sum > limit) as u32;
        }
        counts.push(over);
    }
    assert_same("clamp_scan values", seed, &bytes_u32(&run.surface_bytes(1)), &clamped);
    assert_same("clamp_scan counts", seed, &bytes_u32(&run.surface_bytes(2)), &counts);
}

#[test]
fn corpus_gradient_angles_bin_the_directions() {
    let source = include_str!("../../tests/corpus/hough_cmtl.cpp");
    let seed = 0x14c0_1003;
    let threads = 4usize;
    let mut rng = Rng::new(seed);
    let value = |rng: &mut Rng| (rng.below(2001) as f32 - 1000.0) / 8.0;
    let gx: Vec<f32> = (0..threads * 16).map(|_| value(&mut rng)).collect();
    let gy: Vec<f32> = (0..threads * 16).map(|_| value(&mut rng)).collect();
    let compiled = compile("gradient_angles", source, &[]);
    let mut run = compiled.run();
    run.buffer(0, f32_bytes(&gx));
    run.buffer(1, f32_bytes(&gy));
    run.buffer(2, vec![0; threads * 64]);
    run.dispatch(
        "gradient_angles",
        Grid::linear(threads as u32, 1),
        &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2)],
    );
    let got = bytes_u32(&run.surface_bytes(2));
    let pi = 3.14159f32; // CM_CONST_PI
    for i in 0..gx.len() {
        let angle = (gy[i] as f64).atan2(gx[i] as f64);
        let magnitude = ((gx[i] * gx[i] + gy[i] * gy[i]) as f64).sqrt();
        let position = (angle as f32 + pi) * (4.0 / pi);
        let sector = |p: f32| (p.floor() as i32).clamp(0, 7);
        let packed = got[i] as i32;
        let (got_sector, got_magnitude) = (packed.div_euclid(65536), packed.rem_euclid(65536));
        // cm_atan2 is within 1e-5 rad: a position that close to a sector boundary may land on either side.
        let near_boundary = (position - position.round()).abs() < 1e-3;
        assert!(
            got_sector == sector(position) || (near_boundary && (got_sector - sector(position)).abs() == 1),
            "lane {i} (seed {seed:#x}): sector {got_sector}, model {}",
            sector(position)
        );
        assert!(
            (got_magnitude as f64 - magnitude).abs() <= 0.5 + 1e-3,
            "lane {i} (seed {seed:#x}): magnitude {got_magnitude}, model {magnitude}"
        );
    }
}

#[test]
fn corpus_volatile_block_stats_match_running_sums() {
    let source = include_str!("../../tests/corpus/volatile_accumulator.cpp");
    let seed = 0x14c0_1004;
    // One thread per group: the executor keeps a global in one place for every thread, where the hardware gives
    // each thread its own registers; threads that each reset the global before using it agree with both.
    let (threads, blocks, rows, cols) = (3usize, 5usize, 4usize, 8usize);
    let mut rng = Rng::new(seed);
    let data: Vec<i32> = (0..threads * blocks * rows * cols).map(|_| rng.below(2001) as i32 - 1000).collect();
    let compiled = compile("block_stats", source, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&data.iter().map(|&v| v as u32).collect::<Vec<_>>()));
    run.buffer(1, vec![0; threads * (rows * cols + cols) * 4]);
    run.dispatch("block_stats", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::U32(blocks as u32)]);
    let mut expected = Vec::new();
    for t in 0..threads {
        let mut acc = vec![0i32; rows * cols];
        let mut peak = vec![-100000i32; cols];
        for b in 0..blocks {
            let block = &data[(t * blocks + b) * rows * cols..][..rows * cols];
            for (a, v) in acc.iter_mut().zip(block) {
                *a = a.wrapping_add(*v);
            }
            for (c, p) in peak.iter_mut().enumerate() {
                let colmax = (0..rows).map(|r| block[r * cols + c]).max().unwrap_or(i32::MIN);
                *p = (*p).max(colmax);
            }
            acc[(b & (rows - 1)) * cols + cols - 1] = b as i32;
        }
        for p in &mut peak {
            *p = (*p).min(900);
        }
        expected.extend(acc.iter().chain(&peak).map(|&v| v as u32));
    }
    assert_same("block_stats", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}

#[test]
fn corpus_smooth_rows_written_through_macros() {
    let source = include_str!("../../tests/corpus/smooth_macros.cpp");
    let seed = 0x14c0_1005;
    let threads = 4usize;
    let mut rng = Rng::new(seed);
    let data: Vec<i32> = (0..threads * 16).map(|_| rng.below(121) as i32 - 20).collect();
    let compiled = compile("smooth_rows", source, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&data.iter().map(|&v| v as u32).collect::<Vec<_>>()));
    run.buffer(1, vec![0; threads * 64]);
    run.dispatch("smooth_rows", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let mut expected = Vec::new();
    for row in data.chunks(16) {
        let smoothed: Vec<i32> = (0..14).map(|i| row[i] + 2 * row[i + 1] + row[i + 2]).collect();
        let high = smoothed.iter().filter(|&&v| v > 100).count() as i32;
        expected.extend(smoothed.iter().copied().chain([row[0] + row[14], high]).map(|v| v as u32));
    }
    assert_same("smooth_rows", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}

#[test]
fn corpus_rotate_tiles_turn_and_mirror_the_tiles() {
    let source = include_str!("../../tests/corpus/tile_rotate_cmtl.cpp");
    let compiled = compile("tile_rotate_cmtl", source, &[]);
    // A 40 x 24 image: the right and bottom tiles hang over its edges (ReadBlock replicates, WriteBlock clips).
    let (w, h, tiles_x, tiles_y) = (40usize, 24usize, 3usize, 2usize);
    let seed = 0x7117_0001u64;
    let mut rng = Rng::new(seed);
    let src = rng.bytes(w * h);
    for how in 0..4u32 {
        let dst_before = rng.bytes(w * h);
        let mut run = compiled.run();
        run.image(0, w as u32, h as u32, src.clone());
        run.image(1, w as u32, h as u32, dst_before.clone());
        run.buffer(2, vec![0; tiles_x * tiles_y * 32]);
        let grid = Grid { groups: [tiles_x as u32, tiles_y as u32, 1], local_size: [1, 1, 1] };
        let args = [Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(how), Arg::U32(tiles_x as u32)];
        run.dispatch("rotate_tiles", grid, &args);
        let pixel = |x: usize, y: usize| src[y.min(h - 1) * w + x.min(w - 1)];
        let mut want = dst_before.clone();
        let mut edges = Vec::new();
        for ty in 0..tiles_y {
            for tx in 0..tiles_x {
                let tile = |i: usize, j: usize| pixel(tx * 16 + j, ty * 16 + i);
                for i in 0..16 {
                    for j in 0..16 {
                        let v = match how {
                            0 => tile(15 - j, i),
                            1 => tile(15 - i, 15 - j),
                            2 => tile(j, 15 - i),
                            _ => tile(j, i),
                        };
                        let (x, y) = ((tiles_x - 1 - tx) * 16 + j, ty * 16 + i);
                        if x < w && y < h {
                            want[y * w + x] = v;
                        }
                    }
                }
                edges.extend((0..16).flat_map(|j| [tile(0, j), tile(15, j)]));
            }
        }
        assert_same(&format!("rotate_tiles (how {how})"), seed, &run.surface_bytes(1), &want);
        assert_same("rotate_tiles edges (cmtl::Pack)", seed, &run.surface_bytes(2), &edges);
    }
}
