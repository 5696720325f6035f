//! plateau's test image for Cortex-M, run under QEMU (see `../README.md`).
//!
//! Runs every check of [`checks::ALL`] on the emulated chip, one line each with
//! the check's peak stack (measured by painting), then `N passed, N failed`, and
//! exits through semihosting with 0 (all passed) or 1. A check fails when a value
//! differs from the expected one or when it used more stack than
//! [`harness::STACK_BUDGET`]. First it calibrates SysTick against instructions
//! (one line) and prints the size of each memory a caller lends the core
//! (`sizes.rs`); after a sliced check it prints one line of its slices' figures
//! (`cooperative.rs`). The capabilities' checks are features (all by default).
#![no_std]
#![no_main]
// An image of some capabilities only (`--no-default-features --features ...`,
// as `run-tests.sh` builds them) leaves helpers of the others unused, as does
// an 8 KiB board's image (`board_8k`: checks/mod.rs).
#![cfg_attr(
    any(
        board_8k,
        not(all(
            feature = "bits",
            feature = "jass",
            feature = "tchu",
            feature = "camicia",
            feature = "grid",
            feature = "tour"
        ))
    ),
    allow(dead_code, unused_imports)
)]

#[macro_use]
mod say;
mod checks;
mod cooperative;
mod expected;
mod harness;
mod lent;
mod sizes;
mod stack;

use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};

#[cfg(feature = "defmt")]
use defmt_semihosting as _;

use harness::{Check, STACK_BUDGET};

/// Most capabilities the per-capability stack summary holds.
const CAPABILITIES: usize = 16;

#[entry]
fn main() -> ! {
    say!(
        "plateau firmware checks on a {}: {} B of stack, budget {} B per check",
        cpu_name(),
        stack::capacity(),
        STACK_BUDGET
    );
    cooperative::start_clock();
    let (short, long, check) = cooperative::calibrate();
    say!(
        "calibration: SysTick counts {} for {} instructions, {} for {}; a spin of {} instructions measures {}",
        short,
        2 * cooperative::SPINS.0,
        long,
        2 * cooperative::SPINS.1,
        2 * cooperative::CHECK_SPIN,
        check
    );
    for (name, bytes) in sizes::SIZES {
        say!("memory {}: {} B", *name, *bytes);
    }
    let mut passed: u32 = 0;
    let mut failed: u32 = 0;
    // (capability, its checks' highest peak), in order of first appearance.
    let mut peaks: heapless::Vec<(&str, usize), CAPABILITIES> = heapless::Vec::new();
    for check in checks::ALL {
        let peak = run(check);
        if peak.passed {
            passed += 1;
        } else {
            failed += 1;
        }
        let capability = check.name.split('/').next().unwrap_or(check.name);
        match peaks.iter_mut().find(|(c, _)| *c == capability) {
            Some((_, worst)) => *worst = (*worst).max(peak.bytes),
            None => {
                if peaks.push((capability, peak.bytes)).is_err() {
                    say!("(no room to summarize the stack of {})", capability);
                }
            }
        }
    }
    for (capability, bytes) in &peaks {
        say!("peak stack {}: {} B", *capability, *bytes);
    }
    say!("{} passed, {} failed", passed, failed);
    exit(failed == 0)
}

/// What one check did.
struct Ran {
    passed: bool,
    /// Peak stack in bytes (the whole stack if it overflowed).
    bytes: usize,
}

/// Runs one check between painting the stack and reading how deep it went, and
/// prints its line.
#[inline(never)]
fn run(check: &Check) -> Ran {
    // The check's frames start right below this function's stack pointer.
    let base = stack::pointer();
    stack::paint();
    let outcome = (check.run)();
    let Some(lowest) = stack::lowest_touched() else {
        say!(
            "FAIL {}: stack overflowed its {} B",
            check.name,
            stack::capacity()
        );
        return Ran {
            passed: false,
            bytes: stack::capacity(),
        };
    };
    let bytes = base.saturating_sub(lowest);
    let within = bytes <= STACK_BUDGET;
    report(check.name, bytes, &outcome, within);
    Ran {
        passed: outcome.is_ok() && within,
        bytes,
    }
}

/// Prints a check's line, and its slices' figures if it was sliced. Not
/// inlined: its frame (the mismatch texts, the formatting) is not under the
/// check's frames, which on a board of 8 KiB of RAM (issue #41) need every
/// byte of the stack.
#[inline(never)]
fn report(name: &str, bytes: usize, outcome: &harness::Outcome, within: bool) {
    match (outcome, within) {
        (Ok(()), true) => say!("ok   {}: stack {} B", name, bytes),
        (Ok(()), false) => say!(
            "FAIL {}: stack {} B over the budget of {} B",
            name,
            bytes,
            STACK_BUDGET
        ),
        (Err(m), _) => {
            let (got, expected) = harness::take_texts();
            match m.step {
                Some(step) => say!(
                    "FAIL {}: stack {} B: step {}: {}: expected {}, got {}",
                    name,
                    bytes,
                    step,
                    m.what,
                    expected.as_str(),
                    got.as_str()
                ),
                None => say!(
                    "FAIL {}: stack {} B: {}: expected {}, got {}",
                    name,
                    bytes,
                    m.what,
                    expected.as_str(),
                    got.as_str()
                ),
            }
        }
    }
    if let Some(f) = cooperative::take_figures() {
        say!(
            "sliced {}: budget {} steps, {} slices, ticks moved {}, largest slice {} steps, {} instructions, spent {} steps",
            name,
            f.budget,
            f.slices,
            f.ticks,
            f.most_steps,
            f.most_instructions,
            f.spent
        );
    }
}

/// Names the core from the CPUID register (QEMU's `-cpu` choice).
fn cpu_name() -> &'static str {
    // SAFETY: CPUID is a read-only register present on every Cortex-M.
    let cpuid = unsafe { (*cortex_m::peripheral::CPUID::PTR).base.read() };
    match (cpuid >> 4) & 0xFFF {
        0xC20 => "Cortex-M0",
        0xC60 => "Cortex-M0+",
        0xC23 => "Cortex-M3",
        0xC24 => "Cortex-M4",
        0xC27 => "Cortex-M7",
        _ => "Cortex-M (unknown part)",
    }
}

/// Ends the QEMU run with exit code 0 (`success`) or 1.
fn exit(success: bool) -> ! {
    debug::exit(if success { EXIT_SUCCESS } else { EXIT_FAILURE });
    // Only a debugger asking the program to go on gets here.
    loop {
        cortex_m::asm::wfi();
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    match info.location() {
        Some(at) => say!("FAIL panic at {}:{}", at.file(), at.line()),
        None => say!("FAIL panic"),
    }
    exit(false)
}

#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    say!("FAIL hard fault at pc {}", frame.pc());
    exit(false)
}
