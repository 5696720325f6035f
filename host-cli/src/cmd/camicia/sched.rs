//! What a cluster's scheduler tells a hunt: its shard (`--shard auto`) and its
//! processors (`--threads`' default).
//!
//! - A Slurm array task: `SLURM_ARRAY_TASK_ID` within the array's first and
//!   last index, with a step of 1; shard K of N counts from the first index.
//!   The array is `SLURM_ARRAY_TASK_MIN` with `SLURM_ARRAY_TASK_MAX` or
//!   `SLURM_ARRAY_TASK_COUNT` (Slurm sets all three), or `SLURM_ARRAY_TASK_MAX`
//!   with `SLURM_ARRAY_TASK_COUNT`; when both MAX and COUNT are set they must
//!   agree.
//! - A Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (from 0), with the
//!   number of completions from `--shard auto/N` or `JOB_COMPLETIONS` (which
//!   the Job's manifest sets; Kubernetes does not).
//!
//! Threads: `SLURM_CPUS_PER_TASK` when Slurm granted processors, else the
//! processors this process may run on (its CPU affinity and cgroup quota, as
//! the standard library reads them), not the machine's count.

use plateau::camicia::hunt::Shard;

use crate::limits::number_in;

/// `--shard`: a fixed shard, or one the scheduler gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShardArg {
    /// `K/N`.
    Fixed(Shard),
    /// `auto` or `auto/N`: from the scheduler's variables, N given or not.
    Auto(Option<u64>),
}

/// Reads `--shard`: `K/N` (from 1/1 to N/N), `auto` or `auto/N`.
pub(crate) fn parse_shard(s: &str) -> Result<ShardArg, String> {
    let (k, n) = s.split_once('/').map_or((s, None), |(k, n)| (k, Some(n)));
    let n = n
        .map(|n| number_in(n, 1, u64::MAX).map_err(|why| format!("N: {why}")))
        .transpose()?;
    if k.trim() == "auto" {
        return Ok(ShardArg::Auto(n));
    }
    let Some(n) = n else {
        return Err(format!(
            "expected K/N like 2/8, or auto, not '{}'",
            crate::error::shorten(s)
        ));
    };
    let k = number_in(k, 1, u64::MAX).map_err(|why| format!("K: {why}"))?;
    Shard::new(k, n)
        .map(ShardArg::Fixed)
        .map_err(|_| format!("shard '{s}' must have 1 <= K <= N"))
}

