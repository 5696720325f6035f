//! Panic-freedom probe: calls every public function of plateau's core on inputs
//! the optimizer cannot see (`core::hint::black_box`), and keeps every result.
//!
//! Its panic handler calls `plateau_core_reached_a_panic`, which is declared and
//! defined nowhere. Built with LTO (profile `probe`: the release build), the binary links only if the optimizer removed every path to a
//! panic; otherwise the linker fails, naming that symbol.
//!
//! `cargo build --profile probe -p plateau-panic-probe --features must-fail`
//! adds an out-of-bounds index and must fail to link; `find-panics.sh` lists the
//! source lines of the core that still reach a panic.
//!
//! To cover a new public function: call it below on `opaque(...)` inputs and
//! pass what it returns to `keep`.
#![no_std]
#![no_main]

use core::fmt::{self, Write};
use core::hash::{Hash, Hasher};
use core::hint::black_box;

use cortex_m_rt::entry;
use plateau::bits;
use plateau::jass::{self, PackedScore, PlayerId, Score, TeamId};
use plateau::tchu::{self, Card, Color, Level, Route, Station};

#[cfg(not(feature = "find-panics"))]
unsafe extern "C" {
    /// Defined nowhere: any call to it left after optimization fails the link.
    fn plateau_core_reached_a_panic() -> !;
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: never runs: the binary does not link if this call survives.
    #[cfg(not(feature = "find-panics"))]
    unsafe {
        plateau_core_reached_a_panic()
    }
    // `find-panics.sh`: link anyway, to list the calls into the panic machinery.
    #[cfg(feature = "find-panics")]
    loop {}
}

/// Returns `value`, hidden from the optimizer.
fn opaque<T>(value: T) -> T {
    black_box(value)
}

/// Keeps a result alive so the call that made it is not removed.
fn keep<T>(value: T) {
    black_box(value);
}

/// A `fmt::Write` sink that keeps every byte: runs `Display` impls to the end.
struct Sink;

impl Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            keep(b);
        }
        opaque(Ok(()))
    }
}

/// Runs a value's `Display` and `Debug` impls.
fn show<T: fmt::Display + fmt::Debug>(value: T) {
    keep(write!(Sink, "{value}"));
    keep(write!(Sink, "{value:?}"));
}

/// Runs a value's `Debug` impl.
fn debug<T: fmt::Debug>(value: T) {
    keep(write!(Sink, "{value:?}"));
}

/// A `Hasher` that keeps what it is fed: runs `Hash` impls.
struct KeepHasher;

impl Hasher for KeepHasher {
    fn finish(&self) -> u64 {
        opaque(0)
    }
    fn write(&mut self, bytes: &[u8]) {
        keep(bytes);
    }
}

fn hash<T: Hash>(value: T) {
    value.hash(&mut KeepHasher);
}

fn team() -> TeamId {
    if opaque(true) {
        TeamId::Team1
    } else {
        TeamId::Team2
    }
}

fn probe_bits() {
    let (w, s, v32, v64) = (opaque(0u32), opaque(0u32), opaque(0u32), opaque(0u64));
    keep(bits::mask32(w, s));
    keep(bits::mask64(w, s));
    keep(bits::extract32(v32, w, s));
    keep(bits::extract64(v64, w, s));
    let f32s = opaque([(v32, s), (opaque(0), opaque(0)), (opaque(0), opaque(0))]);
    let f64s = opaque([(v64, s), (opaque(0), opaque(0)), (opaque(0), opaque(0))]);
    keep(bits::pack32(opaque(&f32s[..])));
    keep(bits::pack64(opaque(&f64s[..])));
    if let Err(e) = opaque(bits::mask32(w, s)) {
        show(e);
    }
}

fn probe_jass() {
    keep(opaque(jass::HAND_SIZE));
    let t = team();
    keep(t.other());
    debug(t);
    hash(t);
    keep(t.number());
    keep(TeamId::from_number(opaque(0)));
    keep(opaque(PlayerId::Player3).team());
    debug(opaque(PlayerId::Player4));
    let p = PackedScore::from_bits(opaque(0));
    keep(p.bits());
    keep(p.is_valid());
    keep(p.turn_tricks(t));
    keep(p.turn_points(t));
    keep(p.game_points(t));
    keep(p.total_points(t));
    keep(p.with_additional_trick(t, opaque(0)));
    keep(p.next_turn());
    show(p);
    hash(p);
    let a = opaque(0);
    keep(PackedScore::pack(a, a, a, opaque(0), opaque(0), opaque(0)));
    match Score::from_packed(p) {
        Ok(s) => {
            keep(s.packed());
            keep(s.with_additional_trick(t, opaque(0)));
            keep(s.next_turn());
            show(s);
        }
        Err(e) => show(e),
    }
    if let Err(e) = opaque(Score::INITIAL).next_turn() {
        show(e);
    }
}

