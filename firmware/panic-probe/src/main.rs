//! Panic-freedom probe: calls every public function, method and trait method of
//! plateau's core on inputs the optimizer cannot see, and keeps every result.
//!
//! Its panic handler calls `plateau_core_reached_a_panic`, which is declared and
//! defined nowhere. Built with fat LTO (profile `probe`: the release build), the
//! binary links only if the optimizer removed every path to a panic; otherwise
//! the linker fails, naming that symbol. `run-tests.sh` links it on the Cortex-M3
//! and M0, at opt-level "z" and 3, and with overflow checks on.
//!
//! # Opaque inputs, lengths included
//!
//! Every input goes through `core::hint::black_box` (`opaque`), and so does every
//! slice (`lend`, `lend_mut`): the slice is cut from a larger array at a length
//! that is itself opaque, then the cut slice (pointer and length) passes through
//! `black_box`. The optimizer can therefore assume nothing about a length: a
//! panic behind `squares.len() > 6` is as reachable as one behind a value.
//! `self-test.sh` proves it: it plants such panics in core functions on a scratch
//! copy and checks that each one fails the link.
//!
//! # Completeness
//!
//! Checked in three ways when this file was written, and by `run-tests.sh`
//! ever since:
//! 1. `coverage.sh` (run by `run-tests.sh`) lists every `pub fn` / `pub const fn`
//!    name of `core/src` (`grep -rhoE 'pub (const )?fn [a-z_0-9]+' core/src`) and
//!    fails if one of them is not called here. A new public function therefore
//!    fails CI until it is probed.
//! 2. Trait impls, by hand from `grep -rn '^impl.* for ' core/src`: every
//!    `Display` (`show`), `Debug` (`debug`), `Hash` (`hash`), `Iterator`
//!    (`Subsets`, `Trace`, `Paints`, `Candidates`, `Steps`: driven to the end or
//!    an opaque count), `Default`, `Ord`, the grid's `Puzzle` (`propagate`,
//!    `branch`, `apply` with an arbitrary choice, `is_solved`) and `Strategy`
//!    (`run_visiting`, `visiting`, both strategies) traits for every public
//!    puzzle, and `Search` (`run`, `spent`) for every search.
//!    The crate-private nodes are reached through their entries: the
//!    minesweeper node through `SurveySearch`, the 9×9 band node through
//!    `SudokuSearch`. Not probed: the
//!    `defmt::Format` impls (that would need a defmt logger in the probe), and
//!    the derived `Debug` of `Margins`, `Snake`, `Minefield` and `Survey` (and
//!    so of a `Frame` of the first two):
//!    structs of more than five fields go through `core::fmt`'s
//!    `debug_struct_fields_finish`, whose `names.len() == values.len()` assert
//!    (always true for a derive) LLVM cannot fold once that function is out of line.
//! 3. Generic code at several instances: `Deal`/`Game`/`Trace` at `W` = 1 and 8,
//!    `PackedDeal::from_deal` from both; `SortedBag<Card, N>` at N = 1, 2, 9, 64
//!    (and `SortedBag<u8, 9>`), the claim methods at the same capacities;
//!    `Tour` over lent slices and owned arrays of 16 and 64 squares; both
//!    strategies over every puzzle.
//!
//! To cover a new public function: call it below on `opaque(..)` / `lend(..)`
//! inputs and pass what it returns to `keep` (and `show` for `Display` impls).
//! `find-panics.sh` lists the source lines of the core that still reach a panic.
#![no_std]
#![no_main]

use core::fmt::{self, Write};
use core::hash::{Hash, Hasher};
use core::hint::black_box;

use cortex_m_rt::entry;
use plateau::bag::SortedBag;
use plateau::bits;
use plateau::jass::{self, PackedScore, PlayerId, Score, TeamId, TeamScore};
use plateau::tchu::{self, Card, Color, Level, Route, Station, Ticket, Trip};

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

/// Lends `items` as a slice whose length and contents the optimizer cannot
/// know: cut at an opaque length, then the cut passes through `black_box`.
fn lend<T>(items: &[T]) -> &[T] {
    let n = opaque(items.len());
    black_box(items.get(..n).unwrap_or_default())
}

/// Lends `items` mutably, as [`lend`] does.
fn lend_mut<T>(items: &mut [T]) -> &mut [T] {
    let n = opaque(items.len());
    black_box(items.get_mut(..n).unwrap_or_default())
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

/// Shows an error, or keeps a value.
fn settle<T, E: fmt::Display + fmt::Debug>(result: Result<T, E>) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            show(e);
            None
        }
    }
}