/// Returns the shard of `arg`, reading the scheduler's variables through
/// `var` for `auto`.
pub(crate) fn shard(arg: ShardArg, var: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
    let given = match arg {
        ShardArg::Fixed(s) => return Ok(s),
        ShardArg::Auto(n) => n,
    };
    let read = |name: &str| -> Result<Option<u64>, String> {
        var(name)
            .map(|v| number_in(&v, 0, u64::MAX).map_err(|why| format!("{name}='{v}': {why}")))
            .transpose()
    };
    let (k, n) = if let Some(id) = read("SLURM_ARRAY_TASK_ID")? {
        if let Some(step) = read("SLURM_ARRAY_TASK_STEP")?.filter(|&s| s != 1) {
            return Err(format!(
                "--shard auto: the Slurm array steps by {step} (SLURM_ARRAY_TASK_STEP); give it consecutive indexes, like --array=1-8"
            ));
        }
        let max = read("SLURM_ARRAY_TASK_MAX")?;
        let count = read("SLURM_ARRAY_TASK_COUNT")?;
        // The first index: MIN, or MAX and COUNT together say it.
        let min = match (read("SLURM_ARRAY_TASK_MIN")?, max, count) {
            (Some(min), _, _) => min,
            (None, Some(max), Some(count)) => max
                .checked_add(1)
                .and_then(|m| m.checked_sub(count))
                .ok_or_else(|| {
                    format!(
                        "--shard auto: SLURM_ARRAY_TASK_COUNT={count} tasks cannot end at SLURM_ARRAY_TASK_MAX={max}"
                    )
                })?,
            (None, _, _) => {
                return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but not the array's first index: SLURM_ARRAY_TASK_MIN, or SLURM_ARRAY_TASK_MAX with SLURM_ARRAY_TASK_COUNT".to_string());
            }
        };
        // The indexes from MIN to MAX, if MAX is not below MIN and they are
        // not more than a count holds.
        let span = |max: u64| {
            let below = format!(
                "--shard auto: SLURM_ARRAY_TASK_MAX={max} is below SLURM_ARRAY_TASK_MIN={min}"
            );
            let d = max.checked_sub(min).ok_or(below)?;
            d.checked_add(1).ok_or_else(|| {
                format!(
                    "--shard auto: the Slurm array's indexes {min} to {max} are more than {} tasks",
                    u64::MAX
                )
            })
        };
        let n = match (max, count) {
            (Some(max), Some(count)) => {
                let span = span(max)?;
                if span != count {
                    return Err(format!(
                        "--shard auto: the Slurm array has {count} tasks (SLURM_ARRAY_TASK_COUNT) but its indexes {min} to {max} span {span}; give it consecutive indexes, like --array=1-8"
                    ));
                }
                count
            }
            (Some(max), None) => span(max)?,
            (None, Some(count)) => count,
            (None, None) => {
                return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT".to_string());
            }
        };
        let k = id
            .checked_sub(min)
            .and_then(|d| d.checked_add(1))
            .filter(|&k| k <= n)
            .ok_or_else(|| {
                format!(
                    "--shard auto: SLURM_ARRAY_TASK_ID={id} is outside the array's {n} indexes from {min}"
                )
            })?;
        if let Some(g) = given.filter(|&g| g != n) {
            return Err(format!("--shard auto/{g}: the Slurm array has {n} tasks"));
        }
        (k, n)
    } else if let Some(index) = read("JOB_COMPLETION_INDEX")? {
        let n = match (given, read("JOB_COMPLETIONS")?) {
            (Some(g), Some(c)) if g != c => {
                return Err(format!(
                    "--shard auto/{g}: JOB_COMPLETIONS says {c} completions"
                ));
            }
            (Some(n), _) | (None, Some(n)) => n,
            (None, None) => {
                return Err("--shard auto: JOB_COMPLETION_INDEX is set but not the number of completions: give --shard auto/N or set JOB_COMPLETIONS in the Job".to_string());
            }
        };
        if index >= n {
            return Err(format!(
                "--shard auto: JOB_COMPLETION_INDEX={index} is outside the Job's {n} completions (0 to {})",
                n.saturating_sub(1)
            ));
        }
        (index + 1, n)
    } else {
        return Err("--shard auto: no scheduler variables: SLURM_ARRAY_TASK_ID (a Slurm array job) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is needed; outside a scheduler give --shard K/N".to_string());
    };
    Shard::new(k, n).map_err(|_| format!("--shard auto: shard {k}/{n} is not valid"))
}

/// Worker threads at most.
pub(crate) const MAX_THREADS: u64 = 1024;

/// Reads `--threads`: 1 to 1,024.
pub(crate) fn parse_threads(s: &str) -> Result<usize, String> {
    let n = number_in(s, 1, MAX_THREADS)?;
    usize::try_from(n).map_err(|e| e.to_string())
}

/// `--threads`: the count asked for, else [`default_threads`].
pub(crate) fn threads(
    asked: Option<usize>,
    var: impl Fn(&str) -> Option<String>,
) -> Result<usize, String> {
    asked.map_or_else(|| default_threads(var), Ok)
}

