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
    let t = Trail::longest(&net).map_err(|e| crate::CliError::new(e.to_string()))?;
    writeln!(io.out, "{t}")?;
    writeln!(
        io.out,
        "$ plateau tchu longest --all   # one player owning all 88 routes"
    )?;
    let t = Trail::longest(&ROUTES).map_err(|e| crate::CliError::new(e.to_string()))?;
    writeln!(
        io.out,
        "{} routes, {} stations, length {} of the map's 205",
        t.route_count(),
        t.stations().count(),
        t.length()
    )?;
    Ok(())
}
