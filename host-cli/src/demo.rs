//! `plateau demo`: every capability once, on built-in data.

use crate::{CliResult, Io};

/// Runs the demo: one section per capability.
pub fn run(io: &mut Io<'_>) -> CliResult {
    writeln!(
        io.out,
        "plateau {}: board- and card-game algorithms for small machines",
        env!("CARGO_PKG_VERSION")
    )?;
    jass(io)?;
    tour(io)?;
    Ok(())
}

fn heading(io: &mut Io<'_>, title: &str) -> CliResult {
    writeln!(io.out, "\n== {title}")?;
    Ok(())
}

fn jass(io: &mut Io<'_>) -> CliResult {
    heading(io, "Jass: a turn of 9 tricks, scores packed in one u64")?;
    let events: Vec<String> = "1:13 2:18 1:18 2:18 1:18 2:18 1:18 2:18 1:18 next"
        .split(' ')
        .map(String::from)
        .collect();
    writeln!(io.out, "$ plateau jass score {}", events.join(" "))?;
    for s in crate::jass::scores(&events)? {
        writeln!(
            io.out,
            "{:<20} {}",
            s.to_string(),
            crate::jass::hex(s.packed())
        )?;
    }
    Ok(())
}

fn tour(io: &mut Io<'_>) -> CliResult {
    use plateau::tour::{Board, Square, TourKind};
    heading(io, "Knight's tours: Warnsdorff's rule, made certain")?;
    writeln!(io.out, "$ plateau tour --board 8x8 --start e8 --closed")?;
    let board = Board::new(8, 8).map_err(|e| crate::CliError::new(e.to_string()))?;
    let start = Square::new(4, 7);
    match crate::tour::tour(board, start, TourKind::Closed, 1_000_000)? {
        Ok(squares) => {
            writeln!(
                io.out,
                "closed tour from e8, checked: every square once, by knight moves, back to e8"
            )?;
            write!(io.out, "{}", crate::tour::grid(board, &squares))?;
        }
        Err(other) => writeln!(io.out, "{other:?}")?,
    }
    let board = Board::new(3, 4).map_err(|e| crate::CliError::new(e.to_string()))?;
    let outcome = crate::tour::tour(board, Square::new(1, 1), TourKind::Open, 1_000_000)?;
    writeln!(io.out, "$ plateau tour --board 3x4 --start b2")?;
    match outcome {
        Err(plateau::tour::TourOutcome::None(why)) => writeln!(io.out, "none: {why}")?,
        Ok(_) => writeln!(io.out, "found")?,
        Err(other) => writeln!(io.out, "{other:?}")?,
    }
    Ok(())
}
