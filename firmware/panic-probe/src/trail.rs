//! The longest trail: its search, owned and lent, the bonus of two players, and
//! a workspace of every capacity (0 to 3 and 5 routes, stations and matched
//! stations; the aliases, the host's large ones too; the default).

use core::fmt::Debug;

use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tchu::map;
use plateau::tchu::trail::{
    self, BonusSearch, CompactMapWorkspace, HugeWorkspace, LargeWorkspace, MapWorkspace,
    PlayerWorkspace, Trail, TrailError, TrailMemory, TrailSearch, TrailWorkspace,
    longest_trail_bonus, longest_trail_bonus_unbounded,
};

use crate::{debug, hash, keep, lend, opaque, settle, show};

pub fn probe() {
    // Two networks: any two pieces of the map.
    let routes = lend(&map::ROUTES);
    let other = lend(&map::ROUTES);
    let mut workspace: TrailWorkspace = opaque(TrailWorkspace::new());
    debug(&workspace);
    keep(opaque(<TrailWorkspace>::default()));
    show(opaque(TrailError::TooManyStations {
        stations: opaque(65),
        capacity: opaque(64),
    }));
    hash(opaque(TrailError::TooManyRoutes {
        routes: opaque(129),
        capacity: opaque(128),
    }));
    keep((trail::MAX_ROUTES, trail::MAX_STATIONS));
    keep(settle(longest_trail_bonus_unbounded(routes, other)));
    if let Some(bonus) = settle(longest_trail_bonus(routes, other, opaque(Budget::new(50)))) {
        debug(bonus);
        hash(bonus);
    }
    keep(settle(Trail::longest_unbounded(other)).map(|t| t.length()));
    let Some(owned) = settle(TrailSearch::new(routes)) else {
        return;
    };
    let mut a = opaque(owned);
    let Ok(outcome) = a.run(opaque(Budget::new(50)));
    let a = opaque(a);
    keep((a.is_done(), a.spent(), a.best().length()));
    keep(a.outcome());
    debug(outcome);
    hash(outcome);
    debug(&a);
    let Some(lent) = settle(TrailSearch::new_in(other, &mut workspace)) else {
        return;
    };
    let mut b = opaque(lent);
    let Ok(outcome) = b.run(opaque(Budget::UNLIMITED));
    let b = opaque(b);
    keep((b.is_done(), b.spent(), b.outcome()));
    let t = opaque(*outcome.so_far());
    keep((t.length(), t.route_count(), t.is_empty()));
    keep((t.station1(), t.station2(), t.contains(opaque(3))));
    for r in t.routes() {
        keep(r.length());
    }
    for s in t.stations() {
        keep(s.id());
    }
    for (r, s) in t.steps() {
        keep((r.length(), s.id()));
    }
    show(t);
    hash(t);
    if let Outcome::Exhausted { best, spent } = outcome {
        keep((best.length(), spent));
    }
    show(opaque(Trail::EMPTY));
    if let Some(search) = settle(BonusSearch::new(routes, other)) {
        bonus(search);
    }
    capacities();
}

/// A bonus search in any state: its outcome, trails, steps and decision.
fn bonus<W: TrailMemory>(search: BonusSearch<'_, W>) {
    let mut search = opaque(search);
    debug(&search);
    let Ok(outcome) = search.run(opaque(Budget::new(50)));
    debug(outcome);
    hash(outcome);
    let search = opaque(search);
    let [a, b] = search.trails();
    keep((a.so_far().length(), b.so_far().length()));
    keep((search.spent_each(), search.spent(), search.decided()));
    keep(search.outcome());
    debug(&search);
}

/// Probes `TrailWorkspace::<R, S, M>` (its constructors, constants and
/// `Debug`) and a search and a bonus in one, owned and lent.
macro_rules! capacity {
    ($($r:literal, $s:literal, $m:literal);* $(;)?) => {$(
        keep((
            TrailWorkspace::<$r, $s, $m>::ROUTES,
            TrailWorkspace::<$r, $s, $m>::STATIONS,
            TrailWorkspace::<$r, $s, $m>::MATCHED,
        ));
        workspace(
            opaque(TrailWorkspace::<$r, $s, $m>::new()),
            opaque(TrailWorkspace::<$r, $s, $m>::default()),
        );
    )*};
}

/// Every capacity from 0 to 3 and 5 of each parameter, the aliases, and the
/// default.
fn capacities() {
    capacity!(0, 0, 0; 1, 1, 1; 2, 2, 2; 3, 3, 3; 5, 5, 5; 7, 2, 0);
    workspace(
        opaque(PlayerWorkspace::new()),
        opaque(PlayerWorkspace::default()),
    );
    workspace(
        opaque(CompactMapWorkspace::new()),
        opaque(CompactMapWorkspace::default()),
    );
    workspace(opaque(MapWorkspace::new()), opaque(MapWorkspace::default()));
    // The host's: linked here (the probe never runs), so that their sets of
    // 4 and 8 words are proven free of panics too.
    workspace(
        opaque(LargeWorkspace::new()),
        opaque(LargeWorkspace::default()),
    );
    workspace(
        opaque(HugeWorkspace::new()),
        opaque(HugeWorkspace::default()),
    );
}

/// A search of any network of the map in `lent` (lent) and in `owned` (owned),
/// each in any state, and a bonus in each.
fn workspace<W>(mut lent: W, owned: W)
where
    W: TrailMemory + Debug,
{
    debug(&lent);
    let routes = lend(&map::ROUTES);
    if let Some(search) = settle(TrailSearch::new_in(routes, &mut lent)) {
        let mut search = opaque(search);
        let Ok(outcome) = search.run(opaque(Budget::new(50)));
        let search = opaque(search);
        keep((search.is_done(), search.spent(), search.best().length()));
        keep(search.outcome());
        keep(outcome.so_far().length());
        debug(&search);
    }
    if let Some(search) = settle(BonusSearch::new_in(
        lend(&map::ROUTES),
        lend(&map::ROUTES),
        &mut lent,
    )) {
        bonus(search);
    }
    let routes = lend(&map::ROUTES);
    if let Some(search) = settle(TrailSearch::new_in(routes, owned)) {
        let mut search = opaque(search);
        let Ok(outcome) = search.run(opaque(Budget::UNLIMITED));
        let search = opaque(search);
        keep((search.is_done(), search.spent(), search.best().length()));
        keep(search.outcome());
        show(*outcome.so_far());
        debug(&search);
    }
    debug(&lent);
}
