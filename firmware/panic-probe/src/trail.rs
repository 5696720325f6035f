//! The longest trail: its search, owned and lent, the bonus of two players.

use plateau::Budget;
use plateau::search::{Outcome, Search};
use plateau::tchu::map;
use plateau::tchu::trail::{
    self, Trail, TrailBonus, TrailError, TrailSearch, TrailWorkspace, longest_trail_bonus,
    longest_trail_bonus_unbounded,
};

use crate::{debug, hash, keep, lend, opaque, settle, show};

pub fn probe() {
    // Two networks: any two pieces of the map.
    let routes = lend(&map::ROUTES);
    let other = lend(&map::ROUTES);
    let mut workspace = opaque(TrailWorkspace::new());
    debug(&workspace);
    keep(opaque(TrailWorkspace::default()));
    show(opaque(TrailError::TooManyStations {
        stations: opaque(65),
    }));
    hash(opaque(TrailError::TooManyRoutes {
        routes: opaque(129),
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
    // Two different searches, each in any state.
    keep(TrailBonus::of(&a, &b));
    keep(TrailBonus::of(&b, &a));
    keep((b.is_done(), b.spent(), b.outcome()));
    let t = opaque(*outcome.so_far());
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
    if let Outcome::Exhausted { best, spent } = outcome {
        keep((best.length(), spent));
    }
    show(opaque(Trail::EMPTY));
}