fn probe_tchu() {
    keep(opaque(tchu::TOTAL_CARDS));
    let c = opaque(Color::Red);
    keep(c.name());
    show(c);
    let card = Card::of(c);
    keep(card.color());
    keep(card.name());
    show(opaque(Card::Locomotive));
    hash(card);
    debug(opaque(Level::Overground));
    let s1 = Station::new(opaque(0), opaque("A"), opaque("a"));
    let s2 = Station::new(opaque(1), opaque("B"), opaque("b"));
    keep((
        s1.id(),
        s1.code(),
        s1.name(),
        s1 == s2,
        s1.cmp(&s2),
        s1.partial_cmp(&s2),
    ));
    show(s1);
    hash(s1);
    match Route::new(
        opaque("A_B_1"),
        s1,
        s2,
        opaque(1),
        opaque(Level::Underground),
        opaque(Some(c)),
    ) {
        Ok(r) => {
            keep((r.id(), r.station1(), r.station2(), r.stations(), r.length()));
            keep((r.level(), r.color(), r.claim_points()));
            match r.station_opposite(opaque(s1)) {
                Ok(s) => keep(s),
                Err(e) => show(e),
            }
            debug(r);
            hash(r);
        }
        Err(e) => show(e),
    }
}

fn probe_bag_and_claims() {
    use plateau::bag::SortedBag;
    use plateau::tchu::map;
    let cards = opaque([Card::Red, Card::Locomotive, Card::Red, Card::Blue]);
    let n = opaque(3usize);
    let hand: Result<SortedBag<Card, 9>, _> =
        SortedBag::from_elements(cards.iter().copied().take(n));
    let hand = match hand {
        Ok(h) => h,
        Err(e) => {
            show(e);
            SortedBag::new()
        }
    };
    let one: Result<SortedBag<Card, 9>, _> = SortedBag::of_n(opaque(2), opaque(Card::Red));
    if let Ok(one) = one {
        keep(hand.union(&one));
        keep(hand.difference(&one));
        keep(hand.contains_all(&one));
        keep(SortedBag::<Card, 9>::of(opaque(Card::Blue)));
    }
    keep((
        hand.len(),
        hand.is_empty(),
        hand.distinct_len(),
        hand.count_of(&Card::Red),
    ));
    keep((hand.contains(&opaque(Card::Blue)), hand.get(opaque(1))));
    for c in hand.iter().chain(hand.distinct()) {
        keep(c);
    }
    for e in hand.entries() {
        keep(e);
    }
    for sub in hand.subsets(opaque(2)) {
        keep(sub.len());
    }
    show(hand.clone());
    let id = opaque("BER_LUC_1");
    keep(map::station(opaque("BER")));
    keep(map::tickets().len());
    for t in map::tickets().iter().take(opaque(2)) {
        keep(t.points(|a, b| opaque(a == b)));
        show(*t);
        for trip in t.trips() {
            keep((trip.from(), trip.to(), trip.points()));
        }
    }
    if let Some(r) = map::route(id).or(map::ROUTES.get(opaque(40))) {
        let claims = r.possible_claim_cards();
        for c in &claims {
            keep(r.is_possible_claim(c));
            keep(r.additional_claim_cards_count(c, &hand));
        }
        keep(r.can_claim(opaque(40), &hand));
        keep(r.payable_claims(opaque(40), &hand).len());
    }
}

fn probe_trail() {
    use plateau::tchu::map;
    use plateau::tchu::trail::{
        self, Trail, TrailError, TrailSearcher, TrailWorkspace, longest_trail_bonus,
    };
    let n = opaque(40usize);
    let routes = map::ROUTES.get(..n).unwrap_or(&map::ROUTES);
    let other = map::ROUTES.get(opaque(3)..opaque(9)).unwrap_or(&[]);
    let mut workspace = opaque(TrailWorkspace::new());
    debug(&workspace);
    keep(TrailWorkspace::default());
    keep(TrailWorkspace::EMPTY);
    show(opaque(TrailError::TooManyStations));
    keep((trail::MAX_ROUTES, trail::MAX_STATIONS));
    keep(longest_trail_bonus(routes, other));
    keep(Trail::longest(other).map(|t| t.length()));
    keep(Trail::longest_within(routes, opaque(50)).map(|s| (s.is_proven(), s.steps())));
    match Trail::longest_within_in(other, opaque(50), &mut workspace) {
        Ok(s) => keep((s.trail().length(), s.is_proven(), s.steps())),
        Err(e) => show(e),
    }
    match Trail::longest_in(routes, &mut workspace) {
        Ok(t) => {
            keep((t.length(), t.route_count(), t.is_empty()));
            keep((t.station1(), t.station2()));
            for r in t.routes() {
                keep(r.length());
            }
            for s in t.stations() {
                keep(s.id());
            }
            show(t);
        }
        Err(e) => show(e),
    }
    show(Trail::EMPTY);
    if let Ok(mut searcher) = TrailSearcher::new(routes) {
        while !searcher.run(opaque(100)) {
            keep(searcher.steps());
        }
        keep(searcher.is_proven());
        keep(searcher.best().trail().length());
        debug(&searcher);
    }
}

