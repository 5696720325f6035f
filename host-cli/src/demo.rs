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
