//! The map's tables, generated from `fixtures/tchu/*.tsv`: do not edit.
//!
//! Regenerate with `PLATEAU_REGENERATE=1 cargo test -p plateau-tests --test integration tchu_map`.

use super::super::{Color, Level, Route, Station, Ticket, Trip};

/// Baden (id 0).
pub const BAD: Station = Station::new(0, "BAD", "Baden");
/// Bâle (id 1).
pub const BAL: Station = Station::new(1, "BAL", "Bâle");
/// Bellinzone (id 2).
pub const BEL: Station = Station::new(2, "BEL", "Bellinzone");
/// Berne (id 3).
pub const BER: Station = Station::new(3, "BER", "Berne");
/// Brigue (id 4).
pub const BRI: Station = Station::new(4, "BRI", "Brigue");
/// Brusio (id 5).
pub const BRU: Station = Station::new(5, "BRU", "Brusio");
/// Coire (id 6).
pub const COI: Station = Station::new(6, "COI", "Coire");
/// Davos (id 7).
pub const DAV: Station = Station::new(7, "DAV", "Davos");
/// Delémont (id 8).
pub const DEL: Station = Station::new(8, "DEL", "Delémont");
/// Fribourg (id 9).
pub const FRI: Station = Station::new(9, "FRI", "Fribourg");
/// Genève (id 10).
pub const GEN: Station = Station::new(10, "GEN", "Genève");
/// Interlaken (id 11).
pub const INT: Station = Station::new(11, "INT", "Interlaken");
/// Kreuzlingen (id 12).
pub const KRE: Station = Station::new(12, "KRE", "Kreuzlingen");
/// Lausanne (id 13).
pub const LAU: Station = Station::new(13, "LAU", "Lausanne");
/// La Chaux-de-Fonds (id 14).
pub const LCF: Station = Station::new(14, "LCF", "La Chaux-de-Fonds");
/// Locarno (id 15).
pub const LOC: Station = Station::new(15, "LOC", "Locarno");
/// Lucerne (id 16).
pub const LUC: Station = Station::new(16, "LUC", "Lucerne");
/// Lugano (id 17).
pub const LUG: Station = Station::new(17, "LUG", "Lugano");
/// Martigny (id 18).
pub const MAR: Station = Station::new(18, "MAR", "Martigny");
/// Neuchâtel (id 19).
pub const NEU: Station = Station::new(19, "NEU", "Neuchâtel");
/// Olten (id 20).
pub const OLT: Station = Station::new(20, "OLT", "Olten");
/// Pfäffikon (id 21).
pub const PFA: Station = Station::new(21, "PFA", "Pfäffikon");
/// Sargans (id 22).
pub const SAR: Station = Station::new(22, "SAR", "Sargans");
/// Schaffhouse (id 23).
pub const SCE: Station = Station::new(23, "SCE", "Schaffhouse");
/// Schwyz (id 24).
pub const SCZ: Station = Station::new(24, "SCZ", "Schwyz");
/// Sion (id 25).
pub const SIO: Station = Station::new(25, "SIO", "Sion");
/// Soleure (id 26).
pub const SOL: Station = Station::new(26, "SOL", "Soleure");
/// Saint-Gall (id 27).
pub const STG: Station = Station::new(27, "STG", "Saint-Gall");
/// Vaduz (id 28).
pub const VAD: Station = Station::new(28, "VAD", "Vaduz");
/// Wassen (id 29).
pub const WAS: Station = Station::new(29, "WAS", "Wassen");
/// Winterthour (id 30).
pub const WIN: Station = Station::new(30, "WIN", "Winterthour");
/// Yverdon (id 31).
pub const YVE: Station = Station::new(31, "YVE", "Yverdon");
/// Zoug (id 32).
pub const ZOU: Station = Station::new(32, "ZOU", "Zoug");
/// Zürich (id 33).
pub const ZUR: Station = Station::new(33, "ZUR", "Zürich");
/// Allemagne (id 34).
pub const DE1: Station = Station::new(34, "DE1", "Allemagne");
/// Allemagne (id 35).
pub const DE2: Station = Station::new(35, "DE2", "Allemagne");
/// Allemagne (id 36).
pub const DE3: Station = Station::new(36, "DE3", "Allemagne");
/// Allemagne (id 37).
pub const DE4: Station = Station::new(37, "DE4", "Allemagne");
/// Allemagne (id 38).
pub const DE5: Station = Station::new(38, "DE5", "Allemagne");
/// Autriche (id 39).
pub const AT1: Station = Station::new(39, "AT1", "Autriche");
/// Autriche (id 40).
pub const AT2: Station = Station::new(40, "AT2", "Autriche");
/// Autriche (id 41).
pub const AT3: Station = Station::new(41, "AT3", "Autriche");
/// Italie (id 42).
pub const IT1: Station = Station::new(42, "IT1", "Italie");
/// Italie (id 43).
pub const IT2: Station = Station::new(43, "IT2", "Italie");
/// Italie (id 44).
pub const IT3: Station = Station::new(44, "IT3", "Italie");
/// Italie (id 45).
pub const IT4: Station = Station::new(45, "IT4", "Italie");
/// Italie (id 46).
pub const IT5: Station = Station::new(46, "IT5", "Italie");
/// France (id 47).
pub const FR1: Station = Station::new(47, "FR1", "France");
/// France (id 48).
pub const FR2: Station = Station::new(48, "FR2", "France");
/// France (id 49).
pub const FR3: Station = Station::new(49, "FR3", "France");
/// France (id 50).
pub const FR4: Station = Station::new(50, "FR4", "France");

