//! The checks' vocabulary: a [`Check`] is a name and a function that returns
//! [`Outcome`]; the helpers compare what the core computed with what a check
//! expects and say where they differ.

use core::fmt::{self, Debug, Display, Write};

/// Most bytes of stack one check may use (its capability's documented
/// capacities included).
pub const STACK_BUDGET: usize = 8 * 1024;

/// Text of a value in a failure message, cut at its capacity.
pub type Text = heapless::String<96>;

/// One check of the test image: a name (`capability/what`) and what it runs.
pub struct Check {
    /// `capability/what`, printed on the check's line.
    pub name: &'static str,
    /// Runs the core on fixed inputs and compares with the expected values.
    pub run: fn() -> Outcome,
}

/// What a check found: `Ok` when every value matched.
pub type Outcome = Result<(), Mismatch>;

/// The first value of a check that differed from the expected one.
pub struct Mismatch {
    /// What was compared.
    pub what: &'static str,
    /// Which step of a sequence, if the check walks one.
    pub step: Option<usize>,
    /// What the core computed.
    pub got: Text,
    /// What the check expected.
    pub expected: Text,
}

fn text(args: fmt::Arguments<'_>) -> Text {
    let mut t = Text::new();
    // A full buffer only cuts the message short.
    let _ = t.write_fmt(args);
    t
}

/// Expects `got == expected`, comparing their `Debug` forms on failure.
pub fn equal<T: PartialEq + Debug>(what: &'static str, got: T, expected: T) -> Outcome {
    if got == expected {
        Ok(())
    } else {
        Err(Mismatch {
            what,
            step: None,
            got: text(format_args!("{got:?}")),
            expected: text(format_args!("{expected:?}")),
        })
    }
}

/// Expects `value` to display exactly as `expected`.
pub fn displays<T: Display>(what: &'static str, value: T, expected: &str) -> Outcome {
    let got = text(format_args!("{value}"));
    if got.as_str() == expected {
        Ok(())
    } else {
        Err(Mismatch {
            what,
            step: None,
            got,
            expected: text(format_args!("{expected}")),
        })
    }
}

/// Expects `condition` to hold.
pub fn holds(what: &'static str, condition: bool) -> Outcome {
    equal(what, condition, true)
}

/// Tags a failure with the step of a sequence it happened at.
pub trait AtStep {
    /// Returns the outcome, a failure tagged with `step`.
    fn at(self, step: usize) -> Self;
}

impl<T> AtStep for Result<T, Mismatch> {
    fn at(self, step: usize) -> Self {
        self.map_err(|m| Mismatch {
            step: Some(step),
            ..m
        })
    }
}

/// A `u64` compared and shown in hex, as the CLI prints packed values.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Hex(pub u64);

impl Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#018x}", self.0)
    }
}

/// Expects `result` to be `Ok` and returns its value, or the error as a mismatch.
pub fn accepted<T, E: Debug>(what: &'static str, result: Result<T, E>) -> Result<T, Mismatch> {
    result.map_err(|e| Mismatch {
        what,
        step: None,
        got: text(format_args!("{e:?}")),
        expected: text(format_args!("Ok")),
    })
}
