//! The math and reduction builtins (cm_math.h, cm_reduce.h) executed on random inputs against plain-Rust models
//! of their CM semantics: C++ promotion, the optional result type, SAT (cmlangspec §2.1.2 and §4.3), signed and
//! unsigned forms, bit operations, rounding, reductions and mask packing.
//!
//! One kernel computes every builtin on the same inputs and writes each result as 16 ints to its own slot of the
//! output buffer; a failure names the slot. Inputs are drawn so that saturation boundaries are crossed (sums of
//! bytes past 255, products of shorts past 32767) and shifts stay where vISA defines them (a saturating left
//! shift's exact value within 33 bits).

mod support;

use genx_exec::grid::Grid;
use support::{bytes_u32, compile, f32_bytes, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

#define OUT(k, ...)                                                                                                \
  {                                                                                                                \
    vector<int, 16> r = (__VA_ARGS__);                                                                             \
    write(out, (k) * 64, r);                                                                                       \
  }

extern "C" _GENX_MAIN_ void math_ops(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> a, b;
  vector<uchar, 16> c, d;
  vector<short, 16> s, t;
  vector<float, 16> f;
  read(in, 0, a);
  read(in, 64, b);
  read(in, 128, c);
  read(in, 144, d);
  read(in, 160, s);
  read(in, 192, t);
  read(in, 224, f);
  vector<uint, 16> ua = a, ub = b;
  vector<char, 16> sc = c;
  vector<int, 16> small = a >> 16;
  vector<int, 16> count = (b & 15) + 2;

  OUT(0, cm_add<uchar>(c, d, SAT));
  OUT(1, cm_add(c, d));
  OUT(2, cm_add<short>(s, t, SAT));
  OUT(3, cm_mul<short>(s, t, SAT));
  OUT(4, cm_mul(a, b));
  OUT(5, cm_abs(a));
  OUT(6, cm_abs<char>(sc, SAT));
  OUT(7, cm_max(a, b));
  OUT(8, cm_min(ua, b));
  OUT(9, cm_avg(a, b));
  OUT(10, cm_avg<uchar>(small, 100, SAT));
  OUT(11, cm_shl<int>(small, count, SAT));
  OUT(12, cm_asr(a, b));
  OUT(13, cm_lsr(a, b));
  OUT(14, cm_shr(ua, 7));
  OUT(15, cm_lzd(ua));
  OUT(16, cm_cbit(a));
  OUT(17, cm_fbl(ua));
  OUT(18, cm_fbh(a));
  OUT(19, cm_bf_reverse(ua));
  OUT(20, cm_bf_extract(5, 3, a));
  OUT(21, cm_bf_insert(5, 3, b, ua));
  OUT(22, saturate<uchar>(a));
  OUT(23, cm_rndd<int>(f));
  OUT(24, cm_rndu<int>(f));
  OUT(25, cm_rnde<int>(f));
  OUT(26, cm_rndz<int>(f));
  vector<float, 16> frac = cm_frc(f);
  OUT(27, frac.format<int>());
  vector<float, 16> clamped = saturate<float>(f);
  OUT(28, clamped.format<int>());
  OUT(29, cm_sum<int>(c));
  OUT(30, cm_sum<uchar>(c, SAT));
  OUT(31, cm_reduced_max(a));
  OUT(32, cm_reduced_min(ua));
  OUT(33, cm_prod<int>(s));
  vector<ushort, 16> odd = c & 1;
  OUT(34, cm_pack_mask(odd));
  OUT(35, cm_unpack_mask<ushort, 16>(ua(0)));
  OUT(36, cm_max<uchar>(s, 7, SAT));
  OUT(37, cm_sum<short>(t, SAT));
  vector<int, 16> den = (b & 255) + 1;
  OUT(38, cm_quot(a, den));
  OUT(39, cm_mod(a, den));
  vector<int, 16> rem;
  vector<int, 16> quot = cm_div(rem, a, den);
  OUT(40, quot - rem);
  OUT(41, cm_rol(ua, b));
  OUT(42, cm_ror(ua, b));
  vector<float, 16> fa = a & 255, fb = b & 15, fc = a & 15;
  vector<float, 16> square = fa * fa;
  OUT(43, cm_sqrt_ieee(square));
  vector<float, 16> quarter = cm_div_ieee(f, 4.0f);
  OUT(44, quarter.format<int>());
  OUT(45, cm_dp2(fc, fb));
  OUT(46, cm_dp3(fc, fb));
  OUT(47, cm_dp4(fc, fb));
  OUT(48, cm_dph(fc, fb));
  vector<float, 4> coef = 2.0f;
  coef(3) = 3.0f;
  OUT(49, cm_line(coef, fc));
  vector<uint, 16> carry, borrow, lo;
  OUT(50, cm_addc(ua, ub, carry));
  OUT(51, carry);
  OUT(52, cm_subb(ua, ub, borrow));
  OUT(53, borrow);
  OUT(54, cm_imul(lo, a, b));
  OUT(55, lo);
}
"#;

const SLOTS: usize = 56;

fn sat(v: i64, lo: i64, hi: i64) -> i32 {
    v.clamp(lo, hi) as i32
}

/// The reference results, slot by slot.
fn reference(a: &[i32], b: &[i32], c: &[u8], d: &[u8], s: &[i16], t: &[i16], f: &[f32]) -> Vec<Vec<i32>> {
    let lanes = |g: &dyn Fn(usize) -> i32| (0..16).map(g).collect::<Vec<i32>>();
    let splat = |v: i32| vec![v; 16];
    let (ua, ub): (Vec<u32>, Vec<u32>) = (a.iter().map(|&x| x as u32).collect(), b.iter().map(|&x| x as u32).collect());
    let small: Vec<i32> = a.iter().map(|&x| x >> 16).collect();
    let count: Vec<i32> = b.iter().map(|&x| (x & 15) + 2).collect();
    let avg = |x: i64, y: i64| (x + y + 1) >> 1;
    let den: Vec<i32> = b.iter().map(|&x| (x & 255) + 1).collect();
    // cm_dpK on small integers (exact in float): per group of four, the first K products (dph: three, plus b3).
    let dot = |i: usize, k: usize, homogeneous: bool| {
        let g = i / 4 * 4;
        let sum: i32 = (g..g + k).map(|j| (a[j] & 15) * (b[j] & 15)).sum();
        sum + if homogeneous { b[g + 3] & 15 } else { 0 }
    };
    vec![
        lanes(&|i| sat(c[i] as i64 + d[i] as i64, 0, 255)),
        lanes(&|i| c[i] as i32 + d[i] as i32),
        lanes(&|i| sat(s[i] as i64 + t[i] as i64, -32768, 32767) as i16 as i32),
        lanes(&|i| sat(s[i] as i64 * t[i] as i64, -32768, 32767) as i16 as i32),
        lanes(&|i| a[i].wrapping_mul(b[i])),
        lanes(&|i| a[i].wrapping_abs()),
        lanes(&|i| sat((c[i] as i8 as i64).abs(), -128, 127) as i8 as i32),
        lanes(&|i| a[i].max(b[i])),
        lanes(&|i| ua[i].min(ub[i]) as i32),
        lanes(&|i| avg(a[i] as i64, b[i] as i64) as i32),
        lanes(&|i| sat(avg(small[i] as i64, 100), 0, 255)),
        lanes(&|i| sat((small[i] as i64) << count[i], i32::MIN as i64, i32::MAX as i64)),
        lanes(&|i| a[i] >> (b[i] & 31)),
        lanes(&|i| (ua[i] >> (b[i] & 31)) as i32),
        lanes(&|i| (ua[i] >> 7) as i32),
        lanes(&|i| ua[i].leading_zeros() as i32),
        lanes(&|i| a[i].count_ones() as i32),
        lanes(&|i| if ua[i] == 0 { -1 } else { ua[i].trailing_zeros() as i32 }),
        lanes(&|i| match a[i] {
            0 | -1 => -1,
            v if v < 0 => (!v).leading_zeros() as i32,
            v => v.leading_zeros() as i32,
        }),
        lanes(&|i| ua[i].reverse_bits() as i32),
        lanes(&|i| (a[i] << (32 - 3 - 5)) >> (32 - 5)),
        lanes(&|i| {
            let mask = 0x1fu32 << 3;
            (((ub[i] << 3) & mask) | (ua[i] & !mask)) as i32
        }),
        lanes(&|i| sat(a[i] as i64, 0, 255)),
        lanes(&|i| f[i].floor() as i32),
        lanes(&|i| f[i].ceil() as i32),
        lanes(&|i| f[i].round_ties_even() as i32),
        lanes(&|i| f[i].trunc() as i32),
        lanes(&|i| (f[i] - f[i].floor()).to_bits() as i32),
        lanes(&|i| f[i].clamp(0.0, 1.0).to_bits() as i32),
        splat(c.iter().map(|&x| x as i32).sum()),
        splat(c.iter().map(|&x| x as i64).sum::<i64>().min(255) as i32),
        splat(*a.iter().max().unwrap()),
        splat(*ua.iter().min().unwrap() as i32),
        splat(s.iter().fold(1i32, |p, &x| p.wrapping_mul(x as i32))),
        splat((0..16).map(|i| ((c[i] & 1) as i32) << i).sum()),
        lanes(&|i| (ua[0] >> i & 1) as i32),
        lanes(&|i| sat((s[i] as i64).max(7), 0, 255)),
        splat(sat(t.iter().map(|&x| x as i64).sum(), -32768, 32767) as i16 as i32),
        lanes(&|i| a[i].wrapping_div(den[i])),
        lanes(&|i| a[i].wrapping_rem(den[i])),
        lanes(&|i| a[i].wrapping_div(den[i]).wrapping_sub(a[i].wrapping_rem(den[i]))),
        lanes(&|i| ua[i].rotate_left(ub[i] & 31) as i32),
        lanes(&|i| ua[i].rotate_right(ub[i] & 31) as i32),
        lanes(&|i| a[i] & 255),
        lanes(&|i| (f[i] / 4.0).to_bits() as i32),
        lanes(&|i| dot(i, 2, false)),
        lanes(&|i| dot(i, 3, false)),
        lanes(&|i| dot(i, 4, false)),
        lanes(&|i| dot(i, 3, true)),
        lanes(&|i| 2 * (a[i] & 15) + 3),
        lanes(&|i| ua[i].wrapping_add(ub[i]) as i32),
        lanes(&|i| ua[i].overflowing_add(ub[i]).1 as i32),
        lanes(&|i| ua[i].wrapping_sub(ub[i]) as i32),
        lanes(&|i| (ua[i] < ub[i]) as i32),
        lanes(&|i| ((a[i] as i64 * b[i] as i64) >> 32) as i32),
        lanes(&|i| (a[i] as i64 * b[i] as i64) as i32),
    ]
}

#[test]
fn math_builtins_match_their_models() {
    let compiled = compile("math_ops", SOURCE, &[]);
    for seed in [0x3a7b_0001u64, 0x3a7b_0002, 0x3a7b_0003] {
        let mut rng = Rng::new(seed);
        // Mostly random words, some small values and edge cases.
        let word = |rng: &mut Rng| match rng.below(8) {
            0 => [0, -1, i32::MIN, i32::MAX, 1][rng.below(5) as usize],
            1 => rng.below(2000) as i32 - 1000,
            _ => rng.next_u32() as i32,
        };
        let a: Vec<i32> = (0..16).map(|_| word(&mut rng)).collect();
        let b: Vec<i32> = (0..16).map(|_| word(&mut rng)).collect();
        let c = rng.bytes(16);
        let d = rng.bytes(16);
        let s: Vec<i16> = (0..16).map(|_| if rng.below(2) == 0 { rng.next_u32() as i16 } else { rng.below(16) as i16 - 8 }).collect();
        let t: Vec<i16> = (0..16).map(|_| rng.next_u32() as i16).collect();
        let f: Vec<f32> = (0..16).map(|_| (rng.below(6400) as f32 - 3200.0) / 32.0 + [0.0, 0.5, 0.25][rng.below(3) as usize]).collect();

        let mut input = u32_bytes(&a.iter().map(|&x| x as u32).collect::<Vec<_>>());
        input.extend(u32_bytes(&b.iter().map(|&x| x as u32).collect::<Vec<_>>()));
        input.extend(&c);
        input.extend(&d);
        input.extend(s.iter().flat_map(|x| x.to_le_bytes()));
        input.extend(t.iter().flat_map(|x| x.to_le_bytes()));
        input.extend(f32_bytes(&f));

        let mut run = compiled.run();
        run.buffer(0, input);
        run.buffer(1, vec![0; SLOTS * 64]);
        run.dispatch("math_ops", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
        let out = bytes_u32(&run.surface_bytes(1));
        let expected = reference(&a, &b, &c, &d, &s, &t, &f);
        assert_eq!(expected.len(), SLOTS);
        for (slot, want) in expected.iter().enumerate() {
            let got: Vec<i32> = out[slot * 16..slot * 16 + 16].iter().map(|&x| x as i32).collect();
            assert_eq!(&got, want, "slot {slot} (seed {seed:#x}): see OUT({slot}, ...) in the kernel");
        }
    }
}
