// tCHu values of SPEC §2. Data only (see `expected/mod.rs`).

/// Claim points for route lengths 1 to 6.
pub const CLAIM_POINTS: [u32; 6] = [1, 2, 4, 7, 10, 15];

/// One real route of each length from the Swiss map (`fixtures/tchu/routes.tsv`,
/// station ids from `stations.tsv`): id, station 1 (id, code), station 2 (id,
/// code), length, tunnel, color index in the game's order (`None`: neutral), and
/// the claim points it is worth.
#[allow(clippy::type_complexity)]
pub const REAL_ROUTES: [(&str, (u8, &str), (u8, &str), u8, bool, Option<usize>, u32); 6] = [
    ("AT2_VAD_1", (40, "AT2"), (28, "VAD"), 1, true, Some(6), 1), // RED
    ("BAD_OLT_1", (0, "BAD"), (20, "OLT"), 2, false, Some(1), 2), // VIOLET
    ("BAD_BAL_1", (0, "BAD"), (1, "BAL"), 3, true, Some(6), 4),   // RED
    ("AT1_STG_1", (39, "AT1"), (27, "STG"), 4, true, None, 7),
    ("BRU_COI_1", (5, "BRU"), (6, "COI"), 5, true, None, 10),
    ("BRI_LOC_1", (4, "BRI"), (15, "LOC"), 6, true, None, 15),
];

/// Cards in the deck: 8 × 12 car cards and 14 locomotives.
pub const TOTAL_CARDS: usize = 110;

/// The real map's size (`fixtures/tchu/*.tsv`, SPEC §2): stations, routes,
/// tunnels, neutral routes, total length, tickets.
pub const MAP_SIZE: (usize, usize, usize, usize, u32, usize) = (51, 88, 42, 14, 205, 46);

/// Possible claims of a real route, in the game's order (snapshot
/// `tchu__claims-all`): a violet tunnel of length 2 and a neutral one (SPEC §2:
/// 8 × 2 + 1 = 17 entries).
pub const CLAIMS: [(&str, &[&str]); 2] = [
    (
        "COI_DAV_1",
        &["{2×VIOLET}", "{VIOLET, LOCOMOTIVE}", "{2×LOCOMOTIVE}"],
    ),
    (
        "FR1_MAR_1",
        &[
            "{2×BLACK}",
            "{2×VIOLET}",
            "{2×BLUE}",
            "{2×GREEN}",
            "{2×YELLOW}",
            "{2×ORANGE}",
            "{2×RED}",
            "{2×WHITE}",
            "{BLACK, LOCOMOTIVE}",
            "{VIOLET, LOCOMOTIVE}",
            "{BLUE, LOCOMOTIVE}",
            "{GREEN, LOCOMOTIVE}",
            "{YELLOW, LOCOMOTIVE}",
            "{ORANGE, LOCOMOTIVE}",
            "{RED, LOCOMOTIVE}",
            "{WHITE, LOCOMOTIVE}",
            "{2×LOCOMOTIVE}",
        ],
    ),
];

/// SPEC §2's additional-cards example on a red tunnel of length 2 (the real
/// `AT2_VAD_1` is length 1, so the check builds one): drawn RED, BLACK,
/// LOCOMOTIVE; a claim of 2 red cars asks 2 more, one of 2 locomotives 1 more.
pub const ADDITIONAL_EXAMPLE: (usize, usize) = (2, 1);

/// Longest trails (SPEC §2, "Longest trail"): the spec's example network of six
/// routes (snapshot `tchu__trail-spec`: 13), and a connected 40-route piece of the
/// map (`fixtures/tchu/routes.tsv`; 73 by `plateau tchu longest --network` and by
/// `tools/verify_longest_trail.py`): route ids and the longest trail's length.
pub const TRAILS: [(&[&str], u32); 2] = [
    (
        &[
            "NEU_YVE_1",
            "NEU_SOL_1",
            "BER_NEU_1",
            "BER_SOL_1",
            "BER_LUC_1",
            "BER_FRI_1",
        ],
        13,
    ),
    (
        &[
            "LCF_YVE_1",
            "NEU_YVE_1",
            "LAU_NEU_1",
            "BER_NEU_1",
            "FR3_LCF_1",
            "BER_LUC_2",
            "FRI_LAU_1",
            "BER_SOL_1",
            "LAU_MAR_1",
            "GEN_LAU_1",
            "LUC_SCZ_1",
            "BER_FRI_1",
            "NEU_SOL_1",
            "DEL_SOL_1",
            "BER_FRI_2",
            "SCZ_ZOU_1",
            "FR2_GEN_1",
            "SCZ_ZOU_2",
            "MAR_SIO_1",
            "BER_INT_1",
            "DEL_LCF_1",
            "ZOU_ZUR_2",
            "INT_LUC_1",
            "BRI_INT_1",
            "FR1_MAR_1",
            "GEN_YVE_1",
            "BRI_LOC_1",
            "WIN_ZUR_2",
            "LUC_ZOU_2",
            "SCE_WIN_2",
            "STG_WIN_1",
            "ZOU_ZUR_1",
            "BRI_SIO_1",
            "SCE_ZUR_1",
            "STG_VAD_1",
            "BAL_DEL_1",
            "LOC_LUG_1",
            "KRE_WIN_1",
            "DE4_KRE_1",
            "BER_LUC_1",
        ],
        73,
    ),
];

/// The sliced trail checks' network: 39 routes of the map on which the search
/// in a player's workspace (`PlayerWorkspace`) takes 27 steps, so that slices
/// of 10 steps make three slices. The same routes are
/// `fixtures/tchu/trail-firmware-sliced.tsv`, whose 68 the MILP of
/// `tools/verify_longest_trail.py` gives in CI (`tools/ci-milp.sh`).
pub const SLICED_TRAIL: (&[&str], u32) = (
    &[
        "IT3_LUG_1",
        "LOC_LUG_1",
        "BEL_LOC_1",
        "BEL_LUG_1",
        "IT4_LOC_1",
        "BEL_LUG_2",
        "BEL_WAS_2",
        "SCZ_WAS_1",
        "BRI_LOC_1",
        "BRI_WAS_1",
        "PFA_SCZ_1",
        "PFA_SAR_1",
        "BEL_WAS_1",
        "LUC_SCZ_1",
        "SAR_VAD_1",
        "BRI_IT5_1",
        "AT2_VAD_1",
        "PFA_ZUR_1",
        "COI_WAS_1",
        "DAV_SAR_1",
        "BER_LUC_1",
        "COI_DAV_1",
        "BER_NEU_1",
        "BER_LUC_2",
        "LUC_ZOU_1",
        "BER_SOL_1",
        "NEU_SOL_1",
        "DAV_AT3_1",
        "BER_FRI_1",
        "BRU_DAV_1",
        "STG_ZUR_1",
        "BAD_ZUR_1",
        "SCE_ZUR_1",
        "SCZ_ZOU_1",
        "FRI_LAU_2",
        "LAU_MAR_1",
        "KRE_SCE_1",
        "SCE_WIN_1",
        "KRE_STG_1",
    ],
    68,
);

/// The whole map's longest trail (SPEC §2; snapshot `tchu__trail-all`, and
/// the MILP of `tools/verify_longest_trail.py`: 159), and the steps the search
/// takes to it in `CompactMapWorkspace`, which has no matching (the host's
/// search in the same layout, `tests/tests/firmware_expected.rs`).
pub const WHOLE_MAP: (u32, u64) = (159, 1249);
