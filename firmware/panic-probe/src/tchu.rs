//! tCHu: cards, stations, routes, tickets, the map, the sorted bag and the claims.

use plateau::bag::{BagError, SortedBag};
use plateau::tchu::{
    self, Card, ClaimError, Color, Level, Route, RouteError, Station, Ticket, Trip, map,
};

use crate::{debug, hash, keep, lend, opaque, settle, show};

pub fn probe() {
    keep((tchu::TOTAL_CARDS, tchu::CAR_CARDS_PER_COLOR));
    keep((tchu::LOCOMOTIVE_CARDS, tchu::FACE_UP_CARDS));
    keep((tchu::INITIAL_CARDS, tchu::INITIAL_CARS));
    keep((
        tchu::ADDITIONAL_TUNNEL_CARDS,
        tchu::LONGEST_TRAIL_BONUS_POINTS,
    ));
    keep((
        tchu::MIN_ROUTE_LENGTH,
        tchu::MAX_ROUTE_LENGTH,
        tchu::MAX_CLAIMS,
    ));
    keep((lend(&Color::ALL).len(), lend(&Card::ALL).len()));
    let c = opaque(Color::Red);
    keep(opaque(c).name());
    show(c);
    hash(c);
    let card = opaque(Card::of(opaque(c)));
    keep(card.color());
    keep(card.name());
    keep(card.cmp(&opaque(Card::Locomotive)));
    show(card);
    hash(card);
    debug(opaque(Level::Overground));
    hash(opaque(Level::Underground));
    show(opaque(BagError::TooMany));
    hash(opaque(BagError::Full {
        capacity: opaque(0),
    }));
    show(opaque(ClaimError::NotTunnel));
    hash(opaque(ClaimError::DrawnCount { drawn: opaque(0) }));
    show(opaque(RouteError::SameStation { station: opaque(0) }));

    let s1 = opaque(Station::new(opaque(0), opaque("A"), opaque("a")));
    let s2 = opaque(Station::new(opaque(1), opaque("B"), opaque("b")));
    keep((s1.id(), s1.code(), s1.name()));
    keep((s1 == s2, s1.cmp(&s2), s1.partial_cmp(&s2)));
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
        Ok(r) => probe_route(&opaque(r)),
        Err(e) => hash(e),
    }
    let trip = opaque(Trip::new(s1, s2, opaque(5)));
    keep((trip.from(), trip.to(), trip.points()));
    debug(trip);
    hash(trip);
    let trips = opaque([trip; 12]);
    let ticket = opaque(Ticket::new(lend(&trips)));
    show(ticket);
    keep(ticket.trips().len());
    keep(ticket.points(|a, b| opaque(a == b)));
    hash(ticket);

    keep(map::station(opaque("BER")));
    keep(map::route(opaque("BER_LUC_1")));
    keep(lend(&map::STATIONS).len());
    for t in lend(map::tickets()) {
        keep(opaque(*t).points(|a, b| opaque(a == b)));
    }
    // The map's routes, any of them (an opaque index into an opaque slice).
    if let Some(r) = lend(&map::ROUTES).get(opaque(0)) {
        probe_route(&opaque(*r));
    }
}

/// Every method of a route, and its claims against bags of every capacity.
fn probe_route(r: &Route) {
    keep((r.id(), r.station1(), r.station2(), r.stations(), r.length()));
    keep((r.level(), r.color(), r.claim_points()));
    keep(settle(r.station_opposite(opaque(r.station1()))));
    debug(r);
    hash(r);
    let claims = opaque(r.possible_claim_cards());
    for c in lend(&claims) {
        keep(r.is_possible_claim(c));
    }
    probe_bag::<0>(r);
    probe_bag::<1>(r);
    probe_bag::<2>(r);
    probe_bag::<3>(r);
    probe_bag::<5>(r);
    probe_bag::<7>(r);
    probe_bag::<9>(r);
    probe_bag::<64>(r);
    // Another element type, from 0 to 3 and at 5 and 9.
    probe_bytes::<0>();
    probe_bytes::<1>();
    probe_bytes::<2>();
    probe_bytes::<3>();
    probe_bytes::<5>();
    probe_bytes::<9>();
}

/// A bag of capacity `N` from an opaque list of `cards`.
fn bag_of<const N: usize>(cards: &[Card]) -> SortedBag<Card, N> {
    opaque(settle(SortedBag::from_elements(lend(cards).iter().copied())).unwrap_or_default())
}

/// One capacity of `SortedBag<Card, N>`: every method against bags of other
/// capacities (0, N, 3 and 64), and the claims of `route` against a bag of this
/// capacity (drawn cards at 0, 3 and 64).
fn probe_bag<const N: usize>(route: &Route) {
    let cards = opaque([Card::Red; 80]);
    let others = opaque([Card::Blue; 80]);
    let bag = bag_of::<N>(&cards);
    let other = opaque(
        settle(SortedBag::<Card, N>::of_n(opaque(2), opaque(Card::Red))).unwrap_or_default(),
    );
    let none = bag_of::<0>(&others);
    let three = bag_of::<3>(&others);
    let many = bag_of::<64>(&others);
    keep(settle(bag.union(&other)));
    keep(bag.difference(&other));
    keep(bag.contains_all(&other));
    keep(bag.contains_all(&none));
    keep(bag.contains_all(&three));
    keep(bag.contains_all(&many));
    keep(none.contains_all(&bag));
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
    keep(opaque(SortedBag::<Card, N>::default()).len());
    keep(opaque(SortedBag::<Card, N>::new()).len());
    keep(route.is_possible_claim(&bag));
    keep(settle(route.additional_claim_cards_count(&bag, &other)));
    keep(settle(route.additional_claim_cards_count(&bag, &none)));
    keep(settle(route.additional_claim_cards_count(&bag, &three)));
    keep(settle(route.additional_claim_cards_count(&bag, &many)));
    keep(settle(route.additional_claim_cards_count(&none, &bag)));
    keep(route.can_claim(opaque(40), &bag));
    keep(route.payable_claims(opaque(40), &bag).len());
}

/// `SortedBag<u8, N>`: another element type.
fn probe_bytes<const N: usize>() {
    let bytes = opaque([7u8; 20]);
    let other = opaque([9u8; 20]);
    let b = opaque(
        settle(SortedBag::<u8, N>::from_elements(
            lend(&bytes).iter().copied(),
        ))
        .unwrap_or_default(),
    );
    let c = opaque(
        settle(SortedBag::<u8, N>::from_elements(
            lend(&other).iter().copied(),
        ))
        .unwrap_or_default(),
    );
    keep((b.len(), b.count_of(&opaque(7)), b.get(opaque(3))));
    keep((settle(b.union(&c)), b.difference(&c), b.contains_all(&c)));
    keep(settle(SortedBag::<u8, N>::of_n(opaque(3), opaque(7))));
    for sub in b.subsets(opaque(3)) {
        show(sub);
    }
}
