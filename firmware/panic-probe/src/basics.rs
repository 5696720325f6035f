//! The bit helpers, the search vocabulary (budget, meter, outcome, count), the
//! random generator, and the Jass scores.

use plateau::Budget;
use plateau::bits::{self, BitsError};
use plateau::jass::{self, PackedScore, PlayerId, Score, ScoreError, TeamId, TeamScore};
use plateau::rng::SplitMix64;
use plateau::search::{Count, Meter, Outcome};

use crate::{debug, hash, keep, lend, opaque, settle, show};

pub fn probe() {
    probe_bits();
    probe_search();
    probe_budget_and_rng();
    probe_jass();
}

fn probe_bits() {
    let (v32, v64) = (opaque(0u32), opaque(0u64));
    keep(bits::mask32(opaque(0), opaque(0)));
    keep(bits::mask64(opaque(0), opaque(0)));
    keep(bits::extract32(v32, opaque(0), opaque(0)));
    keep(bits::extract64(v64, opaque(0), opaque(0)));
    let f32s = opaque([(v32, opaque(0u32)); 40]);
    let f64s = opaque([(v64, opaque(0u32)); 70]);
    keep(bits::pack32(lend(&f32s)));
    keep(bits::pack64(lend(&f64s)));
    let e = opaque(BitsError::FieldSize { field: opaque(0) });
    show(e);
    hash(e);
    keep((
        bits::bit16(opaque(0)),
        bits::bit32(opaque(0)),
        bits::bit64(opaque(0)),
        bits::bit128(opaque(0)),
    ));
    keep((
        bits::low16(opaque(0)),
        bits::low32(opaque(0)),
        bits::low64(opaque(0)),
        bits::low128(opaque(0)),
    ));
    keep(bits::top64(opaque(0)));
}

fn probe_search() {
    let mut meter = opaque(Meter::new());
    meter.open(opaque(Budget::new(opaque(5))));
    let mut meter = opaque(meter);
    keep(meter.step());
    let mut meter = opaque(meter);
    keep(meter.left());
    meter.spend(opaque(7));
    let meter = opaque(meter);
    keep(meter.spent());
    debug(meter);
    hash(meter);
    keep(opaque(Meter::default()));
    let count = opaque(Count::at_least(opaque(3)));
    show(count);
    hash(count);
    keep(Count::exactly(opaque(4)));
    // Any outcome: `opaque` may give any variant.
    let outcome: Outcome<Count, u8, Count> = opaque(Outcome::Done(opaque(count)));
    keep((
        outcome.is_done(),
        outcome.is_no_solution(),
        outcome.is_exhausted(),
    ));
    keep((outcome.done(), outcome.best(), outcome.spent()));
    keep(opaque(outcome).map(|c| c.at_least, |c| c.exact));
    debug(outcome);
    hash(outcome);
    let sure: Outcome<Count> = opaque(Outcome::Done(opaque(count)));
    keep(*sure.so_far());
}

fn probe_budget_and_rng() {
    let b = opaque(Budget::new(opaque(0)));
    let other = opaque(Budget::from(opaque(0u64)));
    keep((b.get(), b.is_unlimited(), b < other, b.cmp(&other)));
    keep(opaque(Budget::UNLIMITED));
    show(b);
    hash(b);
    let mut r = opaque(SplitMix64::new(opaque(0)));
    keep(r.next_u64());
    let mut r = opaque(r);
    keep(r.below(opaque(0)));
    let mut r = opaque(r);
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
    keep(lend(&TeamId::ALL).len());
    keep(lend(&PlayerId::ALL).len());
    let t = opaque(TeamId::Team1);
    keep(opaque(t).other());
    keep(opaque(t).number());
    debug(t);
    hash(t);
    keep(TeamId::from_number(opaque(0)));
    let p = opaque(PlayerId::Player1);
    keep(p.team());
    debug(p);
    hash(p);
    let packed = opaque(PackedScore::from_bits(opaque(0)));
    keep(packed.bits());
    keep(packed.is_valid());
    keep(packed.turn_tricks(opaque(t)));
    keep(packed.turn_points(opaque(t)));
    keep(packed.game_points(opaque(t)));
    keep(packed.total_points(opaque(t)));
    keep(packed.team(opaque(t)));
    keep(packed.with_additional_trick(opaque(t), opaque(0)));
    keep(packed.next_turn());
    keep(opaque(PackedScore::INITIAL));
    show(packed);
    hash(packed);
    let team = || TeamScore {
        tricks: opaque(0),
        turn_points: opaque(0),
        game_points: opaque(0),
    };
    keep(settle(PackedScore::pack(team(), team())));
    if let Some(s) = settle(Score::from_packed(opaque(packed))) {
        let s = opaque(s);
        keep(s.packed());
        keep(settle(s.with_additional_trick(opaque(t), opaque(0))));
        keep(settle(s.next_turn()));
        show(s);
        hash(s);
    }
    keep(settle(opaque(Score::INITIAL).next_turn()));
    let e = opaque(ScoreError::InvalidPacked { team: opaque(t) });
    keep(e.team());
    show(e);
    hash(e);
}