/// The default thread count: what Slurm granted (`SLURM_CPUS_PER_TASK`), else
/// the processors this process may run on.
pub(crate) fn default_threads(var: impl Fn(&str) -> Option<String>) -> Result<usize, String> {
    if let Some(v) = var("SLURM_CPUS_PER_TASK") {
        let n = number_in(&v, 1, MAX_THREADS)
            .map_err(|why| format!("SLURM_CPUS_PER_TASK='{v}': {why}"))?;
        return usize::try_from(n).map_err(|e| e.to_string());
    }
    Ok(std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_string())
        }
    }

    fn auto(vars: &[(&str, &str)]) -> Result<(u64, u64), String> {
        shard(ShardArg::Auto(None), env(vars)).map(|s| (s.k(), s.n()))
    }

    #[test]
    fn a_slurm_array_gives_the_shard_from_its_first_index() {
        let array = [
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_MIN", "5"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_STEP", "1"),
        ];
        assert_eq!(auto(&array), Ok((3, 4)));
        assert_eq!(auto(&array[..3]), Ok((3, 4)));
        let by_count = [array[0], array[1], array[3]];
        assert_eq!(auto(&by_count), Ok((3, 4)));
        // No MIN: MAX and COUNT say where the array starts.
        let no_min = [array[0], array[2], array[3]];
        assert_eq!(auto(&no_min), Ok((3, 4)));
    }

    #[test]
    fn an_inconsistent_slurm_array_is_refused_by_name() {
        let gaps = [
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        assert!(auto(&gaps).is_err_and(|e| e.contains("SLURM_ARRAY_TASK_COUNT")));
        let step = [
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "5"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert!(auto(&step).is_err_and(|e| e.contains("steps by 2")));
        let outside = [
            ("SLURM_ARRAY_TASK_ID", "9"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "4"),
        ];
        assert!(auto(&outside).is_err_and(|e| e.contains("outside")));
        let no_min = [("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_MAX", "4")];
        assert!(auto(&no_min).is_err_and(|e| e.contains("SLURM_ARRAY_TASK_MIN")));
        let count_only = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert!(auto(&count_only).is_err_and(|e| e.contains("first index")));
        let short = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MAX", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "9"),
        ];
        assert!(auto(&short).is_err_and(|e| e.contains("cannot end")));
        // Indexes at the ends of the numbers: no count wraps to 0 (nor, in a
        // debug build, panics).
        let max = u64::MAX.to_string();
        for count in [None, Some("5")] {
            let huge = [
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", max.as_str()),
            ];
            let with: Vec<_> = huge
                .into_iter()
                .chain(count.map(|c| ("SLURM_ARRAY_TASK_COUNT", c)))
                .collect();
            assert_eq!(
                auto(&with),
                Err(format!(
                    "--shard auto: the Slurm array's indexes 0 to {max} are more than {max} tasks"
                ))
            );
            let reversed = [
                ("SLURM_ARRAY_TASK_ID", "3"),
                ("SLURM_ARRAY_TASK_MIN", "3"),
                ("SLURM_ARRAY_TASK_MAX", "2"),
            ];
            let with: Vec<_> = reversed
                .into_iter()
                .chain(count.map(|c| ("SLURM_ARRAY_TASK_COUNT", c)))
                .collect();
            assert!(
                auto(&with).is_err_and(|e| e.contains("MAX=2 is below SLURM_ARRAY_TASK_MIN=3"))
            );
        }
        let last = [
            ("SLURM_ARRAY_TASK_ID", max.as_str()),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert!(auto(&last).is_err_and(|e| e.contains("outside the array's 4 indexes from 0")));
        let junk = [("SLURM_ARRAY_TASK_ID", "x")];
        assert!(auto(&junk).is_err_and(|e| e.contains("expected a whole number")));
    }

    #[test]
    fn a_kubernetes_indexed_job_counts_from_zero() {
        let job = [("JOB_COMPLETION_INDEX", "0"), ("JOB_COMPLETIONS", "4")];
        assert_eq!(auto(&job), Ok((1, 4)));
        let given = shard(ShardArg::Auto(Some(4)), env(&job[..1])).map(|s| (s.k(), s.n()));
        assert_eq!(given, Ok((1, 4)));
        assert!(auto(&job[..1]).is_err_and(|e| e.contains("JOB_COMPLETIONS")));
        let outside = [("JOB_COMPLETION_INDEX", "4"), ("JOB_COMPLETIONS", "4")];
        assert!(auto(&outside).is_err_and(|e| e.contains("outside")));
        let clash = shard(ShardArg::Auto(Some(3)), env(&job));
        assert!(clash.is_err_and(|e| e.contains("JOB_COMPLETIONS says 4")));
    }

    #[test]
    fn no_scheduler_is_a_clear_error() {
        assert!(auto(&[]).is_err_and(|e| e.contains("no scheduler variables")));
    }

    #[test]
    fn shards_read_as_before_and_auto_reads_its_count() {
        assert_eq!(
            parse_shard("2/8").map(|s| matches!(s, ShardArg::Fixed(x) if (x.k(), x.n()) == (2, 8))),
            Ok(true)
        );
        assert_eq!(parse_shard("auto"), Ok(ShardArg::Auto(None)));
        assert_eq!(parse_shard("auto/4"), Ok(ShardArg::Auto(Some(4))));
        assert!(parse_shard("3/2").is_err());
        assert!(parse_shard("x").is_err());
    }

    #[test]
    fn threads_follow_slurm_then_the_process_affinity() {
        assert_eq!(default_threads(env(&[("SLURM_CPUS_PER_TASK", "3")])), Ok(3));
        assert!(default_threads(env(&[("SLURM_CPUS_PER_TASK", "0")])).is_err());
        let own = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(default_threads(env(&[])), Ok(own));
    }
}
