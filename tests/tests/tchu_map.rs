//! The real map: the checked-in Rust tables are generated from `fixtures/tchu/*.tsv`
//! and agree with them.
//!
//! Regenerate `core/src/tchu/map/data.rs` after editing a TSV file with
//! `PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test integration -- tchu_map::`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use plateau::tchu::{Color, Level, map};
use plateau_tests::workspace_root;

const DATA_RS: &str = "core/src/tchu/map/data.rs";

/// The data rows of a TSV file: comments (`#`) and the header skipped, split on tabs.
fn rows(name: &str) -> Vec<Vec<String>> {
    let path = workspace_root().join("fixtures/tchu").join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').map(|f| f.trim().to_string()).collect())
        .collect()
}

struct Tsv {
    /// (code, id, name) in file order.
    stations: Vec<(String, u8, String)>,
    /// (id, code1, code2, length, level, color) in file order.
    routes: Vec<(String, String, String, u8, String, String)>,
    /// Each ticket as trips (from code, to code, points), in the game's order.
    tickets: Vec<Vec<(String, String, u8)>>,
}

/// The border stations of a country code (`DE` is DE1..DE5, ...).
fn country(code: &str) -> Vec<String> {
    let n = match code {
        "DE" => 5,
        "AT" => 3,
        "IT" => 5,
        "FR" => 4,
        _ => panic!("unknown country {code}"),
    };
    (1..=n).map(|i| format!("{code}{i}")).collect()
}

fn read_tsv() -> Tsv {
    let stations = rows("stations.tsv")
        .into_iter()
        .map(|r| (r[0].clone(), r[1].parse().unwrap(), r[2].clone()))
        .collect();
    let routes = rows("routes.tsv")
        .into_iter()
        .map(|r| {
            (
                r[0].clone(),
                r[1].clone(),
                r[2].clone(),
                r[3].parse().unwrap(),
                r[4].clone(),
                r[5].clone(),
            )
        })
        .collect();
    let tickets = rows("tickets.tsv")
        .into_iter()
        .map(|r| {
            let (kind, from, to, points) = (&r[0], &r[1], &r[2], &r[3]);
            match kind.as_str() {
                "city-city" => vec![(from.clone(), to.clone(), points.parse().unwrap())],
                "city-country" | "country-country" => {
                    let froms = if kind == "city-country" {
                        vec![from.clone()]
                    } else {
                        country(from)
                    };
                    let mut trips = Vec::new();
                    for target in to.split(',') {
                        let (c, p) = target.split_once(':').unwrap();
                        let p: u8 = p.parse().unwrap();
                        for f in &froms {
                            for t in country(c) {
                                trips.push((f.clone(), t, p));
                            }
                        }
                    }
                    trips
                }
                _ => panic!("unknown ticket kind {kind}"),
            }
        })
        .collect();
    Tsv {
        stations,
        routes,
        tickets,
    }
}

fn level_rust(level: &str) -> &'static str {
    match level {
        "OVERGROUND" => "Level::Overground",
        "UNDERGROUND" => "Level::Underground",
        _ => panic!("unknown level {level}"),
    }
}

fn color_rust(color: &str) -> String {
    if color == "NEUTRAL" {
        return "None".into();
    }
    let c = Color::ALL
        .iter()
        .find(|c| c.name() == color)
        .unwrap_or_else(|| panic!("unknown color {color}"));
    format!("Some(Color::{c:?})")
}

/// The Rust text of `data.rs` for the TSV files.
fn generate(tsv: &Tsv) -> String {
    let mut s = String::new();
    let n = tsv.stations.len();
    writeln!(
        s,
        "//! The map's tables, generated from `fixtures/tchu/*.tsv`: do not edit."
    )
    .unwrap();
    writeln!(s, "//!").unwrap();
    writeln!(
        s,
        "//! Regenerate with `PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test integration tchu_map`."
    )
    .unwrap();
    writeln!(s).unwrap();
    writeln!(
        s,
        "use super::super::{{Color, Level, Route, Station, Ticket, Trip}};"
    )
    .unwrap();
    writeln!(s).unwrap();
    for (code, id, name) in &tsv.stations {
        writeln!(s, "/// {name} (id {id}).").unwrap();
        writeln!(
            s,
            "pub const {code}: Station = Station::new({id}, \"{code}\", \"{name}\");"
        )
        .unwrap();
    }
    writeln!(s).unwrap();
    writeln!(s, "/// The {n} stations, by id.").unwrap();
    writeln!(s, "pub static STATIONS: [Station; {n}] = [").unwrap();
    for (code, _, _) in &tsv.stations {
        writeln!(s, "    {code},").unwrap();
    }
    writeln!(s, "];").unwrap();
    writeln!(s).unwrap();
    let n = tsv.routes.len();
    writeln!(s, "/// The {n} routes, sorted by id.").unwrap();
    writeln!(s, "pub static ROUTES: [Route; {n}] = [").unwrap();
    for (id, a, b, len, level, color) in &tsv.routes {
        writeln!(
            s,
            "    Route::unchecked(\"{id}\", {a}, {b}, {len}, {}, {}),",
            level_rust(level),
            color_rust(color)
        )
        .unwrap();
    }
    writeln!(s, "];").unwrap();
    writeln!(s).unwrap();
    let n = tsv.tickets.len();
    writeln!(s, "/// The {n} tickets, in the game's order.").unwrap();
    writeln!(s, "pub static TICKETS: [Ticket; {n}] = [").unwrap();
    for trips in &tsv.tickets {
        write!(s, "    Ticket::new(&[").unwrap();
        for (i, (f, t, p)) in trips.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(s, "{sep}Trip::new({f}, {t}, {p})").unwrap();
        }
        writeln!(s, "]),").unwrap();
    }
    writeln!(s, "];").unwrap();
    s
}

