//! `say!`: one line of output, through plain semihosting text or through defmt.
//!
//! Format strings stay within what both accept (`{}` on `&str` and integers),
//! so every line the firmware prints is written once for both.

/// Prints one line on the host's standard output (semihosting).
#[cfg(not(feature = "defmt"))]
macro_rules! say {
    ($($arg:tt)*) => { cortex_m_semihosting::hprintln!($($arg)*) };
}

/// Logs one line as a defmt frame (defmt-semihosting; decode with `defmt-print`).
#[cfg(feature = "defmt")]
macro_rules! say {
    ($($arg:tt)*) => { defmt::println!($($arg)*) };
}
