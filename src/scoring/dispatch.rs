//! Runtime choice of the vector instruction set for the quadratic DP kernels.
//!
//! A plain `cargo build` targets x86-64 as of 2003: SSE2, two 64-bit lanes
//! and no 64-bit integer maximum. The kernels of this module's callers are
//! safe, generic Rust; here they are compiled a second and a third time,
//! inside functions that enable AVX2 or AVX-512 (see [`Kernel`]), and the
//! widest the CPU has runs. On other architectures, in contest bundles
//! (`cfg(stonegame_bundle)`, which stay std-only and small) and on CPUs
//! without AVX2, the kernel runs as compiled for the plain target.
//!
//! This is the crate's one module with `unsafe` code (the crate denies it
//! everywhere else): calling a `#[target_feature]` function is unsafe
//! because running its instructions on a CPU without them is undefined
//! behaviour, and each call below is made only after
//! `is_x86_feature_detected!` confirmed every feature the function enables.
//! The [benchmarks](crate::guide::benchmarks) have the measurements that justify it.
#![allow(unsafe_code)]

/// A wider instruction set than the compile target's, found on this CPU.
///
/// The field is private: a `Wide` is only ever made in this module, by
/// [`detect`] or [`available`] after `is_x86_feature_detected!` found every
/// feature of its set, so holding one proves the CPU has them. [`run`]
/// relies on that.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wide(Set);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Set {
    /// AVX2: four 64-bit lanes (a 64-bit maximum by compare and blend).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx2,
    /// AVX-512 F, VL, BW and DQ: eight 64-bit lanes, `vpmaxsq`.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx512,
}

#[cfg(test)]
thread_local! {
    /// Tests turn the wide kernels off on their thread to check the plain ones.
    static PLAIN_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the wide kernels turned off on this thread (tests only), so
/// the plain kernels can be checked against the dispatched ones.
#[cfg(test)]
pub(crate) fn with_plain_kernels<R>(f: impl FnOnce() -> R) -> R {
    /// Restores the switch even when `f` panics (proptest goes on shrinking).
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            PLAIN_ONLY.with(|plain| plain.set(self.0));
        }
    }
    let _restore = Restore(PLAIN_ONLY.with(|plain| plain.replace(true)));
    f()
}

/// The widest instruction set this CPU offers beyond the compile target's,
/// or `None` (then the callers keep their plain kernels). The detection
/// macro caches its answer, so this is a few loads per call.
pub(crate) fn wide() -> Option<Wide> {
    #[cfg(test)]
    if PLAIN_ONLY.with(|plain| plain.get()) {
        return None;
    }
    detect()
}

/// Every wider set this CPU has (tests run each of them explicitly).
#[cfg(test)]
pub(crate) fn available() -> Vec<Wide> {
    let mut sets = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            sets.push(Wide(Set::Avx2));
        }
        if let Some(widest @ Wide(Set::Avx512)) = detect() {
            sets.push(widest);
        }
    }
    sets
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Option<Wide> {
    use std::arch::is_x86_feature_detected as has;
    if has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512dq") {
        Some(Wide(Set::Avx512))
    } else if has!("avx2") {
        Some(Wide(Set::Avx2))
    } else {
        None
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Option<Wide> {
    None
}

/// A computation to compile for a wider instruction set: `run` must be
/// `#[inline(always)]` and everything it calls too (or small enough that
/// the compiler inlines it), so that its code is generated inside the
/// functions below with their features. A closure would not do: it is
/// compiled once, for the plain target, and called.
pub(crate) trait Kernel {
    /// What the computation returns.
    type Output;
    /// The computation.
    fn run(self) -> Self::Output;
}

/// Runs `kernel` compiled for `wide`.
#[inline(always)]
pub(crate) fn run<K: Kernel>(wide: Wide, kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    match wide.0 {
        // SAFETY: a `Wide(Set::Avx512)` is only made in this module (its
        // field is private), by `detect` and `available`, after
        // `is_x86_feature_detected!` found avx512f, avx512vl, avx512bw and
        // avx512dq on this CPU: every feature `with_avx512` enables.
        // `with_avx512` itself only runs the safe `kernel`.
        Set::Avx512 => unsafe { with_avx512(kernel) },
        // SAFETY: a `Wide(Set::Avx2)` is only made in this module, by
        // `detect` and `available`, after `is_x86_feature_detected!("avx2")`:
        // the one feature `with_avx2` enables (with the AVX it implies). It
        // only runs the safe `kernel`.
        Set::Avx2 => unsafe { with_avx2(kernel) },
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // `detect` never finds a wider set here, so this is unreachable.
        let _ = wide;
        kernel.run()
    }
}

/// `kernel.run()` compiled for AVX-512. Callers guarantee the CPU has
/// avx512f, avx512vl, avx512bw and avx512dq.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512dq")]
unsafe fn with_avx512<K: Kernel>(kernel: K) -> K::Output {
    kernel.run()
}

/// `kernel.run()` compiled for AVX2. Callers guarantee the CPU has avx2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn with_avx2<K: Kernel>(kernel: K) -> K::Output {
    kernel.run()
}