fn probe_bits() {
    let (w, s, v32, v64) = (opaque(0u32), opaque(0u32), opaque(0u32), opaque(0u64));
    keep(bits::mask32(w, s));
    keep(bits::mask64(w, s));
    keep(bits::extract32(v32, w, s));
    keep(bits::extract64(v64, w, s));
    let f32s = opaque([(v32, s); 40]);
    let f64s = opaque([(v64, s); 70]);
    keep(bits::pack32(lend(&f32s)));
    keep(bits::pack64(lend(&f64s)));
    if let Err(e) = opaque(bits::mask32(w, s)) {
        show(e);
        hash(e);
    }
    let (i, n) = (opaque(0usize), opaque(0u32));
    keep((
        bits::bit16(i),
        bits::bit32(i),
        bits::bit64(i),
        bits::bit128(i),
    ));
    keep((
        bits::low16(n),
        bits::low32(n),
        bits::low64(n),
        bits::low128(n),
    ));
    keep(bits::top64(v64));
}

fn probe_search() {
    use plateau::search::{Count, Meter, Outcome};
    let mut meter = opaque(Meter::new());
    meter.open(opaque(plateau::Budget::new(opaque(5))));
    keep((meter.step(), meter.left()));
    meter.spend(opaque(7));
    keep(meter.spent());
    debug(meter);
    hash(meter);
    keep(Meter::default());
    let count = opaque(Count::at_least(opaque(3)));
    show(count);
    hash(count);
    keep(Count::exactly(opaque(4)));
    let outcome: Outcome<Count, u8, Count> = opaque(Outcome::Exhausted {
        best: count,
        spent: opaque(9),
    });
    keep((
        outcome.is_done(),
        outcome.is_no_solution(),
        outcome.is_exhausted(),
    ));
    keep((outcome.done(), outcome.best(), outcome.spent()));
    keep(outcome.map(|c| c.at_least, |c| c.exact));
    debug(outcome);
    hash(outcome);
    let sure: Outcome<Count> = opaque(Outcome::Done(count));
    keep(*sure.so_far());
}

fn probe_budget_and_rng() {
    let b = opaque(plateau::Budget::new(opaque(0)));
    keep((
        b.get(),
        b.is_unlimited(),
        plateau::Budget::from(opaque(0u64)),
    ));
    keep(opaque(plateau::Budget::UNLIMITED) < b);
    show(b);
    debug(b);
    hash(b);
    let mut r = opaque(plateau::rng::SplitMix64::new(opaque(0)));
    keep(r.next_u64());
    keep(r.below(opaque(0)));
    keep(r.below_two(opaque(0), opaque(0)));
    debug(r);
    hash(r);
}

fn probe_jass() {
    keep(opaque(jass::HAND_SIZE));
    keep((jass::TRICKS_PER_TURN, jass::WINNING_POINTS));
    keep((
        jass::MATCH_ADDITIONAL_POINTS,
        jass::LAST_TRICK_ADDITIONAL_POINTS,
    ));
    keep((
        jass::MAX_TRICKS,
        jass::MAX_TURN_POINTS,
        jass::MAX_GAME_POINTS,
    ));
    let t = *lend(&TeamId::ALL).first().unwrap_or(&TeamId::Team2);
    keep(t.other());
    debug(t);
    hash(t);
    keep(t.number());
    keep(TeamId::from_number(opaque(0)));
    let p = *lend(&PlayerId::ALL).last().unwrap_or(&PlayerId::Player1);
    keep(p.team());
    debug(p);
    hash(p);
    let packed = PackedScore::from_bits(opaque(0));
    keep(packed.bits());
    keep(packed.is_valid());
    keep(packed.turn_tricks(t));
    keep(packed.turn_points(t));
    keep(packed.game_points(t));
    keep(packed.total_points(t));
    keep(packed.with_additional_trick(t, opaque(0)));
    keep(packed.next_turn());
    keep(opaque(PackedScore::INITIAL));
    show(packed);
    hash(packed);
    let a = opaque(0);
    let team = |tricks| TeamScore {
        tricks,
        turn_points: opaque(0),
        game_points: opaque(0),
    };
    if let Some(p) = settle(PackedScore::pack(team(a), team(opaque(0)))) {
        keep(p.team(t));
    }
    if let Some(s) = settle(Score::from_packed(packed)) {
        keep(s.packed());
        keep(settle(s.with_additional_trick(t, opaque(0))));
        keep(settle(s.next_turn()));
        show(s);
        hash(s);
    }
    if let Err(e) = opaque(Score::INITIAL).next_turn() {
        show(e);
        hash(e);
    }
}

