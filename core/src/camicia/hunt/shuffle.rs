//! The hunt's fresh deals: a uniform shuffle of the deck, from four random words.

use core::hint::select_unpredictable;

use super::PAYMENT_CARDS;
use crate::camicia::{DECK_SIZE, PackedDeal};
use crate::rng::SplitMix64;

/// Returns a fresh shuffle of the deck, dealt 26/26, with number cards folded.
///
/// The places of the 16 payment cards are a uniform choice of 16 of the 52
/// places (Floyd's sampling: for each place `j` from 36 to 51, a place
/// `t <= j` is drawn and taken, or `j` if `t` already is), and their
/// penalties come in a uniform order (a Fisher–Yates shuffle of the 16
/// two-bit codes in one word): 31 random draws from four 64-bit outputs,
/// all in registers. The draws from one output are chained 128-bit
/// multiplications, together exactly one multiply-shift draw below the
/// product of their ranges (under 2^39), so every outcome of a group is
/// within a factor 1 ± 2^-25 of uniform.
///
/// ```
/// use plateau::{camicia::{hunt::shuffle, Player}, rng::SplitMix64};
/// let deal = shuffle(&mut SplitMix64::new(1));
/// assert_eq!((deal.len(Player::A), deal.len(Player::B)), (26, 26));
/// assert_eq!(deal.to_string().chars().filter(|&c| c != '-' && c != '/').count(), 16);
/// ```
#[must_use]
#[inline]
pub fn shuffle(rng: &mut SplitMix64) -> PackedDeal {
    let (pay, codes) = shuffle_bits(rng);
    // Places below 52 and 16 codes of two bits: what `from_bits` accepts.
    PackedDeal::dealt(pay, u128::from(codes))
}

/// The first place Floyd's sampling fills (36: 16 of 52 places).
const FLOYD_FROM: usize = DECK_SIZE - PAYMENT_CARDS;

/// The shuffle's words: the payment cards' places, and their codes (two
/// bits each, in place order). Two words come back in registers, where a
/// `PackedDeal` would come back through memory, which the next game's start
/// would wait to read.
///
/// The draws come in four groups, one 64-bit output each, drawn first (a
/// group waits only on its own multiplications): Floyd's ranges 37..=43 and
/// 44..=50; 51, 52 and Fisher–Yates's 16..=10; Fisher–Yates's 9..=2. Each
/// group's product of ranges is below 2^39 (see [`draw`]).
#[inline(never)]
fn shuffle_bits(rng: &mut SplitMix64) -> (u64, u64) {
    let mut groups = [0u64; 4];
    for g in &mut groups {
        *g = rng.next_u64();
    }
    let [mut a, mut b, mut c, mut d] = groups;
    // Floyd: each step takes one more place; its draw does not wait for
    // the places taken, only the choice between `t` and `j` does.
    let mut pay = 0u64;
    for j in FLOYD_FROM..FLOYD_FROM + 7 {
        pay = take_place(pay, j, draw(&mut a, j + 1));
    }
    for j in FLOYD_FROM + 7..FLOYD_FROM + 14 {
        pay = take_place(pay, j, draw(&mut b, j + 1));
    }
    for j in FLOYD_FROM + 14..DECK_SIZE {
        pay = take_place(pay, j, draw(&mut c, j + 1));
    }
    // Penalty codes (penalty minus one), four of each, two bits each:
    // field k holds k / 4. Fisher–Yates from the top field down.
    let mut codes: u64 = 0xFFAA_5500;
    for k in (9..PAYMENT_CARDS).rev() {
        codes = swap_fields(codes, k, draw(&mut c, k + 1));
    }
    for k in (1..9).rev() {
        codes = swap_fields(codes, k, draw(&mut d, k + 1));
    }
    (pay, codes)
}

/// Returns a number below `n` (at most 64) from the random word `x`: the
/// high word of the 128-bit product `x · n`, whose low word is left in `x`
/// for the next draw. Draws taken this way from one uniform 64-bit word are
/// together exactly one multiply-shift draw below the product `P` of their
/// ranges, read in mixed radix: each outcome of the group comes from
/// `⌊2^64 / P⌋` or `⌈2^64 / P⌉` words, within a factor `1 ± P / 2^64` of
/// uniform (below `1 ± 2^-25` for the shuffle's groups; 32-bit
/// multiply-shift draws, [`SplitMix64::below`], have `1 ± n / 2^32` each).
#[inline(always)]
fn draw(x: &mut u64, n: usize) -> usize {
    let p = u128::from(*x) * (n as u128);
    *x = p as u64;
    // n <= 64: the high word is below n.
    (p >> 64) as usize
}

/// Floyd's step for place `j`: takes place `t <= j` (`j < 52`), or `j`
/// if `t` is already taken.
#[inline(always)]
fn take_place(pay: u64, j: usize, t: usize) -> u64 {
    let taken = (pay >> (t & 63)) & 1 == 1;
    pay | 1 << (select_unpredictable(taken, j, t) & 63)
}

/// Swaps the two-bit fields `k` and `r` of `codes` (`r <= k < 16`: the
/// fields lie below bit 32).
#[inline(always)]
fn swap_fields(codes: u64, k: usize, r: usize) -> u64 {
    let (a, b) = ((2 * k) & 63, (2 * r) & 63);
    let d = ((codes >> a) ^ (codes >> b)) & 3;
    codes ^ (d << a | d << b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_valid_deals() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..1000 {
            let deal = shuffle(&mut rng);
            let row: std::vec::Vec<_> = (0..DECK_SIZE).map(|i| deal.rank(i).unwrap()).collect();
            assert_eq!(PackedDeal::from_row(&row, DECK_SIZE / 2), Ok(deal));
            assert_eq!(row.iter().filter(|r| !r.is_number()).count(), PAYMENT_CARDS);
        }
    }

    #[test]
    fn a_groups_draws_are_one_draw_below_their_product() {
        // The shuffle's groups of ranges, in the order `shuffle_bits` draws.
        let groups: [&[usize]; 4] = [
            &[37, 38, 39, 40, 41, 42, 43],
            &[44, 45, 46, 47, 48, 49, 50],
            &[51, 52, 16, 15, 14, 13, 12, 11, 10],
            &[9, 8, 7, 6, 5, 4, 3, 2],
        ];
        let mut rng = SplitMix64::new(11);
        for ranges in groups {
            let product: u128 = ranges.iter().map(|&n| n as u128).product();
            assert!(product < 1 << 39, "{ranges:?}");
            for _ in 0..10_000 {
                let word = rng.next_u64();
                // The chain of draws...
                let mut x = word;
                let drawn: std::vec::Vec<usize> = ranges.iter().map(|&n| draw(&mut x, n)).collect();
                // ...is the multiply-shift draw below the product, read in
                // mixed radix (the last range the lowest digit).
                let mut whole = (u128::from(word) * product) >> 64;
                let mut digits = std::vec![0; ranges.len()];
                for (d, &n) in digits.iter_mut().zip(ranges).rev() {
                    *d = (whole % n as u128) as usize;
                    whole /= n as u128;
                }
                assert_eq!(drawn, digits, "{word:#x}");
            }
        }
    }
}
