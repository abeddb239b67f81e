//! Phase timing in wall time and CPU time.
//!
//! CPU time is this process's plus that of the subprocesses it has waited for (clang, llvm-spirv-14, ocloc), from
//! `getrusage(RUSAGE_SELF)` and `getrusage(RUSAGE_CHILDREN)`. On a loaded machine wall time measures the load as
//! much as the compiler; CPU time is what the phase itself cost.

use std::time::{Duration, Instant};

/// The time one phase took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub wall: Duration,
    pub cpu: Duration,
}

impl std::ops::Add for Span {
    type Output = Span;
    fn add(self, other: Span) -> Span {
        Span { wall: self.wall + other.wall, cpu: self.cpu + other.cpu }
    }
}

impl Span {
    pub fn is_zero(&self) -> bool {
        self.wall.is_zero() && self.cpu.is_zero()
    }
}

/// A running measurement.
pub struct Clock {
    wall: Instant,
    cpu: Duration,
}

impl Clock {
    pub fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: cpu_now() }
    }

    pub fn elapsed(&self) -> Span {
        Span { wall: self.wall.elapsed(), cpu: cpu_now().saturating_sub(self.cpu) }
    }
}

#[repr(C)]
struct Timeval {
    seconds: i64,
    microseconds: i64,
}

/// `struct rusage` of Linux (two timevals, then fourteen longs).
#[repr(C)]
struct Rusage {
    user: Timeval,
    system: Timeval,
    rest: [i64; 14],
}

extern "C" {
    fn getrusage(who: i32, usage: *mut Rusage) -> i32;
}

const RUSAGE_SELF: i32 = 0;
const RUSAGE_CHILDREN: i32 = -1;

fn usage(who: i32) -> Duration {
    let mut usage = Rusage {
        user: Timeval { seconds: 0, microseconds: 0 },
        system: Timeval { seconds: 0, microseconds: 0 },
        rest: [0; 14],
    };
    // SAFETY: getrusage writes one `struct rusage`, whose Linux layout `Rusage` reproduces.
    if unsafe { getrusage(who, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let micros = |t: &Timeval| {
        Duration::from_secs(t.seconds.max(0) as u64) + Duration::from_micros(t.microseconds.max(0) as u64)
    };
    micros(&usage.user) + micros(&usage.system)
}

/// CPU time used so far by this process and its waited-for children.
pub fn cpu_now() -> Duration {
    usage(RUSAGE_SELF) + usage(RUSAGE_CHILDREN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_counted() {
        let clock = Clock::start();
        // A child that burns some CPU.
        let _ =
            std::process::Command::new("sh").args(["-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"]).status();
        let span = clock.elapsed();
        assert!(span.cpu > Duration::ZERO, "{span:?}");
        assert!(span.wall >= Duration::ZERO);
    }
}
