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
    grid(io)?;
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

fn grid(io: &mut Io<'_>) -> CliResult {
    use crate::solve;
    use plateau::grid::Limits;
    heading(io, "Grid puzzles: one tree search, four puzzles")?;
    let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    writeln!(
        io.out,
        "$ plateau solve sudoku   # Arto Inkala's 2012 puzzle"
    )?;
    writeln!(io.out, "{line}")?;
    let (_, givens) = solve::parse_sudokus(line, "demo")?
        .into_iter()
        .next()
        .ok_or_else(|| crate::CliError::new("demo sudoku missing"))?;
    let a = solve::solve_sudoku(&givens, Limits::UNIQUENESS);
    writeln!(io.out, "{}:", a.status)?;
    if let Some(sol) = &a.solution {
        for row in sol.as_bytes().chunks(9) {
            writeln!(io.out, "{}", String::from_utf8_lossy(row))?;
        }
    }

    writeln!(
        io.out,
        "\n$ plateau solve margins --rows 2,2,1 --cols 2,2,1"
    )?;
    let m = solve::solve_margins(&[2, 2, 1], &[2, 2, 1], solve::Walk::Dfs, 5, 1, u64::MAX)?;
    writeln!(
        io.out,
        "{} grids: {}",
        m.count,
        m.solutions
            .iter()
            .map(|g| g.join("/"))
            .collect::<Vec<_>>()
            .join("  ")
    )?;

    let board = "???\n121\n";
    writeln!(
        io.out,
        "\n$ plateau solve minesweeper   # '?' hidden, digits revealed"
    )?;
    write!(io.out, "{board}")?;
    let b = solve::parse_minefield(board, "demo")?;
    let s = solve::survey_minefield(&b, u64::MAX)?;
    writeln!(
        io.out,
        "{} layout(s); M = mine in every layout, S = safe in every layout:",
        s.layouts
    )?;
    for row in &s.marked {
        writeln!(io.out, "{row}")?;
    }

    let snake = "rows 3 2 3\ncols 3 1 3 1\nhead 1 1\ntail 1 4\n";
    writeln!(io.out, "\n$ plateau solve snake")?;
    write!(io.out, "{snake}")?;
    let spec = solve::parse_snake(snake, "demo")?;
    let a = solve::solve_snake(&spec, 1, u64::MAX)?;
    writeln!(io.out, "{}: {} snake(s)", a.status, a.count)?;
    for row in a.solutions.first().into_iter().flatten() {
        writeln!(io.out, "{row}")?;
    }
    Ok(())
}
