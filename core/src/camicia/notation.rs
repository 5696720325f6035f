//! The deal notation, read: `A/B` or `A | B`, each hand compact (`-A--J`,
//! `-` for any number card) or spaced (`2 A 10 J`): what [`Deal`]'s and
//! [`PackedDeal`]'s `Display` write, and what the published deals use.

use core::str::FromStr;

use super::{CARDS_PER_WORD, CamiciaError, Deal, PackedDeal, Player, Rank};

/// Reads a hand's text into `slots` (from `*filled`), counting every card
/// in `*total` even past the slots; `at` is the hand's byte offset in the
/// whole text, for the errors.
fn hand(
    text: &str,
    player: Player,
    at: usize,
    slots: &mut [Rank],
    filled: &mut usize,
    total: &mut usize,
) -> Result<(), CamiciaError> {
    let mut words = text.split_whitespace();
    let compact = match (words.next(), words.next()) {
        (Some(word), None) => Rank::from_symbol(word).is_none().then_some(word),
        _ => None,
    };
    let mut put = |rank: Option<Rank>, index: usize, offset: usize, len: usize| {
        let Some(rank) = rank else {
            return Err(CamiciaError::NotACard {
                player,
                card: index,
                at: at.saturating_add(offset),
                len,
            });
        };
        if let Some(slot) = slots.get_mut(*filled) {
            *slot = rank;
            *filled += 1;
        }
        *total = total.saturating_add(1);
        Ok(())
    };
    match compact {
        Some(word) => {
            let offset = offset_in(text, word);
            for (n, (i, c)) in word.char_indices().enumerate() {
                put(Rank::from_compact(c), n + 1, offset + i, c.len_utf8())?;
            }
        }
        None => {
            for (n, word) in text.split_whitespace().enumerate() {
                put(
                    Rank::from_symbol(word),
                    n + 1,
                    offset_in(text, word),
                    word.len(),
                )?;
            }
        }
    }
    Ok(())
}

/// Returns the byte offset of `part`, a slice of `whole`, in `whole`.
fn offset_in(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

impl<const W: usize> Deal<W> {
    /// Reads a deal given as its two hands' texts, each compact or spaced;
    /// the errors' byte offsets are within the hand's own text.
    ///
    /// ```
    /// use plateau::camicia::{CamiciaError, Deal, Player};
    /// let deal: Deal = Deal::from_hand_texts("2 A 7", "--K")?;
    /// assert_eq!(deal.to_string(), "2 A 7 | - - K");
    /// let bad = Deal::<1>::from_hand_texts("2 A", "3 Z");
    /// assert_eq!(bad, Err(CamiciaError::NotACard { player: Player::B, card: 2, at: 2, len: 1 }));
    /// # Ok::<(), CamiciaError>(())
    /// ```
    pub fn from_hand_texts(a: &str, b: &str) -> Result<Self, CamiciaError> {
        let mut slots = [[Rank::Number; CARDS_PER_WORD]; W];
        let flat = slots.as_flattened_mut();
        let (mut filled, mut total) = (0, 0);
        hand(a, Player::A, 0, flat, &mut filled, &mut total)?;
        let len_a = total;
        hand(b, Player::B, 0, flat, &mut filled, &mut total)?;
        Self::from_slots(flat, filled, len_a, total)
    }

    /// The deal of the first `filled` slots, A's `len_a` first, of `total`
    /// cards counted.
    fn from_slots(
        slots: &[Rank],
        filled: usize,
        len_a: usize,
        total: usize,
    ) -> Result<Self, CamiciaError> {
        if total > Self::CAPACITY {
            return Err(CamiciaError::TooManyCards {
                cards: total,
                capacity: Self::CAPACITY,
            });
        }
        let cards = slots.get(..filled).unwrap_or_default();
        let (ha, hb) = cards.split_at_checked(len_a).unwrap_or((cards, &[]));
        Deal::from_hands(ha, hb)
    }
}

impl<const W: usize> FromStr for Deal<W> {
    type Err = CamiciaError;

    /// Reads a deal: `A/B` or `A | B`, each hand compact or spaced.
    ///
    /// Fails with [`CamiciaError::NoSeparator`] without a `/` or `|`,
    /// [`CamiciaError::NotACard`] at the first word or letter that is not a
    /// card (naming its player, place and bytes), or
    /// [`CamiciaError::TooManyCards`] past the deal's capacity.
    ///
    /// ```
    /// use plateau::camicia::{CamiciaError, Deal, Player, Rank::*};
    /// let compact: Deal = "--AJ/-K".parse()?;
    /// let spaced: Deal = "2 3 A J | 10 K".parse()?;
    /// assert_eq!(compact.to_string(), "- - A J | - K");
    /// assert_eq!(spaced, Deal::from_hands(&[Two, Three, Ace, Jack], &[Ten, King])?);
    /// assert_eq!(spaced.to_string().parse::<Deal>(), Ok(spaced));
    /// let bad = "2 3 | 4 X".parse::<Deal>();
    /// assert_eq!(bad, Err(CamiciaError::NotACard { player: Player::B, card: 2, at: 8, len: 1 }));
    /// # Ok::<(), CamiciaError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, CamiciaError> {
        // Bytes, not `str::find`: its searcher slices with a bounds check
        // that LLVM keeps at opt-level 3 (the panic probe's link).
        let separator = |sep: u8| text.bytes().position(|b| b == sep);
        let at = separator(b'/')
            .or_else(|| separator(b'|'))
            .ok_or(CamiciaError::NoSeparator)?;
        let (a, b) = (
            text.get(..at).unwrap_or_default(),
            text.get(at + 1..).unwrap_or_default(),
        );
        let mut slots = [[Rank::Number; CARDS_PER_WORD]; W];
        let flat = slots.as_flattened_mut();
        let (mut filled, mut total) = (0, 0);
        hand(a, Player::A, 0, flat, &mut filled, &mut total)?;
        let len_a = total;
        hand(b, Player::B, at + 1, flat, &mut filled, &mut total)?;
        Self::from_slots(flat, filled, len_a, total)
    }
}

impl FromStr for PackedDeal {
    type Err = CamiciaError;

    /// Reads a deal of at most [`PackedDeal::CAPACITY`] cards as [`Deal`]
    /// does (the compact notation its `Display` writes, or the spaced one).
    ///
    /// ```
    /// use plateau::camicia::PackedDeal;
    /// let deal: PackedDeal = "---AJ--Q/-K--".parse()?;
    /// assert_eq!(deal.to_string(), "---AJ--Q/-K--");
    /// # Ok::<(), plateau::camicia::CamiciaError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, CamiciaError> {
        let deal: Deal<1> = text.parse()?;
        PackedDeal::from_deal(&deal)
    }
}
