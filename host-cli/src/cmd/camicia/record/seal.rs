//! The seal every record of the family ends with (a hunt's report, a `loops`
//! output, their checkpoints and merges): the last line,
//! `{"event":"end","lines":N,"fnv64":"…"}`, counts the lines before it and
//! hashes them (FNV-1a, 64 bits, each line with its newline), so that a
//! truncated or edited file is told from a whole one. [`Sealer`] writes it,
//! [`check`] reads it back, [`split`] cuts a file at its seals.

use serde::{Deserialize, Serialize};

use crate::error::CliResult;
use crate::output::write_json;

/// The last line of a record.
#[derive(Serialize, Deserialize)]
struct Seal {
    /// `end`.
    event: String,
    /// The lines before this one.
    lines: u64,
    /// FNV-1a (64 bits, hex) of those lines, each with its newline.
    fnv64: String,
}

/// FNV-1a's offset basis (64 bits).
const BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `bytes` from the hash `h` of the bytes before them.
fn fold(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// FNV-1a, 64 bits: enough to tell a damaged file, not meant against forgery.
#[cfg(test)]
fn fnv64(bytes: &[u8]) -> u64 {
    fold(BASIS, bytes)
}

/// The lines of a record written so far, counted and hashed: the seal they
/// end with. A record written in pieces (`loops` prints each cycle as it is
/// found) adds each piece as it goes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sealer {
    lines: u64,
    hash: u64,
}

impl Sealer {
    /// Returns the sealer of no line yet.
    pub(crate) const fn new() -> Self {
        Sealer {
            lines: 0,
            hash: BASIS,
        }
    }

    /// Counts and hashes `bytes`: whole lines, each with its newline.
    pub(crate) fn add(&mut self, bytes: &[u8]) {
        self.lines += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        self.hash = fold(self.hash, bytes);
    }

    /// Returns the seal of the lines added, as its line.
    pub(crate) fn line(&self) -> CliResult<Vec<u8>> {
        let mut out = Vec::new();
        let seal = Seal {
            event: "end".to_string(),
            lines: self.lines,
            fnv64: format!("{:016x}", self.hash),
        };
        write_json(&mut out, &seal)?;
        Ok(out)
    }
}

/// Splits `text` into the records it holds: one file may hold several, one
/// after another (shards concatenated on standard input). Each ends at its
/// seal; `\r\n` line ends read as `\n`. Returns each record's lines (without
/// their ends) and the number of its first line in `text`.
pub(crate) fn split(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut records = Vec::new();
    let mut lines = Vec::new();
    let mut first = 1;
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if lines.is_empty() && line.trim().is_empty() {
            first = i + 2;
            continue;
        }
        lines.push(line);
        if line.contains("\"event\"") && serde_json::from_str::<Seal>(line.trim()).is_ok() {
            records.push((first, std::mem::take(&mut lines)));
            first = i + 2;
        }
    }
    // A record cut before its seal: up to its last line that is not blank.
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    if !lines.is_empty() {
        records.push((first, lines));
    }
    records
}

/// Checks the seal of one record's `lines` (its last line): returns the
/// lines it seals. The error is the index of the line at fault, and why.
pub(crate) fn check<'a>(lines: &'a [&'a str]) -> Result<&'a [&'a str], (usize, String)> {
    let last = lines.len().saturating_sub(1);
    let seal: Seal = lines
        .get(last)
        .and_then(|l| serde_json::from_str(l.trim()).ok())
        .filter(|s: &Seal| s.event == "end" && last > 0)
        .ok_or_else(|| {
            (
                last,
                "the report ends without its end line (truncated?)".to_string(),
            )
        })?;
    let body = &lines[..last];
    let mut sealer = Sealer::new();
    for l in body {
        sealer.add(l.as_bytes());
        sealer.add(b"\n");
    }
    if seal.lines != sealer.lines || seal.fnv64 != format!("{:016x}", sealer.hash) {
        return Err((
            last,
            "the lines above do not match their hash (edited or cut?)".into(),
        ));
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv64_has_its_published_values() {
        // The FNV test vectors (draft-eastlake-fnv): "" and "a".
        assert_eq!(fnv64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn a_record_written_in_pieces_has_the_seal_of_its_whole() {
        let (a, b) = (b"{\"a\":1}\n".as_slice(), b"{\"b\":2}\n".as_slice());
        let mut pieces = Sealer::new();
        pieces.add(a);
        pieces.add(b);
        let mut whole = Sealer::new();
        whole.add(&[a, b].concat());
        let seal = pieces.line().expect("a seal");
        assert_eq!(seal, whole.line().expect("a seal"));
        let text = String::from_utf8([a, b, &seal].concat()).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(check(&lines).map(<[&str]>::len), Ok(2));
        // One line edited, or one cut: refused at the seal.
        let edited = ["{\"a\":2}", lines[1], lines[2]];
        assert_eq!(check(&edited).map_err(|e| e.0), Err(2));
        assert_eq!(check(&[lines[0], lines[2]]).map_err(|e| e.0), Err(1));
        assert_eq!(check(&lines[..2]).map_err(|e| e.0), Err(1));
    }

    #[test]
    fn records_are_split_at_their_seals_and_crlf_reads_as_lf() {
        let text = "{\"a\":1}\r\n{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}\r\n\n{\"b\":2}\n{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}\n";
        let parts = split(text);
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts[0],
            (
                1,
                vec![
                    "{\"a\":1}",
                    "{\"event\":\"end\",\"lines\":1,\"fnv64\":\"0\"}"
                ]
            )
        );
        assert_eq!(parts[1].0, 4);
        // A line that names an event but is no seal ends no record; a
        // record cut before its seal is one too, up to its last line.
        let text = "{\"a\":1}\n{\"event\":\"play\"}\n{\"b\":2}\n\n";
        assert_eq!(
            split(text),
            [(1, vec!["{\"a\":1}", "{\"event\":\"play\"}", "{\"b\":2}"])]
        );
    }

    #[test]
    fn a_seal_seals_at_least_one_line() {
        let seal = String::from_utf8(Sealer::new().line().expect("a seal")).expect("text");
        assert_eq!(
            seal,
            "{\"event\":\"end\",\"lines\":0,\"fnv64\":\"cbf29ce484222325\"}\n"
        );
        assert!(check(&[seal.trim_end()]).is_err());
    }
}