fn probe_camicia() {
    use plateau::camicia::{Deal, Game, PackedDeal, Player, Rank, Trace};
    let ranks = opaque([Rank::Jack, Rank::Two, Rank::Three, Rank::Four, Rank::Ace]);
    let (na, nb) = (opaque(3usize), opaque(2usize));
    let a = ranks.get(..na).unwrap_or(&[]);
    let b = ranks.get(na..na.saturating_add(nb)).unwrap_or(&[]);
    let r = opaque(Rank::Queen);
    keep((
        r.penalty(),
        Rank::from_penalty(opaque(3)),
        r.is_number(),
        r.symbol(),
    ));
    keep((
        Rank::from_symbol(opaque("10")),
        r.compact(),
        Rank::from_compact(opaque('T')),
    ));
    show(r);
    show(opaque(Player::B).other());
    let deal: Deal = match Deal::from_hands(a, b) {
        Ok(d) => d,
        Err(e) => {
            show(e);
            return;
        }
    };
    keep((deal.len(Player::A), deal.total(), deal.card(opaque(1))));
    for c in deal.hand(Player::B) {
        keep(c);
    }
    let outcome = deal.simulate(opaque(1000));
    show(outcome.status);
    debug(outcome);
    show(deal);
    let mut game = Game::new(&deal);
    keep(game.step());
    keep((
        game.owed(),
        game.to_play(),
        game.round(),
        game.cards(),
        game.tricks(),
    ));
    keep((game.is_finished(), game.at_round_start()));
    for c in game.hand(Player::A).chain(game.pile()) {
        keep(c);
    }
    let mut trace = Trace::new(&deal, opaque(100));
    for e in trace.by_ref().take(opaque(50)) {
        debug(e);
    }
    keep((trace.outcome(), trace.game().cards()));
    let big: Result<Deal<6>, _> = Deal::from_hands(a, b);
    if let Ok(big) = big {
        keep(big.simulate(opaque(10)));
    }
    match PackedDeal::from_deal(&deal) {
        Ok(mut p) => {
            keep(p.swap(opaque(0), opaque(4)));
            keep((
                p.len(Player::A),
                p.total(),
                p.rank(opaque(2)),
                p.simulate(opaque(1000)),
            ));
            keep(p.to_deal());
            PackedDeal::simulate_many([p, opaque(p)], opaque(1000), |i, d, o| keep((i, d, o)));
            show(p);
        }
        Err(e) => show(e),
    }
    keep(PackedDeal::from_row(&ranks, opaque(2)));
    keep(PackedDeal::from_bits(
        opaque(0b1_0001),
        opaque(0),
        opaque(3),
        opaque(3),
    ));
}

