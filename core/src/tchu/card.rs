//! Colors and cards: the eight car colors, their cards and the locomotive.

use core::fmt;

/// Names a color of cars and routes, in the game's order.
///
/// ```
/// use plateau::tchu::Color;
/// assert_eq!(Color::ALL[0], Color::Black);
/// assert_eq!(Color::Violet.to_string(), "VIOLET");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Color {
    /// Black.
    Black,
    /// Violet.
    Violet,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Orange.
    Orange,
    /// Red.
    Red,
    /// White.
    White,
}

impl Color {
    /// The 8 colors in order.
    pub const ALL: [Color; 8] = [
        Color::Black,
        Color::Violet,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Orange,
        Color::Red,
        Color::White,
    ];

    /// Returns the name in capitals, as the game writes it (`BLACK`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "BLACK",
            Color::Violet => "VIOLET",
            Color::Blue => "BLUE",
            Color::Green => "GREEN",
            Color::Yellow => "YELLOW",
            Color::Orange => "ORANGE",
            Color::Red => "RED",
            Color::White => "WHITE",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Names a card: a car card of one color, or a locomotive (last in the order).
///
/// ```
/// use plateau::tchu::{Card, Color};
/// assert_eq!(Card::of(Color::Red).color(), Some(Color::Red));
/// assert_eq!(Card::Locomotive.color(), None);
/// assert!(Card::White < Card::Locomotive);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Card {
    /// Black car.
    Black,
    /// Violet car.
    Violet,
    /// Blue car.
    Blue,
    /// Green car.
    Green,
    /// Yellow car.
    Yellow,
    /// Orange car.
    Orange,
    /// Red car.
    Red,
    /// White car.
    White,
    /// Locomotive: any color on a tunnel.
    Locomotive,
}

impl Card {
    /// The 9 cards in order: the cars in color order, then the locomotive.
    pub const ALL: [Card; 9] = [
        Card::Black,
        Card::Violet,
        Card::Blue,
        Card::Green,
        Card::Yellow,
        Card::Orange,
        Card::Red,
        Card::White,
        Card::Locomotive,
    ];

    /// Returns the car card of `color`.
    #[must_use]
    pub const fn of(color: Color) -> Card {
        match color {
            Color::Black => Card::Black,
            Color::Violet => Card::Violet,
            Color::Blue => Card::Blue,
            Color::Green => Card::Green,
            Color::Yellow => Card::Yellow,
            Color::Orange => Card::Orange,
            Color::Red => Card::Red,
            Color::White => Card::White,
        }
    }

    /// Returns the car's color, or `None` for the locomotive.
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            Card::Black => Some(Color::Black),
            Card::Violet => Some(Color::Violet),
            Card::Blue => Some(Color::Blue),
            Card::Green => Some(Color::Green),
            Card::Yellow => Some(Color::Yellow),
            Card::Orange => Some(Color::Orange),
            Card::Red => Some(Color::Red),
            Card::White => Some(Color::White),
            Card::Locomotive => None,
        }
    }

    /// Returns the name in capitals (`RED`, `LOCOMOTIVE`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self.color() {
            Some(c) => c.name(),
            None => "LOCOMOTIVE",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tchu::TOTAL_CARDS;

    #[test]
    fn card_order() {
        assert!(Card::White < Card::Locomotive);
        for (c, color) in Card::ALL.iter().zip(Color::ALL) {
            assert_eq!(*c, Card::of(color));
        }
        assert_eq!(TOTAL_CARDS, 110);
    }
}
