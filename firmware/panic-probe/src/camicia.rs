//! Camicia: ranks, deals of every width, the games, backward play, the packed
//! deal, the hunt.

use plateau::Budget;
use plateau::camicia::backward::{self, Ancestors, Frame};
use plateau::camicia::hunt::{
    self, Best, CHUNK_DEALS, Chunks, Entry, Hunt, HuntSearch, Order, PAYMENT_CARDS, Shard, Tally,
};
use plateau::camicia::{
    self, CamiciaError, Cycle, Deal, Ending, Event, Game, PackedDeal, Player, Rank, Simulation,
    Status, Trace,
};
use plateau::rng::SplitMix64;
use plateau::search::{Outcome, Search};

use crate::{debug, hash, keep, lend, lend_mut, opaque, settle, show};

pub fn probe() {
    keep((
        camicia::DECK_SIZE,
        camicia::CARDS_PER_WORD,
        PackedDeal::CAPACITY,
    ));
    keep(lend(&Rank::ALL).len());
    let r = opaque(Rank::Jack);
    keep((r.penalty(), r.is_number(), r.symbol(), r.compact()));
    keep((
        Rank::from_penalty(opaque(3)),
        Rank::from_symbol(opaque("10")),
        Rank::from_compact(opaque('T')),
    ));
    show(r);
    hash(r);
    let p = opaque(Player::B);
    show(p);
    show(opaque(p).other());
    hash(p);
    show(opaque(Status::Loop));
    show(opaque(CamiciaError::NoSuchCard {
        position: opaque(0),
        cards: opaque(0),
    }));
    // Any game outcome.
    let outcome: camicia::GameOutcome = opaque(Outcome::Done(Ending {
        status: opaque(Status::Finished),
        cards: opaque(0),
        tricks: opaque(0),
    }));
    keep((outcome.cards(), outcome.tricks()));
    debug(opaque(Event::Take {
        player: opaque(Player::A),
        cards: opaque(0),
    }));
    // Every width from 0 to 3, odd ones besides, and a wide one: a panic at
    // one width only (`W % 4 == 3`, say) fails the link.
    probe_deal::<0>();
    probe_deal::<1>();
    probe_deal::<2>();
    probe_deal::<3>();
    probe_deal::<5>();
    probe_deal::<7>();
    probe_deal::<8>();
    probe_packed();
    probe_hunt();
}

/// One width of `Deal<W>`, `Game<W>`, `Simulation<W>` and `Trace<W>`.
fn probe_deal<const W: usize>() {
    let ranks = opaque([Rank::Jack; 600]);
    let others = opaque([Rank::Ace; 600]);
    keep(Deal::<W>::CAPACITY);
    keep(opaque(Deal::<W>::EMPTY).total());
    let Some(deal) = settle(Deal::<W>::from_hands(lend(&ranks), lend(&others))) else {
        return;
    };
    let deal = opaque(deal);
    let player = opaque(Player::A);
    keep((deal.len(player), deal.total(), settle(deal.card(opaque(1)))));
    for c in deal.hand(opaque(player)) {
        keep(c);
    }
    let outcome = deal.simulate(opaque(Budget::new(1000)));
    if let Some(end) = outcome.done() {
        show(end.status);
        let cycle = opaque(Cycle::find(&deal, opaque(end)));
        if let Some(cycle) = cycle {
            keep((cycle.entry, cycle.tricks, cycle.cards, cycle.id()));
            show(cycle.canonical());
        }
        debug(cycle);
        hash(cycle);
    }
    hash(outcome);
    show(deal);
    hash(deal);
    let mut simulation = opaque(Simulation::new(&deal));
    loop {
        let Ok(o) = simulation.run(opaque(Budget::new(7)));
        if !o.is_exhausted() {
            break;
        }
        keep(simulation.spent());
    }
    let simulation = opaque(simulation);
    keep((simulation.outcome(), simulation.spent()));
    debug(simulation);
    let text = opaque("2 A 10 J / --QK");
    keep(settle(text.parse::<Deal<W>>()));
    keep(settle(Deal::<W>::from_hand_texts(
        opaque("2 A"),
        opaque("-K"),
    )));
    let mut game = opaque(Game::new(&deal));
    while let Some(e) = game.step() {
        debug(e);
        hash(e);
    }
    let game = opaque(game);
    keep((
        game.owed(),
        game.to_play(),
        game.round(),
        game.cards(),
        game.tricks(),
    ));
    keep((game.is_finished(), game.at_round_start()));
    for c in game.hand(opaque(player)).chain(game.pile()) {
        keep(c);
    }
    debug(game);
    let mut trace = opaque(Trace::new(&deal, opaque(outcome)));
    for e in trace.by_ref() {
        debug(e);
    }
    let trace = opaque(trace);
    keep((trace.outcome(), trace.game().cards()));
    debug(trace);
    keep(settle(PackedDeal::from_deal(&deal)));
    probe_backward(&deal);
}