fn data_rs_path() -> PathBuf {
    workspace_root().join(DATA_RS)
}

#[test]
fn checked_in_tables_are_generated_from_the_tsv_files() {
    let text = generate(&read_tsv());
    let path = data_rs_path();
    if std::env::var_os("PLATEAU_REGENERATE").is_some() {
        fs::write(&path, &text).unwrap();
        return;
    }
    let current = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == text,
        "{DATA_RS} differs from what fixtures/tchu/*.tsv generate; regenerate it with \
         `PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test integration -- tchu_map::`"
    );
}

#[test]
fn stations_agree_with_the_tsv() {
    let tsv = read_tsv();
    assert_eq!(map::STATIONS.len(), 51);
    assert_eq!(tsv.stations.len(), 51);
    for (i, (s, (code, id, name))) in map::STATIONS.iter().zip(&tsv.stations).enumerate() {
        assert_eq!(usize::from(s.id()), i, "stations are listed by id");
        assert_eq!(
            (s.code(), s.id(), s.name()),
            (code.as_str(), *id, name.as_str())
        );
        assert_eq!(map::station(code), Some(*s));
    }
    assert_eq!(map::station("XXX"), None);
    let allemagne = map::STATIONS
        .iter()
        .filter(|s| s.name() == "Allemagne")
        .count();
    assert_eq!(allemagne, 5);
    let swiss = map::STATIONS.iter().filter(|s| s.id() <= 33).count();
    assert_eq!(swiss, 34);
}

#[test]
fn routes_agree_with_the_tsv() {
    let tsv = read_tsv();
    assert_eq!(map::ROUTES.len(), 88);
    assert_eq!(tsv.routes.len(), 88);
    for (r, (id, a, b, len, level, color)) in map::ROUTES.iter().zip(&tsv.routes) {
        assert_eq!(r.id(), id);
        assert_eq!(r.station1().code(), a);
        assert_eq!(r.station2().code(), b);
        assert_eq!(r.length(), *len);
        assert_eq!(r.level() == Level::Underground, level == "UNDERGROUND");
        assert_eq!(r.color().map_or("NEUTRAL", Color::name), color);
        assert_eq!(map::route(id), Some(r));
    }
    assert!(map::ROUTES.windows(2).all(|w| w[0].id() < w[1].id()));
    assert_eq!(map::route("BER_LUC_3"), None);
    assert_eq!(map::route(""), None);

    let overground = map::ROUTES
        .iter()
        .filter(|r| r.level() == Level::Overground)
        .count();
    assert_eq!(overground, 46);
    assert_eq!(88 - overground, 42);
    assert_eq!(
        map::ROUTES.iter().filter(|r| r.color().is_none()).count(),
        14
    );
    let total: u32 = map::ROUTES.iter().map(|r| u32::from(r.length())).sum();
    assert_eq!(total, 205);

    // Doubles: `X_Y_1` with a `X_Y_2` between the same stations, same length and level;
    // colored halves differ in color, neutral halves are both neutral.
    let mut doubles = 0;
    for r in &map::ROUTES {
        if let Some(base) = r.id().strip_suffix("_2") {
            let first = map::route(&format!("{base}_1")).unwrap();
            assert_eq!(first.stations(), r.stations());
            assert_eq!((first.length(), first.level()), (r.length(), r.level()));
            match (first.color(), r.color()) {
                (None, None) => {}
                (Some(a), Some(b)) => assert_ne!(a, b, "{}", r.id()),
                _ => panic!("{} mixes a neutral and a colored half", r.id()),
            }
            doubles += 1;
        }
    }
    assert_eq!(doubles, 12);
    // Every pair of stations joined twice is a declared double.
    let mut pairs = BTreeMap::new();
    for r in &map::ROUTES {
        let [a, b] = r.stations();
        *pairs.entry((a.min(b).id(), a.max(b).id())).or_insert(0) += 1;
    }
    assert_eq!(pairs.values().filter(|&&n| n == 2).count(), 12);
    assert!(pairs.values().all(|&n| n <= 2));
}

#[test]
fn tickets_agree_with_the_tsv() {
    let tsv = read_tsv();
    assert_eq!(map::TICKETS.len(), 46);
    assert_eq!(tsv.tickets.len(), 46);
    for (t, trips) in map::TICKETS.iter().zip(&tsv.tickets) {
        let got: Vec<_> = t
            .trips()
            .iter()
            .map(|tr| {
                (
                    tr.from().code().to_string(),
                    tr.to().code().to_string(),
                    tr.points(),
                )
            })
            .collect();
        assert_eq!(&got, trips);
        let froms: BTreeSet<_> = t.trips().iter().map(|tr| tr.from().name()).collect();
        assert_eq!(froms.len(), 1, "a ticket departs from one city or country");
    }
    assert_eq!(map::TICKETS[0].to_string(), "Bâle - Berne (5)");
    assert_eq!(
        map::TICKETS[34].to_string(),
        "Berne - {Allemagne (6), Autriche (11), Italie (8), France (5)}"
    );
    assert_eq!(map::TICKETS[34].trips().len(), 17);
    assert_eq!(map::TICKETS[38].trips().len(), 5 * 3 + 5 * 5 + 5 * 4);
    // Points: the best connected trip, else minus the cheapest trip.
    let ber = map::station("BER").unwrap();
    let at2 = map::station("AT2").unwrap();
    let t = &map::TICKETS[34];
    assert_eq!(t.points(|_, _| false), -5);
    assert_eq!(t.points(|a, b| a == ber && b == at2), 11);
    assert_eq!(t.points(|_, _| true), 11);
}