fn probe_tchu() {
    keep((tchu::TOTAL_CARDS, tchu::CAR_CARDS_PER_COLOR));
    keep((tchu::LOCOMOTIVE_CARDS, tchu::FACE_UP_CARDS));
    keep((tchu::INITIAL_CARDS, tchu::INITIAL_CARS));
    keep((
        tchu::ADDITIONAL_TUNNEL_CARDS,
        tchu::LONGEST_TRAIL_BONUS_POINTS,
    ));
    keep((tchu::MIN_ROUTE_LENGTH, tchu::MAX_ROUTE_LENGTH));
    for &c in lend(&Color::ALL) {
        keep(c.name());
        show(c);
        hash(c);
    }
    for &card in lend(&Card::ALL) {
        keep(card.color());
        keep(card.name());
        show(card);
        hash(card);
    }
    let c = opaque(Color::Red);
    let card = Card::of(c);
    keep(card.cmp(&opaque(Card::Locomotive)));
    debug(opaque(Level::Overground));
    hash(opaque(Level::Underground));
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
            keep(settle(r.station_opposite(opaque(s1))));
            debug(r);
            hash(r);
            probe_claims(&r);
        }
        Err(e) => {
            show(e);
            hash(e);
        }
    }
    let trip = Trip::new(s1, s2, opaque(5));
    keep((trip.from(), trip.to(), trip.points()));
    debug(trip);
    hash(trip);
    let ticket = Ticket::new(lend(tchu::map::TICKETS[0].trips()));
    show(ticket);
    keep(ticket.points(|a, b| opaque(a == b)));
    hash(ticket);
}

/// One capacity of `SortedBag<Card, N>`: every method, and the claims of `route`
/// against a bag of this capacity.
fn probe_bag<const N: usize>(route: &Route) {
    let cards = opaque([Card::Red; 80]);
    let bag = settle(SortedBag::<Card, N>::from_elements(
        lend(&cards).iter().copied(),
    ))
    .unwrap_or_default();
    let other: SortedBag<Card, N> =
        settle(SortedBag::of_n(opaque(2), opaque(Card::Red))).unwrap_or(SortedBag::new());
    keep(settle(bag.union(&other)));
    keep(bag.difference(&other));
    keep(bag.contains_all(&other));
    keep(settle(SortedBag::<Card, N>::of(opaque(Card::Blue))));
    keep((bag.len(), bag.is_empty(), bag.distinct_len()));
    keep((
        bag.count_of(&opaque(Card::Red)),
        bag.contains(&opaque(Card::Blue)),
    ));
    keep(bag.get(opaque(1)));
    for c in bag.iter().chain(bag.distinct()) {
        keep(c);
    }
    for e in bag.entries() {
        keep(e);
    }
    for sub in bag.subsets(opaque(2)).take(opaque(100)) {
        keep(sub.len());
    }
    show(bag.clone());
    hash(&bag);
    keep(route.is_possible_claim(&bag));
    keep(settle(route.additional_claim_cards_count(&bag, &other)));
    let drawn: SortedBag<Card, 3> =
        SortedBag::from_elements(lend(&cards).iter().copied()).unwrap_or_default();
    keep(settle(route.additional_claim_cards_count(&bag, &drawn)));
    keep(route.can_claim(opaque(40), &bag));
    keep(route.payable_claims(opaque(40), &bag).len());
}

fn probe_claims(route: &Route) {
    let claims = route.possible_claim_cards();
    for c in lend(&claims) {
        keep(route.is_possible_claim(c));
        show(c.clone());
    }
    keep(tchu::MAX_CLAIMS);
    probe_bag::<1>(route);
    probe_bag::<2>(route);
    probe_bag::<9>(route);
    probe_bag::<64>(route);
    // Another element type.
    let bytes = opaque([7u8; 20]);
    if let Some(b) = settle(SortedBag::<u8, 9>::from_elements(
        lend(&bytes).iter().copied(),
    )) {
        keep((b.len(), b.count_of(&opaque(7)), b.get(opaque(3))));
        for sub in b.subsets(opaque(3)) {
            show(sub);
        }
    }
}

