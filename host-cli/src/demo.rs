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
    tchu(io)?;
    tchu_trail(io)?;
    camicia(io)?;
    grid(io)?;
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

fn tchu(io: &mut Io<'_>) -> CliResult {
    use plateau::tchu::map;
    heading(
        io,
        "tCHu: the Swiss map's routes, their claims and tunnel cards",
    )?;
    let tunnels = map::ROUTES
        .iter()
        .filter(|r| r.level() == plateau::tchu::Level::Underground)
        .count();
    writeln!(
        io.out,
        "{} stations, {} routes ({tunnels} tunnels), {} tickets",
        map::STATIONS.len(),
        map::ROUTES.len(),
        map::TICKETS.len()
    )?;
    let route = crate::tchu::find_route("COI_DAV_1")?;
    writeln!(io.out, "$ plateau tchu claims COI_DAV_1")?;
    for c in &route.possible_claim_cards() {
        writeln!(io.out, "{c}")?;
    }
    let claim = crate::tchu::parse_cards("--claim", "violet,locomotive")?;
    let drawn = crate::tchu::parse_cards("--drawn", "violet,black,locomotive")?;
    let n = route
        .additional_claim_cards_count(&claim, &drawn)
        .map_err(|e| crate::CliError::new(e.to_string()))?;
    writeln!(
        io.out,
        "$ plateau tchu additional COI_DAV_1 --claim violet,locomotive --drawn violet,black,locomotive\n{n}"
    )?;
    Ok(())
}

fn tchu_trail(io: &mut Io<'_>) -> CliResult {
    use plateau::tchu::map::ROUTES;
    use plateau::tchu::trail::Trail;
    heading(io, "tCHu: the longest trail, exact, for the 10-point bonus")?;
    let ids = "NEU_YVE_1 NEU_SOL_1 BER_NEU_1 BER_SOL_1 BER_LUC_1 BER_FRI_1";
    writeln!(io.out, "$ plateau tchu longest {ids}")?;
    let net: Vec<plateau::tchu::Route> = ids
        .split(' ')
        .map(|id| crate::tchu::find_route(id).copied())
        .collect::<CliResult<_>>()?;
    let t = Trail::longest_unbounded(&net).map_err(|e| crate::CliError::new(e.to_string()))?;
    writeln!(io.out, "{t}")?;
    writeln!(
        io.out,
        "$ plateau tchu longest --all   # one player owning all 88 routes"
    )?;
    let t = Trail::longest_unbounded(&ROUTES).map_err(|e| crate::CliError::new(e.to_string()))?;
    writeln!(
        io.out,
        "{} routes, {} stations, length {} of the map's 205",
        t.route_count(),
        t.stations().count(),
        t.length()
    )?;
    Ok(())
}

fn camicia(io: &mut Io<'_>) -> CliResult {
    heading(
        io,
        "Camicia: Beggar-my-neighbour played exactly, loops found in constant memory",
    )?;
    let max_rounds = crate::camicia::DEFAULT_MAX_ROUNDS;
    for (a, b) in [("2 A 7 8 Q 10", "3 4 5 6 K 9 J"), ("J 2 3", "4 J 5")] {
        writeln!(io.out, "$ plateau camicia \"{a}\" \"{b}\"")?;
        crate::camicia::play(&[a, b], max_rounds, false, io)?;
    }
    for (who, deal) in [
        (
            "Nessler 2022, the longest known game",
            "---AJ--Q---------QAKQJJ-QK/-----A----KJ-K--------A---",
        ),
        (
            "Casella et al. 2024, the first game that never ends",
            "---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA",
        ),
    ] {
        writeln!(io.out, "$ plateau camicia {deal}      # {who}")?;
        crate::camicia::play(&[deal], max_rounds, false, io)?;
    }
    // A short hunt: its deals are fixed by the seed, its rate is this machine's.
    let line = "camicia hunt --deals 1000000 --seed 1 --top 3";
    writeln!(
        io.out,
        "$ plateau {line}      # a search for long games, 32 at a time on each thread"
    )?;
    let cli = <crate::Cli as clap::Parser>::try_parse_from(
        std::iter::once("plateau").chain(line.split(' ')),
    )
    .map_err(|e| crate::error::CliError::new(e.to_string()))?;
    if let crate::Command::Camicia(args) = cli.command {
        crate::camicia::run(args, false, io)?;
    }
    Ok(())
}

fn grid(io: &mut Io<'_>) -> CliResult {
    use crate::solve;
    use plateau::Budget;
    use plateau::grid::Count;
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
    let a = solve::solve_sudoku(&givens, Budget::UNLIMITED, Count::Uniqueness);
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
    let m = solve::solve_margins(
        &[2, 2, 1],
        &[2, 2, 1],
        solve::Walk::Dfs,
        5,
        1,
        Budget::UNLIMITED,
    )?;
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
    let s = solve::survey_minefield(&b, Budget::UNLIMITED)?;
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
    let a = solve::solve_snake(&spec, 1, Budget::UNLIMITED)?;
    writeln!(io.out, "{}: {} snake(s)", a.status, a.count)?;
    for row in a.solutions.first().into_iter().flatten() {
        writeln!(io.out, "{row}")?;
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
        Err(plateau::tour::TourOutcome::NoSolution(why)) => writeln!(io.out, "none: {why}")?,
        Ok(_) => writeln!(io.out, "found")?,
        Err(other) => writeln!(io.out, "{other:?}")?,
    }
    Ok(())
}
