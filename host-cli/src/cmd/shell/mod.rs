//! `plateau completions` and `plateau man`: the shell's view of the command
//! line, generated from the same clap definitions as `--help`.

use crate::error::{self, CliResult};
use crate::{Io, command};

/// Prints the completion script for `shell`.
pub(crate) fn completions(shell: clap_complete::Shell, io: &mut Io<'_>) -> CliResult {
    let mut command = command();
    // Into memory first: clap_complete panics on a write error (a full
    // disk, a closed pipe), and the tool answers every one with words.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "plateau", &mut script);
    io.out.write_all(&script)?;
    Ok(())
}

/// Prints the man page of `plateau` or of the command `path` names
/// (`["tchu", "longest"]` gives plateau-tchu-longest(1)).
pub(crate) fn man_page(path: &[String], io: &mut Io<'_>) -> CliResult {
    let mut command = command();
    // Building names the subcommands plateau-tchu-longest and so on.
    command.build();
    for word in path {
        let Some(sub) = command.find_subcommand(word).cloned() else {
            let name = command.get_display_name().unwrap_or("plateau");
            return Err(error::bad(
                "command",
                word,
                format!("{name} has no such command (see --help)"),
            ));
        };
        command = sub;
    }
    clap_mangen::Man::new(command).render(&mut io.out)?;
    Ok(())
}