/// Backward play at one width: a round forward, the states before, the walk.
fn probe_backward<const W: usize>(deal: &Deal<W>) {
    let deal = opaque(*deal);
    if let Some(step) = opaque(backward::next_round(&deal)) {
        keep((step.cards, step.swapped));
        show(step.state);
        debug(step);
        hash(step);
    }
    let mut before = opaque(backward::predecessors(&deal));
    for step in before.by_ref().take(opaque(8)) {
        keep((step.cards, step.swapped, step.state.total()));
    }
    debug(opaque(before));
    let mut walk = opaque(Ancestors::new(&deal, opaque(6)));
    for node in walk.by_ref().take(opaque(64)) {
        keep((node.tricks, node.cards, node.state.total()));
        debug(node);
        hash(node);
    }
    debug(opaque(walk));
    let mut frames = opaque([Frame::EMPTY; 3]);
    let mut kept = opaque(Ancestors::new_in(&deal, opaque(6), &mut frames));
    for node in kept.by_ref().take(opaque(64)) {
        keep((node.tricks, node.cards, node.state.total()));
    }
    keep(kept.replayed());
    debug(opaque(kept));
    debug(opaque(Frame::<1>::EMPTY));
}

fn probe_packed() {
    let ranks = opaque([Rank::Jack; 80]);
    keep(settle(opaque("2 A 10 J / --QK").parse::<PackedDeal>()));
    keep(settle(PackedDeal::from_bits(
        opaque(0b1_0001),
        opaque(0),
        opaque(3),
        opaque(3),
    )));
    let Some(p) = settle(PackedDeal::from_row(lend(&ranks), opaque(2))) else {
        return;
    };
    let mut p = opaque(p);
    keep(settle(p.swap(opaque(0), opaque(4))));
    let p = opaque(p);
    keep(settle(p.alike(opaque(0), opaque(4))));
    keep((
        p.len(opaque(Player::A)),
        p.total(),
        settle(p.rank(opaque(2))),
    ));
    keep(p.simulate(opaque(Budget::new(1000))));
    keep(opaque(p).to_deal());
    let many = opaque([p; 40]);
    let budget = opaque(Budget::new(1000));
    PackedDeal::simulate_many(lend(&many).iter().copied(), budget, |i, d, o| {
        keep((i, d, o))
    });
    show(p);
    hash(p);
}

/// A tally over lent lists of opaque lengths, holding any counts and entries.
fn tally(lists: &mut ([Entry; 3], [Entry; 3], [Entry; 3])) -> Tally<&mut [Entry]> {
    let (a, b, c) = lists;
    opaque(Tally::new_in(lend_mut(a), lend_mut(b), lend_mut(c)))
}

