//! One folder per command family. A command module imports the shared
//! modules of the crate (input, limits, output, progress, error) and never
//! another command; notation that a family parses lives in that family.

pub(crate) mod camicia;
pub(crate) mod demo;
pub(crate) mod jass;
pub(crate) mod shell;
pub(crate) mod solve;
pub(crate) mod tchu;
pub(crate) mod tour;
