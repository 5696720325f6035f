//! Peak stack by painting: fill the free stack with a pattern, run, and find the
//! lowest word the pattern no longer holds.
//!
//! The stack grows down from `_stack_start` (the top of RAM) to `_stack_end`
//! (the end of `.bss`), both symbols of cortex-m-rt's `link.x`. No interrupt is
//! enabled, so nothing else writes below the stack pointer while we measure.

use cortex_m::register::msp;

/// What unused stack holds while a check runs.
const PAINT: u32 = 0x5AC4_C0DE;

/// Bytes left unpainted below the stack pointer `paint` reads: the compiler may
/// read it before `paint` pushes its own registers. A check that uses less
/// than this is reported as using this much.
pub const UNPAINTED: usize = 64;

unsafe extern "C" {
    static _stack_start: u32;
    static _stack_end: u32;
}

fn bottom() -> usize {
    // Only the symbol's address is used, never its value.
    core::ptr::addr_of!(_stack_end) as usize
}

/// Returns the address of the top of the stack (the initial stack pointer).
pub fn top() -> usize {
    core::ptr::addr_of!(_stack_start) as usize
}

/// Returns the current stack pointer.
#[inline(always)]
pub fn pointer() -> usize {
    msp::read() as usize
}

/// Paints every word from the bottom of the stack up to [`UNPAINTED`] bytes
/// below the caller's stack pointer.
#[inline(never)]
pub fn paint() {
    // Words below the stack pointer are free (no interrupt can use them), but
    // this function's own saved registers may sit just below the value read.
    let end = pointer().saturating_sub(UNPAINTED) & !3;
    let mut at = bottom();
    while at < end {
        // SAFETY: `at` is word-aligned, inside RAM, between the end of `.bss`
        // and the live stack; nothing reads those words but `lowest_touched`.
        unsafe { core::ptr::write_volatile(at as *mut u32, PAINT) };
        at += 4;
    }
}

/// Returns the lowest address whose painted word has been overwritten since
/// [`paint`], or `None` if the stack ran down to its very bottom (an overflow
/// into `.bss` cannot be measured, only suspected).
#[inline(never)]
pub fn lowest_touched() -> Option<usize> {
    let end = pointer();
    let mut at = bottom();
    // SAFETY: as in `paint`, every address read is a word of the free stack.
    if unsafe { core::ptr::read_volatile(at as *const u32) } != PAINT {
        return None;
    }
    while at < end {
        if unsafe { core::ptr::read_volatile(at as *const u32) } != PAINT {
            return Some(at);
        }
        at += 4;
    }
    Some(end)
}

/// Returns the bytes between the bottom and the top of the stack.
pub fn capacity() -> usize {
    top().saturating_sub(bottom())
}
