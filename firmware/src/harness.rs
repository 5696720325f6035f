//! The checks' vocabulary: a [`Check`] is a name and a function that returns
//! [`Outcome`]; the helpers compare what the core computed with what a check
//! expects and say where they differ.

use core::cell::RefCell;
use core::fmt::{self, Debug, Display, Write};

use critical_section::Mutex;

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

/// The first value of a check that differed from the expected one. Kept small
/// (it is returned through every check's frames): the texts of what was
/// computed and expected wait in [`take_texts`].
#[derive(Clone, Copy, Debug)]
pub struct Mismatch {
    /// What was compared.
    pub what: &'static str,
    /// Which step of a sequence, if the check walks one.
    pub step: Option<usize>,
}

/// The texts of the last mismatch: (got, expected).
static TEXTS: Mutex<RefCell<(Text, Text)>> = Mutex::new(RefCell::new((Text::new(), Text::new())));

/// Records the texts of a mismatch and returns it.
#[inline(never)]
fn mismatch(what: &'static str, got: fmt::Arguments<'_>, expected: fmt::Arguments<'_>) -> Mismatch {
    critical_section::with(|cs| {
        let mut texts = TEXTS.borrow_ref_mut(cs);
        let (g, e) = &mut *texts;
        g.clear();
        e.clear();
        // A full buffer only cuts the message short.
        let _ = g.write_fmt(got);
        let _ = e.write_fmt(expected);
    });
    Mismatch { what, step: None }
}

/// Returns the texts (got, expected) of the last mismatch, and forgets them.
pub fn take_texts() -> (Text, Text) {
    critical_section::with(|cs| core::mem::take(&mut *TEXTS.borrow_ref_mut(cs)))
}

/// Expects `got == expected`, showing their `Debug` forms on failure.
pub fn equal<T: PartialEq + Debug>(what: &'static str, got: T, expected: T) -> Outcome {
    if got == expected {
        Ok(())
    } else {
        Err(mismatch(
            what,
            format_args!("{got:?}"),
            format_args!("{expected:?}"),
        ))
    }
}

/// A `fmt::Write` that compares what is written with an expected text as it
/// comes, so that no buffer holds the value's text.
struct SameText<'a> {
    rest: &'a str,
    same: bool,
}

impl Write for SameText<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) if self.same => self.rest = rest,
            _ => self.same = false,
        }
        Ok(())
    }
}

/// Expects `value` to display exactly as `expected`.
pub fn displays<T: Display>(what: &'static str, value: T, expected: &str) -> Outcome {
    let mut cmp = SameText {
        rest: expected,
        same: true,
    };
    let written = write!(cmp, "{value}");
    if written.is_ok() && cmp.same && cmp.rest.is_empty() {
        Ok(())
    } else {
        Err(mismatch(
            what,
            format_args!("{value}"),
            format_args!("{expected}"),
        ))
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
    result.map_err(|e| mismatch(what, format_args!("{e:?}"), format_args!("Ok")))
}