fn probe_map() {
    use plateau::tchu::map;
    keep(map::station(opaque("BER")));
    keep(map::route(opaque("BER_LUC_1")));
    keep(lend(&map::STATIONS).len());
    for t in lend(map::tickets()) {
        keep(t.points(|a, b| opaque(a == b)));
        show(*t);
        for trip in lend(t.trips()) {
            keep((trip.from(), trip.to(), trip.points()));
        }
    }
    for r in lend(&map::ROUTES) {
        probe_claims(r);
    }
}

fn probe_trail() {
    use plateau::Budget;
    use plateau::search::{Outcome, Search};
    use plateau::tchu::map;
    use plateau::tchu::trail::{
        self, Trail, TrailBonus, TrailError, TrailSearch, TrailWorkspace, longest_trail_bonus,
        longest_trail_bonus_unbounded,
    };
    let routes = lend(&map::ROUTES);
    let other = lend(&map::ROUTES);
    let mut workspace = opaque(TrailWorkspace::new());
    debug(&workspace);
    keep(TrailWorkspace::default());
    show(opaque(TrailError::TooManyStations {
        stations: opaque(65),
    }));
    hash(opaque(TrailError::TooManyRoutes {
        routes: opaque(129),
    }));
    show(opaque(TrailError::RepeatedRoute { route: opaque(1) }));
    keep((trail::MAX_ROUTES, trail::MAX_STATIONS));
    keep(settle(longest_trail_bonus_unbounded(routes, other)));
    if let Some(bonus) = settle(longest_trail_bonus(routes, other, opaque(Budget::new(50)))) {
        debug(bonus);
        hash(bonus);
    }
    keep(settle(Trail::longest_unbounded(other)).map(|t| t.length()));
    if let Some(mut s) = settle(TrailSearch::new(routes)) {
        let Ok(outcome) = s.run(opaque(Budget::new(50)));
        keep((s.is_done(), s.spent(), outcome.so_far().length()));
        if let Outcome::Exhausted { best, spent } = outcome {
            keep((best.length(), spent));
        }
        keep(TrailBonus::of(&s, &s));
        debug(outcome);
        hash(outcome);
        debug(&s);
    }
    if let Some(mut s) = settle(TrailSearch::new_in(other, &mut workspace)) {
        let Ok(outcome) = s.run(opaque(Budget::new(50)));
        keep((outcome.so_far().length(), outcome.is_done(), s.spent()));
        keep(s.outcome());
    }
    if let Some(mut s) = settle(TrailSearch::new_in(routes, &mut workspace)) {
        let Ok(outcome) = s.run(opaque(Budget::UNLIMITED));
        let t = *outcome.so_far();
        keep((t.length(), t.route_count(), t.is_empty()));
        keep((t.station1(), t.station2()));
        for r in t.routes() {
            keep(r.length());
        }
        for s in t.stations() {
            keep(s.id());
        }
        show(t);
        hash(t);
    }
    show(Trail::EMPTY);
    if let Some(mut search) = settle(TrailSearch::new(routes)) {
        while let Ok(Outcome::Exhausted { spent, .. }) = search.run(opaque(Budget::new(100))) {
            keep(spent);
        }
        keep(search.best().length());
        debug(&search);
    }
}

/// One width of `Deal<W>`, `Game<W>`, `Simulation<W>` and `Trace<W>`.
fn probe_deal<const W: usize>() {
    use plateau::camicia::{Deal, Game, PackedDeal, Player, Simulation, Trace};
    use plateau::search::Search;
    let ranks = opaque([plateau::camicia::Rank::Jack; 600]);
    keep(Deal::<W>::CAPACITY);
    keep(opaque(Deal::<W>::EMPTY).total());
    let Some(deal) = settle(Deal::<W>::from_hands(lend(&ranks), lend(&ranks))) else {
        return;
    };
    let player = opaque(Player::A);
    keep((deal.len(player), deal.total(), settle(deal.card(opaque(1)))));
    for c in deal.hand(player) {
        keep(c);
    }
    let outcome = deal.simulate(opaque(plateau::Budget::new(1000)));
    if let Some(end) = outcome.done() {
        show(end.status);
    }
    keep((outcome.cards(), outcome.tricks()));
    hash(outcome);
    show(deal);
    hash(deal);
    let mut simulation = Simulation::new(&deal);
    loop {
        let Ok(o) = simulation.run(opaque(plateau::Budget::new(7)));
        if !o.is_exhausted() {
            break;
        }
        keep(simulation.spent());
    }
    keep(simulation.outcome());
    debug(simulation);
    let text = opaque("2 A 10 J / --QK");
    keep(settle(text.parse::<Deal<W>>()));
    keep(settle(Deal::<W>::from_hand_texts(
        opaque("2 A"),
        opaque("-K"),
    )));
    keep(settle(text.parse::<PackedDeal>()));
    let mut game = Game::new(&deal);
    while let Some(e) = game.step() {
        debug(e);
        hash(e);
    }
    keep((
        game.owed(),
        game.to_play(),
        game.round(),
        game.cards(),
        game.tricks(),
    ));
    keep((game.is_finished(), game.at_round_start()));
    for c in game.hand(player).chain(game.pile()) {
        keep(c);
    }
    debug(game);
    let mut trace = Trace::new(&deal, opaque(outcome));
    for e in trace.by_ref() {
        debug(e);
    }
    keep((trace.outcome(), trace.game().cards()));
    debug(trace);
    keep(settle(PackedDeal::from_deal(&deal)));
}