/// The record hunt: shuffles, best lists over lent storage, tallies, shards.
fn probe_hunt() {
    keep((CHUNK_DEALS, PAYMENT_CARDS, Shard::WHOLE));
    let mut rng = opaque(SplitMix64::new(opaque(1)));
    let deal = opaque(hunt::shuffle(&mut rng));
    let outcome = deal.simulate(opaque(Budget::new(100)));
    let found = opaque(Entry {
        deal,
        ending: outcome.done().copied().unwrap_or(Entry::EMPTY.ending),
    });
    debug(found);
    hash(found);
    debug(opaque(Entry::EMPTY));
    let mut slots = opaque([Entry::EMPTY; 4]);
    let mut best = opaque(Best::new_in(
        opaque(Order::CardsFirst),
        lend_mut(&mut slots),
    ));
    let other = opaque(Entry::EMPTY);
    keep(opaque(Order::TricksFirst).compare(&found, &other));
    keep(opaque(Order::CardsFirst).compare(&other, &found));
    keep(best.might_keep(&found.ending));
    keep(best.insert(found));
    let best = opaque(best);
    keep((best.len(), best.is_empty(), best.capacity(), best.order()));
    for f in best.as_slice() {
        keep(*f);
    }
    debug(&best);
    hash(&best);

    let mut lists = opaque(([Entry::EMPTY; 3], [Entry::EMPTY; 3], [Entry::EMPTY; 3]));
    let mut tally_a = tally(&mut lists);
    tally_a.add(&deal, opaque(outcome));
    keep(tally_a.might_keep(&found.ending));
    tally_a.list(&deal, opaque(found.ending));
    let hunt = opaque(Hunt::new(opaque(7), opaque(Budget::new(1000))));
    keep(opaque(hunt).fresh());
    keep(opaque(hunt).climb().climbs());
    keep(opaque(hunt).lift_from(opaque(Some(1))).lifts_from());
    keep((
        hunt::LIFT_FROM,
        hunt::LIFT_ROUNDS,
        hunt::LIFT_STATES,
        hunt::LIFT_FRAMES,
    ));
    debug(hunt);
    hash(hunt);
    keep(Hunt::chunk_deals(opaque(Budget::new(100)), opaque(0)));
    let mut tally_a = opaque(tally_a);
    hunt.chunk(opaque(5), opaque(Budget::new(50)), &mut tally_a);
    let Some(shard) = settle(Shard::new(opaque(1), opaque(2))) else {
        return;
    };
    let shard = opaque(shard);
    keep((shard.k(), shard.n(), shard.chunk(opaque(3))));
    keep(shard.share(opaque(Budget::new(100))));
    debug(shard);
    hash(shard);
    let chunks = opaque(Chunks::new(shard, opaque(Budget::new(100))));
    keep(chunks.get(opaque(2)));
    debug(chunks);
    hash(chunks);
    let mut more = opaque(([Entry::EMPTY; 3], [Entry::EMPTY; 3], [Entry::EMPTY; 3]));
    let tally_b = tally(&mut more);
    let mut search = opaque(HuntSearch::new_in(
        hunt,
        shard,
        opaque(Budget::new(100)),
        tally_b,
    ));
    loop {
        let Ok(o) = search.run(opaque(Budget::new(CHUNK_DEALS)));
        if !o.is_exhausted() {
            break;
        }
    }
    let search = opaque(search);
    keep((search.spent(), search.tally().deals));
    debug(&search);
    // Two independent tallies, each in any state, absorbed both ways; and a
    // tally over owned arrays.
    let mut tally_a = opaque(tally_a);
    let mut tally_b = opaque(search.into_tally());
    tally_a.absorb(&tally_b);
    tally_b.absorb(&tally_a);
    let owned = Tally::new_in([Entry::EMPTY; 2], [Entry::EMPTY; 2], [Entry::EMPTY; 2]);
    let mut owned = opaque(owned);
    owned.absorb(&tally_a);
    tally_b.absorb(&owned);
    owned.add(&opaque(deal), opaque(outcome));
    let owned = opaque(owned);
    keep((owned.deals, owned.chunks, owned.finished, owned.loops));
    keep((owned.exhausted, owned.cards_of_finished));
    debug(owned);
    hash(owned);
    debug(&tally_b);
}
