//! Sudoku against a peer: plateau's 9×9 answers compared with the `sudoku`
//! crate's on every puzzle of `fixtures/sudoku/` and on variants of each with
//! several or no solutions (one given removed, one digit added): both must
//! agree on none / unique (the same grid) / several. The speed comparison is
//! `benches/sudoku_crate.rs`; both share `benches/common/sudoku_peer.rs`.

#[path = "../benches/common/sudoku_peer.rs"]
mod sudoku_peer;

#[test]
fn every_fixture_and_variant_agrees_with_the_sudoku_crate() {
    let a = sudoku_peer::compare_all();
    let v = a.variants();
    println!(
        "sudoku crate agreement: {} fixture puzzles ({} unique); {} variants: {} unique, {} several, {} none \
         (a given removed: {:?}, a digit added: {:?}, as [none, unique, several])",
        a.puzzles.iter().sum::<usize>(),
        a.puzzles[1],
        v.iter().sum::<usize>(),
        v[1],
        v[2],
        v[0],
        a.removed,
        a.added,
    );
    assert_eq!(
        a.puzzles[0] + a.puzzles[2],
        0,
        "every fixture puzzle is unique"
    );
    // The variants reach every kind of answer.
    assert!(v.iter().all(|&n| n > 0), "{v:?}");
}