fn probe_camicia() {
    use plateau::camicia::{self, PackedDeal, Player, Rank, Status};
    keep((
        camicia::DECK_SIZE,
        camicia::CARDS_PER_WORD,
        PackedDeal::CAPACITY,
    ));
    for &r in lend(&Rank::ALL) {
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
        hash(r);
    }
    show(opaque(Player::B).other());
    hash(opaque(Player::A));
    show(opaque(Status::Loop));
    probe_deal::<1>();
    probe_deal::<8>();
    let ranks = opaque([Rank::Jack; 80]);
    if let Some(mut p) = settle(PackedDeal::from_row(lend(&ranks), opaque(2))) {
        keep(settle(p.swap(opaque(0), opaque(4))));
        keep(settle(p.alike(opaque(0), opaque(4))));
        keep((
            p.len(opaque(Player::A)),
            p.total(),
            settle(p.rank(opaque(2))),
            p.simulate(opaque(plateau::Budget::new(1000))),
        ));
        keep(p.to_deal());
        let many = opaque([p; 40]);
        let budget = opaque(plateau::Budget::new(1000));
        PackedDeal::simulate_many(lend(&many).iter().copied(), budget, |i, d, o| {
            keep((i, d, o))
        });
        show(p);
        hash(p);
    }
    keep(settle(PackedDeal::from_bits(
        opaque(0b1_0001),
        opaque(0),
        opaque(3),
        opaque(3),
    )));
    probe_hunt();
}

