//! The peak resident set of the bench's own process, for the benches that run each hostile
//! input in a child process of its own and report what it held.

/// Peak resident set of this process so far, in KiB (`VmHWM` in /proc/self/status; 0 where
/// /proc is missing).
pub(crate) fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
