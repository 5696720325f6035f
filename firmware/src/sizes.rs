//! The size on this chip of each piece of memory a caller lends the core.
//!
//! `main` prints one `memory <type>: <bytes> B` line for each before the
//! checks; `run-tests.sh` tabulates them per target in FIGURES.md, which
//! `docs/embedding.md` cites: on a 32-bit chip a `heapless::Vec`'s length and
//! every `usize` take 4 bytes, so these differ from a 64-bit host's `size_of`.

use core::mem::size_of;

/// (type as a caller names it, its size in bytes), for the image's capabilities.
pub const SIZES: &[(&str, usize)] = &[
    #[cfg(feature = "tchu")]
    (
        "tchu::trail::PlayerWorkspace",
        size_of::<plateau::tchu::trail::PlayerWorkspace>(),
    ),
    #[cfg(feature = "tchu")]
    (
        "tchu::trail::CompactMapWorkspace",
        size_of::<plateau::tchu::trail::CompactMapWorkspace>(),
    ),
    #[cfg(feature = "tchu")]
    (
        "tchu::trail::MapWorkspace",
        size_of::<plateau::tchu::trail::MapWorkspace>(),
    ),
    #[cfg(feature = "tchu")]
    (
        "tchu::trail::TrailWorkspace",
        size_of::<plateau::tchu::trail::TrailWorkspace>(),
    ),
    #[cfg(feature = "grid")]
    ("grid::SudokuStack", size_of::<plateau::grid::SudokuStack>()),
    #[cfg(feature = "grid")]
    ("grid::SudokuLog", size_of::<plateau::grid::SudokuLog>()),
    #[cfg(feature = "grid")]
    ("grid::Minefield", size_of::<plateau::grid::Minefield>()),
    #[cfg(feature = "grid")]
    (
        "grid::Minefield<8>",
        size_of::<plateau::grid::Minefield<8>>(),
    ),
    #[cfg(feature = "grid")]
    (
        "grid::SurveyFrame (one)",
        size_of::<plateau::grid::SurveyFrame>(),
    ),
    #[cfg(feature = "grid")]
    (
        "grid::Frame<Margins> (one)",
        size_of::<plateau::grid::Frame<plateau::grid::Margins>>(),
    ),
    #[cfg(feature = "grid")]
    (
        "grid::Frame<Snake> (one)",
        size_of::<plateau::grid::Frame<plateau::grid::Snake>>(),
    ),
    #[cfg(feature = "tour")]
    (
        "tour::Square (one a square)",
        size_of::<plateau::tour::Square>(),
    ),
];