/// The record hunt: shuffles, best lists over lent storage, tallies, shards.
fn probe_hunt() {
    use plateau::Budget;
    use plateau::camicia::hunt::{
        self, Best, CHUNK_DEALS, Entry, Hunt, HuntSearch, Order, PAYMENT_CARDS, Shard, Tally,
    };
    use plateau::search::Search;
    keep((CHUNK_DEALS, PAYMENT_CARDS, Shard::WHOLE));
    let mut rng = opaque(plateau::rng::SplitMix64::new(opaque(1)));
    keep((rng.next_u64(), rng.below(opaque(52))));
    let deal = hunt::shuffle(&mut rng);
    let outcome = deal.simulate(opaque(Budget::new(100)));
    let found = Entry {
        deal,
        ending: outcome.done().copied().unwrap_or(Entry::EMPTY.ending),
    };
    debug(found);
    hash(found);
    debug(opaque(Entry::EMPTY));
    let mut slots = opaque([Entry::EMPTY; 4]);
    let mut best = Best::new(opaque(Order::CardsFirst), lend_mut(&mut slots));
    keep(opaque(Order::TricksFirst).compare(&found, &opaque(Entry::EMPTY)));
    keep(best.might_keep(&found.ending));
    keep(best.insert(found));
    keep((best.len(), best.is_empty(), best.capacity(), best.order()));
    for f in best.as_slice() {
        keep(*f);
    }
    debug(&best);
    hash(&best);
    let (mut a, mut b, mut c) = opaque(([Entry::EMPTY; 3], [Entry::EMPTY; 3], [Entry::EMPTY; 3]));
    let mut tally = Tally::new(lend_mut(&mut a), lend_mut(&mut b), lend_mut(&mut c));
    tally.add(&deal, outcome);
    let mut hunt = Hunt::new(opaque(7), opaque(Budget::new(1000)));
    if opaque(true) {
        hunt = hunt.fresh();
    }
    debug(hunt);
    hash(hunt);
    keep(Hunt::chunk_deals(opaque(Budget::new(100)), opaque(0)));
    // The budget's and the bit helpers' own (the hunt and the engines use them).
    keep((
        opaque(Budget::UNLIMITED).is_unlimited(),
        plateau::bits::top64(opaque(5)),
    ));
    hunt.chunk(opaque(5), opaque(Budget::new(50)), &mut tally);
    if let Some(shard) = settle(Shard::new(opaque(1), opaque(2))) {
        keep((shard.k(), shard.n(), shard.chunk(opaque(3))));
        debug(shard);
        hash(shard);
        let (mut d, mut e, mut f) =
            opaque(([Entry::EMPTY; 3], [Entry::EMPTY; 3], [Entry::EMPTY; 3]));
        let lists = Tally::new(lend_mut(&mut d), lend_mut(&mut e), lend_mut(&mut f));
        let mut search = HuntSearch::new(hunt, shard, opaque(Budget::new(100)), lists);
        loop {
            let Ok(o) = search.run(opaque(Budget::new(CHUNK_DEALS)));
            if !o.is_exhausted() {
                break;
            }
        }
        keep((search.spent(), search.tally().deals));
        debug(&search);
        tally.absorb(&search.into_tally());
    }
    let mut other = Tally::new([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
    other.absorb(&tally);
    keep((other.deals, other.chunks, other.finished, other.loops));
    keep((other.exhausted, other.cards_of_finished));
    debug(other);
    hash(other);
}

/// Every `Puzzle` method called directly (an arbitrary choice included), and
/// both strategies run over `root`, owned and lent, in slices and with a
/// visitor; a breadth-first search moved to a larger queue.
fn probe_puzzle<P: plateau::grid::Puzzle + fmt::Debug>(root: P, choice: P::Choice)
where
    P::Choice: fmt::Debug,
    P::Choices: fmt::Debug,
{
    use plateau::grid::{BreadthFirst, DepthFirst, Frame, Seek, Strategy};
    use plateau::search::Search;
    let mut p = opaque(root);
    keep(p.propagate());
    if let Some(choices) = p.branch() {
        for c in choices {
            debug(c);
        }
    }
    keep(p.apply(opaque(choice)));
    keep(p.is_solved());
    keep(p);
    let seek = opaque(Seek::UpTo(opaque(3)));
    keep((
        seek.stop_after(),
        opaque(Seek::All).stop_after(),
        opaque(Seek::Uniqueness).stop_after(),
    ));
    debug(seek);
    hash(seek);
    let budget = plateau::Budget::new(opaque(1000));
    let mut frames = [Frame::new(root); 100];
    let mut lent = DepthFirst::new_in(opaque(root), seek, lend_mut(&mut frames));
    while let Some(r) = settle(lent.run_visiting(budget, |p| keep(p))) {
        keep(lent.spent());
        if let Some(found) = r.done() {
            keep((found.count, found.is_unique(), found.map(|p| keep(p))));
        }
        if !r.is_exhausted() {
            break;
        }
    }
    keep(lent.outcome());
    // An owned stack: the frames inside the search.
    let mut owned: DepthFirst<P, [Frame<P>; 8]> = DepthFirst::new(opaque(root), seek);
    if let Some(r) = settle(owned.visiting(|p| keep(p)).run(budget)) {
        keep(r.best().map(|b| b.map(|s| s.count)));
    }
    let mut queue = [root; 100];
    let all = opaque(plateau::Budget::UNLIMITED);
    let mut bfs = BreadthFirst::new_in(opaque(root), opaque(Seek::All), lend_mut(&mut queue));
    if let Some(r) = settle(bfs.run(all)) {
        keep((r.done().map(|s| s.count), bfs.queued(), bfs.spent()));
    }
    let small: BreadthFirst<P, [P; 2]> = BreadthFirst::new(opaque(root), seek);
    let mut larger = [root; 64];
    match small.move_to(lend_mut(&mut larger)) {
        Ok(mut moved) => {
            keep(settle(moved.run(budget)));
            keep(moved.outcome());
        }
        Err(back) => keep(back.outcome()),
    }
}

fn probe_grid() {
    use plateau::Budget;
    use plateau::grid::margins::Paint;
    use plateau::grid::minesweeper::{self, Tile};
    use plateau::grid::sudoku as sudoku_mod;
    use plateau::grid::{
        Cell, Margins, Minefield, Puzzle, SearchError, Seek, Shape, Snake, Sudoku, SudokuFrame,
        SudokuSearch, SudokuStack, SurveyFrame, SurveySearch, margins, snake,
    };
    use plateau::search::{Outcome, Search};

    show(opaque(SearchError::QueueFull { grids: opaque(3) }));
    show(opaque(SearchError::StackFull { frames: opaque(3) }));
    show(opaque(SearchError::WrongShape { cells: opaque(16) }));
    show(opaque(SearchError::TooFewFrames {
        needed: opaque(3),
        given: opaque(2),
    }));
    keep((margins::MAX_SIDE, snake::MAX_SIDE, sudoku_mod::MAX_CELLS));
    keep(sudoku_mod::STACK_FRAMES);
    keep((minesweeper::MAX_SIDE, minesweeper::MAX_SQUARES));
    keep((minesweeper::MAX_FRONTIER, minesweeper::MAX_CLUES));
    keep((minesweeper::MAX_NUMBER, minesweeper::SURVEY_FRAMES));
    let cell = opaque(Cell::new(opaque(1), opaque(2)));
    show(cell);
    hash(cell);

    let sums = opaque([2u8; 40]);
    if let Some(m) = settle(Margins::new(lend(&sums), lend(&sums))) {
        keep((m.rows(), m.cols(), m.cell(cell), m.black_row(opaque(1))));
        keep(m.gale_ryser());
        probe_puzzle(m, opaque(Paint { cell, black: true }));
    }

    let givens = opaque([0u8; 100]);
    let mut lent = opaque([SudokuFrame::BLANK; 40]);
    for &shape in lend(&[Shape::Four, Shape::Six, Shape::Nine]) {
        keep((shape.side(), shape.cells(), Shape::from_cells(opaque(81))));
        hash(shape);
        let Some(s) = settle(Sudoku::new(shape, lend(&givens))) else {
            continue;
        };
        keep((s.shape(), s.digit(cell), s.candidates(cell), s.digits()));
        let budget = Budget::new(opaque(1000));
        if let Some(mut owned) = settle(SudokuSearch::new(s, opaque(Seek::Uniqueness)))
            && let Some(r) = settle(owned.run(budget))
        {
            keep((r.best().is_some(), owned.spent()));
        }
        let mut stack = opaque(SudokuStack::<16>::new());
        let on_stack = SudokuSearch::new_in(s, opaque(Seek::All), &mut stack);
        if let Some(mut on_stack) = settle(on_stack)
            && let Some(r) = settle(on_stack.run(budget))
        {
            keep(r);
            keep(on_stack.outcome());
        }
        let on_slice = SudokuSearch::new_in(s, opaque(Seek::All), lend_mut(&mut lent));
        if let Some(mut on_slice) = settle(on_slice) {
            while let Some(Outcome::Exhausted { spent, .. }) = settle(on_slice.run(opaque(budget)))
            {
                keep(spent);
            }
        }
        debug(SudokuStack::<1>::new());
        debug(SudokuStack::<1>::default());
        debug(SudokuFrame::BLANK);
        if let Some(choice) = s.branch().and_then(|mut c| c.next()) {
            hash(choice);
            probe_puzzle(s, opaque(choice));
        }
    }

    let squares = opaque([Tile::Hidden; minesweeper::MAX_SQUARES + 8]);
    if let Some(f) = settle(Minefield::new(
        opaque(3),
        opaque(2),
        lend(&squares),
        opaque(Some(2)),
    )) {
        keep(f.interior());
        for s in f.frontier() {
            keep(s);
        }
        let mut owned = SurveySearch::new(&f);
        let Ok(outcome) = owned.run(Budget::new(opaque(1000)));
        keep(owned.spent());
        hash(&outcome);
        match outcome {
            Outcome::Done(s) => {
                keep((s.layouts(), s.forced(cell), s.interior_forced()));
                for c in s.mine_counts() {
                    keep(c);
                }
                keep(s);
            }
            Outcome::NoSolution(()) => keep(()),
            Outcome::Exhausted { best, spent } => keep((best, spent)),
        }
        let mut frames = opaque([SurveyFrame::BLANK; minesweeper::SURVEY_FRAMES]);
        if let Some(mut lent) = settle(SurveySearch::new_in(&f, lend_mut(&mut frames))) {
            while let Ok(Outcome::Exhausted { spent, .. }) = lent.run(opaque(Budget::new(3))) {
                keep(spent);
            }
        }
        debug(SurveyFrame::BLANK);
        keep(f);
    }
    debug(opaque(Tile::Number(3)));

    let counts = opaque([Some(3u8); 40]);
    if let Some(s) = settle(Snake::new(
        lend(&counts),
        lend(&counts),
        opaque(Cell::new(0, 0)),
        opaque(Cell::new(0, 3)),
    )) {
        keep((s.rows(), s.cols(), s.is_body(cell), s.length()));
        probe_puzzle(s, opaque(Cell::new(0, 1)));
    }
}

/// One instance of `Tour<T, S>`: every method, over the memory given, and
/// both searches it starts, run in opaque slices.
fn probe_tour_in<T, S>(
    board: plateau::tour::Board,
    start: plateau::tour::Square,
    kind: plateau::tour::TourKind,
    squares: T,
    scratch: S,
) where
    T: AsRef<[plateau::tour::Square]> + AsMut<[plateau::tour::Square]> + fmt::Debug,
    S: AsMut<[u8]> + fmt::Debug,
{
    use plateau::Budget;
    use plateau::search::{Outcome, Search};
    use plateau::tour::{Tour, check_tour};
    let Some(mut tour) = settle(Tour::new_in(board, squares, scratch)) else {
        return;
    };
    if let Some(mut search) = settle(tour.find(start, kind)) {
        loop {
            let Ok(o) = search.run(opaque(Budget::new(300)));
            debug(o);
            hash(o);
            keep(search.spent());
            if !matches!(o, Outcome::Exhausted { .. }) {
                break;
            }
        }
        keep(check_tour(board, search.squares(), kind));
        debug(&search);
    }
    keep(check_tour(board, tour.squares(), kind));
    if let Some(mut count) = settle(tour.count(start, kind)) {
        loop {
            let Ok(c) = count.run(opaque(Budget::new(1000)));
            debug(c);
            hash(c);
            keep((count.spent(), c.so_far().at_least));
            if !matches!(c, Outcome::Exhausted { .. }) {
                break;
            }
        }
        debug(&count);
    }
    keep(tour.squares().len());
    keep(settle(tour.set_board(opaque(board))));
    keep(tour.board());
    debug(&tour);
}

fn probe_tour() {
    use plateau::tour::{self, Board, Square, TourKind, check_tour, check_tour_with, scratch_len};
    keep(tour::MAX_SIDE);
    keep(tour::MAX_CHECKED_SQUARES);
    let Some(board) = settle(Board::new(opaque(5), opaque(6))) else {
        return;
    };
    let start = Square::new(opaque(0), opaque(1));
    let kind = opaque(TourKind::Open);
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
    debug(board);
    hash(board);
    if let Some(why) = board.no_tour_by_theory(start, kind) {
        keep(why.reason());
        show(why);
        hash(why);
    }
    // Lent memory, cut at lengths the optimizer cannot see.
    let mut out = [Square::new(0, 0); 400];
    let mut scratch = [0u8; 400];
    probe_tour_in(
        board,
        start,
        kind,
        lend_mut(&mut out),
        lend_mut(&mut scratch),
    );
    keep(check_tour(board, lend(&out), kind));
    keep(check_tour_with(
        board,
        lend(&out),
        kind,
        lend_mut(&mut scratch),
    ));
    // Owned memory at two capacities, and the `const` constructor.
    if let Some(mut owned) = settle(tour::Tour::<[Square; 16], [u8; 16]>::new(board)) {
        use plateau::search::Search;
        if let Some(mut search) = settle(owned.find(start, kind)) {
            keep(search.run(plateau::Budget::new(opaque(1000))));
            keep(search.squares().len());
        }
        keep(owned.squares().len());
    }
    probe_tour_in(
        board,
        start,
        kind,
        opaque([Square::new(0, 0); 16]),
        opaque([0u8; 16]),
    );
    probe_tour_in(
        board,
        start,
        kind,
        opaque([Square::new(0, 0); 64]),
        opaque([0u8; 64]),
    );
    debug(start);
    hash(start);
    hash(kind);
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
    probe_budget_and_rng();
    probe_jass();
    probe_tchu();
    probe_map();
    probe_search();
    probe_trail();
    probe_camicia();
    probe_grid();
    probe_tour();
    loop {
        keep(());
    }
}