/// The 51 stations, by id.
pub static STATIONS: [Station; 51] = [
    BAD,
    BAL,
    BEL,
    BER,
    BRI,
    BRU,
    COI,
    DAV,
    DEL,
    FRI,
    GEN,
    INT,
    KRE,
    LAU,
    LCF,
    LOC,
    LUC,
    LUG,
    MAR,
    NEU,
    OLT,
    PFA,
    SAR,
    SCE,
    SCZ,
    SIO,
    SOL,
    STG,
    VAD,
    WAS,
    WIN,
    YVE,
    ZOU,
    ZUR,
    DE1,
    DE2,
    DE3,
    DE4,
    DE5,
    AT1,
    AT2,
    AT3,
    IT1,
    IT2,
    IT3,
    IT4,
    IT5,
    FR1,
    FR2,
    FR3,
    FR4,
];

/// The 88 routes, sorted by id.
pub static ROUTES: [Route; 88] = [
    Route::unchecked("AT1_STG_1", AT1, STG, 4, Level::Underground, None),
    Route::unchecked("AT2_VAD_1", AT2, VAD, 1, Level::Underground, Some(Color::Red)),
    Route::unchecked("BAD_BAL_1", BAD, BAL, 3, Level::Underground, Some(Color::Red)),
    Route::unchecked("BAD_OLT_1", BAD, OLT, 2, Level::Overground, Some(Color::Violet)),
    Route::unchecked("BAD_ZUR_1", BAD, ZUR, 1, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("BAL_DE1_1", BAL, DE1, 1, Level::Underground, Some(Color::Blue)),
    Route::unchecked("BAL_DEL_1", BAL, DEL, 2, Level::Underground, Some(Color::Yellow)),
    Route::unchecked("BAL_OLT_1", BAL, OLT, 2, Level::Underground, Some(Color::Orange)),
    Route::unchecked("BEL_LOC_1", BEL, LOC, 1, Level::Underground, Some(Color::Black)),
    Route::unchecked("BEL_LUG_1", BEL, LUG, 1, Level::Underground, Some(Color::Red)),
    Route::unchecked("BEL_LUG_2", BEL, LUG, 1, Level::Underground, Some(Color::Yellow)),
    Route::unchecked("BEL_WAS_1", BEL, WAS, 4, Level::Underground, None),
    Route::unchecked("BEL_WAS_2", BEL, WAS, 4, Level::Underground, None),
    Route::unchecked("BER_FRI_1", BER, FRI, 1, Level::Overground, Some(Color::Orange)),
    Route::unchecked("BER_FRI_2", BER, FRI, 1, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("BER_INT_1", BER, INT, 3, Level::Overground, Some(Color::Blue)),
    Route::unchecked("BER_LUC_1", BER, LUC, 4, Level::Overground, None),
    Route::unchecked("BER_LUC_2", BER, LUC, 4, Level::Overground, None),
    Route::unchecked("BER_NEU_1", BER, NEU, 2, Level::Overground, Some(Color::Red)),
    Route::unchecked("BER_SOL_1", BER, SOL, 2, Level::Overground, Some(Color::Black)),
    Route::unchecked("BRI_INT_1", BRI, INT, 2, Level::Underground, Some(Color::White)),
    Route::unchecked("BRI_IT5_1", BRI, IT5, 3, Level::Underground, Some(Color::Green)),
    Route::unchecked("BRI_LOC_1", BRI, LOC, 6, Level::Underground, None),
    Route::unchecked("BRI_SIO_1", BRI, SIO, 3, Level::Underground, Some(Color::Black)),
    Route::unchecked("BRI_WAS_1", BRI, WAS, 4, Level::Underground, Some(Color::Red)),
    Route::unchecked("BRU_COI_1", BRU, COI, 5, Level::Underground, None),
    Route::unchecked("BRU_DAV_1", BRU, DAV, 4, Level::Underground, Some(Color::Blue)),
    Route::unchecked("BRU_IT2_1", BRU, IT2, 2, Level::Underground, Some(Color::Green)),
    Route::unchecked("COI_DAV_1", COI, DAV, 2, Level::Underground, Some(Color::Violet)),
    Route::unchecked("COI_SAR_1", COI, SAR, 1, Level::Underground, Some(Color::White)),
    Route::unchecked("COI_WAS_1", COI, WAS, 5, Level::Underground, None),
    Route::unchecked("DAV_AT3_1", DAV, AT3, 3, Level::Underground, None),
    Route::unchecked("DAV_IT1_1", DAV, IT1, 3, Level::Underground, None),
    Route::unchecked("DAV_SAR_1", DAV, SAR, 3, Level::Underground, Some(Color::Black)),
    Route::unchecked("DE2_SCE_1", DE2, SCE, 1, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("DE3_KRE_1", DE3, KRE, 1, Level::Overground, Some(Color::Orange)),
    Route::unchecked("DE4_KRE_1", DE4, KRE, 1, Level::Overground, Some(Color::White)),
    Route::unchecked("DE5_STG_1", DE5, STG, 2, Level::Overground, None),
    Route::unchecked("DEL_FR4_1", DEL, FR4, 2, Level::Underground, Some(Color::Black)),
    Route::unchecked("DEL_LCF_1", DEL, LCF, 3, Level::Underground, Some(Color::White)),
    Route::unchecked("DEL_SOL_1", DEL, SOL, 1, Level::Underground, Some(Color::Violet)),
    Route::unchecked("FR1_MAR_1", FR1, MAR, 2, Level::Underground, None),
    Route::unchecked("FR2_GEN_1", FR2, GEN, 1, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("FR3_LCF_1", FR3, LCF, 2, Level::Underground, Some(Color::Green)),
    Route::unchecked("FRI_LAU_1", FRI, LAU, 3, Level::Overground, Some(Color::Red)),
    Route::unchecked("FRI_LAU_2", FRI, LAU, 3, Level::Overground, Some(Color::Violet)),
    Route::unchecked("GEN_LAU_1", GEN, LAU, 4, Level::Overground, Some(Color::Blue)),
    Route::unchecked("GEN_LAU_2", GEN, LAU, 4, Level::Overground, Some(Color::White)),
    Route::unchecked("GEN_YVE_1", GEN, YVE, 6, Level::Overground, None),
    Route::unchecked("INT_LUC_1", INT, LUC, 4, Level::Overground, Some(Color::Violet)),
    Route::unchecked("IT3_LUG_1", IT3, LUG, 2, Level::Underground, Some(Color::White)),
    Route::unchecked("IT4_LOC_1", IT4, LOC, 2, Level::Underground, Some(Color::Orange)),
    Route::unchecked("KRE_SCE_1", KRE, SCE, 3, Level::Overground, Some(Color::Violet)),
    Route::unchecked("KRE_STG_1", KRE, STG, 1, Level::Overground, Some(Color::Green)),
    Route::unchecked("KRE_WIN_1", KRE, WIN, 2, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("LAU_MAR_1", LAU, MAR, 4, Level::Underground, Some(Color::Orange)),
    Route::unchecked("LAU_NEU_1", LAU, NEU, 4, Level::Overground, None),
    Route::unchecked("LCF_NEU_1", LCF, NEU, 1, Level::Underground, Some(Color::Orange)),
    Route::unchecked("LCF_YVE_1", LCF, YVE, 3, Level::Underground, Some(Color::Yellow)),
    Route::unchecked("LOC_LUG_1", LOC, LUG, 1, Level::Underground, Some(Color::Violet)),
    Route::unchecked("LUC_OLT_1", LUC, OLT, 3, Level::Overground, Some(Color::Green)),
    Route::unchecked("LUC_SCZ_1", LUC, SCZ, 1, Level::Overground, Some(Color::Blue)),
    Route::unchecked("LUC_ZOU_1", LUC, ZOU, 1, Level::Overground, Some(Color::Orange)),
    Route::unchecked("LUC_ZOU_2", LUC, ZOU, 1, Level::Overground, Some(Color::Yellow)),
    Route::unchecked("MAR_SIO_1", MAR, SIO, 2, Level::Underground, Some(Color::Green)),
    Route::unchecked("NEU_SOL_1", NEU, SOL, 4, Level::Overground, Some(Color::Green)),
    Route::unchecked("NEU_YVE_1", NEU, YVE, 2, Level::Overground, Some(Color::Black)),
    Route::unchecked("OLT_SOL_1", OLT, SOL, 1, Level::Overground, Some(Color::Blue)),
    Route::unchecked("OLT_ZUR_1", OLT, ZUR, 3, Level::Overground, Some(Color::White)),
    Route::unchecked("PFA_SAR_1", PFA, SAR, 3, Level::Underground, Some(Color::Yellow)),
    Route::unchecked("PFA_SCZ_1", PFA, SCZ, 1, Level::Overground, Some(Color::Violet)),
    Route::unchecked("PFA_STG_1", PFA, STG, 3, Level::Overground, Some(Color::Orange)),
    Route::unchecked("PFA_ZUR_1", PFA, ZUR, 2, Level::Overground, Some(Color::Blue)),
    Route::unchecked("SAR_VAD_1", SAR, VAD, 1, Level::Underground, Some(Color::Orange)),
    Route::unchecked("SCE_WIN_1", SCE, WIN, 1, Level::Overground, Some(Color::Black)),
    Route::unchecked("SCE_WIN_2", SCE, WIN, 1, Level::Overground, Some(Color::White)),
    Route::unchecked("SCE_ZUR_1", SCE, ZUR, 3, Level::Overground, Some(Color::Orange)),
    Route::unchecked("SCZ_WAS_1", SCZ, WAS, 2, Level::Underground, Some(Color::Green)),
    Route::unchecked("SCZ_WAS_2", SCZ, WAS, 2, Level::Underground, Some(Color::Yellow)),
    Route::unchecked("SCZ_ZOU_1", SCZ, ZOU, 1, Level::Overground, Some(Color::Black)),
    Route::unchecked("SCZ_ZOU_2", SCZ, ZOU, 1, Level::Overground, Some(Color::White)),
    Route::unchecked("STG_VAD_1", STG, VAD, 2, Level::Underground, Some(Color::Blue)),
    Route::unchecked("STG_WIN_1", STG, WIN, 3, Level::Overground, Some(Color::Red)),
    Route::unchecked("STG_ZUR_1", STG, ZUR, 4, Level::Overground, Some(Color::Black)),
    Route::unchecked("WIN_ZUR_1", WIN, ZUR, 1, Level::Overground, Some(Color::Blue)),
    Route::unchecked("WIN_ZUR_2", WIN, ZUR, 1, Level::Overground, Some(Color::Violet)),
    Route::unchecked("ZOU_ZUR_1", ZOU, ZUR, 1, Level::Overground, Some(Color::Green)),
    Route::unchecked("ZOU_ZUR_2", ZOU, ZUR, 1, Level::Overground, Some(Color::Red)),
];

/// The 46 tickets, in the game's order.
pub static TICKETS: [Ticket; 46] = [
    Ticket::new(&[Trip::new(BAL, BER, 5)]),
    Ticket::new(&[Trip::new(BAL, BRI, 10)]),
    Ticket::new(&[Trip::new(BAL, STG, 8)]),
    Ticket::new(&[Trip::new(BER, COI, 10)]),
    Ticket::new(&[Trip::new(BER, LUG, 12)]),
    Ticket::new(&[Trip::new(BER, SCZ, 5)]),
    Ticket::new(&[Trip::new(BER, ZUR, 6)]),
    Ticket::new(&[Trip::new(FRI, LUC, 5)]),
    Ticket::new(&[Trip::new(GEN, BAL, 13)]),
    Ticket::new(&[Trip::new(GEN, BER, 8)]),
    Ticket::new(&[Trip::new(GEN, SIO, 10)]),
    Ticket::new(&[Trip::new(GEN, ZUR, 14)]),
    Ticket::new(&[Trip::new(INT, WIN, 7)]),
    Ticket::new(&[Trip::new(KRE, ZUR, 3)]),
    Ticket::new(&[Trip::new(LAU, INT, 7)]),
    Ticket::new(&[Trip::new(LAU, LUC, 8)]),
    Ticket::new(&[Trip::new(LAU, STG, 13)]),
    Ticket::new(&[Trip::new(LCF, BER, 3)]),
    Ticket::new(&[Trip::new(LCF, LUC, 7)]),
    Ticket::new(&[Trip::new(LCF, ZUR, 8)]),
    Ticket::new(&[Trip::new(LUC, VAD, 6)]),
    Ticket::new(&[Trip::new(LUC, ZUR, 2)]),
    Ticket::new(&[Trip::new(LUG, COI, 10)]),
    Ticket::new(&[Trip::new(NEU, WIN, 9)]),
    Ticket::new(&[Trip::new(OLT, SCE, 5)]),
    Ticket::new(&[Trip::new(SCE, MAR, 15)]),
    Ticket::new(&[Trip::new(SCE, STG, 4)]),
    Ticket::new(&[Trip::new(SCE, ZOU, 3)]),
    Ticket::new(&[Trip::new(STG, BRU, 9)]),
    Ticket::new(&[Trip::new(WIN, SCZ, 3)]),
    Ticket::new(&[Trip::new(ZUR, BAL, 4)]),
    Ticket::new(&[Trip::new(ZUR, BRU, 11)]),
    Ticket::new(&[Trip::new(ZUR, LUG, 9)]),
    Ticket::new(&[Trip::new(ZUR, VAD, 6)]),
    Ticket::new(&[Trip::new(BER, DE1, 6), Trip::new(BER, DE2, 6), Trip::new(BER, DE3, 6), Trip::new(BER, DE4, 6), Trip::new(BER, DE5, 6), Trip::new(BER, AT1, 11), Trip::new(BER, AT2, 11), Trip::new(BER, AT3, 11), Trip::new(BER, IT1, 8), Trip::new(BER, IT2, 8), Trip::new(BER, IT3, 8), Trip::new(BER, IT4, 8), Trip::new(BER, IT5, 8), Trip::new(BER, FR1, 5), Trip::new(BER, FR2, 5), Trip::new(BER, FR3, 5), Trip::new(BER, FR4, 5)]),
    Ticket::new(&[Trip::new(COI, DE1, 6), Trip::new(COI, DE2, 6), Trip::new(COI, DE3, 6), Trip::new(COI, DE4, 6), Trip::new(COI, DE5, 6), Trip::new(COI, AT1, 3), Trip::new(COI, AT2, 3), Trip::new(COI, AT3, 3), Trip::new(COI, IT1, 5), Trip::new(COI, IT2, 5), Trip::new(COI, IT3, 5), Trip::new(COI, IT4, 5), Trip::new(COI, IT5, 5), Trip::new(COI, FR1, 12), Trip::new(COI, FR2, 12), Trip::new(COI, FR3, 12), Trip::new(COI, FR4, 12)]),
    Ticket::new(&[Trip::new(LUG, DE1, 12), Trip::new(LUG, DE2, 12), Trip::new(LUG, DE3, 12), Trip::new(LUG, DE4, 12), Trip::new(LUG, DE5, 12), Trip::new(LUG, AT1, 13), Trip::new(LUG, AT2, 13), Trip::new(LUG, AT3, 13), Trip::new(LUG, IT1, 2), Trip::new(LUG, IT2, 2), Trip::new(LUG, IT3, 2), Trip::new(LUG, IT4, 2), Trip::new(LUG, IT5, 2), Trip::new(LUG, FR1, 14), Trip::new(LUG, FR2, 14), Trip::new(LUG, FR3, 14), Trip::new(LUG, FR4, 14)]),
    Ticket::new(&[Trip::new(ZUR, DE1, 3), Trip::new(ZUR, DE2, 3), Trip::new(ZUR, DE3, 3), Trip::new(ZUR, DE4, 3), Trip::new(ZUR, DE5, 3), Trip::new(ZUR, AT1, 7), Trip::new(ZUR, AT2, 7), Trip::new(ZUR, AT3, 7), Trip::new(ZUR, IT1, 11), Trip::new(ZUR, IT2, 11), Trip::new(ZUR, IT3, 11), Trip::new(ZUR, IT4, 11), Trip::new(ZUR, IT5, 11), Trip::new(ZUR, FR1, 7), Trip::new(ZUR, FR2, 7), Trip::new(ZUR, FR3, 7), Trip::new(ZUR, FR4, 7)]),
    Ticket::new(&[Trip::new(DE1, AT1, 5), Trip::new(DE1, AT2, 5), Trip::new(DE1, AT3, 5), Trip::new(DE2, AT1, 5), Trip::new(DE2, AT2, 5), Trip::new(DE2, AT3, 5), Trip::new(DE3, AT1, 5), Trip::new(DE3, AT2, 5), Trip::new(DE3, AT3, 5), Trip::new(DE4, AT1, 5), Trip::new(DE4, AT2, 5), Trip::new(DE4, AT3, 5), Trip::new(DE5, AT1, 5), Trip::new(DE5, AT2, 5), Trip::new(DE5, AT3, 5), Trip::new(DE1, IT1, 13), Trip::new(DE1, IT2, 13), Trip::new(DE1, IT3, 13), Trip::new(DE1, IT4, 13), Trip::new(DE1, IT5, 13), Trip::new(DE2, IT1, 13), Trip::new(DE2, IT2, 13), Trip::new(DE2, IT3, 13), Trip::new(DE2, IT4, 13), Trip::new(DE2, IT5, 13), Trip::new(DE3, IT1, 13), Trip::new(DE3, IT2, 13), Trip::new(DE3, IT3, 13), Trip::new(DE3, IT4, 13), Trip::new(DE3, IT5, 13), Trip::new(DE4, IT1, 13), Trip::new(DE4, IT2, 13), Trip::new(DE4, IT3, 13), Trip::new(DE4, IT4, 13), Trip::new(DE4, IT5, 13), Trip::new(DE5, IT1, 13), Trip::new(DE5, IT2, 13), Trip::new(DE5, IT3, 13), Trip::new(DE5, IT4, 13), Trip::new(DE5, IT5, 13), Trip::new(DE1, FR1, 5), Trip::new(DE1, FR2, 5), Trip::new(DE1, FR3, 5), Trip::new(DE1, FR4, 5), Trip::new(DE2, FR1, 5), Trip::new(DE2, FR2, 5), Trip::new(DE2, FR3, 5), Trip::new(DE2, FR4, 5), Trip::new(DE3, FR1, 5), Trip::new(DE3, FR2, 5), Trip::new(DE3, FR3, 5), Trip::new(DE3, FR4, 5), Trip::new(DE4, FR1, 5), Trip::new(DE4, FR2, 5), Trip::new(DE4, FR3, 5), Trip::new(DE4, FR4, 5), Trip::new(DE5, FR1, 5), Trip::new(DE5, FR2, 5), Trip::new(DE5, FR3, 5), Trip::new(DE5, FR4, 5)]),
    Ticket::new(&[Trip::new(DE1, AT1, 5), Trip::new(DE1, AT2, 5), Trip::new(DE1, AT3, 5), Trip::new(DE2, AT1, 5), Trip::new(DE2, AT2, 5), Trip::new(DE2, AT3, 5), Trip::new(DE3, AT1, 5), Trip::new(DE3, AT2, 5), Trip::new(DE3, AT3, 5), Trip::new(DE4, AT1, 5), Trip::new(DE4, AT2, 5), Trip::new(DE4, AT3, 5), Trip::new(DE5, AT1, 5), Trip::new(DE5, AT2, 5), Trip::new(DE5, AT3, 5), Trip::new(DE1, IT1, 13), Trip::new(DE1, IT2, 13), Trip::new(DE1, IT3, 13), Trip::new(DE1, IT4, 13), Trip::new(DE1, IT5, 13), Trip::new(DE2, IT1, 13), Trip::new(DE2, IT2, 13), Trip::new(DE2, IT3, 13), Trip::new(DE2, IT4, 13), Trip::new(DE2, IT5, 13), Trip::new(DE3, IT1, 13), Trip::new(DE3, IT2, 13), Trip::new(DE3, IT3, 13), Trip::new(DE3, IT4, 13), Trip::new(DE3, IT5, 13), Trip::new(DE4, IT1, 13), Trip::new(DE4, IT2, 13), Trip::new(DE4, IT3, 13), Trip::new(DE4, IT4, 13), Trip::new(DE4, IT5, 13), Trip::new(DE5, IT1, 13), Trip::new(DE5, IT2, 13), Trip::new(DE5, IT3, 13), Trip::new(DE5, IT4, 13), Trip::new(DE5, IT5, 13), Trip::new(DE1, FR1, 5), Trip::new(DE1, FR2, 5), Trip::new(DE1, FR3, 5), Trip::new(DE1, FR4, 5), Trip::new(DE2, FR1, 5), Trip::new(DE2, FR2, 5), Trip::new(DE2, FR3, 5), Trip::new(DE2, FR4, 5), Trip::new(DE3, FR1, 5), Trip::new(DE3, FR2, 5), Trip::new(DE3, FR3, 5), Trip::new(DE3, FR4, 5), Trip::new(DE4, FR1, 5), Trip::new(DE4, FR2, 5), Trip::new(DE4, FR3, 5), Trip::new(DE4, FR4, 5), Trip::new(DE5, FR1, 5), Trip::new(DE5, FR2, 5), Trip::new(DE5, FR3, 5), Trip::new(DE5, FR4, 5)]),
    Ticket::new(&[Trip::new(AT1, DE1, 5), Trip::new(AT1, DE2, 5), Trip::new(AT1, DE3, 5), Trip::new(AT1, DE4, 5), Trip::new(AT1, DE5, 5), Trip::new(AT2, DE1, 5), Trip::new(AT2, DE2, 5), Trip::new(AT2, DE3, 5), Trip::new(AT2, DE4, 5), Trip::new(AT2, DE5, 5), Trip::new(AT3, DE1, 5), Trip::new(AT3, DE2, 5), Trip::new(AT3, DE3, 5), Trip::new(AT3, DE4, 5), Trip::new(AT3, DE5, 5), Trip::new(AT1, IT1, 6), Trip::new(AT1, IT2, 6), Trip::new(AT1, IT3, 6), Trip::new(AT1, IT4, 6), Trip::new(AT1, IT5, 6), Trip::new(AT2, IT1, 6), Trip::new(AT2, IT2, 6), Trip::new(AT2, IT3, 6), Trip::new(AT2, IT4, 6), Trip::new(AT2, IT5, 6), Trip::new(AT3, IT1, 6), Trip::new(AT3, IT2, 6), Trip::new(AT3, IT3, 6), Trip::new(AT3, IT4, 6), Trip::new(AT3, IT5, 6), Trip::new(AT1, FR1, 14), Trip::new(AT1, FR2, 14), Trip::new(AT1, FR3, 14), Trip::new(AT1, FR4, 14), Trip::new(AT2, FR1, 14), Trip::new(AT2, FR2, 14), Trip::new(AT2, FR3, 14), Trip::new(AT2, FR4, 14), Trip::new(AT3, FR1, 14), Trip::new(AT3, FR2, 14), Trip::new(AT3, FR3, 14), Trip::new(AT3, FR4, 14)]),
    Ticket::new(&[Trip::new(AT1, DE1, 5), Trip::new(AT1, DE2, 5), Trip::new(AT1, DE3, 5), Trip::new(AT1, DE4, 5), Trip::new(AT1, DE5, 5), Trip::new(AT2, DE1, 5), Trip::new(AT2, DE2, 5), Trip::new(AT2, DE3, 5), Trip::new(AT2, DE4, 5), Trip::new(AT2, DE5, 5), Trip::new(AT3, DE1, 5), Trip::new(AT3, DE2, 5), Trip::new(AT3, DE3, 5), Trip::new(AT3, DE4, 5), Trip::new(AT3, DE5, 5), Trip::new(AT1, IT1, 6), Trip::new(AT1, IT2, 6), Trip::new(AT1, IT3, 6), Trip::new(AT1, IT4, 6), Trip::new(AT1, IT5, 6), Trip::new(AT2, IT1, 6), Trip::new(AT2, IT2, 6), Trip::new(AT2, IT3, 6), Trip::new(AT2, IT4, 6), Trip::new(AT2, IT5, 6), Trip::new(AT3, IT1, 6), Trip::new(AT3, IT2, 6), Trip::new(AT3, IT3, 6), Trip::new(AT3, IT4, 6), Trip::new(AT3, IT5, 6), Trip::new(AT1, FR1, 14), Trip::new(AT1, FR2, 14), Trip::new(AT1, FR3, 14), Trip::new(AT1, FR4, 14), Trip::new(AT2, FR1, 14), Trip::new(AT2, FR2, 14), Trip::new(AT2, FR3, 14), Trip::new(AT2, FR4, 14), Trip::new(AT3, FR1, 14), Trip::new(AT3, FR2, 14), Trip::new(AT3, FR3, 14), Trip::new(AT3, FR4, 14)]),
    Ticket::new(&[Trip::new(IT1, DE1, 13), Trip::new(IT1, DE2, 13), Trip::new(IT1, DE3, 13), Trip::new(IT1, DE4, 13), Trip::new(IT1, DE5, 13), Trip::new(IT2, DE1, 13), Trip::new(IT2, DE2, 13), Trip::new(IT2, DE3, 13), Trip::new(IT2, DE4, 13), Trip::new(IT2, DE5, 13), Trip::new(IT3, DE1, 13), Trip::new(IT3, DE2, 13), Trip::new(IT3, DE3, 13), Trip::new(IT3, DE4, 13), Trip::new(IT3, DE5, 13), Trip::new(IT4, DE1, 13), Trip::new(IT4, DE2, 13), Trip::new(IT4, DE3, 13), Trip::new(IT4, DE4, 13), Trip::new(IT4, DE5, 13), Trip::new(IT5, DE1, 13), Trip::new(IT5, DE2, 13), Trip::new(IT5, DE3, 13), Trip::new(IT5, DE4, 13), Trip::new(IT5, DE5, 13), Trip::new(IT1, AT1, 6), Trip::new(IT1, AT2, 6), Trip::new(IT1, AT3, 6), Trip::new(IT2, AT1, 6), Trip::new(IT2, AT2, 6), Trip::new(IT2, AT3, 6), Trip::new(IT3, AT1, 6), Trip::new(IT3, AT2, 6), Trip::new(IT3, AT3, 6), Trip::new(IT4, AT1, 6), Trip::new(IT4, AT2, 6), Trip::new(IT4, AT3, 6), Trip::new(IT5, AT1, 6), Trip::new(IT5, AT2, 6), Trip::new(IT5, AT3, 6), Trip::new(IT1, FR1, 11), Trip::new(IT1, FR2, 11), Trip::new(IT1, FR3, 11), Trip::new(IT1, FR4, 11), Trip::new(IT2, FR1, 11), Trip::new(IT2, FR2, 11), Trip::new(IT2, FR3, 11), Trip::new(IT2, FR4, 11), Trip::new(IT3, FR1, 11), Trip::new(IT3, FR2, 11), Trip::new(IT3, FR3, 11), Trip::new(IT3, FR4, 11), Trip::new(IT4, FR1, 11), Trip::new(IT4, FR2, 11), Trip::new(IT4, FR3, 11), Trip::new(IT4, FR4, 11), Trip::new(IT5, FR1, 11), Trip::new(IT5, FR2, 11), Trip::new(IT5, FR3, 11), Trip::new(IT5, FR4, 11)]),
    Ticket::new(&[Trip::new(IT1, DE1, 13), Trip::new(IT1, DE2, 13), Trip::new(IT1, DE3, 13), Trip::new(IT1, DE4, 13), Trip::new(IT1, DE5, 13), Trip::new(IT2, DE1, 13), Trip::new(IT2, DE2, 13), Trip::new(IT2, DE3, 13), Trip::new(IT2, DE4, 13), Trip::new(IT2, DE5, 13), Trip::new(IT3, DE1, 13), Trip::new(IT3, DE2, 13), Trip::new(IT3, DE3, 13), Trip::new(IT3, DE4, 13), Trip::new(IT3, DE5, 13), Trip::new(IT4, DE1, 13), Trip::new(IT4, DE2, 13), Trip::new(IT4, DE3, 13), Trip::new(IT4, DE4, 13), Trip::new(IT4, DE5, 13), Trip::new(IT5, DE1, 13), Trip::new(IT5, DE2, 13), Trip::new(IT5, DE3, 13), Trip::new(IT5, DE4, 13), Trip::new(IT5, DE5, 13), Trip::new(IT1, AT1, 6), Trip::new(IT1, AT2, 6), Trip::new(IT1, AT3, 6), Trip::new(IT2, AT1, 6), Trip::new(IT2, AT2, 6), Trip::new(IT2, AT3, 6), Trip::new(IT3, AT1, 6), Trip::new(IT3, AT2, 6), Trip::new(IT3, AT3, 6), Trip::new(IT4, AT1, 6), Trip::new(IT4, AT2, 6), Trip::new(IT4, AT3, 6), Trip::new(IT5, AT1, 6), Trip::new(IT5, AT2, 6), Trip::new(IT5, AT3, 6), Trip::new(IT1, FR1, 11), Trip::new(IT1, FR2, 11), Trip::new(IT1, FR3, 11), Trip::new(IT1, FR4, 11), Trip::new(IT2, FR1, 11), Trip::new(IT2, FR2, 11), Trip::new(IT2, FR3, 11), Trip::new(IT2, FR4, 11), Trip::new(IT3, FR1, 11), Trip::new(IT3, FR2, 11), Trip::new(IT3, FR3, 11), Trip::new(IT3, FR4, 11), Trip::new(IT4, FR1, 11), Trip::new(IT4, FR2, 11), Trip::new(IT4, FR3, 11), Trip::new(IT4, FR4, 11), Trip::new(IT5, FR1, 11), Trip::new(IT5, FR2, 11), Trip::new(IT5, FR3, 11), Trip::new(IT5, FR4, 11)]),
    Ticket::new(&[Trip::new(FR1, DE1, 5), Trip::new(FR1, DE2, 5), Trip::new(FR1, DE3, 5), Trip::new(FR1, DE4, 5), Trip::new(FR1, DE5, 5), Trip::new(FR2, DE1, 5), Trip::new(FR2, DE2, 5), Trip::new(FR2, DE3, 5), Trip::new(FR2, DE4, 5), Trip::new(FR2, DE5, 5), Trip::new(FR3, DE1, 5), Trip::new(FR3, DE2, 5), Trip::new(FR3, DE3, 5), Trip::new(FR3, DE4, 5), Trip::new(FR3, DE5, 5), Trip::new(FR4, DE1, 5), Trip::new(FR4, DE2, 5), Trip::new(FR4, DE3, 5), Trip::new(FR4, DE4, 5), Trip::new(FR4, DE5, 5), Trip::new(FR1, AT1, 14), Trip::new(FR1, AT2, 14), Trip::new(FR1, AT3, 14), Trip::new(FR2, AT1, 14), Trip::new(FR2, AT2, 14), Trip::new(FR2, AT3, 14), Trip::new(FR3, AT1, 14), Trip::new(FR3, AT2, 14), Trip::new(FR3, AT3, 14), Trip::new(FR4, AT1, 14), Trip::new(FR4, AT2, 14), Trip::new(FR4, AT3, 14), Trip::new(FR1, IT1, 11), Trip::new(FR1, IT2, 11), Trip::new(FR1, IT3, 11), Trip::new(FR1, IT4, 11), Trip::new(FR1, IT5, 11), Trip::new(FR2, IT1, 11), Trip::new(FR2, IT2, 11), Trip::new(FR2, IT3, 11), Trip::new(FR2, IT4, 11), Trip::new(FR2, IT5, 11), Trip::new(FR3, IT1, 11), Trip::new(FR3, IT2, 11), Trip::new(FR3, IT3, 11), Trip::new(FR3, IT4, 11), Trip::new(FR3, IT5, 11), Trip::new(FR4, IT1, 11), Trip::new(FR4, IT2, 11), Trip::new(FR4, IT3, 11), Trip::new(FR4, IT4, 11), Trip::new(FR4, IT5, 11)]),
    Ticket::new(&[Trip::new(FR1, DE1, 5), Trip::new(FR1, DE2, 5), Trip::new(FR1, DE3, 5), Trip::new(FR1, DE4, 5), Trip::new(FR1, DE5, 5), Trip::new(FR2, DE1, 5), Trip::new(FR2, DE2, 5), Trip::new(FR2, DE3, 5), Trip::new(FR2, DE4, 5), Trip::new(FR2, DE5, 5), Trip::new(FR3, DE1, 5), Trip::new(FR3, DE2, 5), Trip::new(FR3, DE3, 5), Trip::new(FR3, DE4, 5), Trip::new(FR3, DE5, 5), Trip::new(FR4, DE1, 5), Trip::new(FR4, DE2, 5), Trip::new(FR4, DE3, 5), Trip::new(FR4, DE4, 5), Trip::new(FR4, DE5, 5), Trip::new(FR1, AT1, 14), Trip::new(FR1, AT2, 14), Trip::new(FR1, AT3, 14), Trip::new(FR2, AT1, 14), Trip::new(FR2, AT2, 14), Trip::new(FR2, AT3, 14), Trip::new(FR3, AT1, 14), Trip::new(FR3, AT2, 14), Trip::new(FR3, AT3, 14), Trip::new(FR4, AT1, 14), Trip::new(FR4, AT2, 14), Trip::new(FR4, AT3, 14), Trip::new(FR1, IT1, 11), Trip::new(FR1, IT2, 11), Trip::new(FR1, IT3, 11), Trip::new(FR1, IT4, 11), Trip::new(FR1, IT5, 11), Trip::new(FR2, IT1, 11), Trip::new(FR2, IT2, 11), Trip::new(FR2, IT3, 11), Trip::new(FR2, IT4, 11), Trip::new(FR2, IT5, 11), Trip::new(FR3, IT1, 11), Trip::new(FR3, IT2, 11), Trip::new(FR3, IT3, 11), Trip::new(FR3, IT4, 11), Trip::new(FR3, IT5, 11), Trip::new(FR4, IT1, 11), Trip::new(FR4, IT2, 11), Trip::new(FR4, IT3, 11), Trip::new(FR4, IT4, 11), Trip::new(FR4, IT5, 11)]),
];