fn probe_grid() {
    use plateau::grid::minesweeper::Square;
    use plateau::grid::{
        BreadthFirst, DepthFirst, Frame, Limits, Margins, Minefield, Shape, Snake, Strategy, Sudoku,
    };
    let limits = Limits::UNIQUENESS
        .with_max_steps(opaque(1000))
        .with_stop_after(opaque(3));
    let sums = opaque([2u8, 2, 1, 3, 0, 16]);
    let (nr, nc) = (opaque(3usize), opaque(3usize));
    match Margins::new(sums.get(..nr).unwrap_or(&[]), sums.get(..nc).unwrap_or(&[])) {
        Ok(m) => {
            keep((
                m.rows(),
                m.cols(),
                m.cell(opaque(1), opaque(2)),
                m.black_row(opaque(1)),
            ));
            keep(m.gale_ryser());
            let mut frames = [Frame::new(m); 10];
            if let Ok(r) = DepthFirst::new(&mut frames).run(m, limits, |p| keep(p.rows())) {
                keep((r.outcome.count(), r.outcome.first().map(|p| p.cols())));
                debug(r);
            }
            let mut queue = [m; 8];
            match BreadthFirst::new(&mut queue).run(m, limits, |_| {}) {
                Ok(r) => keep(r.outcome.count()),
                Err(e) => show(e),
            }
        }
        Err(e) => show(e),
    }
    let mut givens = opaque([0u8; 81]);
    if let Some(g) = givens.get_mut(opaque(5)) {
        *g = opaque(7);
    }
    let shape = Shape::from_cells(opaque(81)).unwrap_or(Shape::Nine);
    keep((shape.side(), shape.cells()));
    match Sudoku::new(shape, givens.get(..shape.cells()).unwrap_or(&[])) {
        Ok(s) => {
            keep((
                s.shape(),
                s.digit(opaque(3)),
                s.candidates(opaque(4)),
                s.digits(),
            ));
            keep(s.solve(limits).map(|r| r.outcome.count()));
            if let Some(b) = plateau::grid::sudoku::Bands::from_sudoku(&s) {
                keep((b.digits(), b.to_sudoku().digits()));
                let mut frames = [Frame::new(plateau::grid::sudoku::Bands::BLANK); 4];
                keep(
                    DepthFirst::new(&mut frames)
                        .run(b, limits, |_| {})
                        .map(|r| r.steps),
                );
            }
        }
        Err(e) => show(e),
    }
    let squares = opaque([
        Square::Hidden,
        Square::Number(1),
        Square::Mine,
        Square::Hidden,
        Square::Number(2),
        Square::Hidden,
    ]);
    match Minefield::new(opaque(3), opaque(2), &squares, opaque(Some(2))) {
        Ok(f) => {
            keep(f.interior());
            for s in f.frontier() {
                keep(s);
            }
            match f.survey(opaque(1000)) {
                Ok(s) => {
                    keep((s.layouts(), s.forced(opaque(0)), s.interior_forced()));
                    for c in s.mine_counts() {
                        keep(c);
                    }
                }
                Err(e) => show(e),
            }
        }
        Err(e) => show(e),
    }
    let counts = opaque([Some(3u8), Some(2), None, Some(1)]);
    match Snake::new(&counts, &counts, opaque((0, 0)), opaque((0, 3))) {
        Ok(s) => {
            keep((
                s.rows(),
                s.cols(),
                s.is_body(opaque(1), opaque(1)),
                s.length(),
            ));
            let mut frames = [Frame::new(s); 17];
            keep(
                DepthFirst::new(&mut frames)
                    .run(s, limits, |_| {})
                    .map(|r| r.outcome.count()),
            );
        }
        Err(e) => show(e),
    }
}

fn probe_tour() {
    use plateau::tour::{
        Board, Square, TourBuffer, TourKind, check_tour, check_tour_with, count_tours, find_tour,
        scratch_len,
    };
    let board = match Board::new(opaque(5), opaque(6)) {
        Ok(b) => b,
        Err(e) => {
            show(e);
            return;
        }
    };
    let start = Square::new(opaque(0), opaque(1));
    let kind = if opaque(true) {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    keep((
        board.width(),
        board.height(),
        board.squares(),
        board.contains(start),
    ));
    keep((
        board.has_open_tour(),
        board.has_closed_tour(),
        scratch_len(board),
    ));
    if let Some(why) = board.no_tour_by_theory(start, kind) {
        keep(why.reason());
        show(why);
    }
    let mut out = [Square::new(0, 0); 36];
    let mut scratch = [0u8; 36];
    let n = opaque(30usize);
    let (out, scratch) = (
        out.get_mut(..n).unwrap_or(&mut []),
        scratch.get_mut(..n).unwrap_or(&mut []),
    );
    match find_tour(board, start, kind, out, scratch, opaque(10_000)) {
        Ok(o) => debug(o),
        Err(e) => show(e),
    }
    keep(check_tour(board, out, kind));
    keep(check_tour_with(board, out, kind, scratch));
    keep(count_tours(
        board,
        start,
        kind,
        out,
        scratch,
        opaque(10_000),
    ));
    let mut buffer: TourBuffer<64> = TourBuffer::new();
    keep(buffer.find(board, start, kind, opaque(1000)));
    keep(buffer.count(board, start, kind, opaque(1000)));
    keep(buffer.squares(board).len());
    debug(start);
    hash(start);
}

/// Panics on purpose (feature `must-fail`): proves a reachable panic fails the link.
#[cfg(feature = "must-fail")]
fn probe_the_probe() {
    let slice: &[u8] = opaque(&[1, 2, 3]);
    keep(slice[opaque(7)]);
}

#[entry]
fn main() -> ! {
    #[cfg(feature = "must-fail")]
    probe_the_probe();
    probe_bits();
    probe_jass();
    probe_tchu();
    probe_bag_and_claims();
    probe_trail();
    probe_camicia();
    probe_grid();
    probe_tour();
    loop {
        keep(());
    }
}
