//! A hunt's report, in one form for everything that writes or reads one:
//! `hunt` prints it, `merge` reads shards of it back and prints their union,
//! and a checkpoint is the report so far, in the same lines under the same
//! seal.
//!
//! Its lines (`--json`): the [`Summary`] (the counts, the time, the hunt's
//! parameters), one [`Listed`] line per deal of the lists (by cards, by
//! tricks, then the loops), and the [`Seal`]: how many lines came before it
//! and their FNV-1a hash, so that a truncated or edited file is told from a
//! whole one. [`read`] reads a report back and believes nothing it has not
//! checked: the seal, the counts against the chunks, and every listed deal,
//! played again.
//!
//! The record kind of the Camicia family: `model.rs` (what a report holds),
//! `wire.rs` (its lines), `read.rs` (reading them back), `checkpoint.rs`
//! (a report saved under way, and loaded to resume).

pub(crate) mod checkpoint;
mod model;
mod read;
mod wire;

pub(crate) use model::{Header, Params, Report};
pub(crate) use read::{Read, read, split};
pub(crate) use wire::render;
